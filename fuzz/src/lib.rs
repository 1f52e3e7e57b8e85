//! What the fuzz targets run, kept here so both targets share the checks they make after
//! each run (spans inside their file, every renderer runs).
//!
//! Nothing here touches the disk while fuzzing: files are loaded from memory with
//! `orbat_validator::load::load_texts`, the same loader the editor uses for its buffers, then
//! checked with `engine::check`, the same door `orbat-validate` goes through.
//!
//! ```text
//! names.rs          the folder the inputs pretend to come from, one file name per kind
//! known.rs          guards for known bugs that would stop every campaign
//! checks.rs         the pipeline over a folder, with every renderer; span checks
//! single_file.rs    target (a): one file from raw bytes
//! checks_file.rs    targets (c) and (c'): a game's checks.ron, or one expression, from raw bytes
//! input.rs          target (b)'s input: base folder, edits, token dictionaries
//! bases.rs          target (b)'s base folders and their string literals
//! edited_folder.rs  target (b): the edited folder through the pipeline
//! model_edits.rs    target (d)'s edits of a file's model (add, remove, rename, move, ...)
//! writer.rs         target (d): those edits saved in place, read back by us and by `ron`
//! events.rs         target (e): a cards.ron, game.ron or scenario from raw bytes in a game
//!                   with effects and schedules: every state they make judged
//! ```

mod bases;
mod checks;
mod checks_file;
mod edited_folder;
mod events;
mod input;
pub mod known;
mod model_edits;
mod names;
mod single_file;
mod writer;

pub use checks::run_folder;
pub use checks_file::{checks_expression, checks_file};
pub use edited_folder::{build_folder, folder};
pub use events::{events, events_folder};
pub use input::{FileEdit, FolderInput, Op, Token};
pub use single_file::one_file;
pub use writer::writer;
