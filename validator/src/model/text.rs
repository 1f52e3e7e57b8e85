//! `text.<lang>.ron`: display text in one language.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::ShortText;
use super::entries::TextEntries;

/// The display text of a game in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextFile {
    /// Language code; must match the `<lang>` of the file name.
    pub language: String,
    /// Entries by key: `card:<id>`, `space:<id>`, `unit:<id>`, `faction:<id>`, `side:<id>`,
    /// `area:<id>`, `deck:<id>`, `track:<id>`, `marker:<id>` (a marker kind), `game`.
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
