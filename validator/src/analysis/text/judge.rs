//! How one translation stands against its source, judged once for the text rules (T002
//! missing, T003 stale, T005 placeholders, T006 no source record) and for the editor's
//! translator's view, which shows these same judgements.

use std::collections::BTreeMap;

use crate::model::compare::same;
use crate::model::{SourceRecord, TextEntry, TextFile};

use super::entries::{placeholder_slices, placeholders};

/// Why a translation needs review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Staleness {
    /// The source changed since the translation was made (validator T003).
    Changed { name: bool, text: bool },
    /// The translation does not record the source it was made from (validator T006).
    NotRecorded,
}

/// Where one entry of a language stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No entry in the language, or one with an empty name (nothing to show a player).
    Missing,
    /// Translated, but from a source other than today's.
    Stale(Staleness),
    /// Translated from today's source.
    Translated,
}

impl Status {
    /// A few plain words for the row's badge.
    pub fn describe(self) -> &'static str {
        match self {
            Status::Missing => "not translated",
            Status::Stale(Staleness::Changed {
                name: true,
                text: true,
            }) => "stale: source name and text changed",
            Status::Stale(Staleness::Changed { name: true, .. }) => "stale: source name changed",
            Status::Stale(Staleness::Changed { .. }) => "stale: source text changed",
            Status::Stale(Staleness::NotRecorded) => "stale: source not recorded",
            Status::Translated => "translated",
        }
    }

    pub fn is_stale(self) -> bool {
        matches!(self, Status::Stale(_))
    }
}

pub fn record_of(source: &TextEntry) -> SourceRecord {
    SourceRecord {
        name: source.name.clone(),
        text: source.text.clone(),
    }
}

/// The status of a translation of `source` (None: no entry in the language). A part not
/// translated yet (a blank name, no text) is missing, not stale: only the parts translated
/// are judged against the source they were made from.
pub fn status(source: &TextEntry, target: Option<&TextEntry>) -> Status {
    let Some(tr) = target else {
        return Status::Missing;
    };
    let (has_name, has_text) = parts(tr);
    // an entry with no name and no text is a placeholder the translator has not filled in
    if !has_name && !has_text {
        return Status::Missing;
    }
    match &tr.source {
        None => Status::Stale(Staleness::NotRecorded),
        Some(rec) => {
            let name = has_name && !same(&rec.name, &source.name);
            let text = has_text && !same_text(rec.text.as_deref(), source.text.as_deref());
            if name || text {
                Status::Stale(Staleness::Changed { name, text })
            } else if missing_part(source, tr).is_some() {
                // half a translation (a text without its title) is not a translation yet:
                // it stays in the translator's Missing list and out of the coverage
                Status::Missing
            } else {
                Status::Translated
            }
        }
    }
}

/// Whether a translation has its name, and its text (a blank one is not translated yet).
pub fn parts(tr: &TextEntry) -> (bool, bool) {
    (
        !tr.name.trim().is_empty(),
        tr.text.as_deref().is_some_and(|t| !t.trim().is_empty()),
    )
}

/// The part of a translation still missing while its source has it ("name" or "text").
pub fn missing_part(source: &TextEntry, tr: &TextEntry) -> Option<&'static str> {
    let (has_name, has_text) = parts(tr);
    if !has_name && !source.name.trim().is_empty() {
        Some("name")
    } else if !has_text && source.text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
        Some("text")
    } else {
        None
    }
}

/// Two texts, either of them absent, are the same.
fn same_text(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// How much of the source a language translates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Coverage {
    /// Entries of the source file.
    pub total: usize,
    /// Entries with a translation (stale ones included).
    pub translated: usize,
    /// Translations made from another source than today's.
    pub stale: usize,
}

impl Coverage {
    pub fn missing(&self) -> usize {
        self.total - self.translated
    }

    /// Translated entries in percent, rounded down (100 only when everything is translated).
    pub fn percent(&self) -> usize {
        // nothing to translate: all of it is done
        (self.translated * 100)
            .checked_div(self.total)
            .unwrap_or(100)
    }

    /// The status bar's words, e.g. "it 87% translated, 3 stale".
    pub fn short(&self, lang: &str) -> String {
        format!(
            "{lang} {}% translated, {} stale",
            self.percent(),
            self.stale
        )
    }

    /// The view's words, e.g. "27 of 29 entries translated (93%), 1 stale, 2 missing".
    pub fn long(&self) -> String {
        format!(
            "{} of {} entries translated ({}%), {} stale, {} missing",
            self.translated,
            self.total,
            self.percent(),
            self.stale,
            self.missing()
        )
    }
}

/// Coverage of `target` against `source`, counted as the view's rows are.
pub fn coverage(source: &TextFile, target: &TextFile) -> Coverage {
    let mut c = Coverage {
        total: source.entries.len(),
        ..Coverage::default()
    };
    for (key, src) in &source.entries {
        match status(src, target.entries.get(key)) {
            Status::Missing => {}
            Status::Stale(_) => {
                c.translated += 1;
                c.stale += 1;
            }
            Status::Translated => c.translated += 1,
        }
    }
    c
}

/// Placeholders of the source text that a translation lacks, and those it has in excess
/// (counted with repeats, as the validator's T005 compares them).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlaceholderDiff {
    pub missing: Vec<String>,
    pub extra: Vec<String>,
}

impl PlaceholderDiff {
    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }

    /// A plain note naming what differs, e.g. "placeholders differ from the source: missing
    /// {space:gorizia}; not in the source {space:udine}".
    pub fn note(&self) -> String {
        let list = |v: &[String]| {
            v.iter()
                .map(|p| format!("{{{p}}}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!("missing {}", list(&self.missing)));
        }
        if !self.extra.is_empty() {
            parts.push(format!("not in the source {}", list(&self.extra)));
        }
        format!("placeholders differ from the source: {}", parts.join("; "))
    }
}

/// How the placeholders of a translation differ from those of its source text.
pub fn placeholder_diff(source: Option<&str>, translation: Option<&str>) -> PlaceholderDiff {
    let (source, translation) = (source.unwrap_or_default(), translation.unwrap_or_default());
    // most translations keep the source's placeholders in the source's order: that costs one
    // scan of each text and no allocation
    if placeholder_slices(source).eq(placeholder_slices(translation)) {
        return PlaceholderDiff::default();
    }
    let count = |text: &str| {
        let mut m: BTreeMap<String, i64> = BTreeMap::new();
        for p in placeholders(text) {
            *m.entry(p).or_default() += 1;
        }
        m
    };
    let want = count(source);
    let mut got = count(translation);
    let mut diff = PlaceholderDiff::default();
    for (p, n) in want {
        let have = got.remove(&p).unwrap_or(0);
        diff.missing
            .extend(std::iter::repeat_n(p.clone(), (n - have).max(0) as usize));
        diff.extra
            .extend(std::iter::repeat_n(p, (have - n).max(0) as usize));
    }
    for (p, n) in got {
        diff.extra.extend(std::iter::repeat_n(p, n as usize));
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, text: Option<&str>, source: Option<(&str, Option<&str>)>) -> TextEntry {
        TextEntry {
            name: name.into(),
            text: text.map(Into::into),
            source: source.map(|(n, t)| SourceRecord {
                name: n.into(),
                text: t.map(Into::into),
            }),
        }
    }

    fn file(lang: &str, entries: Vec<(&str, TextEntry)>) -> TextFile {
        TextFile {
            language: lang.into(),
            entries: entries.into_iter().collect(),
        }
    }

    /// en: three entries; it: one current, one stale, one missing.
    fn pair() -> (TextFile, TextFile) {
        let en = file(
            "en",
            vec![
                ("card:a", entry("Alpini", Some("Attack {space:x}."), None)),
                ("space:x", entry("Verona", None, None)),
                ("space:y", entry("Udine", None, None)),
            ],
        );
        let it = file(
            "it",
            vec![
                (
                    "card:a",
                    entry(
                        "Alpini",
                        Some("Attacca {space:x}."),
                        Some(("Alpini", Some("Attack {space:x}."))),
                    ),
                ),
                ("space:x", entry("Verona", None, Some(("Veronna", None)))),
            ],
        );
        (en, it)
    }

    #[test]
    fn statuses_follow_the_source_record() {
        let (en, it) = pair();
        let of = |k: &str| status(&en.entries[k], it.entries.get(k));
        assert_eq!(of("card:a"), Status::Translated);
        assert_eq!(
            of("space:x"),
            Status::Stale(Staleness::Changed {
                name: true,
                text: false
            })
        );
        assert_eq!(of("space:y"), Status::Missing);
        let unrecorded = entry("Verona", None, None);
        assert_eq!(
            status(&en.entries["space:x"], Some(&unrecorded)),
            Status::Stale(Staleness::NotRecorded)
        );
        let blank = entry(" ", None, Some(("Verona", None)));
        assert_eq!(
            status(&en.entries["space:x"], Some(&blank)),
            Status::Missing
        );
        // half a translation (a title alone, a text alone) is missing, not stale nor counted
        let title = entry("Alpini", None, Some(("Alpini", None)));
        assert_eq!(status(&en.entries["card:a"], Some(&title)), Status::Missing);
        assert_eq!(missing_part(&en.entries["card:a"], &title), Some("text"));
        let text = entry(
            "",
            Some("Attacca {space:x}."),
            Some(("Old", Some("Attack {space:x}."))),
        );
        assert_eq!(status(&en.entries["card:a"], Some(&text)), Status::Missing);
        assert_eq!(missing_part(&en.entries["card:a"], &text), Some("name"));
        assert_eq!(
            missing_part(&en.entries["card:a"], &it.entries["card:a"]),
            None
        );
    }

    #[test]
    fn coverage_counts_translated_stale_and_missing() {
        let (en, it) = pair();
        let c = coverage(&en, &it);
        assert_eq!(
            c,
            Coverage {
                total: 3,
                translated: 2,
                stale: 1
            }
        );
        assert_eq!(c.missing(), 1);
        assert_eq!(c.percent(), 66);
        assert_eq!(c.short("it"), "it 66% translated, 1 stale");
        assert_eq!(
            c.long(),
            "2 of 3 entries translated (66%), 1 stale, 1 missing"
        );
        assert_eq!(coverage(&file("en", vec![]), &it).percent(), 100);
    }

    #[test]
    fn placeholder_differences_name_what_is_missing_and_extra() {
        let d = placeholder_diff(Some("{space:a} and {card:b}"), Some("{space:a} {space:c}"));
        assert_eq!(d.missing, ["card:b"]);
        assert_eq!(d.extra, ["space:c"]);
        assert_eq!(
            d.note(),
            "placeholders differ from the source: missing {card:b}; not in the source {space:c}"
        );
        // the same placeholders in another order are fine; repeats count
        assert!(placeholder_diff(Some("{a:1} {b:2}"), Some("{b:2} {a:1}")).is_empty());
        let twice = placeholder_diff(Some("{a:1} {a:1}"), Some("{a:1}"));
        assert_eq!(twice.missing, ["a:1"]);
        assert!(placeholder_diff(None, None).is_empty());
        assert_eq!(placeholder_diff(None, Some("{x:y}")).extra, ["x:y"]);
    }
}
