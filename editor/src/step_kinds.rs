//! A step changed to another kind in place, keeping what carries over: the units, the space
//! (a `Place`'s `at` is a `Move`'s `to` and a `Control`'s `space`), the faction, the marker
//! kind, the track, the links, the cards; the rest from the game's first ids as a new step of
//! that kind has them. A step that holds steps keeps them all or is not offered the change; a
//! step that holds none, changed to one that does, goes inside it.

use orbat_validator::model::{Id, Step};

use crate::steps::{StepIds, kind};

/// Links by their two ends, and the kind of link they are limited to.
type Links = (Vec<(Id, Id)>, Option<Id>);

/// The fields of a step that another kind may have too.
#[derive(Default)]
struct Carried {
    units: Option<Vec<Id>>,
    space: Option<Id>,
    faction: Option<Id>,
    marker: Option<Id>,
    track: Option<Id>,
    links: Option<Links>,
    cards: Option<Vec<Id>>,
}

fn carried(step: &Step) -> Carried {
    let mut c = Carried::default();
    match step {
        Step::Place { units, at, .. } => {
            c.units = Some(units.clone());
            c.space = Some(at.clone());
        }
        Step::Remove { units } | Step::Reduce { units } | Step::Restore { units } => {
            c.units = Some(units.clone());
        }
        Step::Move { units, to } => {
            c.units = Some(units.clone());
            c.space = Some(to.clone());
        }
        Step::Control { space, faction } => {
            c.space = Some(space.clone());
            c.faction = faction.clone();
        }
        Step::PlaceMarker { kind, at, .. } | Step::RemoveMarker { kind, at } => {
            c.marker = Some(kind.clone());
            c.space = Some(at.clone());
        }
        Step::SetTrack { track, .. } | Step::ShiftTrack { track, .. } => {
            c.track = Some(track.clone())
        }
        Step::EnterWar { faction } | Step::LimitedEntry { faction } => {
            c.faction = Some(faction.clone())
        }
        Step::ChangeSide { faction, .. } => c.faction = Some(faction.clone()),
        Step::Relation { factions, .. } => c.faction = Some(factions.0.clone()),
        Step::Cards { cards, .. } => c.cards = Some(cards.clone()),
        Step::CloseLinks { links, kind } | Step::OpenLinks { links, kind } => {
            c.links = Some((links.clone(), kind.clone()))
        }
        Step::GainSupplySource { space, faction } | Step::LoseSupplySource { space, faction } => {
            c.space = Some(space.clone());
            c.faction = Some(faction.clone());
        }
        Step::Play { card } => c.cards = Some(vec![card.clone()]),
        Step::SetAttr { .. } | Step::If { .. } | Step::OneOf(_) | Step::UpTo { .. } => {}
    }
    c
}

/// `step` as a step of `to`; None when it is of that kind already, when the game lacks an id
/// the new kind needs, or when steps it holds would be lost.
pub fn change_kind(ids: &StepIds, card: &str, step: &Step, to: &str) -> Option<Step> {
    if kind(step) == to {
        return None;
    }
    let mut new = ids.new_step(to, card)?;
    let held = crate::step_paths::parts(step);
    if !held.is_empty() {
        return regroup(step, new);
    }
    if !crate::step_paths::parts(&new).is_empty() {
        // a step that holds none goes inside the new one
        put_inside(&mut new, step.clone());
        return Some(new);
    }
    carry(ids, card, carried(step), &mut new);
    Some(new)
}

/// The fields `c` carries written into `new`.
fn carry(ids: &StepIds, card: &str, c: Carried, new: &mut Step) {
    let set = |to: &mut Id, from: &Option<Id>| {
        if let Some(v) = from {
            *to = v.clone();
        }
    };
    match new {
        Step::Place { units, at, .. } | Step::Move { units, to: at } => {
            set_list(units, &c.units);
            set(at, &c.space);
        }
        Step::Remove { units } | Step::Reduce { units } | Step::Restore { units } => {
            set_list(units, &c.units);
        }
        Step::Control { space, faction } => {
            set(space, &c.space);
            if c.faction.is_some() {
                faction.clone_from(&c.faction);
            }
        }
        Step::PlaceMarker { kind, at, side } => {
            set(kind, &c.marker);
            set(at, &c.space);
            // a side only for a kind that is per side
            let per_side = ids.per_side.contains(kind);
            if !per_side {
                *side = None;
            } else if side.is_none() {
                *side = ids.holders.first().map(|(h, _)| h.clone());
            }
        }
        Step::RemoveMarker { kind, at } => {
            set(kind, &c.marker);
            set(at, &c.space);
        }
        Step::SetTrack { track, .. } | Step::ShiftTrack { track, .. } => set(track, &c.track),
        Step::EnterWar { faction }
        | Step::LimitedEntry { faction }
        | Step::ChangeSide { faction, .. } => set(faction, &c.faction),
        Step::GainSupplySource { space, faction } | Step::LoseSupplySource { space, faction } => {
            set(space, &c.space);
            set(faction, &c.faction);
        }
        Step::Relation { factions, .. } => {
            set(&mut factions.0, &c.faction);
            if factions.1 == factions.0 {
                // two factions: the other one of the game's first two
                let other = ids.factions.iter().find(|(f, _)| *f != factions.0);
                if let Some((f, _)) = other {
                    factions.1 = f.clone();
                }
            }
        }
        Step::Cards { cards, .. } => set_list(cards, &c.cards),
        Step::CloseLinks { links, kind } | Step::OpenLinks { links, kind } => {
            if let Some((l, k)) = c.links {
                *links = l;
                *kind = k;
            }
        }
        Step::Play { card: played } => {
            // never the card itself (a cycle, E004)
            let first = c.cards.iter().flatten().next();
            if let Some(other) = first.filter(|c| c.as_str() != card) {
                *played = other.clone();
            }
        }
        Step::SetAttr { .. } | Step::If { .. } | Step::OneOf(_) | Step::UpTo { .. } => {}
    }
}

fn set_list(to: &mut Vec<Id>, from: &Option<Vec<Id>>) {
    if let Some(v) = from {
        to.clone_from(v);
    }
}

fn put_inside(new: &mut Step, step: Step) {
    match new {
        Step::If { then, .. } => then.push(step),
        Step::OneOf(choices) => choices[0] = vec![step],
        Step::UpTo { of, .. } => of.push(step),
        _ => {}
    }
}

/// A step that holds steps as another kind that does, every step kept in its order: an
/// `If`'s `then` and `otherwise` are a `OneOf`'s two choices and back; an `UpTo`'s steps a
/// `OneOf`'s choices of one step each, and an `If`'s `then`. None when that cannot be.
fn regroup(step: &Step, new: Step) -> Option<Step> {
    Some(match (step, new) {
        (
            Step::If {
                then, otherwise, ..
            },
            Step::OneOf(_),
        ) => Step::OneOf(vec![then.clone(), otherwise.clone()]),
        (
            Step::If {
                then, otherwise, ..
            },
            Step::UpTo { n, .. },
        ) if otherwise.is_empty() => Step::UpTo {
            n,
            of: then.clone(),
        },
        (Step::OneOf(choices), Step::If { when, .. }) if choices.len() <= 2 => Step::If {
            when,
            says: None,
            then: choices.first().cloned().unwrap_or_default(),
            otherwise: choices.get(1).cloned().unwrap_or_default(),
        },
        (Step::OneOf(choices), Step::UpTo { n, .. }) if choices.iter().all(|c| c.len() <= 1) => {
            Step::UpTo {
                n,
                of: choices.iter().flatten().cloned().collect(),
            }
        }
        (Step::UpTo { of, .. }, Step::If { when, .. }) => Step::If {
            when,
            says: None,
            then: of.clone(),
            otherwise: Vec::new(),
        },
        (Step::UpTo { of, .. }, Step::OneOf(_)) => {
            Step::OneOf(of.iter().map(|s| vec![s.clone()]).collect())
        }
        // a step holding none, as another kind: only when it holds none
        (held, leaf)
            if crate::step_paths::parts(held)
                .iter()
                .all(|(_, l)| l.is_empty()) =>
        {
            leaf
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> StepIds {
        let n = |s: &str| (Id::from(s), String::new());
        StepIds {
            units: vec![n("u1"), n("u2")],
            spaces: vec![n("a"), n("b")],
            factions: vec![n("f1"), n("f2")],
            holders: vec![n("s1"), n("f1"), n("f2")],
            marker_kinds: vec![n("trench"), n("control")],
            per_side: vec!["control".into()],
            tracks: vec![n("vp")],
            cards: vec![n("this"), n("other")],
            ..StepIds::default()
        }
    }

    #[test]
    fn units_and_the_space_carry_over_the_rest_is_new() {
        let ids = ids();
        let place = Step::Place {
            units: vec!["u2".into(), "u2".into()],
            at: "b".into(),
            reduced: true,
        };
        assert_eq!(
            change_kind(&ids, "this", &place, "Remove"),
            Some(Step::Remove {
                units: vec!["u2".into(), "u2".into()]
            })
        );
        assert_eq!(
            change_kind(&ids, "this", &place, "Move"),
            Some(Step::Move {
                units: vec!["u2".into(), "u2".into()],
                to: "b".into()
            })
        );
        assert_eq!(
            change_kind(&ids, "this", &place, "Control"),
            Some(Step::Control {
                space: "b".into(),
                faction: Some("f1".into())
            })
        );
        assert_eq!(change_kind(&ids, "this", &place, "Place"), None);
        let war = Step::EnterWar {
            faction: "f2".into(),
        };
        assert_eq!(
            change_kind(&ids, "this", &war, "Relation"),
            Some(Step::Relation {
                factions: ("f2".into(), "f1".into()),
                stance: orbat_validator::model::Stance::Enemy
            })
        );
        let marker = Step::RemoveMarker {
            kind: "control".into(),
            at: "b".into(),
        };
        assert_eq!(
            change_kind(&ids, "this", &marker, "PlaceMarker"),
            Some(Step::PlaceMarker {
                kind: "control".into(),
                at: "b".into(),
                side: Some("s1".into())
            })
        );
    }

    #[test]
    fn held_steps_are_kept_or_the_change_is_not_offered() {
        let ids = ids();
        let t = |n| Step::ShiftTrack {
            track: "vp".into(),
            by: n,
        };
        let one_of = Step::OneOf(vec![vec![t(1)], vec![t(2), t(3)], vec![]]);
        assert_eq!(change_kind(&ids, "this", &one_of, "If"), None, "3 choices");
        assert_eq!(change_kind(&ids, "this", &one_of, "UpTo"), None);
        assert_eq!(change_kind(&ids, "this", &one_of, "Remove"), None);
        let iff = Step::If {
            when: "x".into(),
            says: None,
            then: vec![t(1)],
            otherwise: vec![t(2)],
        };
        assert_eq!(
            change_kind(&ids, "this", &iff, "OneOf"),
            Some(Step::OneOf(vec![vec![t(1)], vec![t(2)]]))
        );
        let empty = Step::UpTo { n: 2, of: vec![] };
        assert!(matches!(
            change_kind(&ids, "this", &empty, "Remove"),
            Some(Step::Remove { .. })
        ));
        // a step that holds none goes inside
        assert_eq!(
            change_kind(&ids, "this", &t(4), "If"),
            Some(Step::If {
                when: "true".into(),
                says: None,
                then: vec![t(4)],
                otherwise: vec![]
            })
        );
    }
}
