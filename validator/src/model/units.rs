//! `units.ron`: the counter mix.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::attrs::Attrs;
use super::sorted::SortedMap;
use super::tied::Under;
use thin_vec::ThinVec;

use super::common::{Id, is_one, one};
use super::values::UnitValues;

/// The counter mix of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    /// Every unit counter of the game.
    pub units: Vec<Unit>,
}

/// A unit counter (or a set of identical counters).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Stable id of the unit.
    pub id: Id,
    /// Faction that owns the unit.
    pub faction: Id,
    /// Unit kind, one of the game's `unit_kinds`.
    pub kind: Id,
    /// Values on the full-strength side, by the game's `unit_values` names.
    pub full: UnitValues,
    /// Values on the reduced side; absent for a one-step unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<UnitValues>,
    /// How many identical counters the mix holds under this id.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = 1))]
    pub count: u32,
    /// Attributes of the unit, each one of the game's `unit_flags`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Id>,
    /// Values of the attributes the game declares for units (game.ron `attributes`), by
    /// attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
    /// The rulesets this is present under (game.ron `rulesets`); empty: under every ruleset.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub rulesets: ThinVec<Id>,
    /// Values that differ under a ruleset: ruleset id -> field (an attribute as `attrs.<id>`) ->
    /// value, e.g. `{"it-2nd-edition": {"vp": 2}}`.
    #[serde(default, skip_serializing_if = "Under::is_empty")]
    pub under: Under,
}
