//! The fields of a step that holds no steps of its own, each with its widget: ids from pick
//! lists of the game's ids of the field's kind, numbers as drag values, flags as check boxes.
//! (`If`, `OneOf` and `UpTo` are drawn by the list, which draws their steps.)

use egui::Ui;
use orbat_validator::model::{AttrValue, CardsTo, Id, Step};

use super::super::edits::gesture_key;
use super::form::{Form, written};
use super::widgets::{check, choice, id, ids, number, optional_id};
use crate::steps::{Named, STANCES};

/// The fields of `step`, named `name` (`step 1`), on its row.
pub(super) fn fields(ui: &mut Ui, f: &mut Form<'_, '_>, name: &str, step: &mut Step) {
    let o = f.ids;
    match step {
        Step::Place { units, at, reduced } => {
            ids(ui, f, name, "units", units, &o.units);
            id(ui, f, name, "at", at, &o.spaces);
            check(ui, f, name, "reduced", reduced);
        }
        Step::Remove { units } | Step::Reduce { units } | Step::Restore { units } => {
            ids(ui, f, name, "units", units, &o.units);
        }
        Step::Move { units, to } => {
            ids(ui, f, name, "units", units, &o.units);
            id(ui, f, name, "to", to, &o.spaces);
        }
        Step::Control { space, faction } => {
            id(ui, f, name, "space", space, &o.spaces);
            optional_id(
                ui,
                f,
                (name, "faction"),
                faction,
                &o.factions,
                "(uncontrolled)",
            );
        }
        Step::PlaceMarker { kind, at, side } => {
            id(ui, f, name, "kind", kind, &o.marker_kinds);
            id(ui, f, name, "at", at, &o.spaces);
            // a side only for a per_side kind, or when one is written
            if o.per_side.contains(kind) || side.is_some() {
                optional_id(ui, f, (name, "side"), side, &o.holders, "(none)");
            }
        }
        Step::RemoveMarker { kind, at } => {
            id(ui, f, name, "kind", kind, &o.marker_kinds);
            id(ui, f, name, "at", at, &o.spaces);
        }
        Step::SetTrack { track, value } => {
            id(ui, f, name, "track", track, &o.tracks);
            number(ui, f, (name, "value"), value, i32::MIN);
        }
        Step::ShiftTrack { track, by } => {
            id(ui, f, name, "track", track, &o.tracks);
            number(ui, f, (name, "by"), by, i32::MIN);
        }
        Step::EnterWar { faction } | Step::LimitedEntry { faction } => {
            id(ui, f, name, "faction", faction, &o.factions);
        }
        Step::ChangeSide { faction, side } => {
            id(ui, f, name, "faction", faction, &o.factions);
            id(ui, f, name, "side", side, &o.sides);
        }
        Step::Relation { factions, stance } => {
            id(ui, f, name, "factions", &mut factions.0, &o.factions);
            id(ui, f, name, "and", &mut factions.1, &o.factions);
            choice(ui, f, (name, "stance"), stance, &STANCES);
        }
        Step::Cards { cards, to } => {
            ids(ui, f, name, "cards", cards, &o.cards);
            cards_to(ui, f, name, to);
        }
        Step::CloseLinks { links, kind } | Step::OpenLinks { links, kind } => {
            links_field(ui, f, name, links);
            optional_id(ui, f, (name, "kind"), kind, &o.link_kinds, "any kind");
        }
        Step::GainSupplySource { space, faction } | Step::LoseSupplySource { space, faction } => {
            id(ui, f, name, "space", space, &o.spaces);
            id(ui, f, name, "faction", faction, &o.factions);
        }
        Step::SetAttr { of, attr, value } => set_attr(ui, f, name, of, attr, value),
        Step::Play { card } => {
            // the card itself is not offered: a card playing itself is a cycle (E004)
            let others: Vec<Named> = o
                .cards
                .iter()
                .filter(|(c, _)| c != f.card)
                .cloned()
                .collect();
            id(ui, f, name, "card", card, &others);
        }
        Step::If { .. } | Step::OneOf(_) | Step::UpTo { .. } => {}
    }
}

/// Where cards go: a deck (which), a hand (whose), in play, or out of the game.
fn cards_to(ui: &mut Ui, f: &mut Form<'_, '_>, name: &str, to: &mut CardsTo) {
    let o = f.ids;
    let first = |l: &[Named]| l.first().map(|(id, _)| id.clone()).unwrap_or_default();
    let mut kind = match to {
        CardsTo::Deck(_) => "Deck",
        CardsTo::Hand(_) => "Hand",
        CardsTo::InPlay => "InPlay",
        CardsTo::Removed => "Removed",
    };
    let was = kind;
    choice(
        ui,
        f,
        (name, "to"),
        &mut kind,
        &[
            ("Deck", "a deck"),
            ("Hand", "a hand"),
            ("InPlay", "in play"),
            ("Removed", "out of the game"),
        ],
    );
    if kind != was {
        *to = match kind {
            "Deck" => CardsTo::Deck(first(&o.decks)),
            "Hand" => CardsTo::Hand(first(&o.holders)),
            "InPlay" => CardsTo::InPlay,
            _ => CardsTo::Removed,
        };
    }
    match to {
        CardsTo::Deck(d) => id(ui, f, name, "deck", d, &o.decks),
        CardsTo::Hand(h) => id(ui, f, name, "hand of", h, &o.holders),
        CardsTo::InPlay | CardsTo::Removed => {}
    }
}

/// Links by their two ends, each picked from map.ron's links.
fn links_field(ui: &mut Ui, f: &mut Form<'_, '_>, name: &str, links: &mut Vec<(Id, Id)>) {
    let o = f.ids;
    let text = |(a, b): &(Id, Id)| Id::from(format!("{a} – {b}"));
    let options: Vec<Named> = o.links.iter().map(|l| (text(l), String::new())).collect();
    // a link written b to a is the same link: shown as map.ron writes it
    let as_written = |l: &(Id, Id)| {
        o.links
            .iter()
            .find(|m| (m.0 == l.0 && m.1 == l.1) || (m.0 == l.1 && m.1 == l.0))
    };
    let mut shown: Vec<Id> = links
        .iter()
        .map(|l| text(as_written(l).unwrap_or(l)))
        .collect();
    let before = shown.clone();
    ids(ui, f, name, "links", &mut shown, &options);
    let back = |s: &Id| o.links.iter().find(|l| text(l) == *s).cloned();
    // only the entry changed is rebuilt: a link written b to a elsewhere stays so
    if shown.len() > before.len() {
        links.extend(shown.last().and_then(back));
    } else if shown.len() < before.len() {
        let gone = (0..shown.len())
            .find(|&i| shown[i] != before[i])
            .unwrap_or(shown.len());
        links.remove(gone);
    } else {
        for (i, s) in shown.iter().enumerate() {
            if *s != before[i]
                && let Some(l) = back(s)
            {
                links[i] = l;
            }
        }
    }
}

/// The entity, the attribute declared for its kind, and the value (with the widget of the
/// attribute's type; a value of another type, written by hand, is shown and kept).
fn set_attr(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    name: &str,
    of: &mut Id,
    attr: &mut Id,
    value: &mut AttrValue,
) {
    let o = f.ids;
    id(ui, f, name, "of", of, &o.entities);
    let declared = o.attributes_of(of);
    let attrs: Vec<Named> = declared
        .iter()
        .map(|(d, _)| (d.id.clone(), String::new()))
        .collect();
    let was = attr.clone();
    id(ui, f, name, "attr", attr, &attrs);
    let decl = declared.iter().find(|(d, _)| d.id == *attr);
    if *attr != was
        && let Some((_, start)) = decl
    {
        // a value of the old attribute may not fit the new one
        *value = start.clone();
    }
    match (decl, value) {
        (Some((d, _)), AttrValue::List(items)) if d.list && d.keys.is_none() => {
            super::attr_list::items(ui, f, name, d, items);
        }
        (Some((d, _)), value) if !d.list && d.keys.is_none() => {
            let l = ui.weak("value").id;
            let before = value.clone();
            let busy = crate::attr_fields::one(ui, f.c.doc, d, l, value);
            // a number dragged or a text typed is one undo step
            let key = gesture_key(f.c, f.typing, l, busy);
            if *value != before {
                f.changed(format!("change {name} value"));
                f.key = key;
            }
        }
        (Some(_), value) => {
            ui.weak("value");
            ui.label(written(value)).on_hover_text(
                "a list or a map by id that does not fit here: write it in the file",
            );
        }
        (None, value) => {
            ui.weak("value");
            ui.label(written(value))
                .on_hover_text("no such attribute is declared for it: pick one");
        }
    }
}
