//! The translator's logic, without egui: which entries of a language are missing, stale or
//! translated, the coverage figures, placeholder differences, and the edits a translator makes
//! to a `TextFile` (typing into an entry, marking it reviewed).
//!
//! What an entry's status is, the coverage and the placeholder differences are the
//! validator's own judgements (`analysis/text/judge.rs`, which T002-T006 report), so what the
//! view shows is what the diagnostics say.

pub use orbat_validator::analysis::text::judge::{
    Coverage, PlaceholderDiff, Staleness, Status, coverage, placeholder_diff, record_of, status,
};
use orbat_validator::model::{ShortText, TextEntries, TextEntry, TextFile};

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
            key: key.to_string(),
            status: status(src, target.entries.get(key)),
            has_text: src.text.is_some(),
        })
        .collect()
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
                    && source.entries.get(r.key.as_str()).is_some_and(|src| {
                        search_finds(&needle, &r.key, src, target.entries.get(r.key.as_str()))
                    }))
        })
        .collect()
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
    let entry = file.entries.get_or_insert_with(key, || TextEntry {
        name: ShortText::default(),
        text: None,
        source: Some(record_of(source)),
    });
    match field {
        Field::Name => entry.name = value.into(),
        Field::Text => entry.text = (!value.is_empty()).then(|| value.into()),
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
        entries: TextEntries::new(),
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
    use orbat_validator::model::SourceRecord;

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
