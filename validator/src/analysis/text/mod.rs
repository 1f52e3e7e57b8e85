//! Text entries: the placeholders in a text, and each translation judged against its source
//! (missing, stale, placeholders that differ).

pub mod entries;
pub mod judge;
pub mod verdicts;

pub use entries::{placeholder_slices, placeholders};
