//! Supply at a scenario's start: which spaces are sources for a faction, and which units trace
//! a path of open links to one.

pub mod sources;
pub mod trace;
pub mod tracer;
