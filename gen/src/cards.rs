//! The cards, in three decks: `requires` only towards earlier cards (so no cycle), `cancels`,
//! `prevents`, reinforcements and spaces; and the decks' group counts, which match them.

use std::collections::BTreeMap;

use orbat_validator::model::{Card, Deck, DeckGroup, Id, Reinforcement, Unit};

use crate::Params;
use crate::cast::{DECKS, GROUPS, faction_index, id, space_id};
use crate::map::Map;
use crate::rng::Rng;

/// The cards, and how many of them each (deck, group) holds.
pub(crate) struct Cards {
    pub cards: Vec<Card>,
    counts: BTreeMap<(usize, usize), u32>,
}

pub(crate) fn generate(p: &Params, rng: &mut Rng, map: &Map, units: &[Unit]) -> Cards {
    let mut cards: Vec<Card> = Vec::with_capacity(p.cards);
    let mut numbers = [0u32; 3];
    let mut counts: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    for i in 0..p.cards {
        let d = match rng.below(20) {
            0..9 => 0,
            9..18 => 1,
            _ => 2,
        };
        let g = (i * 3 / p.cards.max(1)).min(2);
        numbers[d] += 1;
        *counts.entry((d, g)).or_default() += 1;
        let card_id = |j: usize, cards: &[Card]| cards[j].id.clone();
        let mut requires = Vec::new();
        if i > 0 && rng.chance(0.2) {
            for _ in 0..rng.range(1, 2) {
                let j = rng.below(i);
                let c = card_id(j, &cards);
                if !requires.contains(&c) {
                    requires.push(c);
                }
            }
        }
        let other = |rng: &mut Rng| {
            let j = rng.below(p.cards - 1);
            let j = if j >= i { j + 1 } else { j };
            Id::from(format!("card-{j:05}"))
        };
        let cancels = if p.cards > 1 && rng.chance(0.1) {
            vec![other(rng)]
        } else {
            Vec::new()
        };
        let prevents = if p.cards > 1 && rng.chance(0.05) {
            vec![other(rng)]
        } else {
            Vec::new()
        };
        let reinforcements = if !units.is_empty() && rng.chance(0.15) {
            (0..rng.range(1, 3))
                .map(|_| {
                    let u: &Unit = rng.pick(units);
                    let f = faction_index(&u.faction);
                    Reinforcement {
                        unit: u.id.clone(),
                        to: space_id(*rng.pick(&map.by_faction[f])),
                        ..Default::default()
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let card_spaces = if rng.chance(0.2) {
            let mut v: Vec<Id> = (0..rng.range(1, 3))
                .map(|_| space_id(rng.below(map.on_map)))
                .collect();
            v.dedup();
            v
        } else {
            Vec::new()
        };
        let ops = rng.range(1, 5);
        cards.push(Card {
            id: format!("card-{i:05}").into(),
            deck: id(DECKS[d].0),
            group: id(GROUPS[g]),
            number: numbers[d],
            ops,
            sr: Some(ops + 1),
            rp: rng.chance(0.8).then(|| rng.range(0, 3)),
            combat: rng.chance(0.2),
            removed_after_play: rng.chance(0.3),
            requires,
            cancels,
            prevents,
            reinforcements,
            spaces: card_spaces,
            ..Default::default()
        });
    }
    Cards { cards, counts }
}

impl Cards {
    /// The decks of game.ron, each group counting the cards generated for it.
    pub(crate) fn decks(&self) -> Vec<Deck> {
        DECKS
            .iter()
            .enumerate()
            .map(|(d, (deck, owner))| Deck {
                id: id(deck),
                owner: owner.map(id),
                groups: GROUPS
                    .iter()
                    .enumerate()
                    .filter_map(|(g, group)| {
                        self.counts.get(&(d, g)).map(|&count| DeckGroup {
                            id: id(group),
                            count,
                        })
                    })
                    .collect(),
            })
            .filter(|d| !d.groups.is_empty())
            .collect()
    }
}
