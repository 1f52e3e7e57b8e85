//! `text.<lang>.ron`: display text in one language.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{Id, ShortText};

/// The display text of a game in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextFile {
    /// Language code; must match the `<lang>` of the file name.
    pub language: String,
    /// Entries by key: `card:<id>`, `space:<id>`, `unit:<id>`, `faction:<id>`, `side:<id>`,
    /// `area:<id>`, `deck:<id>`, `track:<id>`, `marker:<id>` (a marker kind), `game`.
    #[serde(deserialize_with = "entries_in_bulk")]
    #[schemars(with = "BTreeMap<String, TextEntry>")]
    pub entries: BTreeMap<Id, TextEntry>,
}

/// Reads the entries into a list first and builds the map in one go: files list their keys
/// in order, and the bulk build costs one comparison per key where inserting one by one cost
/// a search each (a twentieth of a clean run's time). A repeated key keeps its last value,
/// as inserting would (the loaders refuse repeated keys before this).
fn entries_in_bulk<'de, D: serde::Deserializer<'de>>(
    de: D,
) -> Result<BTreeMap<Id, TextEntry>, D::Error> {
    struct Entries;
    impl<'de> serde::de::Visitor<'de> for Entries {
        type Value = BTreeMap<Id, TextEntry>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a map of text entries")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut list = Vec::with_capacity(map.size_hint().unwrap_or(0));
            while let Some(entry) = map.next_entry::<Id, TextEntry>()? {
                list.push(entry);
            }
            Ok(list.into_iter().collect())
        }
    }
    de.deserialize_map(Entries)
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
    pub text: Option<String>,
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
    pub text: Option<String>,
}
