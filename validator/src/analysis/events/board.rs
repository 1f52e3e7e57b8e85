//! A state of play as the steps change it: a scenario's start (its placements shared with it,
//! `pieces`), the map's links open or closed, the attributes a step set. Each placement
//! remembers the step that last changed it, so a finding about it points at that step.

use super::at::{Origin, StepAt};
use super::pieces::Pieces;
use crate::model::{
    Alignment, AttrValue, CardsTo, ControlOverride, Game, Hand, Id, Link, MapFile, Marker,
    Placement, Relation, Scenario, ScenarioDeck, Step, TrackValue,
};

/// What a step could not do in the state it was applied to (E001).
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub at: StepAt,
    pub message: String,
    pub help: String,
}

/// A state of play.
#[derive(Debug, Clone)]
pub struct Board {
    /// The scenario as the state leaves it, but its placements (left empty: in `pieces`).
    pub rest: Scenario,
    /// Its placements, each with where it comes from (as set up, or made or last changed by a
    /// step).
    pub pieces: Pieces,
    /// The map's links, each with whether it is open (closed ones leave the map's view).
    pub links_open: Vec<bool>,
    /// Supply sources gained (true) or lost (false): space, faction.
    pub sources: Vec<(Id, Id, bool)>,
    /// Attribute values set: the entity as a key (`space:trento`), the attribute, the value.
    pub attrs: Vec<(Id, Id, AttrValue)>,
    /// Every step applied, in order (the first one a finding falls back to).
    pub applied: Vec<StepAt>,
    pub failures: Vec<Failure>,
}

impl Board {
    /// The start of `scenario` on `map` (its links all open).
    pub fn start(scenario: &Scenario, map: Option<&MapFile>) -> Self {
        let mut rest = scenario.clone();
        let placements = std::mem::take(&mut rest.placements);
        Board {
            pieces: Pieces::new(&placements),
            rest,
            links_open: vec![true; map.map_or(0, |m| m.links.len())],
            sources: Vec::new(),
            attrs: Vec::new(),
            applied: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// The scenario as the state leaves it, its placements in, and where each comes from.
    pub fn scenario(&self) -> (Scenario, Vec<Origin>) {
        let (placements, origins) = self.pieces.lists();
        let mut s = self.rest.clone();
        s.placements = placements;
        (s, origins)
    }

    /// Whether `other` is the same state of play (the steps that made them aside).
    pub fn same_state(&self, other: &Board) -> bool {
        self.pieces.same(&other.pieces)
            && self.links_open == other.links_open
            && self.sources == other.sources
            && self.attrs == other.attrs
            && self.rest == other.rest
    }

    /// Whether anything outside the scenario changed (the map's links or sources, an
    /// attribute of an entity of another file): then the rules about the map judge it too.
    pub fn beyond_scenario(&self) -> bool {
        self.links_open.iter().any(|o| !o)
            || !self.sources.is_empty()
            || self.attrs.iter().any(|(of, ..)| of != "scenario")
    }

    fn fail(&mut self, at: &StepAt, message: String, help: &str) {
        self.failures.push(Failure {
            at: at.clone(),
            message,
            help: help.to_owned(),
        });
    }

    /// Applies one step that makes no choice and asks no question (the caller expands
    /// `If`, `OneOf`, `UpTo` and `Play`).
    pub fn apply(&mut self, step: &Step, at: &StepAt, map: Option<&MapFile>, game: Option<&Game>) {
        self.applied.push(at.clone());
        let s = &mut self.rest;
        match step {
            Step::Place {
                units,
                at: to,
                reduced,
            } => {
                for u in units {
                    let p = Placement {
                        unit: u.clone(),
                        at: to.clone(),
                        reduced: *reduced,
                        count: 1,
                        ..Placement::default()
                    };
                    self.pieces.push(p, Origin::Step(at.clone()));
                }
            }
            Step::Remove { units } => {
                for u in units {
                    match self.pieces.find(u, |_, _| true) {
                        Some(k) => self.take_one(k),
                        None => self.not_in_play(at, u),
                    }
                }
            }
            Step::Move { units, to } => {
                for u in units {
                    // a unit listed twice moves two counters, not one twice
                    let mine = Origin::Step(at.clone());
                    let k = (self.pieces.find(u, |_, o| *o != mine))
                        .or_else(|| self.pieces.find(u, |_, _| true));
                    match k {
                        Some(k) => {
                            let k = self.split(k, at);
                            self.pieces.edit(k, |p, _| p.at = to.clone());
                        }
                        None => self.not_in_play(at, u),
                    }
                }
            }
            Step::Reduce { units } | Step::Restore { units } => {
                let reduce = matches!(step, Step::Reduce { .. });
                for u in units {
                    match self.pieces.find(u, |p, _| p.reduced != reduce) {
                        Some(k) => {
                            let k = self.split(k, at);
                            self.pieces.edit(k, |p, _| p.reduced = reduce);
                        }
                        None => {
                            let side = if reduce { "full" } else { "reduced" };
                            self.fail(
                                at,
                                format!("`{u}` is not in play on its {side} side"),
                                "place the unit first, or take this step out",
                            );
                        }
                    }
                }
            }
            Step::Control { space, faction } => {
                s.control.retain(|c| c.space != *space);
                s.control.push(ControlOverride {
                    space: space.clone(),
                    faction: faction.clone(),
                });
            }
            Step::PlaceMarker { kind, at: on, side } => s.markers.push(Marker {
                kind: kind.clone(),
                at: on.clone(),
                side: side.clone(),
            }),
            Step::RemoveMarker { kind, at: on } => {
                match s
                    .markers
                    .iter()
                    .position(|m| m.kind == *kind && m.at == *on)
                {
                    Some(k) => {
                        s.markers.remove(k);
                    }
                    None => self.fail(
                        at,
                        format!("no `{kind}` marker lies on `{on}`"),
                        "place the marker first, or take this step out",
                    ),
                }
            }
            Step::SetTrack { track, value } => set_track(s, track, |_| *value),
            Step::ShiftTrack { track, by } => {
                if s.tracks.iter().any(|t| t.track == *track) {
                    set_track(s, track, |v| v.saturating_add(*by));
                } else {
                    self.fail(
                        at,
                        format!("the track `{track}` has no value in this state"),
                        "give the track its start value in the scenario's `tracks`, or set it with SetTrack",
                    );
                }
            }
            Step::EnterWar { faction } => {
                let was = s.neutral.len() + s.limited_entry.len();
                s.neutral.retain(|f| f != faction);
                s.limited_entry.retain(|f| f != faction);
                if was == s.neutral.len() + s.limited_entry.len() {
                    self.fail(
                        at,
                        format!("`{faction}` is at war already"),
                        "a nation enters the war only from `neutral`: list it there at the start, or take this step out",
                    );
                }
            }
            Step::LimitedEntry { faction } => {
                if !s.neutral.contains(faction) {
                    self.fail(
                        at,
                        format!("`{faction}` is not neutral"),
                        "only a neutral nation enters limited entry",
                    );
                } else if !s.limited_entry.contains(faction) {
                    s.limited_entry.push(faction.clone());
                }
            }
            Step::ChangeSide { faction, side } => {
                s.alignments.retain(|a| a.faction != *faction);
                // back to the side the game gives it: no longer realigned
                let own = game
                    .and_then(|g| g.factions.iter().find(|f| f.id == *faction))
                    .and_then(|f| f.side.as_ref());
                if own != Some(side) {
                    s.alignments.push(Alignment {
                        faction: faction.clone(),
                        side: side.clone(),
                    });
                }
            }
            Step::Relation { factions, stance } => {
                let same = |r: &Relation| {
                    (r.factions.0 == factions.0 && r.factions.1 == factions.1)
                        || (r.factions.0 == factions.1 && r.factions.1 == factions.0)
                };
                s.relations.retain(|r| !same(r));
                s.relations.push(Relation {
                    factions: factions.clone(),
                    stance: *stance,
                });
            }
            Step::Cards { cards, to } => move_cards(s, cards, to),
            Step::CloseLinks { links, kind } | Step::OpenLinks { links, kind } => {
                let open = matches!(step, Step::OpenLinks { .. });
                let all = map.map_or(&[][..], |m| &m.links[..]);
                for (a, b) in links {
                    let ends = |l: &Link| {
                        ((l.a == *a && l.b == *b) || (l.a == *b && l.b == *a))
                            && kind.as_ref().is_none_or(|k| l.kind == *k)
                    };
                    let found: Vec<usize> = (0..all.len()).filter(|&k| ends(&all[k])).collect();
                    let changed = found
                        .iter()
                        .filter(|&&k| self.links_open[k] != open)
                        .count();
                    found.iter().for_each(|&k| self.links_open[k] = open);
                    if found.is_empty() {
                        let of_kind = kind
                            .as_ref()
                            .map_or(String::new(), |k| format!(" of kind `{k}`"));
                        self.fail(
                            at,
                            format!("no link{of_kind} joins `{a}` and `{b}`"),
                            "name the two ends of a link of map.ron (and its kind, if given)",
                        );
                    } else if changed == 0 {
                        let state = if open { "open" } else { "closed" };
                        self.fail(
                            at,
                            format!("the link `{a}`-`{b}` is {state} already in this state"),
                            "take this step out, or order the steps so that it changes something",
                        );
                    }
                }
            }
            Step::GainSupplySource { space, faction }
            | Step::LoseSupplySource { space, faction } => {
                let gain = matches!(step, Step::GainSupplySource { .. });
                let is = self.is_source(map, space, faction);
                if is == gain {
                    let what = if gain {
                        "is a supply source"
                    } else {
                        "is no supply source"
                    };
                    self.fail(
                        at,
                        format!("`{space}` {what} for `{faction}` already in this state"),
                        "take this step out, or order the steps so that it changes something",
                    );
                } else {
                    self.sources.push((space.clone(), faction.clone(), gain));
                }
            }
            Step::SetAttr { of, attr, value } => {
                let declared = game.is_none_or(|g| g.attributes.iter().any(|d| d.id == *attr));
                if declared {
                    self.attrs.retain(|(o, a, _)| !(o == of && a == attr));
                    self.attrs.push((of.clone(), attr.clone(), value.clone()));
                } else {
                    self.fail(
                        at,
                        format!("no attribute `{attr}` is declared"),
                        "declare it in game.ron `attributes`, or name one that is",
                    );
                }
            }
            // expanded by the caller
            Step::Play { .. } | Step::If { .. } | Step::OneOf(_) | Step::UpTo { .. } => {}
        }
    }

    fn is_source(&self, map: Option<&MapFile>, space: &Id, faction: &Id) -> bool {
        let changed = self
            .sources
            .iter()
            .rev()
            .find(|(s, f, _)| s == space && f == faction);
        match changed {
            Some((.., now)) => *now,
            None => map.is_some_and(|m| {
                m.spaces
                    .iter()
                    .any(|s| s.id == *space && s.supply_source_for.contains(faction))
            }),
        }
    }

    fn not_in_play(&mut self, at: &StepAt, unit: &Id) {
        self.fail(
            at,
            format!("`{unit}` is not in play in this state"),
            "place the unit first (at the start, by an earlier step or turn), or take this step out",
        );
    }

    /// One counter of placement `k` taken off the map.
    fn take_one(&mut self, k: usize) {
        match self.pieces.get(k) {
            Some((p, _)) if p.count > 1 => self.pieces.edit(k, |p, _| p.count -= 1),
            _ => self.pieces.remove(k),
        }
    }

    /// One counter of placement `k` as a placement of its own, marked as changed by `at`;
    /// its index.
    fn split(&mut self, k: usize, at: &StepAt) -> usize {
        let Some((p, _)) = self.pieces.get(k) else {
            return k;
        };
        if p.count <= 1 {
            self.pieces.edit(k, |_, o| *o = Origin::Step(at.clone()));
            return k;
        }
        let mut one = p.clone();
        one.count = 1;
        self.pieces.edit(k, |p, _| p.count -= 1);
        self.pieces.push(one, Origin::Step(at.clone()));
        self.pieces.len() - 1
    }
}

fn set_track(s: &mut Scenario, track: &Id, to: impl Fn(i32) -> i32) {
    match s.tracks.iter_mut().find(|t| t.track == *track) {
        Some(t) => t.value = to(t.value),
        None => s.tracks.push(TrackValue {
            track: track.clone(),
            value: to(0),
        }),
    }
}

/// Takes the cards from wherever they are (draw piles, hands, in play, removed) to `to`.
fn move_cards(s: &mut Scenario, cards: &[Id], to: &CardsTo) {
    for d in &mut s.decks {
        d.cards.retain(|c| !cards.contains(c));
    }
    for h in &mut s.hands {
        h.cards.retain(|c| !cards.contains(c));
    }
    s.in_play.retain(|c| !cards.contains(c));
    s.removed.retain(|c| !cards.contains(c));
    let list = match to {
        CardsTo::Deck(d) => match s.decks.iter().position(|x| x.deck == *d) {
            Some(k) => &mut s.decks[k].cards,
            None => {
                s.decks.push(ScenarioDeck {
                    deck: d.clone(),
                    cards: Vec::new(),
                });
                &mut s.decks.last_mut().expect("pushed").cards
            }
        },
        CardsTo::Hand(h) => match s.hands.iter().position(|x| x.holder == *h) {
            Some(k) => &mut s.hands[k].cards,
            None => {
                s.hands.push(Hand {
                    holder: h.clone(),
                    cards: Vec::new(),
                });
                &mut s.hands.last_mut().expect("pushed").cards
            }
        },
        CardsTo::InPlay => &mut s.in_play,
        CardsTo::Removed => &mut s.removed,
    };
    list.extend(cards.iter().cloned());
}
