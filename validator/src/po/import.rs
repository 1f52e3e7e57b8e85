//! Applying a translated PO file to a language's text file.

use std::collections::BTreeMap;

use super::check::header_at;
use super::error::{PoError, Problem, shown};
use super::fields::{
    Field, MARKS_HEADER, SOURCE_NOTE, context, field_of, is_fingerprint_of, marked_context,
    parse_context, source_field, translated,
};
use super::merge::record;
use super::parse::Message;
use super::write::escape;
use crate::model::{SourceRecord, TextEntry, TextFile};

/// What an import did, entry by entry.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Translations added (old None) or changed: (msgctxt, old, new).
    pub changed: Vec<(String, Option<String>, String)>,
    /// Translations reviewed: the PO cleared `fuzzy` on a translation made from an older
    /// source, so today's source is recorded.
    pub reviewed: Vec<String>,
    /// Messages not applied, with the reason (source changed since export, translation
    /// changed in the RON files since export, unknown entry, still fuzzy, placeholders).
    pub skipped: Vec<(String, String)>,
    /// Messages whose msgstr is empty where the RON file has a translation, which is kept:
    /// (msgctxt, what happens).
    pub kept: Vec<(String, String)>,
    /// Messages with nothing to do.
    pub unchanged: usize,
    /// The records to write into the PO file once the RON file is written: the byte range of
    /// a message's msgctxt strings and the quoted msgctxt that replaces them, recording the
    /// translation imported (so revising it and importing again is no conflict).
    pub records: Vec<((usize, usize), String)>,
}

impl ImportReport {
    pub fn is_noop(&self) -> bool {
        self.changed.is_empty() && self.reviewed.is_empty()
    }

    /// Translations added where there was none.
    pub fn added(&self) -> usize {
        self.changed
            .iter()
            .filter(|(_, old, _)| old.is_none())
            .count()
    }
}

/// Applies a PO file to `target` (whose `language` is the language imported) of the game
/// `game_id`. The file is read strictly ([`super::read`]), its header's `Language` must be
/// the target's, and it must be a PO file of this game: any problem refuses the whole file,
/// located, and leaves `target` as it was. With `force`, translations changed since the
/// export (or whose record a tool removed) are overwritten too (and reported as changed).
pub fn import(
    source: &TextFile,
    target: &mut TextFile,
    po: &[u8],
    force: bool,
    game_id: &str,
) -> Result<ImportReport, Vec<PoError>> {
    let catalog = super::catalog::read(po)?;
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
    if let Some(problem) = another_game(&catalog, source, game_id) {
        return Err(catalog.locate(vec![problem]));
    }
    let marks = catalog.header_field(MARKS_HEADER).is_some();
    Ok(apply(source, target, catalog.messages(), force, marks))
}

/// A file most of whose messages name no entry of this game: one problem, naming the game
/// its header names, rather than a skip per message.
fn another_game(
    catalog: &super::catalog::Catalog<'_>,
    source: &TextFile,
    game_id: &str,
) -> Option<Problem> {
    let (mut total, mut unknown) = (0usize, 0usize);
    for m in catalog.messages().filter(|m| !m.obsolete && !m.is_header()) {
        let key = m.msgctxt.as_deref().map(|c| parse_context(c).0);
        // Orbat's own words (`label:fort`) are every game's: they tell no game from another
        if key.is_some_and(|k| k.starts_with("label:")) {
            continue;
        }
        total += 1;
        let known = key.is_some_and(|k| source.entries.get(k).is_some());
        unknown += usize::from(!known);
    }
    if total == 0 || unknown * 2 < total {
        return None;
    }
    let header = catalog.header();
    let named = catalog
        .header_field("Project-Id-Version")
        .filter(|p| !p.is_empty() && *p != game_id);
    Some(match named {
        Some(other) => Problem::new(
            header_at(header, "Project-Id-Version:"),
            format!(
                "this PO file is for the game `{}` (its header says Project-Id-Version: {}), not `{}`: {unknown} of its {total} messages name no entry of `{}`",
                shown(other),
                shown(other),
                shown(game_id),
                shown(game_id)
            ),
            format!(
                "import it into the folder of `{}`, or export the PO file of `{}` with `orbat-po export`",
                shown(other),
                shown(game_id)
            ),
        ),
        None => Problem::new(
            header.at,
            format!(
                "{unknown} of the {total} messages of this PO file name no entry of `{}`: it is not a PO file of this game",
                shown(game_id)
            ),
            format!(
                "export the PO file of `{}` with `orbat-po export`",
                shown(game_id)
            ),
        ),
    })
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

/// Why a message whose msgid is not today's source is skipped: the `#. orbat-source:` note
/// tells an edited msgid from a source changed since the export.
fn msgid_differs(m: &Message, today: Option<&str>) -> String {
    let note = m.extracted.iter().find_map(|l| l.strip_prefix(SOURCE_NOTE));
    const AGAIN: &str = "export again with -o onto this PO file (your translations are kept, marked fuzzy where their source changed), then import";
    match note.map(str::trim) {
        Some(n) if is_fingerprint_of(n, Some(&m.msgid)) => {
            format!("the source text changed since this PO file was exported: {AGAIN}")
        }
        Some(n) if is_fingerprint_of(n, today) => "the msgid was edited in the PO file (it must stay the source text as exported; translate in msgstr): undo the edit to the msgid, then import again".into(),
        _ => format!("the msgid is not today's source text (the source text changed since this PO file was exported, or the msgid was edited): {AGAIN}"),
    }
}

fn apply<'m>(
    source: &TextFile,
    target: &mut TextFile,
    messages: impl Iterator<Item = &'m Message>,
    force: bool,
    marks: bool,
) -> ImportReport {
    let mut report = ImportReport::default();
    let ron = format!("text.{}.ron", target.language);
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
        let (key, field, _) = parse_context(ctx);
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
            let mark = m.msgctxt.as_deref().and_then(|c| parse_context(c).2);
            let msgstr = m.msgstr.first().map_or("", String::as_str);
            let current_source = field_of(src, field);
            let existing = target.entries.get(key.as_str());
            let current = existing
                .and_then(|e| translated(e, field))
                .map(str::to_owned);
            let current = current.as_deref();
            if current_source != Some(m.msgid.as_str()) {
                if msgstr.is_empty() {
                    report.unchanged += 1;
                } else {
                    report.skipped.push((ctx, msgid_differs(m, current_source)));
                }
                continue;
            }
            if msgstr.is_empty() {
                match current {
                    Some(c) => report.kept.push((ctx, format!("the msgstr is empty, so {ron} keeps its translation \"{}\" (an import never deletes a translation: delete it in {ron} to remove it)", shown(c)))),
                    None => report.unchanged += 1,
                }
                continue;
            }
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
            if let Some(why) = super::braces::mismatch(&m.msgid, msgstr) {
                report.skipped.push((ctx, why));
                continue;
            }
            if !force && current != Some(msgstr) {
                match record(m, mark, marks) {
                    None => {
                        report.skipped.push((ctx, format!("this message lost the record of the translation it was exported with (a PO tool removed its `#. orbat-translation:` note), so a newer translation in {ron} cannot be told from yours: not imported; export again with -o onto this PO file (your translations are kept), then import")));
                        continue;
                    }
                    Some(r) if !is_fingerprint_of(r, current) => {
                        if is_fingerprint_of(r, Some(msgstr)) {
                            // the translator left it as exported: the later edit stands
                            report.unchanged += 1;
                        } else {
                            let now = current.map_or("nothing (it was deleted)".to_owned(), |c| {
                                format!("\"{}\"", shown(c))
                            });
                            report.skipped.push((ctx, format!("the translation was changed in {ron} since the export (it now holds {now}) and in the PO file too: yours is not written over it; to write yours, import again with --force")));
                        }
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let recorded_fresh = existing
                .and_then(|e| e.source.as_ref())
                .is_some_and(|s| source_field(s, field) == current_source);
            if let Some((start, end)) = m.msgctxt_span
                && mark.is_none_or(|r| !is_fingerprint_of(r, Some(msgstr)))
            {
                let ctx = marked_context(&key, field, Some(msgstr));
                report
                    .records
                    .push(((start, end), format!("\"{}\"", escape(&ctx))));
            }
            if current == Some(msgstr) && recorded_fresh {
                report.unchanged += 1;
                continue;
            }
            // a text translated alone gets no title: a blank name is "not translated yet"
            let entry = target.entries.get_or_insert_with(&key, || TextEntry {
                name: "".into(),
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
            // not fuzzy: the translator vouches for this text against today's source; a part
            // not translated records today's source too (nothing is stale about a part missing)
            let other = match field {
                Field::Name => Field::Text,
                Field::Text => Field::Name,
            };
            let other_missing = translated(entry, other).is_none();
            let record = entry.source.get_or_insert_with(|| SourceRecord {
                name: src.name.clone(),
                text: src.text.clone(),
            });
            for f in [Some(field), other_missing.then_some(other)]
                .into_iter()
                .flatten()
            {
                match f {
                    Field::Name => record.name = src.name.clone(),
                    Field::Text => record.text = src.text.clone(),
                }
            }
            if current.is_some() && !recorded_fresh {
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
