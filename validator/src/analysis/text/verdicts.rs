//! Every translation judged once against its source, for the text rules that report on
//! translations (T002 missing, T003 stale, T005 placeholders, T006 no source record): one walk
//! of each language beside the source, keeping only the entries with something to report.

use crate::load::{Doc, GameFolder};
use crate::model::{Id, TextEntry, TextFile};

use super::entries::{placeholder_slices, side_by_side, source, translations};
use super::judge::{Status, missing_part, parts, status};

/// One translated entry with something to report.
pub struct Verdict<'a> {
    pub key: &'a Id,
    pub src: &'a TextEntry,
    pub tr: &'a TextEntry,
    pub status: Status,
    /// Whether the placeholders of its name, and of its text, differ from the source's.
    pub name_placeholders_differ: bool,
    pub text_placeholders_differ: bool,
}

/// One language against the source.
pub struct Language<'a> {
    pub lang: &'a str,
    pub doc: &'a Doc<TextFile>,
    /// Entries of the source file.
    pub total: usize,
    /// Keys of the source with no translation (or a blank one), in key order.
    pub missing: Vec<&'a str>,
    /// Translated entries with a part not translated yet (a card's title without its text):
    /// the key and the part ("name" or "text"), printed in the source language.
    pub incomplete: Vec<(&'a str, &'static str)>,
    /// Translated entries that are stale, unrecorded or whose placeholders differ.
    pub verdicts: Vec<Verdict<'a>>,
}

/// Every language but the source, in the folder's order, with the source language's id.
pub struct Verdicts<'a> {
    pub source_lang: &'a str,
    pub languages: Vec<Language<'a>>,
}

impl<'a> Verdicts<'a> {
    /// None when the game or its source language's file did not load (the text rules are
    /// then silent).
    pub fn new(folder: &'a GameFolder) -> Option<Self> {
        let (source_lang, src_doc) = source(folder)?;
        let languages = translations(folder, source_lang)
            .map(|(lang, doc)| {
                let mut missing = Vec::new();
                let mut incomplete = Vec::new();
                let mut verdicts = Vec::new();
                for (key, src, tr) in side_by_side(&src_doc.value, &doc.value) {
                    let st = status(src, tr);
                    let Some(tr) = tr else {
                        missing.push(key.as_str());
                        continue;
                    };
                    // half a translation is judged (and listed as in part), not skipped
                    if st == Status::Missing && parts(tr) == (false, false) {
                        missing.push(key.as_str());
                        continue;
                    }
                    if let Some(part) = missing_part(src, tr) {
                        incomplete.push((key.as_str(), part));
                    }
                    // a part not translated yet is missing, not a placeholder mismatch
                    let (has_name, has_text) = parts(tr);
                    let differ = |a: Option<&str>, b: Option<&str>| {
                        let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
                        // a text with no placeholder ends its list after one `memchr`
                        !placeholder_slices(a).eq(placeholder_slices(b))
                    };
                    let text_placeholders_differ =
                        has_text && differ(src.text.as_deref(), tr.text.as_deref());
                    let name_placeholders_differ =
                        has_name && differ(Some(&src.name), Some(&tr.name));
                    if matches!(st, Status::Stale(_))
                        || text_placeholders_differ
                        || name_placeholders_differ
                    {
                        verdicts.push(Verdict {
                            key,
                            src,
                            tr,
                            status: st,
                            name_placeholders_differ,
                            text_placeholders_differ,
                        });
                    }
                }
                Language {
                    lang,
                    doc,
                    total: src_doc.value.entries.len(),
                    missing,
                    incomplete,
                    verdicts,
                }
            })
            .collect();
        Some(Verdicts {
            source_lang,
            languages,
        })
    }
}
