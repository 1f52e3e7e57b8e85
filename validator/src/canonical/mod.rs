//! Canonical RON: the one layout the editor writes, so that saving an unchanged document is
//! byte-identical and diffs stay small.
//!
//! The layout: fields in struct order, defaults omitted (as `skip_serializing_if` says),
//! 4-space indentation; the top-level value and its direct fields are spread over lines, one
//! list item (a space, a link, a unit, a card, a text entry) per line, and anything deeper is
//! written on one line. Enums are `Limit(3)` / `Unlimited`, options `Some(x)`, maps `{"k": v}`,
//! tuples `("a", "b")`. The loader in [`crate::load::ron_json`] reads all of it back.
//!
//! This is a small serde `Serializer` building a tree (`tree.rs`, map keys in `key.rs`), then a
//! printer (`print.rs`). It stays because `ron`'s own pretty printer does not give this layout
//! byte for byte: compared on every shipped and valid fixture file (`ron` 0.11,
//! `PrettyConfig::new().depth_limit(2).indentor("    ")`, the closest it has), 78 files came
//! out the same and 25 differed, for two reasons: `ron` escapes every apostrophe in a string
//! (`l\'offensiva`, in every Italian text and many English ones), and it spreads a struct inside
//! a top-level field's `Some(..)` over lines (a map's backdrop). The test
//! `rons_pretty_printer_does_not_give_the_canonical_layout` (tests/tests/ron_interop.rs) fails
//! the day `ron` writes this layout, and the printer can go; the same file proves that `ron`
//! reads every accepted file, and everything written here, into the same values. (A
//! `serde_json::Value` cannot stand in: it cannot tell an enum variant from a string.)

mod error;
mod key;
mod node;
mod print;
#[cfg(test)]
mod tests;
mod tree;

use serde::Serialize;

pub use error::WriteError;
pub use node::quote;

/// Canonical text of any serializable model value.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
    let node = value.serialize(tree::TreeSerializer)?;
    let mut out = String::new();
    print::print(&node, 0, &mut out);
    out.push('\n');
    Ok(out)
}
