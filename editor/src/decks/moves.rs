//! Moving a card from list to list in a scenario, and whether a list may take it.

use orbat_validator::model::{CardsFile, Hand, Scenario, ScenarioDeck};

use super::places::Place;

/// Whether a card may go to a list: a draw pile takes only its own deck's cards.
pub fn may_move(cards: Option<&CardsFile>, card: &str, to: &Place) -> Result<(), String> {
    let Place::Deck(deck) = to else {
        return Ok(());
    };
    let own = cards.and_then(|f| f.cards.iter().find(|c| c.id == card));
    match own {
        Some(c) if c.deck != deck => Err(format!(
            "{card} belongs to deck {}, not {deck}: it can only go to the {} draw pile",
            c.deck, c.deck
        )),
        _ => Ok(()),
    }
}

/// Moves a card to a list (out of every list it was in), creating the deck or hand entry when
/// the scenario has none; a deck or hand the move leaves empty is dropped. Refuses a draw pile
/// of another deck.
pub fn move_card(
    sc: &mut Scenario,
    cards: Option<&CardsFile>,
    card: &str,
    to: &Place,
) -> Result<(), String> {
    may_move(cards, card, to)?;
    take_out(sc, card);
    let id = card.to_owned();
    match to {
        Place::Deck(d) => match sc.decks.iter_mut().find(|x| x.deck == d) {
            Some(x) => x.cards.push(id.into()),
            None => sc.decks.push(ScenarioDeck {
                deck: d.clone(),
                cards: vec![id.into()],
            }),
        },
        Place::Hand(h) => match sc.hands.iter_mut().find(|x| x.holder == h) {
            Some(x) => x.cards.push(id.into()),
            None => sc.hands.push(Hand {
                holder: h.clone(),
                cards: vec![id.into()],
            }),
        },
        Place::InPlay => sc.in_play.push(id.into()),
        Place::Removed => sc.removed.push(id.into()),
        Place::Unassigned => {}
    }
    Ok(())
}

/// Takes a card out of every list; drops decks and hands this leaves empty.
fn take_out(sc: &mut Scenario, card: &str) {
    let mut emptied = false;
    for d in &mut sc.decks {
        let before = d.cards.len();
        d.cards.retain(|c| c != card);
        emptied |= before > 0 && d.cards.is_empty();
    }
    for h in &mut sc.hands {
        let before = h.cards.len();
        h.cards.retain(|c| c != card);
        emptied |= before > 0 && h.cards.is_empty();
    }
    if emptied {
        sc.decks.retain(|d| !d.cards.is_empty());
        sc.hands.retain(|h| !h.cards.is_empty());
    }
    sc.in_play.retain(|c| c != card);
    sc.removed.retain(|c| c != card);
}
