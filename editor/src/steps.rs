//! A card's `effects` as the card editor changes them, without egui: the ids each kind of
//! field may name (read from the document), a new step of each kind made from the game's
//! first ids, and the list operations (add, remove, move up or down) on a list of steps.

use orbat_validator::analysis::walk::effects::variant;
use orbat_validator::model::{AttrDecl, AttrValue, CardsTo, Holder, Id, Stance, Step};

use crate::document::Document;

/// Every kind of step, in the order docs/designing-events.md lists them.
pub const KINDS: [&str; 24] = [
    "Place",
    "Remove",
    "Move",
    "Reduce",
    "Restore",
    "Control",
    "PlaceMarker",
    "RemoveMarker",
    "SetTrack",
    "ShiftTrack",
    "EnterWar",
    "LimitedEntry",
    "ChangeSide",
    "Relation",
    "Cards",
    "CloseLinks",
    "OpenLinks",
    "GainSupplySource",
    "LoseSupplySource",
    "SetAttr",
    "Play",
    "If",
    "OneOf",
    "UpTo",
];

/// The stances a `Relation` may set, as written.
pub const STANCES: [(Stance, &str); 4] = [
    (Stance::Allied, "Allied"),
    (Stance::AlliedApart, "AlliedApart"),
    (Stance::Neutral, "Neutral"),
    (Stance::Enemy, "Enemy"),
];

/// The kind of a step, as written (`Place`).
pub fn kind(step: &Step) -> &'static str {
    variant(step)
}

/// What a kind of step does, in a few words (the pick list's hover text).
pub fn help(kind: &str) -> &'static str {
    match kind {
        "Place" => "units come into play at a space",
        "Remove" => "units leave play",
        "Move" => "units in play move to a space",
        "Reduce" => "units flip to their reduced side",
        "Restore" => "units flip back to their full side",
        "Control" => "a space changes hands",
        "PlaceMarker" => "a marker is placed",
        "RemoveMarker" => "a marker is taken away",
        "SetTrack" => "a track is set to a value",
        "ShiftTrack" => "a track moves up or down",
        "EnterWar" => "a neutral nation enters the war",
        "LimitedEntry" => "a neutral nation enters limited entry",
        "ChangeSide" => "a faction changes side",
        "Relation" => "the stance between two factions changes",
        "Cards" => "cards go to a deck, a hand, in play or out of the game",
        "CloseLinks" => "links close",
        "OpenLinks" => "closed links open",
        "GainSupplySource" => "a space becomes a supply source for a faction",
        "LoseSupplySource" => "a space stops being a supply source for a faction",
        "SetAttr" => "a declared attribute takes a value",
        "Play" => "another card's event is played",
        "If" => "steps applied only when a condition holds",
        "OneOf" => "the player picks one of several alternatives",
        "UpTo" => "the player picks up to n of several steps",
        _ => "",
    }
}

/// An id with the name players read (empty when the text gives none).
pub type Named = (Id, String);

/// The ids each field of a step may name, in the game's order.
#[derive(Debug, Clone, Default)]
pub struct StepIds {
    pub units: Vec<Named>,
    pub spaces: Vec<Named>,
    pub factions: Vec<Named>,
    /// Sides, then factions (a hand, a marker's owner).
    pub holders: Vec<Named>,
    pub sides: Vec<Named>,
    pub marker_kinds: Vec<Named>,
    /// Marker kinds that are `per_side` (their markers name a side).
    pub per_side: Vec<Id>,
    pub tracks: Vec<Named>,
    pub decks: Vec<Named>,
    pub cards: Vec<Named>,
    /// Every link of map.ron by its two ends.
    pub links: Vec<(Id, Id)>,
    /// The link kinds (a `CloseLinks` may close only one of parallel links).
    pub link_kinds: Vec<Named>,
    /// What a `SetAttr` may name: `scenario`, then `space:…`, `unit:…`, `faction:…`,
    /// `card:…`, `area:…`.
    pub entities: Vec<Named>,
    /// The attributes game.ron declares, each with the value a `SetAttr` of it starts with
    /// (its default, else the least value of its type).
    pub attributes: Vec<(AttrDecl, AttrValue)>,
}

impl StepIds {
    pub fn of(doc: &Document) -> Self {
        let named = |prefix: &str, id: &Id| {
            let name = doc
                .source_name(&format!("{prefix}:{id}"))
                .unwrap_or_default();
            (id.clone(), name.to_owned())
        };
        let game = doc.game();
        let from_game = |prefix: &str, f: &dyn Fn(&orbat_validator::model::Game) -> Vec<Id>| {
            game.map(f)
                .unwrap_or_default()
                .iter()
                .map(|id| named(prefix, id))
                .collect::<Vec<_>>()
        };
        let units: Vec<Named> = doc
            .units()
            .iter()
            .flat_map(|u| &u.units)
            .map(|u| named("unit", &u.id))
            .collect();
        let spaces: Vec<Named> = doc
            .map()
            .iter()
            .flat_map(|m| &m.spaces)
            .map(|s| named("space", &s.id))
            .collect();
        let cards: Vec<Named> = doc
            .cards()
            .iter()
            .flat_map(|c| &c.cards)
            .map(|c| named("card", &c.id))
            .collect();
        let factions = from_game("faction", &|g| {
            g.factions.iter().map(|x| x.id.clone()).collect()
        });
        let sides = from_game("side", &|g| g.sides.iter().map(|x| x.id.clone()).collect());
        let areas = from_game("area", &|g| g.areas.iter().map(|x| x.id.clone()).collect());
        let mut entities: Vec<Named> = vec![(Id::from("scenario"), String::new())];
        for (prefix, list) in [
            ("space", &spaces),
            ("unit", &units),
            ("faction", &factions),
            ("card", &cards),
            ("area", &areas),
        ] {
            entities.extend(
                list.iter()
                    .map(|(id, name)| (Id::from(format!("{prefix}:{id}")), name.clone())),
            );
        }
        StepIds {
            holders: sides.iter().chain(&factions).cloned().collect(),
            marker_kinds: from_game("marker", &|g| {
                g.marker_kinds.iter().map(|x| x.id.clone()).collect()
            }),
            per_side: game
                .map(|g| {
                    g.marker_kinds
                        .iter()
                        .filter(|k| k.per_side)
                        .map(|k| k.id.clone())
                        .collect()
                })
                .unwrap_or_default(),
            tracks: from_game("track", &|g| {
                g.tracks.iter().map(|x| x.id.clone()).collect()
            }),
            decks: from_game("deck", &|g| g.decks.iter().map(|x| x.id.clone()).collect()),
            link_kinds: from_game("link_kind", &|g| {
                g.link_kinds.iter().map(|x| x.id.clone()).collect()
            }),
            links: doc
                .map()
                .iter()
                .flat_map(|m| &m.links)
                .map(|l| (l.a.clone(), l.b.clone()))
                .collect(),
            attributes: game
                .iter()
                .flat_map(|g| &g.attributes)
                .map(|d| (d.clone(), crate::attr_fields::start_value(doc, d)))
                .collect(),
            units,
            spaces,
            factions,
            sides,
            cards,
            entities,
        }
    }

    /// The attributes a `SetAttr` may set on `of` (a text key, or `scenario`).
    pub fn attributes_of(&self, of: &str) -> Vec<&(AttrDecl, AttrValue)> {
        let Some(holder) = holder_of(of) else {
            return Vec::new();
        };
        self.attributes
            .iter()
            .filter(|(d, _)| d.on.contains(&holder))
            .collect()
    }

    /// The first id of a list, if the game has one.
    fn first(list: &[Named]) -> Option<Id> {
        list.first().map(|(id, _)| id.clone())
    }

    /// A new step of `kind`, naming the game's first ids of each kind; None when the game
    /// has none of an id the step needs (no tracks for `SetTrack`). A `Play` never names
    /// `card`, the card being edited (a card playing itself is a cycle, E004).
    pub fn new_step(&self, kind: &str, card: &str) -> Option<Step> {
        let unit = || Self::first(&self.units);
        let space = || Self::first(&self.spaces);
        let faction = || Self::first(&self.factions);
        Some(match kind {
            "Place" => Step::Place {
                units: vec![unit()?],
                at: space()?,
                reduced: false,
            },
            "Remove" => Step::Remove {
                units: vec![unit()?],
            },
            "Move" => Step::Move {
                units: vec![unit()?],
                to: space()?,
            },
            "Reduce" => Step::Reduce {
                units: vec![unit()?],
            },
            "Restore" => Step::Restore {
                units: vec![unit()?],
            },
            "Control" => Step::Control {
                space: space()?,
                faction: faction(),
            },
            "PlaceMarker" => {
                let kind = Self::first(&self.marker_kinds)?;
                let side = if self.per_side.contains(&kind) {
                    Some(Self::first(&self.holders)?)
                } else {
                    None
                };
                Step::PlaceMarker {
                    kind,
                    at: space()?,
                    side,
                }
            }
            "RemoveMarker" => Step::RemoveMarker {
                kind: Self::first(&self.marker_kinds)?,
                at: space()?,
            },
            "SetTrack" => Step::SetTrack {
                track: Self::first(&self.tracks)?,
                value: 0,
            },
            "ShiftTrack" => Step::ShiftTrack {
                track: Self::first(&self.tracks)?,
                by: 1,
            },
            "EnterWar" => Step::EnterWar {
                faction: faction()?,
            },
            "LimitedEntry" => Step::LimitedEntry {
                faction: faction()?,
            },
            "ChangeSide" => Step::ChangeSide {
                faction: faction()?,
                side: Self::first(&self.sides)?,
            },
            "Relation" => {
                let a = faction()?;
                let b = self.factions.get(1).map(|(id, _)| id.clone())?;
                Step::Relation {
                    factions: (a, b),
                    stance: Stance::Enemy,
                }
            }
            "Cards" => Step::Cards {
                cards: vec![Self::first(&self.cards)?],
                to: CardsTo::Removed,
            },
            "CloseLinks" => Step::CloseLinks {
                links: vec![self.links.first().cloned()?],
                kind: None,
            },
            "OpenLinks" => Step::OpenLinks {
                links: vec![self.links.first().cloned()?],
                kind: None,
            },
            "GainSupplySource" => Step::GainSupplySource {
                space: space()?,
                faction: faction()?,
            },
            "LoseSupplySource" => Step::LoseSupplySource {
                space: space()?,
                faction: faction()?,
            },
            "SetAttr" => {
                let (of, (decl, value)) = self.entities.iter().find_map(|(of, _)| {
                    let d = self.attributes_of(of).into_iter().next()?;
                    Some((of.clone(), d))
                })?;
                Step::SetAttr {
                    of,
                    attr: decl.id.clone(),
                    value: value.clone(),
                }
            }
            "Play" => Step::Play {
                card: self
                    .cards
                    .iter()
                    .map(|(id, _)| id)
                    .find(|id| *id != card)?
                    .clone(),
            },
            // a condition that holds: the designer writes the real one
            "If" => Step::If {
                when: "true".into(),
                says: None,
                then: Vec::new(),
                otherwise: Vec::new(),
            },
            "OneOf" => Step::OneOf(vec![Vec::new(), Vec::new()]),
            "UpTo" => Step::UpTo {
                n: 1,
                of: Vec::new(),
            },
            _ => return None,
        })
    }
}

/// The kind of entity a `SetAttr`'s `of` names.
fn holder_of(of: &str) -> Option<Holder> {
    if of == "scenario" {
        return Some(Holder::Scenario);
    }
    Some(match of.split_once(':')?.0 {
        "space" => Holder::Space,
        "unit" => Holder::Unit,
        "faction" => Holder::Faction,
        "card" => Holder::Card,
        "area" => Holder::Area,
        _ => return None,
    })
}

/// A change to one list of steps.
#[derive(Debug, Clone, PartialEq)]
pub enum ListOp {
    Add(Step),
    Remove(usize),
    Up(usize),
    Down(usize),
}

impl ListOp {
    /// Changes `list`; an index past its end, or a move past either end, changes nothing.
    pub fn apply(self, list: &mut Vec<Step>) {
        match self {
            ListOp::Add(step) => list.push(step),
            ListOp::Remove(i) if i < list.len() => {
                list.remove(i);
            }
            ListOp::Up(i) if i > 0 && i < list.len() => list.swap(i - 1, i),
            ListOp::Down(i) if i + 1 < list.len() => list.swap(i, i + 1),
            _ => {}
        }
    }
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
            cards: vec![n("this"), n("other")],
            ..StepIds::default()
        }
    }

    #[test]
    fn a_new_step_names_the_first_ids_and_never_plays_its_own_card() {
        let ids = ids();
        assert_eq!(
            ids.new_step("Place", "this"),
            Some(Step::Place {
                units: vec!["u1".into()],
                at: "a".into(),
                reduced: false
            })
        );
        assert_eq!(
            ids.new_step("Play", "this"),
            Some(Step::Play {
                card: "other".into()
            })
        );
        assert_eq!(
            ids.new_step("Relation", "this"),
            Some(Step::Relation {
                factions: ("f1".into(), "f2".into()),
                stance: Stance::Enemy
            })
        );
    }

    #[test]
    fn a_kind_whose_ids_the_game_lacks_makes_no_step() {
        let ids = ids();
        for kind in [
            "SetTrack",
            "PlaceMarker",
            "CloseLinks",
            "SetAttr",
            "ChangeSide",
        ] {
            assert_eq!(ids.new_step(kind, "this"), None, "{kind}");
        }
        for kind in KINDS {
            if let Some(step) = ids.new_step(kind, "this") {
                assert_eq!(super::kind(&step), kind);
            }
        }
    }

    #[test]
    fn list_operations_stop_at_the_ends() {
        let s = |n: i32| Step::ShiftTrack {
            track: "vp".into(),
            by: n,
        };
        let mut list = vec![s(1), s(2), s(3)];
        ListOp::Up(0).apply(&mut list);
        ListOp::Down(2).apply(&mut list);
        ListOp::Remove(3).apply(&mut list);
        assert_eq!(list, [s(1), s(2), s(3)]);
        ListOp::Down(0).apply(&mut list);
        assert_eq!(list, [s(2), s(1), s(3)]);
        ListOp::Up(2).apply(&mut list);
        assert_eq!(list, [s(2), s(3), s(1)]);
        ListOp::Remove(1).apply(&mut list);
        ListOp::Add(s(4)).apply(&mut list);
        assert_eq!(list, [s(2), s(1), s(4)]);
    }
}
