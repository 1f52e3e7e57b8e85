//! Deck composition: each group's declared count against the cards a scenario holds, and
//! the strays in a deck's draw pile.

use std::cmp::Ordering;

use orbat_validator::model::{CardsFile, Game, Id, Scenario};

use super::places::{Place, cards_at, place_of};

/// One group of a deck: what the game declares against what the scenario holds (its draw
/// pile, and elsewhere: hands, in play, removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupCount {
    pub group: Id,
    /// The count game.ron declares for the group.
    pub declared: u32,
    /// Cards of the group in the scenario's draw pile of the deck.
    pub in_pile: u32,
    /// Cards of the deck and group elsewhere in the scenario: hands, in play, removed.
    pub elsewhere: u32,
}

/// How the group's cards in the scenario compare with the declared count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Balance {
    Exact,
    Missing(u32),
    Extra(u32),
}

impl GroupCount {
    /// The group's cards anywhere in the scenario.
    pub fn accounted(&self) -> u32 {
        self.in_pile.saturating_add(self.elsewhere)
    }

    /// Every card of a group is somewhere at the start (the pile, a hand, in play, removed):
    /// fewer means cards the scenario leaves out (or cards.ron lacks), more means duplicates.
    pub fn balance(&self) -> Balance {
        let n = self.accounted();
        match n.cmp(&self.declared) {
            Ordering::Equal => Balance::Exact,
            Ordering::Less => Balance::Missing(self.declared - n),
            Ordering::Greater => Balance::Extra(n - self.declared),
        }
    }
}

/// The composition of one deck's pile in a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckComposition {
    pub deck: Id,
    pub groups: Vec<GroupCount>,
    /// Cards in the pile that belong to no group of the deck (another deck, an unknown card
    /// or group).
    pub strays: Vec<Id>,
}

/// The composition of every deck the game declares, in the game's order.
pub fn composition(game: &Game, cards: &CardsFile, sc: &Scenario) -> Vec<DeckComposition> {
    let card = |id: &str| cards.cards.iter().find(|c| c.id == id);
    game.decks
        .iter()
        .map(|deck| {
            let pile = cards_at(sc, Some(cards), &Place::Deck(deck.id.clone()));
            let in_group = |id: &str, group: &str| {
                card(id).is_some_and(|c| c.deck == deck.id && c.group == group)
            };
            let groups = deck
                .groups
                .iter()
                .map(|g| {
                    let elsewhere = cards
                        .cards
                        .iter()
                        .filter(|c| c.deck == deck.id && c.group == g.id)
                        .filter(|c| {
                            place_of(sc, &c.id).is_some_and(|p| !matches!(p, Place::Deck(_)))
                        })
                        .count();
                    GroupCount {
                        group: g.id.clone(),
                        declared: g.count,
                        in_pile: count_u32(pile.iter().filter(|id| in_group(id, &g.id)).count()),
                        elsewhere: count_u32(elsewhere),
                    }
                })
                .collect();
            let strays = pile
                .iter()
                .filter(|id| !deck.groups.iter().any(|g| in_group(id, &g.id)))
                .cloned()
                .collect();
            DeckComposition {
                deck: deck.id.clone(),
                groups,
                strays,
            }
        })
        .collect()
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
