//! How a text entry maps to PO messages: one per field (name, text), keyed by msgctxt, with
//! the fingerprint an export records of the translation it carried.

use crate::model::{SourceRecord, TextEntry};

pub const TEXT_SUFFIX: &str = "#text";
pub const FINGERPRINT: &str = "orbat-translation: ";

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

pub fn parse_context(ctx: &str) -> (&str, Field) {
    match ctx.strip_suffix(TEXT_SUFFIX) {
        Some(key) => (key, Field::Text),
        None => (ctx, Field::Name),
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

pub fn field_of(entry: &TextEntry, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(entry.name.as_str()),
        Field::Text => entry.text.as_deref(),
    }
}

pub fn source_field(src: &SourceRecord, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(src.name.as_str()),
        Field::Text => src.text.as_deref(),
    }
}
