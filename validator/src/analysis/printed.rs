//! The words a printout shows whose text the source language's file may leave out: the names
//! of the game's vocabulary, scenarios, deck groups and rulesets, and Orbat's own labels. Each
//! has a default ([`KeyKind::unnamed`]: a label's English word, an id as words, an id), which
//! the printout shows without an entry and `orbat-po` exports as the msgid, so that every
//! printed word can be translated.

use crate::load::GameFolder;
use crate::model::{TextEntry, TextFile};

use super::ids::Ids;
use super::text_keys::KeyKind;

/// The kinds whose names a printout shows and a game need not give (T001 asks for the others).
pub const PRINTED: [KeyKind; 7] = [
    KeyKind::Terrain,
    KeyKind::LinkKind,
    KeyKind::Scenario,
    KeyKind::Group,
    KeyKind::Ruleset,
    KeyKind::Label,
    KeyKind::Attr,
];

/// Every key of a [`PRINTED`] kind the folder has a thing for, with what a printout shows
/// for it without an entry, in key order.
pub fn defaults(folder: &GameFolder) -> Vec<(String, String)> {
    let ids = Ids::build(folder);
    let mut out: Vec<(String, String)> = PRINTED
        .iter()
        .flat_map(|&kind| {
            kind.table(&ids)
                .order
                .iter()
                .map(move |id| (format!("{}:{id}", kind.prefix()), kind.unnamed(id)))
        })
        .collect();
    out.sort();
    out
}

/// `source` with an entry for each default its file lacks: what a translator translates,
/// and what a PO file's msgids are.
pub fn with_defaults(folder: &GameFolder, source: &TextFile) -> TextFile {
    let mut out = source.clone();
    for (key, name) in defaults(folder) {
        if !out.entries.contains_key(&key) {
            let entry = TextEntry {
                name: name.as_str().into(),
                text: None,
                source: None,
            };
            out.entries.insert(key, entry);
        }
    }
    out
}
