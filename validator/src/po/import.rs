//! Applying a translated PO file to a language's text file.

use std::collections::BTreeMap;

use super::check::header_at;
use super::error::{PoError, Problem, shown};
use super::fields::{
    FINGERPRINT, Field, context, field_of, fingerprint, parse_context, source_field,
};
use super::parse::Message;
use crate::model::{SourceRecord, TextEntry, TextFile};

/// What an import did, entry by entry.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Translations added or changed: (msgctxt, old, new).
    pub changed: Vec<(String, Option<String>, String)>,
    /// Translations reviewed: the PO cleared `fuzzy`, so today's source is recorded.
    pub reviewed: Vec<String>,
    /// Messages not applied, with the reason (source changed since export, translation
    /// changed in the RON files since export, unknown entry, still fuzzy).
    pub skipped: Vec<(String, String)>,
    /// Messages with nothing to do.
    pub unchanged: usize,
}

impl ImportReport {
    pub fn is_noop(&self) -> bool {
        self.changed.is_empty() && self.reviewed.is_empty()
    }
}

/// Applies a PO file to `target` (whose `language` is the language imported). The file is
/// read strictly ([`super::read`]) and its header's `Language` must be the target's: any
/// problem refuses the whole file, located, and leaves `target` as it was. With `force`,
/// translations changed since the export are overwritten too (and reported as changed).
pub fn import(
    source: &TextFile,
    target: &mut TextFile,
    po: &[u8],
    force: bool,
) -> Result<ImportReport, Vec<PoError>> {
    let catalog = super::read(po)?;
    let header = catalog.header();
    match catalog.header_field("Language") {
        None => {
            return Err(catalog.locate(vec![Problem::new(
                header.msgstr_at,
                "the header names no language (no `Language:` line)",
                format!(
                    "add the line \"Language: {}\\n\" to the header if this file is in that language",
                    shown(&target.language)
                ),
            )]));
        }
        Some(lang) if !same_language(lang, &target.language) => {
            return Err(catalog.locate(vec![Problem::new(
                header_at(header, "Language:"),
                format!(
                    "this PO file is in `{}` (its header says Language: {}) but it is imported into `{}` (--lang {})",
                    shown(lang),
                    shown(lang),
                    shown(&target.language),
                    shown(&target.language)
                ),
                format!(
                    "import it with --lang {}, or import the PO file of `{}`",
                    shown(lang),
                    shown(&target.language)
                ),
            )]));
        }
        Some(_) => {}
    }
    Ok(apply(source, target, catalog.messages(), force))
}

/// `Language: it_IT` (or `it-IT`, `it@x`) is a file in `it`; `it` is not a file in `it_IT`.
fn same_language(header: &str, lang: &str) -> bool {
    let norm = |s: &str| s.trim().to_ascii_lowercase().replace('-', "_");
    let (h, l) = (norm(header), norm(lang));
    if h == l {
        return true;
    }
    !l.contains(['_', '@'])
        && h.strip_prefix(&l)
            .is_some_and(|rest| rest.starts_with(['_', '@']))
}

fn apply<'m>(
    source: &TextFile,
    target: &mut TextFile,
    messages: impl Iterator<Item = &'m Message>,
    force: bool,
) -> ImportReport {
    let mut report = ImportReport::default();
    // gather both fields of an entry before touching it
    let mut per_key: BTreeMap<String, Vec<(Field, &Message)>> = BTreeMap::new();
    for m in messages {
        if m.obsolete || m.is_header() {
            continue;
        }
        let Some(ctx) = &m.msgctxt else {
            report.skipped.push((
                m.msgid.clone(),
                "no msgctxt: not a message exported by Orbat".into(),
            ));
            continue;
        };
        let (key, field) = parse_context(ctx);
        per_key.entry(key.to_owned()).or_default().push((field, m));
    }
    for (key, messages) in per_key {
        let Some(src) = source.entries.get(key.as_str()) else {
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
            let msgstr = m.msgstr.first().map_or("", String::as_str);
            let current_source = field_of(src, field);
            if current_source != Some(m.msgid.as_str()) {
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
            let existing = target.entries.get(key.as_str());
            let current = existing.and_then(|e| field_of(e, field)).map(str::to_owned);
            let current = current.as_deref();
            if m.is_fuzzy() {
                // gettext leaves fuzzy messages out of a catalog: a translation still marked
                // fuzzy is a draft the translator has not reviewed, never imported as current
                if current == Some(msgstr) {
                    report.unchanged += 1;
                } else {
                    report.skipped.push((ctx, "still marked fuzzy (not reviewed): clear the fuzzy flag in your PO tool once the translation is checked, then import again".into()));
                }
                continue;
            }
            let exported = m
                .extracted
                .iter()
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
            if current == Some(msgstr) && recorded_fresh {
                report.unchanged += 1;
                continue;
            }
            let entry = target.entries.get_or_insert_with(&key, || TextEntry {
                name: src.name.clone(),
                text: None,
                source: None,
            });
            if current != Some(msgstr) {
                report
                    .changed
                    .push((ctx.clone(), current.map(str::to_owned), msgstr.to_owned()));
                match field {
                    Field::Name => entry.name = msgstr.into(),
                    Field::Text => entry.text = Some(msgstr.into()),
                }
            }
            // not fuzzy: the translator vouches for this text against today's source
            let record = entry.source.get_or_insert_with(|| SourceRecord {
                name: src.name.clone(),
                text: None,
            });
            match field {
                Field::Name => record.name = src.name.clone(),
                Field::Text => record.text = src.text.clone(),
            }
            if !recorded_fresh {
                report.reviewed.push(ctx);
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_match_by_code_and_region() {
        assert!(same_language("it", "it"));
        assert!(same_language(" it_IT", "it"));
        assert!(same_language("IT-it", "it"));
        assert!(same_language("sr@latin", "sr"));
        assert!(same_language("pt-BR", "pt_BR"));
        assert!(!same_language("fr", "it"));
        assert!(!same_language("it", "it_IT"));
        assert!(!same_language("pt_BR", "pt_PT"));
        assert!(!same_language("ita", "it"));
        assert!(!same_language("", "it"));
    }
}
