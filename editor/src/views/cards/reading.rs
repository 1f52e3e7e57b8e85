//! What the Cards view reads from the document: the source-language text, titles, and the
//! ids each pick list offers.

use orbat_validator::model::{Id, TextFile};

use crate::decks;
use crate::document::Document;

/// The source-language text file, where titles and event texts are written.
pub(super) fn source_text(doc: &Document) -> Option<&TextFile> {
    doc.text(&doc.game()?.source_language)
}

pub(super) fn source_lang(doc: &Document) -> Option<String> {
    doc.game().map(|g| g.source_language.clone())
}

pub(super) fn title<'a>(text: Option<&'a TextFile>, card: &str) -> Option<&'a str> {
    text?
        .entries
        .get(format!("card:{card}").as_str())
        .map(|e| e.name.as_str())
}

/// Ids with their display names, for pick lists.
pub(super) struct Options {
    pub(super) cards: Vec<(String, String)>,
    pub(super) spaces: Vec<(String, String)>,
    pub(super) units: Vec<(String, String)>,
    /// Decks with their groups.
    pub(super) decks: Vec<(Id, Vec<Id>)>,
    /// Every `kind:id` a placeholder may name, sorted.
    pub(super) targets: Vec<String>,
}

impl Options {
    pub(super) fn of(doc: &Document) -> Self {
        let text = source_text(doc);
        let named = |kind: &str, id: &str| {
            let name = text
                .and_then(|t| t.entries.get(format!("{kind}:{id}").as_str()))
                .map(|e| e.name.to_string())
                .unwrap_or_default();
            (id.to_owned(), name)
        };
        let cards: Vec<_> = doc
            .cards()
            .iter()
            .flat_map(|f| &f.cards)
            .map(|c| named("card", &c.id))
            .collect();
        let spaces: Vec<_> = doc
            .map()
            .iter()
            .flat_map(|m| &m.spaces)
            .map(|sp| named("space", &sp.id))
            .collect();
        let units: Vec<_> = doc
            .units()
            .iter()
            .flat_map(|u| &u.units)
            .map(|u| named("unit", &u.id))
            .collect();
        let decks = doc
            .game()
            .iter()
            .flat_map(|g| &g.decks)
            .map(|d| {
                (
                    d.id.clone(),
                    d.groups.iter().map(|g| g.id.clone()).collect(),
                )
            })
            .collect();
        let ids = |v: &[(String, String)]| {
            v.iter()
                .map(|(id, _)| Id::from(id.as_str()))
                .collect::<Vec<_>>()
        };
        let targets =
            decks::placeholder_targets(doc.game(), doc.cards(), &ids(&spaces), &ids(&units));
        Options {
            cards,
            spaces,
            units,
            decks,
            targets,
        }
    }

    pub(super) fn groups(&self, deck: &str) -> &[Id] {
        self.decks
            .iter()
            .find(|(d, _)| d == deck)
            .map_or(&[], |(_, g)| g.as_slice())
    }
}
