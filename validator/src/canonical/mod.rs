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
//! printer (`print.rs`). It is kept rather than `ron`'s own pretty printer because that one
//! cannot give this layout: its `depth_limit` puts deeper values on one line but writes them
//! without spaces (`(x:1,y:2)`), and it cannot put a struct's fields on lines of their own
//! while keeping each list item on one line; a `serde_json::Value` cannot tell an enum variant
//! from a string.

mod error;
mod key;
mod node;
mod print;
#[cfg(test)]
mod tests;
mod tree;

use serde::Serialize;

pub use error::WriteError;

/// Canonical text of any serializable model value.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
    let node = value.serialize(tree::TreeSerializer)?;
    let mut out = String::new();
    print::print(&node, 0, &mut out);
    out.push('\n');
    Ok(out)
}
