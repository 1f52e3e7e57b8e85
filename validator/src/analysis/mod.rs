//! What several rules (and the editor and the language server) work out from a loaded game
//! folder before judging it: its id tables, the map as a graph, each scenario at its start,
//! supply traces, stacks, translation verdicts, the entities that carry attributes, and the
//! walk over every reference. Built once per folder (see `rules::Context`); nothing here
//! reports a finding: that is the rules' job.

pub mod adjacency;
pub mod carriers;
pub mod cycles;
pub mod events;
pub mod ids;
pub mod placements;
pub mod printed;
pub mod says;
pub mod stacks;
pub mod start;
pub mod supply;
pub mod text;
pub mod text_keys;
pub mod walk;
pub mod world;
