//! The fixed cast every generated game shares: sides, factions, languages, terrains, decks,
//! value names, and the small helpers that name things.

use orbat_validator::model::Id;
use serde::de::DeserializeOwned;

pub(crate) const SIDES: [&str; 2] = ["ap", "cp"];
/// Factions with units: three per side.
pub(crate) const FACTIONS: [(&str, &str); 6] = [
    ("a1", "ap"),
    ("a2", "ap"),
    ("a3", "ap"),
    ("c1", "cp"),
    ("c2", "cp"),
    ("c3", "cp"),
];
/// A faction with no side, holding part of the neutral strip.
pub(crate) const NEUTRAL: &str = "nx";
pub(crate) const LANGUAGES: [&str; 3] = ["en", "fr", "de"];
pub(crate) const TERRAINS: [&str; 5] = ["clear", "forest", "mountain", "marsh", "desert"];
pub(crate) const DECKS: [(&str, Option<&str>); 3] = [
    ("ap-deck", Some("ap")),
    ("cp-deck", Some("cp")),
    ("neutral-deck", None),
];
pub(crate) const GROUPS: [&str; 3] = ["mobilization", "limited-war", "total-war"];
/// The faction whose stacks are limited to this many units.
pub(crate) const LIMITED_FACTION: (&str, u32) = ("c3", 2);
/// The values printed on every counter.
pub(crate) const UNIT_VALUES: [&str; 3] = ["combat", "loss", "movement"];

pub(crate) fn id(s: &str) -> Id {
    s.into()
}

/// The id of the `i`th space on the map.
pub(crate) fn space_id(i: usize) -> Id {
    format!("sp-{i:05}").into()
}

pub(crate) fn faction_index(f: &str) -> usize {
    FACTIONS.iter().position(|(x, _)| *x == f).expect("known")
}

/// A model value from JSON: fields the model gains later take their defaults.
pub(crate) fn from_json<T: DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).expect("generated JSON matches the model")
}
