//! One card's `effects`: a mix of every kind of step, with conditions (`If`) that hold in some
//! state the card is judged in and choices (`OneOf`, `UpTo`), each step valid in every state
//! it makes (its things taken from the pools of `events.rs`, each once in the card).

use std::collections::HashSet;

use orbat_validator::model::{AttrValue, CardsTo, Id, Stance, Step};

use crate::cast::{FACTIONS, NEUTRAL, SIDES};
use crate::pools::{Facts, Pools};
use crate::rng::Rng;

/// Draws one card's steps.
pub(crate) struct Builder<'a> {
    pools: &'a mut Pools,
    rng: &'a mut Rng,
    facts: &'a Facts,
    /// The scenarios that judge the card at their start.
    judged: &'a [usize],
    /// What the card has used already (a counter, a space, a link end): each once.
    used: HashSet<Id>,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(
        pools: &'a mut Pools,
        rng: &'a mut Rng,
        facts: &'a Facts,
        judged: &'a [usize],
    ) -> Self {
        Builder {
            pools,
            rng,
            facts,
            judged,
            used: HashSet::new(),
        }
    }

    /// An event another may play: steps on tracks, markers, relations and the scenario's
    /// attributes only, with no choice (its player adds none).
    pub(crate) fn leaf(&mut self) -> Vec<Step> {
        (0..self.rng.range(1, 2))
            .flat_map(|_| match self.rng.below(4) {
                0 => self.track(),
                1 => self.marker(),
                2 => self.diplomacy(),
                _ => vec![self.morale()],
            })
            .collect()
    }

    /// A card's event: perhaps a condition first (`always`: one that holds in every state,
    /// for a card judged on turns), one to three plain parts, perhaps a choice, perhaps
    /// another card's event played, perhaps the card itself removed.
    pub(crate) fn event(
        &mut self,
        card: &Id,
        removed_after_play: bool,
        always: bool,
        leaves: &[Id],
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        if self.rng.chance(0.35) {
            steps.push(self.condition(always));
        }
        for _ in 0..self.rng.range(1, 3) {
            steps.extend(self.plain());
        }
        match self.rng.below(10) {
            0..3 => steps.push(self.one_of()),
            3..5 => steps.push(self.up_to()),
            _ => {}
        }
        if !leaves.is_empty() && self.rng.chance(0.15) {
            steps.push(Step::Play {
                card: self.rng.pick(leaves).clone(),
            });
        }
        if removed_after_play && self.rng.chance(0.5) {
            steps.push(Step::Cards {
                cards: vec![card.clone()],
                to: CardsTo::Removed,
            });
        }
        steps
    }

    /// Steps with no choice, of one kind picked at random (a track shift when the pools
    /// have nothing left for the kind picked). The mix follows the published games' events
    /// (scenarios/: mostly units placed, then tracks, markers, control and diplomacy); steps
    /// that change the map (a link closed, a source gained: 2 of some 260 steps there) are
    /// one in 100 here, and a space's attribute one in 200.
    fn plain(&mut self) -> Vec<Step> {
        let steps = match self.rng.below(200) {
            0..60 => self.arrival(),
            60..76 => self.moved(),
            76..84 => self.flipped(),
            84..92 => self.removed(),
            92..108 => self.control(),
            108..124 => self.marker(),
            124..144 => self.diplomacy(),
            144..156 => self.cards(),
            156..164 => vec![self.morale()],
            164..165 => self.closure(),
            165..166 => self.supply(),
            166..167 => self.fortified(),
            _ => self.track(),
        };
        if steps.is_empty() {
            self.track()
        } else {
            steps
        }
    }

    /// `If` as the first step: on the scenario's neutral nation (true in every state), on
    /// a space no step places units on (true in every state), on `vp` (true in the scenario judged with the
    /// most), or on a contested space's holder (true where no scenario judged overrides it).
    fn condition(&mut self, always: bool) -> Step {
        let form = if always {
            self.rng.below(2)
        } else {
            self.rng.below(4)
        };
        let (when, then) = match form {
            0 => return self.condition_on_neutral(),
            1 => match self.control() {
                // no step places a unit on a space the flips hold: empty in every state
                steps if !steps.is_empty() => {
                    let Step::Control { space, .. } = &steps[0] else {
                        unreachable!("a control step")
                    };
                    (format!("size(units_at('{space}')) == 0"), steps)
                }
                _ => return self.condition_on_neutral(),
            },
            2 => {
                let most = self.judged.iter().map(|&k| self.facts.vp[k]).max();
                let Some(most) = most else {
                    return self.condition_on_neutral();
                };
                let least = self
                    .judged
                    .iter()
                    .map(|&k| self.facts.vp[k])
                    .min()
                    .unwrap_or(most);
                let at = least + self.rng.below((most - least + 1) as usize) as i32;
                (format!("scenario.tracks['vp'] >= {at}"), self.plain())
            }
            _ => {
                let c = &self.facts.contested;
                let held = c
                    .get(self.rng.below(c.len().max(1)))
                    .filter(|(_, _, by)| self.judged.iter().any(|&k| !by[k]));
                let Some((space, holder, _)) = held else {
                    return self.condition_on_neutral();
                };
                (format!("control('{space}') == '{holder}'"), self.plain())
            }
        };
        self.with_otherwise(when, then)
    }

    /// `If` the scenario's neutral nation is neutral (in every state: no step makes it
    /// enter but this kind of condition), it enters the war or limited entry.
    fn condition_on_neutral(&mut self) -> Step {
        let faction: Id = NEUTRAL.into();
        let enter = if self.rng.chance(0.5) {
            Step::EnterWar { faction }
        } else {
            Step::LimitedEntry { faction }
        };
        self.with_otherwise(format!("'{NEUTRAL}' in neutral()"), vec![enter])
    }

    fn with_otherwise(&mut self, when: String, then: Vec<Step>) -> Step {
        let otherwise = if self.rng.chance(0.4) {
            self.plain()
        } else {
            Vec::new()
        };
        Step::If {
            when,
            says: None,
            then,
            otherwise,
        }
    }

    /// `OneOf`: nothing or something, or two or three alternatives.
    fn one_of(&mut self) -> Step {
        let mut options = vec![self.plain()];
        match self.rng.below(3) {
            0 => options.insert(0, Vec::new()),
            1 => options.push(self.plain()),
            _ => {
                options.push(self.plain());
                options.push(self.plain());
            }
        }
        Step::OneOf(options)
    }

    /// `UpTo(n: 2)` of three single steps: six picks.
    fn up_to(&mut self) -> Step {
        let of = (0..3)
            .map(|_| match self.rng.below(4) {
                0 => self.arrival().into_iter().next(),
                1 => self.control().into_iter().next(),
                2 => Some(self.morale()),
                _ => self.marker().into_iter().next(),
            })
            .map(|s| {
                s.unwrap_or(Step::ShiftTrack {
                    track: "vp".into(),
                    by: 1,
                })
            })
            .collect();
        Step::UpTo { n: 2, of }
    }

    /// A spare counter of a faction and a place it may arrive at, each new to the card.
    fn unit_and_place(&mut self) -> Option<(usize, Id, Id)> {
        let f = self.rng.below(FACTIONS.len());
        let u = self.fresh(|p| p.units[f].take())?;
        let at = self.fresh(|p| p.targets[f].take())?;
        Some((f, u, at))
    }

    /// The next item of a pool that the card has not used.
    fn fresh(&mut self, take: impl Fn(&mut Pools) -> Option<Id>) -> Option<Id> {
        let item = take(self.pools)?;
        self.used.insert(item.clone()).then_some(item)
    }

    fn arrival(&mut self) -> Vec<Step> {
        let Some((f, u, at)) = self.unit_and_place() else {
            return Vec::new();
        };
        let mut units = vec![u];
        if self.rng.chance(0.3)
            && let Some(v) = self.fresh(|p| p.units[f].take())
        {
            units.push(v);
        }
        vec![Step::Place {
            units,
            at,
            reduced: false,
        }]
    }

    fn moved(&mut self) -> Vec<Step> {
        let Some((f, u, at)) = self.unit_and_place() else {
            return Vec::new();
        };
        let Some(to) = self.fresh(|p| p.targets[f].take()) else {
            return Vec::new();
        };
        vec![
            Step::Place {
                units: vec![u.clone()],
                at,
                reduced: false,
            },
            Step::Move { units: vec![u], to },
        ]
    }

    /// A counter arrives on one side and flips to the other.
    fn flipped(&mut self) -> Vec<Step> {
        let Some((_, u, at)) = self.unit_and_place() else {
            return Vec::new();
        };
        let reduced = self.rng.chance(0.5);
        let units = vec![u.clone()];
        let flip = if reduced {
            Step::Restore { units }
        } else {
            Step::Reduce { units }
        };
        vec![
            Step::Place {
                units: vec![u],
                at,
                reduced,
            },
            flip,
        ]
    }

    fn removed(&mut self) -> Vec<Step> {
        let Some((_, u, at)) = self.unit_and_place() else {
            return Vec::new();
        };
        vec![
            Step::Place {
                units: vec![u.clone()],
                at,
                reduced: false,
            },
            Step::Remove { units: vec![u] },
        ]
    }

    fn control(&mut self) -> Vec<Step> {
        let Some((space, faction)) = self.pools.flips.take() else {
            return Vec::new();
        };
        if !self.used.insert(space.clone()) {
            return Vec::new();
        }
        vec![Step::Control {
            space,
            faction: Some(faction),
        }]
    }

    fn marker(&mut self) -> Vec<Step> {
        let Some(at) = self.pools.spaces.take() else {
            return Vec::new();
        };
        let kind: Id = if self.rng.chance(0.5) {
            "trench"
        } else {
            "oos"
        }
        .into();
        let mut steps = vec![Step::PlaceMarker {
            kind: kind.clone(),
            at: at.clone(),
            side: None,
        }];
        if self.rng.chance(0.3) {
            steps.push(Step::RemoveMarker { kind, at });
        }
        steps
    }

    fn track(&mut self) -> Vec<Step> {
        vec![if self.rng.chance(0.7) {
            let by = [-2, -1, 1, 2][self.rng.below(4)];
            Step::ShiftTrack {
                track: "vp".into(),
                by,
            }
        } else {
            Step::SetTrack {
                track: "war-status".into(),
                value: self.rng.range(1, 5) as i32,
            }
        }]
    }

    /// A change of stance between two enemies, or the neutral nation leaning to a side.
    fn diplomacy(&mut self) -> Vec<Step> {
        vec![if self.rng.chance(0.5) {
            let stance = if self.rng.chance(0.5) {
                Stance::Neutral
            } else {
                Stance::Enemy
            };
            Step::Relation {
                factions: ("a3".into(), "c1".into()),
                stance,
            }
        } else {
            Step::ChangeSide {
                faction: NEUTRAL.into(),
                side: (*self.rng.pick(&SIDES)).into(),
            }
        }]
    }

    /// A link closes, and perhaps opens again.
    fn closure(&mut self) -> Vec<Step> {
        let Some((a, b)) = self.pools.links.take() else {
            return Vec::new();
        };
        if !self.used.insert(a.clone()) {
            return Vec::new();
        }
        let links = vec![(a, b)];
        let mut steps = vec![Step::CloseLinks {
            links: links.clone(),
            kind: None,
        }];
        if self.rng.chance(0.3) {
            steps.push(Step::OpenLinks { links, kind: None });
        }
        steps
    }

    /// A space becomes a source, and perhaps stops being one.
    fn supply(&mut self) -> Vec<Step> {
        let Some((space, faction)) = self.pools.gains.take() else {
            return Vec::new();
        };
        if !self.used.insert(space.clone()) {
            return Vec::new();
        }
        let mut steps = vec![Step::GainSupplySource {
            space: space.clone(),
            faction: faction.clone(),
        }];
        if self.rng.chance(0.3) {
            steps.push(Step::LoseSupplySource { space, faction });
        }
        steps
    }

    fn morale(&mut self) -> Step {
        Step::SetAttr {
            of: "scenario".into(),
            attr: "morale".into(),
            value: AttrValue::Int(self.rng.range(0, 10) as i64),
        }
    }

    /// A space fortified (an attribute of the map's: the state is judged with the map).
    fn fortified(&mut self) -> Vec<Step> {
        let Some(at) = self.pools.spaces.take() else {
            return Vec::new();
        };
        vec![Step::SetAttr {
            of: format!("space:{at}").into(),
            attr: "fortified".into(),
            value: AttrValue::Bool(true),
        }]
    }

    /// A card without effects goes elsewhere: into a side's hand, play, out of the game, or
    /// its deck's draw pile.
    fn cards(&mut self) -> Vec<Step> {
        let Some((card, deck)) = self.pools.others.take() else {
            return Vec::new();
        };
        if !self.used.insert(card.clone()) {
            return Vec::new();
        }
        let to = match self.rng.below(4) {
            0 => CardsTo::Hand((*self.rng.pick(&SIDES)).into()),
            1 => CardsTo::InPlay,
            2 => CardsTo::Removed,
            _ => CardsTo::Deck(deck),
        };
        vec![Step::Cards {
            cards: vec![card],
            to,
        }]
    }
}
