//! Adding, duplicating and deleting cards; a card in use is deleted only after asking.

use egui::Ui;
use orbat_validator::model::{Card, Deck, DeckGroup, Id, TextEntry};

use super::reading::{source_lang, source_text, title};
use super::state::CardsState;
use crate::ctx::Ctx;
use crate::decks;
use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;

/// A new card after the selected one (in the shown deck, else the selected card's, else the
/// game's first), with a title in the source language: one undo step. In a game with no deck
/// yet, the same step declares the first one (`deck-1`, one group of one card), named.
pub(super) fn add_card(c: &mut Ctx<'_>, st: &mut CardsState) {
    let Some(cards) = c.doc.cards() else { return };
    let decks_of_game: Vec<(Id, Option<Id>)> = c
        .doc
        .game()
        .iter()
        .flat_map(|g| &g.decks)
        .map(|d| (d.id.clone(), d.groups.first().map(|g| g.id.clone())))
        .collect();
    let selected = st
        .selected
        .as_ref()
        .and_then(|id| cards.cards.iter().find(|c| c.id == id));
    let first_deck = decks_of_game.is_empty() && c.doc.game().is_some();
    let deck = st
        .query
        .deck
        .clone()
        .or_else(|| selected.map(|c| c.deck.clone()))
        .or_else(|| decks_of_game.first().map(|(d, _)| d.clone()))
        .unwrap_or_else(|| FIRST_DECK.into());
    let group = match selected {
        Some(c) if c.deck == deck => c.group.clone(),
        _ => decks_of_game
            .iter()
            .find(|(d, _)| d == deck)
            .and_then(|(_, g)| g.clone())
            .unwrap_or_else(|| FIRST_GROUP.into()),
    };
    let card = decks::new_card(cards, &deck, &group);
    let after = selected.map(|c| c.id.clone());
    let id = card.id.clone();
    let new = NewCard {
        card,
        after: after.as_deref(),
        name: "New card".into(),
        label: "add card",
        first_deck,
    };
    if insert(c, new) {
        st.selected = Some(id.to_string());
        st.query.text.clear();
        st.select_title = true;
    }
}

/// The deck and group a game's first card brings with it.
const FIRST_DECK: &str = "deck-1";
const FIRST_GROUP: &str = "group-1";

pub(super) fn duplicate_card(c: &mut Ctx<'_>, st: &mut CardsState) {
    let Some(cards) = c.doc.cards() else { return };
    let Some(original) = st
        .selected
        .as_ref()
        .and_then(|id| cards.cards.iter().find(|c| c.id == id))
    else {
        return;
    };
    let copy = decks::duplicate(cards, original);
    let name = title(source_text(c.doc), &original.id)
        .map_or_else(|| "Copy".to_owned(), |t| format!("{t} (copy)"));
    let (after, id) = (original.id.clone(), copy.id.clone());
    let new = NewCard {
        card: copy,
        after: Some(&after),
        name,
        label: "duplicate card",
        first_deck: false,
    };
    if insert(c, new) {
        st.selected = Some(id.to_string());
    }
}

/// A card to add: after which card (else at the end), its title, the undo step's label, and
/// whether its deck is the game's first, declared with it.
struct NewCard<'a> {
    card: Card,
    after: Option<&'a str>,
    name: String,
    label: &'a str,
    first_deck: bool,
}

/// Adds a card and its title entry (and its deck, when it is the first), as one undo step.
fn insert(c: &mut Ctx<'_>, new: NewCard<'_>) -> bool {
    let NewCard {
        card,
        after,
        name,
        label,
        first_deck,
    } = new;
    let Some(mut cards) = c.doc.cards().cloned() else {
        return false;
    };
    let at = after
        .and_then(|a| cards.cards.iter().position(|c| c.id == a))
        .map_or(cards.cards.len(), |i| i + 1);
    let key = format!("card:{}", card.id);
    let deck = card.deck.clone();
    let group = card.group.clone();
    cards.cards.insert(at, card);
    let mut edits = vec![set_file(FileId::Cards, FileValue::Cards(cards), label)];
    let mut names = vec![(key, name)];
    if first_deck && let Some(mut game) = c.doc.game().cloned() {
        game.decks.push(Deck {
            id: deck.clone(),
            owner: None,
            groups: vec![DeckGroup {
                id: group,
                count: 1,
            }],
        });
        edits.push(set_file(FileId::Game, FileValue::Game(game), label));
        names.push((format!("deck:{deck}"), "Deck".to_owned()));
    }
    if let Some(lang) = source_lang(c.doc)
        && let Some(mut text) = c.doc.text(&lang).cloned()
    {
        for (key, name) in names {
            let entry = TextEntry {
                name: name.into(),
                text: None,
                source: None,
            };
            text.entries.insert(key, entry);
        }
        edits.push(set_file(FileId::Text(lang), FileValue::Text(text), label));
    }
    c.apply(Edit::Batch {
        label: label.to_owned(),
        edits,
    });
    true
}

pub(super) fn set_file(id: FileId, value: FileValue, label: &str) -> Edit {
    Edit::SetFile {
        id,
        value: Box::new(value),
        label: label.to_owned(),
    }
}

/// Deletes at once a card nothing names; otherwise asks first, listing where it is used.
pub(super) fn ask_delete(c: &mut Ctx<'_>, st: &mut CardsState) {
    let Some(id) = st.selected.clone() else {
        return;
    };
    let used = usages(c.doc, &id);
    if used.is_empty() {
        delete_card(c, st, &id);
    } else {
        st.confirm_delete = Some((id, used));
    }
}

pub(super) fn usages(doc: &Document, id: &str) -> Vec<String> {
    let Some(cards) = doc.cards() else {
        return vec![];
    };
    let names = doc.scenario_files();
    let scenarios: Vec<_> = names
        .iter()
        .filter_map(|n| doc.scenario(n).map(|sc| (n.clone(), sc)))
        .collect();
    let langs = doc.languages();
    let texts: Vec<_> = langs
        .iter()
        .filter_map(|l| doc.text(l).map(|t| (l.clone(), t)))
        .collect();
    let source = doc.game().and_then(|g| doc.text(&g.source_language));
    decks::usages(id, cards, &scenarios, &texts, source)
}

pub(super) fn confirm_delete(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState) {
    let Some((id, used)) = st.confirm_delete.clone() else {
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Card {id} is used in {} places:", used.len()),
        );
        for u in &used {
            ui.label(format!("• {u}"));
        }
        ui.label(
            "Deleting it also takes it out of other cards and scenarios. Event texts that \
             name it keep their placeholder and will be listed as problems.",
        );
        ui.horizontal(|ui| {
            if ui.button("Delete it everywhere").clicked() {
                delete_card(c, st, &id);
            }
            if ui.button("Keep it").clicked() {
                st.confirm_delete = None;
            }
        });
    });
}

/// Deletes a card, the references other cards and scenarios make to it, and its text in
/// every language: one undo step.
pub(super) fn delete_card(c: &mut Ctx<'_>, st: &mut CardsState, id: &str) {
    let Some(mut cards) = c.doc.cards().cloned() else {
        return;
    };
    let label = format!("delete card {id}");
    decks::remove_card(&mut cards, id);
    let mut edits = vec![set_file(FileId::Cards, FileValue::Cards(cards), &label)];
    for name in c.doc.scenario_files() {
        let Some(mut sc) = c.doc.scenario(&name).cloned() else {
            continue;
        };
        if decks::place_of(&sc, id).is_some()
            && decks::move_card(&mut sc, None, id, &decks::Place::Unassigned).is_ok()
        {
            edits.push(set_file(
                FileId::Scenario(name),
                FileValue::Scenario(sc),
                &label,
            ));
        }
    }
    let key = format!("card:{id}");
    for lang in c.doc.languages() {
        if let Some(mut t) = c.doc.text(&lang).cloned()
            && t.entries.remove(key.as_str()).is_some()
        {
            edits.push(set_file(FileId::Text(lang), FileValue::Text(t), &label));
        }
    }
    c.apply(Edit::Batch { label, edits });
    st.selected = None;
    st.confirm_delete = None;
}
