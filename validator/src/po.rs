//! gettext PO round-trip for translators: export a language to a PO file, import it back.
//!
//! Each text entry gives one message for its name (msgctxt = the entry key, e.g. `card:bef`)
//! and one for its longer text (msgctxt = `card:bef#text`); msgid is today's source text,
//! msgstr the translation, and a translation made from an older source is marked fuzzy.
//! The export also records, per message, a fingerprint of the translation it carried, so an
//! import can tell a translation changed in the RON files since the export and refuses to
//! overwrite it silently.

use std::collections::BTreeMap;
use std::io::BufWriter;

use polib::catalog::Catalog;
use polib::message::{Message, MessageFlags, MessageView};
use polib::metadata::CatalogMetadata;

use crate::model::{SourceRecord, TextEntry, TextFile};

const TEXT_SUFFIX: &str = "#text";
const FINGERPRINT: &str = "orbat-translation: ";

/// Which field of an entry a message carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Name,
    Text,
}

fn context(key: &str, field: Field) -> String {
    match field {
        Field::Name => key.to_owned(),
        Field::Text => format!("{key}{TEXT_SUFFIX}"),
    }
}

fn parse_context(ctx: &str) -> (&str, Field) {
    match ctx.strip_suffix(TEXT_SUFFIX) {
        Some(key) => (key, Field::Text),
        None => (ctx, Field::Name),
    }
}

/// A short, stable fingerprint of a translation (FNV-1a), "-" for none.
fn fingerprint(s: Option<&str>) -> String {
    let Some(s) = s else { return "-".into() };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn field_of(entry: &TextEntry, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(entry.name.as_str()),
        Field::Text => entry.text.as_deref(),
    }
}

fn source_field(src: &SourceRecord, field: Field) -> Option<&str> {
    match field {
        Field::Name => Some(src.name.as_str()),
        Field::Text => src.text.as_deref(),
    }
}

/// The PO file for `target`, translated from `source`.
pub fn export(source: &TextFile, target: &TextFile, game_id: &str) -> String {
    let mut meta = CatalogMetadata::new();
    meta.project_id_version = game_id.to_owned();
    meta.language = target.language.clone();
    meta.content_type = "text/plain; charset=UTF-8".into();
    meta.content_transfer_encoding = "8bit".into();
    meta.mime_version = "1.0".into();
    let mut catalog = Catalog::new(meta);
    for (key, src) in &source.entries {
        for field in [Field::Name, Field::Text] {
            let Some(msgid) = field_of(src, field) else {
                continue;
            };
            let tr = target.entries.get(key);
            let msgstr = tr.and_then(|t| field_of(t, field));
            let stale = tr.is_some_and(|t| {
                t.source
                    .as_ref()
                    .is_none_or(|s| source_field(s, field) != Some(msgid))
            });
            let mut flags = MessageFlags::new();
            if stale && msgstr.is_some() {
                flags.add_flag("fuzzy");
            }
            let mut comments = format!("{FINGERPRINT}{}", fingerprint(msgstr));
            if stale
                && let Some(old) = tr
                    .and_then(|t| t.source.as_ref())
                    .and_then(|s| source_field(s, field))
            {
                comments.push_str(&format!("\ntranslated from: {old}"));
            }
            catalog.append_or_update(
                Message::build_singular()
                    .with_msgctxt(context(key, field))
                    .with_msgid(msgid.to_owned())
                    .with_msgstr(msgstr.unwrap_or_default().to_owned())
                    .with_flags(flags)
                    .with_extracted_comments(comments)
                    .done(),
            );
        }
    }
    let mut out = BufWriter::new(Vec::new());
    polib::po_file::write(&catalog, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// What an import did, entry by entry.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Translations added or changed: (msgctxt, old, new).
    pub changed: Vec<(String, Option<String>, String)>,
    /// Translations reviewed: the PO cleared `fuzzy`, so today's source is recorded.
    pub reviewed: Vec<String>,
    /// Messages not applied, with the reason (source changed since export, translation
    /// changed in the RON files since export, unknown entry).
    pub skipped: Vec<(String, String)>,
    /// Messages with nothing to do.
    pub unchanged: usize,
}

impl ImportReport {
    pub fn is_noop(&self) -> bool {
        self.changed.is_empty() && self.reviewed.is_empty()
    }
}

/// A PO file that could not be read.
#[derive(Debug)]
pub struct PoError(pub String);

impl std::fmt::Display for PoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Applies a PO file to `target`. With `force`, translations changed since the export are
/// overwritten too (and reported as changed).
pub fn import(
    source: &TextFile,
    target: &mut TextFile,
    po_text: &str,
    force: bool,
) -> Result<ImportReport, PoError> {
    let catalog = polib::po_file::parse_from_reader(po_text.as_bytes())
        .map_err(|e| PoError(format!("not a readable PO file: {e}")))?;
    let mut report = ImportReport::default();
    // gather both fields of an entry before touching it
    let mut per_key: BTreeMap<String, Vec<(Field, &dyn MessageView)>> = BTreeMap::new();
    for m in catalog.messages() {
        let Some(ctx) = m.msgctxt() else {
            report.skipped.push((
                m.msgid().to_owned(),
                "no msgctxt: not a message exported by Orbat".into(),
            ));
            continue;
        };
        let (key, field) = parse_context(ctx);
        per_key.entry(key.to_owned()).or_default().push((field, m));
    }
    for (key, messages) in per_key {
        let Some(src) = source.entries.get(&key) else {
            for (field, _) in &messages {
                report.skipped.push((
                    context(&key, *field),
                    "no such entry in the source language".into(),
                ));
            }
            continue;
        };
        for (field, m) in messages {
            let ctx = context(&key, field);
            let msgstr = m.msgstr().unwrap_or_default();
            let current_source = field_of(src, field);
            if current_source != Some(m.msgid()) {
                report.skipped.push((
                    ctx,
                    "the source text changed since this PO file was exported: export again".into(),
                ));
                continue;
            }
            if msgstr.is_empty() {
                report.unchanged += 1;
                continue;
            }
            let existing = target.entries.get(&key);
            let current = existing.and_then(|e| field_of(e, field)).map(str::to_owned);
            let current = current.as_deref();
            let exported = m
                .extracted_comments()
                .lines()
                .find_map(|l| l.strip_prefix(FINGERPRINT))
                .unwrap_or_default();
            if !force
                && !exported.is_empty()
                && exported != fingerprint(current)
                && current != Some(msgstr)
            {
                report.skipped.push((ctx, format!("the translation was changed in text.{}.ron since the export; not overwritten (use --force)", target.language)));
                continue;
            }
            let recorded_fresh = existing
                .and_then(|e| e.source.as_ref())
                .is_some_and(|s| source_field(s, field) == current_source);
            let reviewed = !m.is_fuzzy() && !recorded_fresh;
            if current == Some(msgstr) && !reviewed {
                report.unchanged += 1;
                continue;
            }
            let entry = target
                .entries
                .entry(key.clone())
                .or_insert_with(|| TextEntry {
                    name: src.name.clone(),
                    text: None,
                    source: None,
                });
            if current != Some(msgstr) {
                report
                    .changed
                    .push((ctx.clone(), current.map(str::to_owned), msgstr.to_owned()));
                match field {
                    Field::Name => entry.name = msgstr.to_owned(),
                    Field::Text => entry.text = Some(msgstr.to_owned()),
                }
            }
            if !m.is_fuzzy() {
                // the translator vouches for this text against today's source
                let record = entry.source.get_or_insert_with(|| SourceRecord {
                    name: src.name.clone(),
                    text: None,
                });
                match field {
                    Field::Name => record.name = src.name.clone(),
                    Field::Text => record.text = src.text.clone(),
                }
                if reviewed {
                    report.reviewed.push(ctx);
                }
            }
        }
    }
    Ok(report)
}
