//! What an optional field of game.ron left out stands for, where the game gives it a meaning
//! (a unit kind's printed symbol is then guessed from its id): the form says so beside the
//! unticked field, and ticking it starts from that value, so that setting it changes nothing
//! printed until another value is picked.

use serde_json::Value;

use crate::document::Document;

/// The words shown beside the field left out.
pub(super) fn means(doc: &Document, at: &str) -> Option<String> {
    let symbol = value(doc, at)?;
    Some(format!("prints {} (guessed from the id)", symbol.as_str()?))
}

/// The value the field left out stands for.
pub(super) fn value(doc: &Document, at: &str) -> Option<Value> {
    let i: usize = at
        .strip_prefix("/unit_kinds/")?
        .strip_suffix("/symbol")?
        .parse()
        .ok()?;
    let kind = doc.game()?.unit_kinds.get(i)?;
    serde_json::to_value(kind.printed_symbol()).ok()
}
