//! How a text entry maps to PO messages: one per field (name, text), keyed by msgctxt, and the
//! record of the translation an export carried, which the msgctxt itself holds.
//!
//! # Where the record lives
//!
//! The import must know the translation each message was exported with, or it cannot tell a
//! translator's work from a designer's later edit of `text.<lang>.ron`. The record is the
//! msgctxt's ending, ` @` and eight hex digits of a fingerprint of that translation
//! (`card:bef#text @af300264`; none when there was no translation). msgctxt is part of a
//! message's identity: every PO tool keeps it with its translation. `#.` comments are not
//! kept so (msgmerge replaces them with the reference file's, and some tools drop them), and
//! `#|` previous msgids are removed by msgmerge on exact matches, by `msgattrib
//! --clear-previous` and by Poedit when a translator validates a fuzzy message. Files exported
//! before the record moved to msgctxt carry it in `#. orbat-translation:` (16 hex digits);
//! it is still read.

use crate::model::{SourceRecord, TextEntry};

pub const TEXT_SUFFIX: &str = "#text";
/// The legacy record, in a `#.` comment.
pub const FINGERPRINT: &str = "orbat-translation: ";
/// A `#.` comment with the fingerprint of the msgid as exported, so an import tells an
/// edited msgid from a source changed since the export.
pub const SOURCE_NOTE: &str = "orbat-source: ";
/// Between the entry key and the record in a msgctxt.
pub const MARK: &str = " @";
/// The header field saying this file keeps its records in msgctxt: a message with none was
/// exported with no translation.
pub const MARKS_HEADER: &str = "X-Orbat-Msgctxt";

/// Which field of an entry a message carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    Name,
    Text,
}

pub fn context(key: &str, field: Field) -> String {
    match field {
        Field::Name => key.to_owned(),
        Field::Text => format!("{key}{TEXT_SUFFIX}"),
    }
}

/// The msgctxt of a message exported with `translation`.
pub fn marked_context(key: &str, field: Field, translation: Option<&str>) -> String {
    let ctx = context(key, field);
    match translation {
        Some(t) => format!("{ctx}{MARK}{}", short_fingerprint(Some(t))),
        None => ctx,
    }
}

/// A msgctxt's entry key, field and record (the hex digits after ` @`), if any.
pub fn parse_context(ctx: &str) -> (&str, Field, Option<&str>) {
    let (ctx, mark) = match ctx.rsplit_once(MARK) {
        Some((c, m)) if m.len() == 8 && m.bytes().all(|b| b.is_ascii_hexdigit()) => (c, Some(m)),
        _ => (ctx, None),
    };
    match ctx.strip_suffix(TEXT_SUFFIX) {
        Some(key) => (key, Field::Text, mark),
        None => (ctx, Field::Name, mark),
    }
}

/// A short, stable fingerprint of a translation (FNV-1a), "-" for none.
pub fn fingerprint(s: Option<&str>) -> String {
    let Some(s) = s else { return "-".into() };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The first eight hex digits of [`fingerprint`] ("-" for none).
pub fn short_fingerprint(s: Option<&str>) -> String {
    let mut f = fingerprint(s);
    f.truncate(8);
    f
}

/// Whether a recorded fingerprint (short, long or "-") is that of `s`.
pub fn is_fingerprint_of(recorded: &str, s: Option<&str>) -> bool {
    let f = fingerprint(s);
    !recorded.is_empty() && f.starts_with(recorded) && (recorded.len() >= 8 || recorded == f)
}

pub fn field_of(entry: &TextEntry, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(entry.name.as_str()),
        Field::Text => entry.text.as_deref(),
    }
}

/// A field of a translation, None when it is not translated (a blank name or text).
pub fn translated(entry: &TextEntry, field: Field) -> Option<&str> {
    field_of(entry, field).filter(|s| !s.trim().is_empty())
}

pub fn source_field(src: &SourceRecord, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(src.name.as_str()),
        Field::Text => src.text.as_deref(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_rides_on_the_msgctxt() {
        let ctx = marked_context("card:bef", Field::Text, Some("Il BEF"));
        assert!(ctx.starts_with("card:bef#text @"), "{ctx}");
        let (key, field, mark) = parse_context(&ctx);
        assert_eq!((key, field), ("card:bef", Field::Text));
        assert!(is_fingerprint_of(mark.unwrap(), Some("Il BEF")));
        assert!(!is_fingerprint_of(mark.unwrap(), Some("Il BEF!")));
        assert_eq!(marked_context("space:x", Field::Name, None), "space:x");
        assert_eq!(parse_context("space:x"), ("space:x", Field::Name, None));
        // a legacy record, and a key that happens to hold ` @`
        assert!(is_fingerprint_of(&fingerprint(Some("a")), Some("a")));
        assert!(is_fingerprint_of("-", None));
        assert!(!is_fingerprint_of("-", Some("a")));
        assert_eq!(parse_context("a @xyz").0, "a @xyz");
    }
}
