//! `text.<lang>.ron`: display text in one language.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{LongText, ShortText};
use super::sorted::SortedMap;

/// A text file's entries by key: a map kept as one list sorted by key ([`SortedMap`]). Files
/// list their keys in order, so reading one is a pass that checks the order; a `BTreeMap`
/// built from it took a second copy while it was built and some 12% more room once built (a
/// 100,000-space game's three languages hold 650,000 entries).
pub type TextEntries = SortedMap<TextEntry>;

/// The display text of a game in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextFile {
    /// Language code; must match the `<lang>` of the file name.
    pub language: String,
    /// Entries by key: `card:<id>`, `space:<id>`, `unit:<id>`, `faction:<id>`, `side:<id>`,
    /// `area:<id>`, `deck:<id>`, `track:<id>`, `marker:<id>` (a marker kind), `game`; and,
    /// optional (shown as the id without one), `terrain:<id>`, `location_kind:<id>`,
    /// `link_kind:<id>`, `unit_kind:<id>`; optional too, `scenario:<id>`, `group:<id>` (a group
    /// of cards of any deck, printed on its cards), `ruleset:<id>` and `attr:<id>` (a declared
    /// attribute) (shown as the id in words without one), `label:<id>` (a word of the
    /// printout's own, e.g. `label:fort`, shown in English without one, or the words an event's
    /// `If` says, shown as the id in words without one); `value:<attribute>.<value>` (a named
    /// value).
    pub entries: TextEntries,
}

/// The text of one thing in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextEntry {
    /// Display name (a card's title, a space's name).
    pub name: ShortText,
    /// Longer text (a card's event), which may refer to things with placeholders such as
    /// `{card:<id>}`, `{space:<id>}` or `{unit:<id>}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub text: Option<LongText>,
    /// In a translation: the source-language text it was made from, so that a change to the
    /// source shows the translation as stale. Absent in the source language's own file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceRecord>,
}

/// The source-language text a translation was made from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceRecord {
    /// The source name at translation time.
    pub name: ShortText,
    /// The source text at translation time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub text: Option<LongText>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Id;

    fn entry(name: &str) -> TextEntry {
        TextEntry {
            name: name.into(),
            text: None,
            source: None,
        }
    }

    #[test]
    fn an_entry_with_its_key_stays_within_88_bytes() {
        // a large game holds hundreds of thousands of entries: a `String` for each text made
        // an entry 120 bytes (BENCHMARKS.md, session 14)
        assert!(std::mem::size_of::<(Id, TextEntry)>() <= 88);
        assert!(std::mem::size_of::<Option<LongText>>() <= 8);
    }

    #[test]
    fn unsorted_input_is_sorted_and_a_repeated_key_keeps_its_last_entry() {
        let e: TextEntries = [
            ("space:b", entry("B")),
            ("card:a", entry("A1")),
            ("card:a", entry("A2")),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            e.keys().map(Id::as_str).collect::<Vec<_>>(),
            ["card:a", "space:b"]
        );
        assert_eq!(e["card:a"].name, "A2");
    }

    #[test]
    fn insert_and_remove_keep_the_order() {
        let mut e = TextEntries::new();
        assert!(e.insert("space:b", entry("B")).is_none());
        assert!(e.insert("game", entry("G")).is_none());
        assert_eq!(
            e.insert("space:b", entry("B2")).map(|x| x.name),
            Some("B".into())
        );
        assert_eq!(
            e.keys().map(Id::as_str).collect::<Vec<_>>(),
            ["game", "space:b"]
        );
        assert_eq!(e.remove("game").map(|x| x.name), Some("G".into()));
        assert!(e.remove("game").is_none());
        assert!(!e.contains_key("game") && e.contains_key("space:b"));
    }

    #[test]
    fn reads_and_writes_as_a_map_in_key_order() {
        let e: TextEntries =
            serde_json::from_str(r#"{"space:b": {"name": "B"}, "card:a": {"name": "A"}}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"card:a":{"name":"A"},"space:b":{"name":"B"}}"#
        );
    }
}
