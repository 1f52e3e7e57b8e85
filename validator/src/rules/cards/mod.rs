//! Cards: numbers unique in a deck (C001), deck groups as declared (C002), no card naming
//! itself (C003) or requiring cards in a cycle (C004); in a scenario each card once (C005)
//! and in its own deck's pile (C006); each reinforcement arrives somewhere, in one way (C007).

pub mod c001_duplicate_card_number;
pub mod c002_deck_composition;
pub mod c003_self_reference;
pub mod c004_requires_cycle;
pub mod c005_card_twice_in_scenario;
pub mod c006_card_in_wrong_deck;
pub mod c007_reinforcement_arrival;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &c001_duplicate_card_number::CHECK,
    &c002_deck_composition::CHECK,
    &c003_self_reference::CHECK,
    &c004_requires_cycle::CHECK,
    &c005_card_twice_in_scenario::CHECK,
    &c006_card_in_wrong_deck::CHECK,
    &c007_reinforcement_arrival::CHECK,
];
