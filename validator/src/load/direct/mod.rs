//! The fastest path: RON text straight into the typed model, with the span index, in one
//! pass and with no JSON value in between (no tree of maps and strings built only to be taken
//! apart again). It is a serde `Deserializer` over the subset of RON that [`super::fast`]
//! reads, and it records exactly the spans `fast` records.
//!
//! It gives up on anything else and on anything wrong (a syntax error, a field the model does
//! not know, a value of the wrong type, a duplicate key, a struct written as a tuple...): the
//! loader then takes the path that explains (JSON value, schema check, located diagnostics).
//! A file this path reads is not schema-checked, so it must be exactly as strict as the schema
//! (`tests/tests/direct.rs`), and give the same model and spans as the other path
//! (`tests/tests/direct.rs`); the fuzz target `one_file` checks both on every input.

mod de;
mod give_up;
mod seen;
#[cfg(test)]
mod tests;

use std::fmt;

use serde::de::DeserializeOwned;

use super::FileKind;
use super::scan::{Parser, has_control, is_keyword};
use super::spans::{PointerHash, SpanIndex};
use crate::file_kind::{FileValue, GameFile, PerKind};
use de::{De, Fields};

/// Reads `text` as a `T`, with its span index, if it is in the fast subset and valid.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<(T, SpanIndex)> {
    read_with(text, true)
}

/// Reads `text` as a `T` without indexing spans (the loader's case: a
/// [`super::SourceFile`] builds its index only if a diagnostic points into it).
pub fn read_model<T: DeserializeOwned>(text: &str) -> Option<T> {
    read_with(text, false).map(|(value, _)| value)
}

/// Reads `text` as the model of its kind, without spans (the loader's case).
pub fn read_value(kind: FileKind, text: &str) -> Option<FileValue> {
    struct Value<'t>(&'t str);
    impl PerKind for Value<'_> {
        type Out = Option<FileValue>;
        fn run<T: GameFile>(self) -> Self::Out {
            read_model::<T>(self.0).map(Into::into)
        }
    }
    kind.with_type(Value(text))
}

fn read_with<T: DeserializeOwned>(text: &str, index: bool) -> Option<(T, SpanIndex)> {
    if has_control(text) {
        return None;
    }
    let mut de = De {
        p: if index {
            Parser::new(text)
        } else {
            Parser::without_index(text)
        },
        index,
        ptr: PointerHash::root(),
        key: None,
    };
    de.p.skip_ws()?;
    let value = if de.p.peek_ident_start() && !starts_keyword(&de.p) {
        // a named struct at the top (`Game(...)`) is read as its fields
        let start = de.p.i;
        let (ns, ne) = de.p.ident()?;
        if is_keyword(&text[ns..ne]) {
            return None;
        }
        de.p.skip_ws()?;
        if de.p.peek() != Some(b'(') {
            return None;
        }
        de.p.i += 1;
        de.p.skip_ws()?;
        if !de.p.starts_field() {
            return None;
        }
        let root = PointerHash::root();
        let v = T::deserialize(Fields::new(&mut de, root, b')')).ok()?;
        de.index(root, start, None);
        v
    } else {
        T::deserialize(&mut de).ok()?
    };
    de.p.skip_ws()?;
    (de.p.i == de.p.b.len()).then_some((value, de.p.spans))
}

/// The span index of a text of this kind, if this path reads it (the model read with it is
/// dropped): the same index the JSON path builds (`tests/tests/direct.rs`), at a fraction of
/// the cost, for locating findings in a file read without one.
pub fn spans_of(kind: FileKind, text: &str) -> Option<SpanIndex> {
    // first without building any model (no string or list allocated): the same spans, as
    // `agrees_with_json` checks; enum values with content (`AtWar("x")`) need their type
    spans_untyped(text).or_else(|| read_spans_typed(kind, text))
}

/// The span index of a text read as its kind's model (the model dropped).
fn read_spans_typed(kind: FileKind, text: &str) -> Option<SpanIndex> {
    struct Spans<'t>(&'t str);
    impl PerKind for Spans<'_> {
        type Out = Option<SpanIndex>;
        fn run<T: GameFile>(self) -> Self::Out {
            read::<T>(self.0).map(|(_, spans)| spans)
        }
    }
    kind.with_type(Spans(text))
}

/// The span index of a text read as no particular type (`serde::de::IgnoredAny`), if this
/// path reads it so.
pub fn spans_untyped(text: &str) -> Option<SpanIndex> {
    read::<serde::de::IgnoredAny>(text).map(|(_, spans)| spans)
}

/// Whether the identifier ahead is a keyword (`true`, `Some`...), not a struct name.
fn starts_keyword(p: &Parser<'_>) -> bool {
    let rest = &p.b[p.i..];
    let end = rest
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .unwrap_or(rest.len());
    std::str::from_utf8(&rest[..end]).is_ok_and(is_keyword)
}

/// For tests and fuzzing: reads `text` both ways. `Ok(true)`: this path read it (with and
/// without spans, to the same model), and the JSON path gives the same model and the same
/// spans; `Ok(false)`: this path gave up; `Err`: the two differ (a bug), with what differs.
pub fn agrees_with_json(kind: FileKind, text: &str) -> Result<bool, String> {
    fn both<T: DeserializeOwned + PartialEq + fmt::Debug>(text: &str) -> Result<bool, String> {
        let Some((value, spans)) = read::<T>(text) else {
            return match read_model::<T>(text) {
                None => Ok(false),
                Some(_) => Err("read without spans, but not with them".into()),
            };
        };
        if read_model::<T>(text).as_ref() != Some(&value) {
            return Err("read with spans, but not the same without them".into());
        }
        let (parsed, issues) = super::ron_json::parse(text)
            .map_err(|e| format!("read directly, but the JSON path cannot parse it: {e:?}"))?;
        if !issues.is_empty() {
            return Err(format!("read directly despite syntax issues: {issues:?}"));
        }
        let json: T = serde_json::from_value(parsed.value)
            .map_err(|e| format!("read directly, but the model rejects its JSON: {e}"))?;
        if value != json {
            return Err(format!("different models:\n{value:?}\n{json:?}"));
        }
        if spans != parsed.spans {
            return Err("different span indexes".into());
        }
        if spans_untyped(text).is_some_and(|untyped| untyped != spans) {
            return Err("different span indexes read untyped".into());
        }
        Ok(true)
    }
    struct Both<'t>(&'t str);
    impl PerKind for Both<'_> {
        type Out = Result<bool, String>;
        fn run<T: GameFile>(self) -> Self::Out {
            both::<T>(self.0)
        }
    }
    kind.with_type(Both(text))
}
