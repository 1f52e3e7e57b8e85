//! Deterministic generator of valid Orbat games of any size, for benchmarks and tests.
//!
//! [`generate`] builds a whole game folder from a [`Params`] and a seed; the same seed gives
//! the same bytes. The game is valid by construction (every check of `orbat-validate` passes
//! with no diagnostic), and uses every feature the rules look at:
//!
//! - the map is a jittered grid (planar-ish: grid links, one diagonal per cell at most) split
//!   into two side regions by a neutral strip; each side's region is cut into one band per
//!   faction, so each faction holds a connected region with its supply sources;
//! - links of four kinds (one carries no supply), parallel links of another kind, links
//!   restricted to some factions (`only_for`);
//! - supply rules of every flavour: own sources, `uses_sources_of` with a limited source,
//!   `always_supplied_in`, and `Friendly`, `OwnFaction` and `NotEnemy` tracing;
//! - units placed in their own faction's spaces (so in supply) within every stacking limit:
//!   location limits, unit-kind caps, `max_per_location`, a faction limit, `never_together`;
//! - cards in three decks with `requires` (only towards earlier cards: no cycle), `cancels`,
//!   `prevents`, reinforcements and spaces, and deck counts that match;
//! - up to three languages with complete translations whose `source` records match;
//! - several scenarios with control and relation overrides, decks, hands, tracks and markers;
//! - with `event_cards`, cards whose events are `effects` (every kind of step, conditions and
//!   choices among them) and schedules in game.ron and each scenario, valid in every state
//!   they make.
//!
//! One file per step, each drawing from the one [`Rng`] in a fixed order (map, units, cards,
//! scenarios, events), so that the same seed gives the same bytes:
//!
//! ```text
//! params.rs    how big: R, S, M, L or a number of spaces
//! rng.rs       SplitMix64
//! cast.rs      the fixed sides, factions, languages, decks and naming helpers
//! map.rs       spaces, supply sources, reserve boxes, links
//! units.rs     the counter mix
//! cards.rs     cards and the decks' group counts
//! game.rs      game.ron
//! scenario.rs  one scenario
//! pools.rs     what events may use in every state
//! events.rs    which cards have events, and the pools filled from the scenarios
//! effects.rs   one card's effects
//! schedule.rs  game.ron's schedule and each scenario's
//! text.rs      the text files of every language
//! output.rs    the documents, written as RON or JSON
//! ```

mod cards;
mod cast;
mod effects;
mod events;
mod game;
mod map;
mod output;
mod params;
mod pools;
mod rng;
mod scenario;
mod schedule;
mod text;
mod units;

use orbat_validator::model::{CardsFile, MapFile, UnitsFile};

pub use output::{Format, GeneratedGame};
pub use params::Params;
pub use rng::Rng;

/// Generates a valid game.
pub fn generate(p: &Params, seed: u64) -> GeneratedGame {
    let mut rng = Rng::new(seed);
    let map = map::generate(p, &mut rng);
    let units = units::generate(p, &mut rng);
    let cards = cards::generate(p, &mut rng, &map, &units);
    let languages = &cast::LANGUAGES[..p.languages.clamp(1, cast::LANGUAGES.len())];
    let mut game = game::generate(seed, &map, cards.decks(), languages);
    let mut scenarios: Vec<_> = (0..p.scenarios)
        .map(|k| scenario::generate(k, p, &mut rng, &game, &map, &units, &cards.cards))
        .collect();
    let mut cards = cards.cards;
    events::generate(
        p,
        &mut rng,
        (&mut game, &map, &units),
        &mut cards,
        &mut scenarios,
    );
    let texts = text::generate(&game, &map.spaces, &units, &cards);
    GeneratedGame {
        game,
        map: MapFile {
            backdrop: None,
            spaces: map.spaces,
            links: map.links,
        },
        units: UnitsFile { units },
        cards: CardsFile { cards },
        texts,
        scenarios,
    }
}
