//! The card editor: deck, group, numbers and flags; its references and texts have their own
//! modules.

use egui::{ComboBox, DragValue, Ui};
use orbat_validator::model::{Card, Id};

use super::edits::{merge_key, set_card};
use super::effects;
use super::reading::Options;
use super::references::{RefField, references, reinforcements};
use super::state::CardsState;
use super::text::texts;
use crate::ctx::Ctx;
use crate::document::FileId;
use crate::id_uses::Renamed;

pub(super) fn editor(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState, id: &str) {
    let Some(card) = c
        .doc
        .cards()
        .and_then(|f| f.cards.iter().find(|c| c.id == id))
        .cloned()
    else {
        return;
    };
    let options = Options::of(c.doc);
    ui.heading(format!("Card {id}"));
    if let Some(to) = st.id_field.show(ui, id) {
        let index = c
            .doc
            .cards()
            .and_then(|f| f.cards.iter().position(|c| c.id == id))
            .unwrap_or_default();
        let what = Renamed {
            kind: "card",
            file: FileId::Cards,
            list: "/cards",
            index,
            key_prefix: Some("card:"),
            deck: None,
        };
        if st.id_field.rename(c, &what, id, &to) {
            st.selected = Some(to);
        }
        return;
    }
    diagnostics(ui, c, &card);
    fields(ui, c, st, &card, &options);
    ui.separator();
    texts(ui, c, st, &card, &options);
    ui.separator();
    let mut any_open = false;
    for field in RefField::ALL {
        any_open |= references(ui, c, st, &card, field, &options);
    }
    any_open |= reinforcements(ui, c, st, &card, &options);
    ui.separator();
    any_open |= effects::event(ui, c, st, &card);
    if !any_open {
        st.pick_search.clear();
    }
}

/// The validator's findings about this card: its entry in cards.ron and its texts.
pub(super) fn diagnostics(ui: &mut Ui, c: &Ctx<'_>, card: &Card) {
    let Some(index) = c
        .doc
        .cards()
        .and_then(|f| f.cards.iter().position(|c| c.id == card.id))
    else {
        return;
    };
    let in_cards = format!("/cards/{index}");
    let in_text = format!("/entries/card:{}", card.id);
    let mine = |d: &&orbat_validator::Diagnostic| {
        let file = d
            .location
            .file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let pointer = d.location.pointer.as_deref().unwrap_or_default();
        let under = |p: &str| pointer == p || pointer.starts_with(&format!("{p}/"));
        (file == "cards.ron" && under(&in_cards)) || (file.starts_with("text.") && under(&in_text))
    };
    for d in c.doc.diagnostics.iter().filter(mine) {
        let colour = match d.severity {
            orbat_validator::Severity::Error => ui.visuals().error_fg_color,
            orbat_validator::Severity::Warning => ui.visuals().warn_fg_color,
        };
        ui.colored_label(colour, format!("{}: {}", d.code, d.message));
    }
}

pub(super) fn fields(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState, card: &Card, o: &Options) {
    let id = card.id.as_str();
    egui::Grid::new("card-fields")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("Deck");
            let deck_ids: Vec<Id> = o.decks.iter().map(|(d, _)| d.clone()).collect();
            if let Some(deck) = pick_one(ui, l.id, ("deck", id), &card.deck, &deck_ids) {
                // a group of the old deck means nothing in the new one: take the new deck's first
                let group = o.groups(&deck).first().cloned();
                set_card(c, id, "change card deck", None, |c| {
                    c.deck = deck;
                    if let Some(g) = group {
                        c.group = g;
                    }
                });
            }
            ui.end_row();
            let l = ui.label("Group");
            if let Some(group) =
                pick_one(ui, l.id, ("group", id), &card.group, o.groups(&card.deck))
            {
                set_card(c, id, "change card group", None, |c| c.group = group);
            }
            ui.end_row();
            number(ui, c, st, id, "Number", card.number, |c, v| c.number = v);
            number(ui, c, st, id, "Ops", card.ops, |c, v| c.ops = v);
            optional_number(ui, c, st, id, "SR", card.sr, |c, v| c.sr = v);
            optional_number(ui, c, st, id, "RP", card.rp, |c, v| c.rp = v);
            optional_number(ui, c, st, id, "War status", card.war_status, |c, v| {
                c.war_status = v
            });
            let rulesets: Vec<Id> = c
                .doc
                .game()
                .map(|g| g.rulesets.iter().map(|r| r.id.clone()).collect())
                .unwrap_or_default();
            let l = ui.label("Optional under");
            let mut optional = card.optional.clone();
            crate::pick::optional(ui, l.id, &mut optional, &rulesets);
            if optional != card.optional {
                set_card(c, id, "change card option", None, |c| c.optional = optional);
            }
            ui.end_row();
            ui.label("Flags");
            ui.vertical(|ui| {
                let mut combat = card.combat;
                if ui.checkbox(&mut combat, "Combat card").changed() {
                    set_card(c, id, "change combat flag", None, |c| c.combat = combat);
                }
                let mut removed = card.removed_after_play;
                if ui.checkbox(&mut removed, "Removed after play").changed() {
                    set_card(c, id, "change removed-after-play flag", None, |c| {
                        c.removed_after_play = removed;
                    });
                }
            });
            ui.end_row();
        });
    rp_by_faction(ui, c, card);
}

/// Replacement points per faction: a row each, a button to add one.
fn rp_by_faction(ui: &mut Ui, c: &mut Ctx<'_>, card: &Card) {
    let factions: Vec<Id> = c
        .doc
        .game()
        .map(|g| g.factions.iter().map(|f| f.id.clone()).collect())
        .unwrap_or_default();
    let id = card.id.as_str();
    let mut rows = card.rp_by_faction.clone();
    ui.label("RP per faction");
    let mut remove = None;
    for (i, row) in rows.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let l = ui.label(format!("RP {} faction", i + 1));
            crate::pick::one(ui, l.id, &mut row.faction, &factions);
            let l = ui.label("points");
            ui.add(DragValue::new(&mut row.value).range(0..=99))
                .labelled_by(l.id);
            if ui.button(format!("Remove RP {}", i + 1)).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        rows.remove(i);
    }
    if ui.button("Add RP for a faction").clicked() {
        rows.push(orbat_validator::model::FactionValue {
            faction: factions.first().cloned().unwrap_or_default(),
            value: 1,
        });
    }
    if rows != card.rp_by_faction {
        set_card(c, id, "change card RP per faction", None, |c| {
            c.rp_by_faction = rows
        });
    }
}

/// A pick list of ids; returns the id picked when it differs from `current`.
pub(super) fn pick_one(
    ui: &mut Ui,
    label: egui::Id,
    salt: (&str, &str),
    current: &str,
    options: &[Id],
) -> Option<Id> {
    let mut value = Id::from(current);
    let shown = if options.iter().any(|o| o == current) {
        current.to_owned()
    } else {
        format!("{current} (unknown)")
    };
    ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for o in options {
                ui.selectable_value(&mut value, o.clone(), o.as_str());
            }
        })
        .response
        .labelled_by(label);
    (value != current).then_some(value)
}

/// A number field as one grid row; a drag or a typing burst is one undo step.
pub(super) fn number(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut CardsState,
    id: &str,
    name: &str,
    value: u32,
    set: impl FnOnce(&mut Card, u32),
) {
    let l = ui.label(name);
    let mut v = value;
    let r = ui
        .add(DragValue::new(&mut v).range(0..=999))
        .labelled_by(l.id);
    let key = merge_key(c, &mut st.typing, &r);
    if v != value {
        set_card(
            c,
            id,
            &format!("change card {}", name.to_lowercase()),
            key,
            |c| set(c, v),
        );
    }
    ui.end_row();
}

/// A value the game may not use: a checkbox to have it, then its number.
pub(super) fn optional_number(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut CardsState,
    id: &str,
    name: &str,
    value: Option<u32>,
    set: impl FnOnce(&mut Card, Option<u32>),
) {
    let l = ui.label(name);
    let mut next = value;
    let mut key = None;
    ui.horizontal(|ui| {
        let mut has = value.is_some();
        ui.checkbox(&mut has, format!("has {name}"));
        next = match (has, value) {
            (true, None) => Some(1),
            (false, _) => None,
            (true, Some(mut n)) => {
                let r = ui
                    .add(DragValue::new(&mut n).range(0..=999))
                    .labelled_by(l.id);
                key = merge_key(c, &mut st.typing, &r);
                Some(n)
            }
        };
    });
    if next != value {
        set_card(c, id, &format!("change card {name}"), key, |c| set(c, next));
    }
    ui.end_row();
}
