//! The references of effect steps (a card's `effects`, a schedule's `steps`), wherever they
//! are written: units, spaces, factions, sides, marker kinds, tracks, decks, cards, and the
//! entity a `SetAttr` names, the text key an `If` says.

use crate::analysis::ids::{IdTable, Ids};
use crate::analysis::text_keys::{Named, named};
use crate::load::SourceFile;
use crate::model::{CardsTo, Id, Step};

use super::target::{Target, Visit};

/// Each step of `steps`, written at the JSON pointer `list` in `src`.
pub fn steps(ids: &Ids<'_>, src: &SourceFile, list: &str, steps: &[Step], refs: &mut impl Visit) {
    for (i, step) in steps.iter().enumerate() {
        let here = format!("{list}/{i}/{}", variant(step));
        one(ids, src, &here, step, refs);
    }
}

/// The name a step is written under (`Place`), the key of its pointer.
pub fn variant(step: &Step) -> &'static str {
    match step {
        Step::Place { .. } => "Place",
        Step::Remove { .. } => "Remove",
        Step::Move { .. } => "Move",
        Step::Reduce { .. } => "Reduce",
        Step::Restore { .. } => "Restore",
        Step::Control { .. } => "Control",
        Step::PlaceMarker { .. } => "PlaceMarker",
        Step::RemoveMarker { .. } => "RemoveMarker",
        Step::SetTrack { .. } => "SetTrack",
        Step::ShiftTrack { .. } => "ShiftTrack",
        Step::EnterWar { .. } => "EnterWar",
        Step::LimitedEntry { .. } => "LimitedEntry",
        Step::ChangeSide { .. } => "ChangeSide",
        Step::Relation { .. } => "Relation",
        Step::Cards { .. } => "Cards",
        Step::CloseLinks { .. } => "CloseLinks",
        Step::OpenLinks { .. } => "OpenLinks",
        Step::GainSupplySource { .. } => "GainSupplySource",
        Step::LoseSupplySource { .. } => "LoseSupplySource",
        Step::SetAttr { .. } => "SetAttr",
        Step::Play { .. } => "Play",
        Step::If { .. } => "If",
        Step::OneOf(_) => "OneOf",
        Step::UpTo { .. } => "UpTo",
    }
}

fn one(ids: &Ids<'_>, src: &SourceFile, here: &str, step: &Step, refs: &mut impl Visit) {
    if let Step::If {
        says: Some(key), ..
    } = step
        && named(key) == Named::NoKind
    {
        refs.visit(Target::TextKey, key, &|| src.at(&format!("{here}/says")));
    }
    let mut at = |target: Target<'_>, value: &str, field: &str| {
        refs.visit(target, value, &|| src.at(&format!("{here}/{field}")));
    };
    let mut id = |table: &IdTable<'_>, value: &str, field: &str| {
        // a reference into a file that did not load is not judged (no cascades)
        if table.loaded {
            at(Target::Id(table), value, field);
        }
    };
    let each = |id: &mut dyn FnMut(&IdTable<'_>, &str, &str), table, values: &[Id], field| {
        for (j, v) in values.iter().enumerate() {
            id(table, v, &format!("{field}/{j}"));
        }
    };
    match step {
        Step::Place { units, at, .. } => {
            each(&mut id, &ids.units, units, "units");
            id(&ids.spaces, at, "at");
        }
        Step::Remove { units } | Step::Reduce { units } | Step::Restore { units } => {
            each(&mut id, &ids.units, units, "units");
        }
        Step::Move { units, to } => {
            each(&mut id, &ids.units, units, "units");
            id(&ids.spaces, to, "to");
        }
        Step::Control { space, faction } => {
            id(&ids.spaces, space, "space");
            if let Some(f) = faction {
                id(&ids.factions, f, "faction");
            }
        }
        Step::PlaceMarker { kind, at, side } => {
            id(&ids.marker_kinds, kind, "kind");
            id(&ids.spaces, at, "at");
            if let Some(s) = side {
                refs.visit(Target::SideOrFaction, s, &|| {
                    src.at(&format!("{here}/side"))
                });
            }
        }
        Step::RemoveMarker { kind, at } => {
            id(&ids.marker_kinds, kind, "kind");
            id(&ids.spaces, at, "at");
        }
        Step::SetTrack { track, .. } | Step::ShiftTrack { track, .. } => {
            id(&ids.tracks, track, "track");
        }
        Step::EnterWar { faction } | Step::LimitedEntry { faction } => {
            id(&ids.factions, faction, "faction");
        }
        Step::ChangeSide { faction, side } => {
            id(&ids.factions, faction, "faction");
            id(&ids.sides, side, "side");
        }
        Step::Relation { factions, .. } => {
            id(&ids.factions, &factions.0, "factions/0");
            id(&ids.factions, &factions.1, "factions/1");
        }
        Step::Cards { cards, to } => {
            each(&mut id, &ids.cards, cards, "cards");
            match to {
                CardsTo::Deck(d) => id(&ids.decks, d, "to/Deck"),
                CardsTo::Hand(h) => {
                    refs.visit(Target::SideOrFaction, h, &|| {
                        src.at(&format!("{here}/to/Hand"))
                    });
                }
                CardsTo::InPlay | CardsTo::Removed => {}
            }
        }
        Step::CloseLinks { links, kind } | Step::OpenLinks { links, kind } => {
            for (j, (a, b)) in links.iter().enumerate() {
                id(&ids.spaces, a, &format!("links/{j}/0"));
                id(&ids.spaces, b, &format!("links/{j}/1"));
            }
            if let Some(kind) = kind {
                id(&ids.link_kinds, kind, "kind");
            }
        }
        Step::GainSupplySource { space, faction } | Step::LoseSupplySource { space, faction } => {
            id(&ids.spaces, space, "space");
            id(&ids.factions, faction, "faction");
        }
        Step::SetAttr { of, .. } => {
            // `scenario` alone is the state's own scenario, not a `scenario:<id>` key
            if of != "scenario"
                && let Named::Thing(kind, name) = named(of)
            {
                id(kind.table(ids), name, "of");
            }
        }
        Step::Play { card } => id(&ids.cards, card, "card"),
        Step::If {
            says,
            then,
            otherwise,
            ..
        } => {
            // the words of the condition: a text key, judged as one
            if let Some(Named::Thing(kind, name)) = says.as_deref().map(named) {
                id(kind.table(ids), name, "says");
            }
            steps(ids, src, &format!("{here}/then"), then, refs);
            steps(ids, src, &format!("{here}/otherwise"), otherwise, refs);
        }
        Step::OneOf(options) => {
            for (j, option) in options.iter().enumerate() {
                steps(ids, src, &format!("{here}/{j}"), option, refs);
            }
        }
        Step::UpTo { of, .. } => {
            steps(ids, src, &format!("{here}/of"), of, refs);
        }
    }
}
