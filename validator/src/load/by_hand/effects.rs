//! Effect steps by hand (a card's `effects`, a schedule's `steps`), a schedule's entries, and
//! game.ron's `states` (which states some rules judge).

use super::reader::{Reader, once};
use crate::load::scan::MAX_DEPTH;
use crate::model::{CardsTo, Id, Scheduled, Stance, StateKind, StatesOf, Step};

/// `[(turns: [..], why: "..", steps: [..]), ...]`.
pub fn schedule(r: &mut Reader<'_>) -> Option<Vec<Scheduled>> {
    r.list(|r| {
        let (mut turns, mut why, mut steps) = (None, None, None);
        r.record(|r, field| match field {
            "turns" => once(&mut turns, r.list(Reader::u32)),
            "why" => once(&mut why, r.string()),
            "steps" => once(&mut steps, steps_list(r)),
            _ => None,
        })?;
        Some(Scheduled {
            turns: turns?,
            why: why.unwrap_or_default(),
            steps: steps?,
        })
    })
}

/// `[Step, ...]`.
pub fn steps_list(r: &mut Reader<'_>) -> Option<Vec<Step>> {
    r.list(step)
}

fn ids(r: &mut Reader<'_>) -> Option<Vec<Id>> {
    r.list(Reader::id)
}

/// How deep steps may nest (`If`, `OneOf`, `UpTo` inside each other) before this path gives
/// up, well before the direct path's [`MAX_DEPTH`] (each step is two or three of its levels):
/// the slow path then reports nesting past its limit. Unbounded, `OneOf` 2,000 deep (23 KB)
/// overflowed the stack.
const MAX_STEP_DEPTH: usize = MAX_DEPTH / 4;

fn step(r: &mut Reader<'_>) -> Option<Step> {
    r.p.depth += 1;
    if r.p.depth > MAX_STEP_DEPTH {
        return None;
    }
    let s = one_step(r);
    r.p.depth -= 1;
    s
}

fn one_step(r: &mut Reader<'_>) -> Option<Step> {
    let name = r.variant()?;
    if name == "OneOf" {
        let options = r.list(steps_list)?;
        r.open(b')')?;
        return Some(Step::OneOf(options));
    }
    let (mut units, mut at, mut to, mut reduced) = (None, None, None, None);
    let (mut space, mut faction, mut kind, mut side) = (None, None, None, None);
    let (mut track, mut value, mut by, mut factions, mut stance) = (None, None, None, None, None);
    let (mut cards, mut cards_to, mut links, mut of, mut attr) = (None, None, None, None, None);
    let (mut attr_value, mut card, mut when, mut then, mut otherwise, mut n) =
        (None, None, None, None, None, None);
    let mut says = None;
    r.fields(|r, field| match (name, field) {
        (_, "units") => once(&mut units, ids(r)),
        (_, "at") => once(&mut at, r.id()),
        ("Move", "to") => once(&mut to, r.id()),
        ("Cards", "to") => once(&mut cards_to, self::cards_to(r)),
        (_, "reduced") => once(&mut reduced, r.bool()),
        (_, "space") => once(&mut space, r.id()),
        ("Control", "faction") => once(&mut faction, r.option(Reader::id)),
        (_, "faction") => once(&mut faction, r.id().map(Some)),
        (_, "kind") => once(&mut kind, r.id()),
        ("PlaceMarker", "side") => once(&mut side, r.option(Reader::id)),
        (_, "side") => once(&mut side, r.id().map(Some)),
        (_, "track") => once(&mut track, r.id()),
        ("SetTrack", "value") => once(&mut value, r.i32()),
        ("SetAttr", "value") => once(&mut attr_value, r.attr_value()),
        (_, "by") => once(&mut by, r.i32()),
        (_, "factions") => once(&mut factions, r.pair(Reader::id)),
        (_, "stance") => once(&mut stance, self::stance(r)),
        (_, "cards") => once(&mut cards, ids(r)),
        (_, "links") => once(&mut links, r.list(|r| r.pair(Reader::id))),
        (_, "of") if name == "UpTo" => once(&mut then, steps_list(r)),
        (_, "of") => once(&mut of, r.id()),
        (_, "attr") => once(&mut attr, r.id()),
        (_, "card") => once(&mut card, r.id()),
        (_, "when") => once(&mut when, r.string()),
        ("If", "says") => once(&mut says, r.option(Reader::id)),
        (_, "then") => once(&mut then, steps_list(r)),
        (_, "otherwise") => once(&mut otherwise, steps_list(r)),
        (_, "n") => once(&mut n, r.u32()),
        _ => None,
    })?;
    Some(match name {
        "Place" => Step::Place {
            units: units?,
            at: at?,
            reduced: reduced.unwrap_or_default(),
        },
        "Remove" => Step::Remove { units: units? },
        "Move" => Step::Move {
            units: units?,
            to: to?,
        },
        "Reduce" => Step::Reduce { units: units? },
        "Restore" => Step::Restore { units: units? },
        "Control" => Step::Control {
            space: space?,
            faction: faction.flatten(),
        },
        "PlaceMarker" => Step::PlaceMarker {
            kind: kind?,
            at: at?,
            side: side.flatten(),
        },
        "RemoveMarker" => Step::RemoveMarker {
            kind: kind?,
            at: at?,
        },
        "SetTrack" => Step::SetTrack {
            track: track?,
            value: value?,
        },
        "ShiftTrack" => Step::ShiftTrack {
            track: track?,
            by: by?,
        },
        "EnterWar" => Step::EnterWar { faction: faction?? },
        "LimitedEntry" => Step::LimitedEntry { faction: faction?? },
        "ChangeSide" => Step::ChangeSide {
            faction: faction??,
            side: side??,
        },
        "Relation" => Step::Relation {
            factions: factions?,
            stance: stance?,
        },
        "Cards" => Step::Cards {
            cards: cards?,
            to: cards_to?,
        },
        "CloseLinks" => Step::CloseLinks {
            links: links?,
            kind,
        },
        "OpenLinks" => Step::OpenLinks {
            links: links?,
            kind,
        },
        "GainSupplySource" => Step::GainSupplySource {
            space: space?,
            faction: faction??,
        },
        "LoseSupplySource" => Step::LoseSupplySource {
            space: space?,
            faction: faction??,
        },
        "SetAttr" => Step::SetAttr {
            of: of?,
            attr: attr?,
            value: attr_value?,
        },
        "Play" => Step::Play { card: card? },
        "If" => Step::If {
            when: when?,
            says: says.flatten(),
            then: then?,
            otherwise: otherwise.unwrap_or_default(),
        },
        "UpTo" => Step::UpTo { n: n?, of: then? },
        _ => return None,
    })
}

fn cards_to(r: &mut Reader<'_>) -> Option<CardsTo> {
    let (name, content) = r.any_variant()?;
    if !content {
        return match name {
            "InPlay" => Some(CardsTo::InPlay),
            "Removed" => Some(CardsTo::Removed),
            _ => None,
        };
    }
    let id = r.id()?;
    r.open(b')')?;
    match name {
        "Deck" => Some(CardsTo::Deck(id)),
        "Hand" => Some(CardsTo::Hand(id)),
        _ => None,
    }
}

fn stance(r: &mut Reader<'_>) -> Option<Stance> {
    match r.unit_variant()? {
        "Allied" => Some(Stance::Allied),
        "AlliedApart" => Some(Stance::AlliedApart),
        "Neutral" => Some(Stance::Neutral),
        "Enemy" => Some(Stance::Enemy),
        _ => None,
    }
}

/// `(rules: [..], states: [Start, ...])`.
pub fn states_of(r: &mut Reader<'_>) -> Option<StatesOf> {
    let (mut rules, mut states) = (None, None);
    r.record(|r, field| match field {
        "rules" => once(&mut rules, r.list(Reader::id)),
        "states" => once(
            &mut states,
            r.list(|r| match r.unit_variant()? {
                "Start" => Some(StateKind::Start),
                "Turns" => Some(StateKind::Turns),
                "Events" => Some(StateKind::Events),
                _ => None,
            }),
        ),
        _ => None,
    })?;
    Some(StatesOf {
        rules: rules?,
        states: states?,
    })
}
