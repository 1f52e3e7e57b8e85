//! New cards: ids no card has, the next free number in a deck, blank cards and copies.

use orbat_validator::model::{Card, CardsFile, Id};

/// An id no card has: `base` itself if free, else `base-2`, `base-3`...
pub fn fresh_card_id(cards: &CardsFile, base: &str) -> Id {
    let taken = |id: &str| cards.cards.iter().any(|c| c.id == id);
    if !taken(base) {
        return base.into();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| format!("{base}-new"))
        .into()
}

/// The id of a new card: `card-<n>` after the highest `card-<n>` there is (`card-3` after
/// `card-2`), never one a card has.
pub fn next_card_id(cards: &CardsFile) -> Id {
    let last = cards
        .cards
        .iter()
        .filter_map(|c| c.id.strip_prefix("card-")?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    fresh_card_id(cards, &format!("card-{}", last.saturating_add(1)))
}

/// The next free number in a deck (one more than the highest).
pub fn next_number(cards: &CardsFile, deck: &str) -> u32 {
    cards
        .cards
        .iter()
        .filter(|c| c.deck == deck)
        .map(|c| c.number)
        .max()
        .map_or(1, |n| n.saturating_add(1))
}

/// A blank card in the given deck and group, with a fresh id and the next number.
pub fn new_card(cards: &CardsFile, deck: &str, group: &str) -> Card {
    Card {
        id: next_card_id(cards),
        deck: deck.into(),
        group: group.into(),
        number: next_number(cards, deck),
        ops: 1,
        sr: None,
        rp: None,
        combat: false,
        removed_after_play: false,
        requires: vec![],
        cancels: vec![],
        prevents: vec![],
        reinforcements: vec![],
        spaces: vec![],
        ..Default::default()
    }
}

/// A copy of a card under a fresh id, numbered after the last card of its deck.
pub fn duplicate(cards: &CardsFile, card: &Card) -> Card {
    let mut copy = card.clone();
    copy.id = fresh_card_id(cards, &format!("{}-copy", card.id));
    copy.number = next_number(cards, &card.deck);
    copy
}
