//! How big a game to make: the named sizes R, S, M and L, or a number of spaces with the rest in
//! proportion.

/// How big a game to make.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    /// Locations, boxes off the map included.
    pub spaces: usize,
    /// Links between spaces.
    pub links: usize,
    /// Unit ids in the counter mix.
    pub units: usize,
    /// The counters those units make in all (the sum of their counts), when it must be exact;
    /// otherwise about one unit in seven has two.
    pub counters: Option<usize>,
    pub cards: usize,
    pub scenarios: usize,
    /// Share of the units each scenario places.
    pub placed_share: f64,
    /// Languages with a text file (the source language first), at most three.
    pub languages: usize,
    /// Cards whose event is written as `effects` (at most the cards that require no other),
    /// with a schedule in game.ron and in each scenario when there are any; 0 in every named
    /// size, so that their games stay as they were.
    pub event_cards: usize,
}

impl Params {
    /// Size S: about a Paths of Glory (300 spaces).
    pub fn small() -> Self {
        Params {
            spaces: 300,
            links: 600,
            units: 400,
            cards: 130,
            scenarios: 3,
            placed_share: 0.6,
            languages: 3,
            counters: None,
            event_cards: 0,
        }
    }

    /// Size R: shaped like a published card-driven game (Paths of Glory: about 360 spaces,
    /// 480 links, 190 counters, 130 cards), one scenario, the source language and one
    /// translation; what a designer's folder, and a CI run over it, really holds.
    pub fn real() -> Self {
        Params {
            spaces: 360,
            links: 480,
            units: 190,
            cards: 130,
            scenarios: 1,
            placed_share: 0.8,
            languages: 2,
            counters: None,
            event_cards: 0,
        }
    }

    /// Size L: 10,000 spaces, 30,000 links, 20,000 units, 2,000 cards, 10 scenarios.
    pub fn large() -> Self {
        Params {
            spaces: 10_000,
            links: 30_000,
            units: 20_000,
            cards: 2_000,
            scenarios: 10,
            placed_share: 0.4,
            languages: 3,
            counters: None,
            event_cards: 0,
        }
    }

    /// A game scaled from size S to `spaces` spaces (links, units and cards in proportion).
    pub fn scaled(spaces: usize) -> Self {
        let s = Self::small();
        let f = spaces as f64 / s.spaces as f64;
        Params {
            spaces,
            links: (s.links as f64 * f) as usize,
            units: (s.units as f64 * f) as usize,
            cards: ((s.cards as f64 * f.sqrt()) as usize).max(20),
            scenarios: 4,
            placed_share: 0.5,
            languages: 3,
            counters: None,
            event_cards: 0,
        }
    }

    /// These params with exactly `cards` cards and `counters` counters (about one unit in seven
    /// with two counters, as in the mix the other sizes make).
    pub fn with_counts(mut self, cards: Option<usize>, counters: Option<usize>) -> Self {
        if let Some(cards) = cards {
            self.cards = cards;
        }
        if let Some(n) = counters {
            self.units = (n * 100).div_ceil(115).min(n);
            self.counters = Some(n);
        }
        self
    }

    /// These params with `n` event cards.
    pub fn with_events(mut self, n: usize) -> Self {
        self.event_cards = n;
        self
    }

    /// `R`, `S`, `M` (2,000 spaces), `L`, or a number of spaces.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "R" | "r" => Some(Self::real()),
            "S" | "s" => Some(Self::small()),
            "M" | "m" => Some(Self::scaled(2_000)),
            "L" | "l" => Some(Self::large()),
            n => n.parse().ok().map(Self::scaled),
        }
    }
}
