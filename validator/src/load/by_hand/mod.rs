//! Readers written by hand for the file kinds that hold most of a game's bytes: RON text
//! straight into the model with no serde dispatch per field, 1.6 to 2 times as fast as the
//! direct path (BENCHMARKS.md, session 13).
//! They read a subset of what the direct path reads (quoted strings, structs as
//! `(field: ...)`, map keys in order or sortable) and give up on anything else, which the
//! direct path then reads; `tests.rs`, `tests/tests/direct.rs` and the fuzz target
//! `one_file` check that whatever they read, they read to the same model.

mod cards;
mod effects;
mod game;
mod map;
mod reader;
mod scenario;
#[cfg(test)]
mod tests;
mod text;
mod units;

use crate::file_kind::{FileKind, FileValue};

/// `text` read as a `kind` by hand, if this path reads that kind and this text.
pub fn read(kind: FileKind, text: &str) -> Option<FileValue> {
    match kind {
        FileKind::Text => text::text_file(text).map(Into::into),
        FileKind::Map => map::map_file(text).map(Into::into),
        FileKind::Units => units::units_file(text).map(Into::into),
        FileKind::Cards => cards::cards_file(text).map(Into::into),
        FileKind::Scenario => scenario::scenario(text).map(Into::into),
        FileKind::Game => game::game(text).map(Into::into),
        // small, read once: serde's direct path reads it
        FileKind::Checks => None,
    }
}

/// For tests and fuzzing: `Ok(true)` if this path reads `text` and the direct path reads it to
/// the same model, `Ok(false)` if this path gives up, `Err` (a bug) if it reads what the direct
/// path does not, or reads it differently.
pub fn agrees_with_direct(kind: FileKind, text: &str) -> Result<bool, String> {
    let Some(mine) = read(kind, text) else {
        return Ok(false);
    };
    match crate::load::direct::read_value(kind, text) {
        None => Err(format!(
            "read by hand, but not by the direct path: {mine:?}"
        )),
        Some(direct) if direct != mine => Err(format!(
            "different models:\nby hand: {mine:?}\ndirect:  {direct:?}"
        )),
        Some(_) => Ok(true),
    }
}
