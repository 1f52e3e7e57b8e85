//! The references of cards.ron (decks and their groups, cards, units, spaces) and the keys of
//! the text files.

use crate::analysis::ids::Ids;
use crate::analysis::text_keys::{Named, named};
use crate::load::spans::child;
use crate::load::{Doc, GameFolder};
use crate::model::{Id, TextFile};

use super::target::{Target, Visit};

pub fn cards(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let (Some(c), Some(g)) = (&folder.cards, &folder.game) else {
        return;
    };
    for (i, card) in c.value.cards.iter().enumerate() {
        let p = |f: &str| format!("/cards/{i}/{f}");
        // The deck is looked up here, not taken from the visitor's answer: a visitor that
        // says yes to an unknown deck (an index, a renamer) must not index past the decks.
        let named = refs.visit(Target::Id(&ids.decks), &card.deck, &|| c.at(&p("deck")));
        let deck = ids
            .decks
            .index(&card.deck)
            .and_then(|d| g.value.decks.get(d));
        if let (true, Some(deck)) = (named, deck) {
            refs.visit(Target::DeckGroup(deck), &card.group, &|| c.at(&p("group")));
        }
        for (field, list) in [
            ("requires", &card.requires),
            ("cancels", &card.cancels),
            ("prevents", &card.prevents),
        ] {
            for (j, r) in list.iter().enumerate() {
                refs.visit(Target::Id(&ids.cards), r, &|| {
                    c.at(&format!("/cards/{i}/{field}/{j}"))
                });
            }
        }
        for (j, r) in card.reinforcements.iter().enumerate() {
            if folder.units.is_some() {
                refs.visit(Target::Id(&ids.units), &r.unit, &|| {
                    c.at(&format!("/cards/{i}/reinforcements/{j}/unit"))
                });
            }
            if folder.map.is_some() && !r.to.is_empty() {
                refs.visit(Target::Id(&ids.spaces), &r.to, &|| {
                    c.at(&format!("/cards/{i}/reinforcements/{j}/to"))
                });
            }
            if let Some(f) = &r.at_capital_or_source_of {
                refs.visit(Target::Id(&ids.factions), f, &|| {
                    c.at(&format!(
                        "/cards/{i}/reinforcements/{j}/at_capital_or_source_of"
                    ))
                });
            }
        }
        super::effects::steps(ids, &c.src, &p("effects"), &card.effects, refs);
        for (j, v) in card.rp_by_faction.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), &v.faction, &|| {
                c.at(&format!("/cards/{i}/rp_by_faction/{j}/faction"))
            });
        }
        if let Some(option) = &card.optional {
            refs.visit(Target::Id(&ids.rulesets), option, &|| c.at(&p("optional")));
        }
        if folder.map.is_some() {
            for (j, s) in card.spaces.iter().enumerate() {
                refs.visit(Target::Id(&ids.spaces), s, &|| {
                    c.at(&format!("/cards/{i}/spaces/{j}"))
                });
            }
        }
    }
}

pub fn texts(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    for (_, doc) in &folder.texts {
        for key in doc.value.entries.keys() {
            text_key(ids, doc, key, refs);
        }
    }
}

/// One key of a text file (`space:metz`): the thing it names, or the key itself when its
/// prefix is no kind. False when `refs` judged it unresolved.
pub fn text_key(ids: &Ids<'_>, doc: &Doc<TextFile>, key: &Id, refs: &mut impl Visit) -> bool {
    let at = || doc.at_key(&child("/entries", key));
    match named(key) {
        // a thing whose file did not load cannot be judged
        Named::Thing(kind, id) => {
            let table = kind.table(ids);
            !table.loaded || refs.visit(Target::Id(table), id, &at)
        }
        Named::Game => true,
        Named::AttrValue(v) => ids.has_attr_value(v) || refs.visit(Target::TextKey, key, &at),
        Named::NoKind => refs.visit(Target::TextKey, key, &at),
    }
}
