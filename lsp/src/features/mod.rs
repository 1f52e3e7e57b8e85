//! The requests the server answers, one module each.

pub mod actions;
pub mod attrs;
pub mod complete;
pub mod hover;
pub mod navigate;
pub mod symbols;

use crate::analysis::Analysis;
use crate::index::Kind;
use crate::kinds::text_prefix;

/// The source-language name of an id of `kind` (its text key is `marker:<id>` for a marker
/// kind), when its kind has names and it has one.
pub fn name_of<'a>(analysis: &'a Analysis, kind: Kind, id: &str) -> Option<&'a str> {
    analysis.name(text_prefix(kind)?, id)
}
