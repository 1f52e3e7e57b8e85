//! The translator's logic, without egui: which entries of a language are missing, stale or
//! translated, the coverage figures, placeholder differences, and the edits a translator makes
//! to a `TextFile` (typing into an entry, marking it reviewed).
//!
//! The notions follow the validator's text rules (T002 coverage, T003 stale, T005
//! placeholders, T006 no source record), so what the view shows agrees with the diagnostics.

use std::collections::BTreeMap;

use orbat_validator::model::{SourceRecord, TextEntry, TextFile};
use orbat_validator::rules::text::placeholders;

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

/// The source record a translation made today would carry.
pub fn record_of(source: &TextEntry) -> SourceRecord {
    SourceRecord {
        name: source.name.clone(),
        text: source.text.clone(),
    }
}

/// The status of a translation of `source` (None: no entry in the language).
pub fn status(source: &TextEntry, target: Option<&TextEntry>) -> Status {
    let Some(tr) = target else {
        return Status::Missing;
    };
    // an entry with no name is a placeholder the translator has not filled in yet
    if tr.name.trim().is_empty() {
        return Status::Missing;
    }
    match &tr.source {
        None => Status::Stale(Staleness::NotRecorded),
        Some(rec) if rec.name != source.name || rec.text != source.text => {
            Status::Stale(Staleness::Changed {
                name: rec.name != source.name,
                text: rec.text != source.text,
            })
        }
        Some(_) => Status::Translated,
    }
}

/// One entry of the source file, with where its translation stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub key: String,
    pub status: Status,
    /// The source entry has a longer text (its row shows a text field too).
    pub has_text: bool,
}

/// Every entry of the source file, in key order, with its status in `target`.
pub fn rows(source: &TextFile, target: &TextFile) -> Vec<Row> {
    source
        .entries
        .iter()
        .map(|(key, src)| Row {
            key: key.clone(),
            status: status(src, target.entries.get(key)),
            has_text: src.text.is_some(),
        })
        .collect()
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

/// Which rows a filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Filter {
    #[default]
    All,
    Missing,
    Stale,
}

impl Filter {
    pub const ALL: [Filter; 3] = [Filter::All, Filter::Missing, Filter::Stale];

    pub fn label(self) -> &'static str {
        match self {
            Filter::All => "All",
            Filter::Missing => "Missing",
            Filter::Stale => "Stale",
        }
    }

    pub fn keeps(self, status: Status) -> bool {
        match self {
            Filter::All => true,
            Filter::Missing => status == Status::Missing,
            Filter::Stale => status.is_stale(),
        }
    }
}

/// Whether a search (case-insensitive, already lowercased) finds an entry: in its key, its
/// source name and text, or its translation.
pub fn search_finds(
    needle_lower: &str,
    key: &str,
    source: &TextEntry,
    target: Option<&TextEntry>,
) -> bool {
    if needle_lower.is_empty() {
        return true;
    }
    let has = |s: &str| s.to_lowercase().contains(needle_lower);
    let in_entry = |e: &TextEntry| has(&e.name) || e.text.as_deref().is_some_and(has);
    has(key) || in_entry(source) || target.is_some_and(in_entry)
}

/// The rows shown: those the filter and search keep, plus the `kept` keys (rows the
/// translator has just worked on stay in place even when they no longer match, so a row does
/// not vanish under the cursor while typing).
pub fn shown_rows(
    source: &TextFile,
    target: &TextFile,
    filter: Filter,
    search: &str,
    kept: &[String],
) -> Vec<Row> {
    let needle = search.trim().to_lowercase();
    rows(source, target)
        .into_iter()
        .filter(|r| {
            kept.contains(&r.key)
                || (filter.keeps(r.status)
                    && source.entries.get(&r.key).is_some_and(|src| {
                        search_finds(&needle, &r.key, src, target.entries.get(&r.key))
                    }))
        })
        .collect()
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
    let count = |text: Option<&str>| {
        let mut m: BTreeMap<String, i64> = BTreeMap::new();
        for p in placeholders(text.unwrap_or_default()) {
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

/// Which field of an entry a translator edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Text,
}

/// Sets one field of the translation of `key`. A missing entry is created, recording
/// today's source (what the translator sees beside the field); an existing entry keeps its
/// record, so a stale one stays stale until marked reviewed. An empty text is no text.
pub fn set_field(file: &mut TextFile, key: &str, source: &TextEntry, field: Field, value: &str) {
    let entry = file
        .entries
        .entry(key.to_owned())
        .or_insert_with(|| TextEntry {
            name: String::new(),
            text: None,
            source: Some(record_of(source)),
        });
    match field {
        Field::Name => entry.name = value.to_owned(),
        Field::Text => entry.text = (!value.is_empty()).then(|| value.to_owned()),
    }
}

/// Records today's source in the translation of `key`: the translator has checked it
/// against the current source. False when there is no such translation.
pub fn mark_reviewed(file: &mut TextFile, key: &str, source: &TextEntry) -> bool {
    let Some(entry) = file.entries.get_mut(key) else {
        return false;
    };
    entry.source = Some(record_of(source));
    true
}

/// A new, empty text file for a language.
pub fn empty_file(lang: &str) -> TextFile {
    TextFile {
        language: lang.to_owned(),
        entries: BTreeMap::new(),
    }
}

/// Checks a new language code: 2 to 8 lowercase letters, digits or `-` (as in `it`, `pt-br`),
/// not one the game already has.
pub fn check_language_code(code: &str, existing: &[String]) -> Result<(), String> {
    let len = code.chars().count();
    if len == 0 {
        return Err("type a language code first, such as `fr` or `pt-br`".into());
    }
    if let Some(c) = code
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Err(format!(
            "`{c}` cannot be part of a language code: use lowercase letters, digits and `-`, such as `fr` or `pt-br`"
        ));
    }
    if !(2..=8).contains(&len) {
        return Err(format!(
            "a language code has 2 to 8 characters, `{code}` has {len}"
        ));
    }
    if code.starts_with('-') || code.ends_with('-') {
        return Err("a language code cannot start or end with `-`".into());
    }
    if existing.iter().any(|l| l == code) {
        return Err(format!("the game already has the language `{code}`"));
    }
    Ok(())
}

/// The language to translate into: the chosen one while it exists, else the first language
/// other than the source. None when the game has only its source language.
pub fn target_language(chosen: Option<&str>, languages: &[String], source: &str) -> Option<String> {
    let others = || languages.iter().filter(|l| l.as_str() != source);
    chosen
        .and_then(|c| others().find(|l| l.as_str() == c))
        .or_else(|| others().next())
        .cloned()
}

/// Which rows, of heights `tops` (each row's top, then the total height last), meet the
/// visible band `from..to`: only those are laid out.
pub fn visible_rows(tops: &[f32], from: f32, to: f32) -> std::ops::Range<usize> {
    let rows = tops.len().saturating_sub(1);
    // first row whose bottom is below `from`, first row whose top is at or below `to`
    let first = tops[1.min(tops.len())..].partition_point(|&bottom| bottom <= from);
    let end = tops[..rows].partition_point(|&top| top < to);
    first.min(rows)..end.max(first.min(rows))
}

/// Each row's top, then the total height, for rows of the given heights.
pub fn row_tops(heights: impl IntoIterator<Item = f32>) -> Vec<f32> {
    let mut tops = vec![0.0];
    let mut y = 0.0;
    for h in heights {
        y += h;
        tops.push(y);
    }
    tops
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
            entries: entries.into_iter().map(|(k, e)| (k.into(), e)).collect(),
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
        let r = rows(&en, &it);
        assert_eq!(r[0].status, Status::Translated);
        assert_eq!(
            r[1].status,
            Status::Stale(Staleness::Changed {
                name: true,
                text: false
            })
        );
        assert_eq!(r[2].status, Status::Missing);
        assert!(r[0].has_text && !r[1].has_text);
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
    fn filters_and_search_choose_rows_and_kept_rows_stay() {
        let (en, it) = pair();
        let keys = |rows: Vec<Row>| rows.into_iter().map(|r| r.key).collect::<Vec<_>>();
        assert_eq!(keys(shown_rows(&en, &it, Filter::All, "", &[])).len(), 3);
        assert_eq!(
            keys(shown_rows(&en, &it, Filter::Missing, "", &[])),
            ["space:y"]
        );
        assert_eq!(
            keys(shown_rows(&en, &it, Filter::Stale, "", &[])),
            ["space:x"]
        );
        // search in keys, source texts and translations, ignoring case
        assert_eq!(
            keys(shown_rows(&en, &it, Filter::All, "UDINE", &[])),
            ["space:y"]
        );
        assert_eq!(
            keys(shown_rows(&en, &it, Filter::All, "attacca", &[])),
            ["card:a"]
        );
        assert_eq!(
            keys(shown_rows(&en, &it, Filter::All, "card:", &[])),
            ["card:a"]
        );
        // a row worked on stays shown though it no longer matches
        assert_eq!(
            keys(shown_rows(
                &en,
                &it,
                Filter::Missing,
                "",
                &["card:a".to_owned()]
            )),
            ["card:a", "space:y"]
        );
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

    #[test]
    fn typing_creates_an_entry_recording_the_source_and_keeps_old_records() {
        let (en, mut it) = pair();
        set_field(
            &mut it,
            "space:y",
            &en.entries["space:y"],
            Field::Name,
            "Udine",
        );
        assert_eq!(
            it.entries["space:y"],
            entry("Udine", None, Some(("Udine", None)))
        );
        assert_eq!(coverage(&en, &it).translated, 3);
        // a stale entry stays stale while its translation is edited
        set_field(
            &mut it,
            "space:x",
            &en.entries["space:x"],
            Field::Name,
            "Vérone",
        );
        assert!(status(&en.entries["space:x"], it.entries.get("space:x")).is_stale());
        // text typed first: an entry with no name yet, still missing
        let mut fresh = file("it", vec![]);
        set_field(
            &mut fresh,
            "card:a",
            &en.entries["card:a"],
            Field::Text,
            "Testo",
        );
        assert_eq!(fresh.entries["card:a"].text.as_deref(), Some("Testo"));
        assert_eq!(
            status(&en.entries["card:a"], fresh.entries.get("card:a")),
            Status::Missing
        );
        set_field(&mut fresh, "card:a", &en.entries["card:a"], Field::Text, "");
        assert_eq!(fresh.entries["card:a"].text, None);
    }

    #[test]
    fn mark_reviewed_records_todays_source() {
        let (en, mut it) = pair();
        assert!(mark_reviewed(&mut it, "space:x", &en.entries["space:x"]));
        assert_eq!(
            status(&en.entries["space:x"], it.entries.get("space:x")),
            Status::Translated
        );
        assert_eq!(coverage(&en, &it).stale, 0);
        assert!(!mark_reviewed(&mut it, "space:y", &en.entries["space:y"]));
        assert!(!it.entries.contains_key("space:y"));
    }

    #[test]
    fn language_codes_are_checked() {
        let have = vec!["en".to_owned(), "it".to_owned()];
        assert!(check_language_code("fr", &have).is_ok());
        assert!(check_language_code("pt-br", &have).is_ok());
        assert!(check_language_code("zh-hant1", &have).is_ok());
        for bad in [
            "",
            "f",
            "FR",
            "fr_ca",
            "toolonglang",
            "-fr",
            "it",
            "fr ca",
            "é1",
        ] {
            assert!(check_language_code(bad, &have).is_err(), "{bad}");
        }
        assert!(
            check_language_code("Fr", &have)
                .unwrap_err()
                .contains("`F` cannot be part")
        );
        assert!(
            check_language_code("it", &have)
                .unwrap_err()
                .contains("already")
        );
    }

    #[test]
    fn the_target_language_is_the_chosen_one_or_the_first_other() {
        let langs = vec!["de".to_owned(), "en".to_owned(), "it".to_owned()];
        assert_eq!(
            target_language(Some("it"), &langs, "en").as_deref(),
            Some("it")
        );
        assert_eq!(target_language(None, &langs, "en").as_deref(), Some("de"));
        assert_eq!(
            target_language(Some("fr"), &langs, "en").as_deref(),
            Some("de")
        );
        assert_eq!(
            target_language(Some("en"), &langs, "en").as_deref(),
            Some("de")
        );
        assert_eq!(target_language(None, &["en".to_owned()], "en"), None);
    }

    #[test]
    fn only_rows_meeting_the_visible_band_are_laid_out() {
        let tops = row_tops([10.0, 20.0, 10.0, 30.0]);
        assert_eq!(tops, [0.0, 10.0, 30.0, 40.0, 70.0]);
        assert_eq!(visible_rows(&tops, 0.0, 5.0), 0..1);
        assert_eq!(visible_rows(&tops, 10.0, 35.0), 1..3);
        assert_eq!(visible_rows(&tops, 15.0, 45.0), 1..4);
        assert_eq!(visible_rows(&tops, 0.0, 1000.0), 0..4);
        assert_eq!(visible_rows(&tops, 80.0, 100.0), 4..4);
        assert_eq!(visible_rows(&row_tops([]), 0.0, 100.0), 0..0);
    }
}
