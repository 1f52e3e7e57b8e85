//! Where a card lies in a scenario: its lists (draw piles, hands, in play, removed,
//! unassigned), the list holding a card and the cards of a list.

use orbat_validator::model::{CardsFile, Game, Id, Scenario, TextFile};

/// A list of a scenario where a card can be at the start.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    /// The draw pile of a deck.
    Deck(Id),
    /// The hand of a side or faction.
    Hand(Id),
    InPlay,
    Removed,
    /// In no list: a card of the game the scenario does not use (yet).
    Unassigned,
}

impl Place {
    /// The list's name in plain words, a deck or a hand's holder by its name in `source` (the
    /// source language's text) where it has one, else by its id.
    pub fn label(&self, source: Option<&TextFile>) -> String {
        let name = |prefixes: &[&str], id: &Id| {
            (prefixes.iter())
                .find_map(|p| source?.entries.get(format!("{p}:{id}").as_str()))
                .map_or_else(|| id.to_string(), |e| e.name.to_string())
        };
        match self {
            Place::Deck(d) => format!("Draw pile: {}", name(&["deck"], d)),
            Place::Hand(h) => format!("Hand: {}", name(&["side", "faction"], h)),
            Place::InPlay => "In play".into(),
            Place::Removed => "Removed".into(),
            Place::Unassigned => "Unassigned".into(),
        }
    }
}

/// The first list of the scenario that holds the card, if any.
pub fn place_of(sc: &Scenario, card: &str) -> Option<Place> {
    let has = |list: &[Id]| list.iter().any(|c| c == card);
    if let Some(d) = sc.decks.iter().find(|d| has(&d.cards)) {
        return Some(Place::Deck(d.deck.clone()));
    }
    if let Some(h) = sc.hands.iter().find(|h| has(&h.cards)) {
        return Some(Place::Hand(h.holder.clone()));
    }
    if has(&sc.in_play) {
        return Some(Place::InPlay);
    }
    has(&sc.removed).then_some(Place::Removed)
}

/// The cards of one list, in the file's order; for `Unassigned`, the game's cards in no list.
pub fn cards_at(sc: &Scenario, cards: Option<&CardsFile>, place: &Place) -> Vec<Id> {
    match place {
        Place::Deck(d) => sc
            .decks
            .iter()
            .filter(|x| x.deck == d)
            .flat_map(|x| x.cards.iter().cloned())
            .collect(),
        Place::Hand(h) => sc
            .hands
            .iter()
            .filter(|x| x.holder == h)
            .flat_map(|x| x.cards.iter().cloned())
            .collect(),
        Place::InPlay => sc.in_play.clone(),
        Place::Removed => sc.removed.clone(),
        Place::Unassigned => cards.map_or_else(Vec::new, |f| unassigned(f, sc)),
    }
}

/// The game's cards that are in no list of the scenario, in the order of cards.ron.
pub fn unassigned(cards: &CardsFile, sc: &Scenario) -> Vec<Id> {
    cards
        .cards
        .iter()
        .filter(|c| place_of(sc, &c.id).is_none())
        .map(|c| c.id.clone())
        .collect()
}

/// Every list to show for a scenario: the game's decks and the scenario's own, the hands it
/// has and one for each side and deck owner, in play, removed, unassigned.
pub fn places(game: Option<&Game>, sc: &Scenario) -> Vec<Place> {
    let mut out: Vec<Place> = Vec::new();
    let mut add = |p: Place| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for d in game.iter().flat_map(|g| &g.decks) {
        add(Place::Deck(d.id.clone()));
    }
    for d in &sc.decks {
        add(Place::Deck(d.deck.clone()));
    }
    for h in &sc.hands {
        add(Place::Hand(h.holder.clone()));
    }
    if let Some(g) = game {
        for side in &g.sides {
            add(Place::Hand(side.id.clone()));
        }
        for owner in g.decks.iter().filter_map(|d| d.owner.as_ref()) {
            add(Place::Hand(owner.clone()));
        }
    }
    add(Place::InPlay);
    add(Place::Removed);
    add(Place::Unassigned);
    out
}
