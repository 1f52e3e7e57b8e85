//! The PO file an export replaces, read so that nothing a translator did there is lost: as
//! `msgmerge` does, every translation is kept, marked fuzzy (with the previous msgid, `#|`)
//! where its source changed, and a translation whose entry left the source is kept as an
//! obsolete message (`#~`).

use std::collections::HashMap;

use super::catalog::Catalog;
use super::fields::{FINGERPRINT, MARKS_HEADER, parse_context};
use super::parse::Message;

/// A message of the replaced file.
#[derive(Debug, Clone, Default)]
pub struct Prior {
    /// Its msgctxt without the record (`card:bef#text`).
    pub context: String,
    pub msgid: String,
    pub msgstr: String,
    pub fuzzy: bool,
    pub previous_msgid: Option<String>,
    /// The translator's comments (`# ` lines).
    pub comments: Vec<String>,
    /// The fingerprint of the translation it was exported with; None when unknown.
    pub record: Option<String>,
}

/// The messages of the replaced file, by msgctxt without the record, in file order.
#[derive(Debug, Default)]
pub struct Working {
    pub messages: Vec<Prior>,
    by_context: HashMap<String, usize>,
}

impl Working {
    pub fn of(catalog: &Catalog<'_>) -> Working {
        let marks = catalog.header_field(MARKS_HEADER).is_some();
        let mut w = Working::default();
        for m in catalog.messages() {
            if m.obsolete || m.is_header() || m.msgid_plural.is_some() {
                continue;
            }
            let Some(ctx) = &m.msgctxt else { continue };
            let (key, field, mark) = parse_context(ctx);
            let context = super::fields::context(key, field);
            w.by_context.insert(context.clone(), w.messages.len());
            w.messages.push(Prior {
                context,
                msgid: m.msgid.clone(),
                msgstr: m.msgstr.first().cloned().unwrap_or_default(),
                fuzzy: m.is_fuzzy(),
                previous_msgid: m.previous_msgid.clone(),
                comments: m.comments.clone(),
                record: record(m, mark, marks).map(str::to_owned),
            });
        }
        w
    }

    pub fn get(&self, context: &str) -> Option<&Prior> {
        self.by_context.get(context).map(|&i| &self.messages[i])
    }
}

/// The fingerprint of the translation a message was exported with: its msgctxt's record,
/// else a legacy `#. orbat-translation:` note, else "-" (none) in a file whose header says
/// records are in msgctxt; None when a tool removed it.
pub fn record<'m>(m: &'m Message, mark: Option<&'m str>, marks: bool) -> Option<&'m str> {
    mark.or_else(|| {
        m.extracted
            .iter()
            .find_map(|l| l.strip_prefix(FINGERPRINT))
            .map(str::trim)
    })
    .or(marks.then_some("-"))
}
