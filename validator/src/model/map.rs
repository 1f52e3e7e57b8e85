//! `map.ron`: the backdrop, the locations and the links between them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::attrs::Attrs;
use super::sorted::SortedMap;
use super::tied::Under;
use thin_vec::ThinVec;

use super::common::{Id, is_false, is_zero};

/// The map of a game: locations (spaces, regions, boxes) and the links between them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// The image drawn under the map, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Backdrop>,
    /// Every location: spaces on the map graph and boxes off it.
    pub spaces: Vec<Space>,
    /// The links between spaces; parallel links of different kinds are allowed.
    pub links: Vec<Link>,
}

/// The backdrop image of the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Backdrop {
    /// Path of a PNG or JPEG image, relative to the game folder and inside it.
    pub image: String,
    /// Width of the image in map units (pixels).
    pub width: u32,
    /// Height of the image in map units (pixels).
    pub height: u32,
}

/// A location: a space or region on the map graph, or a box off it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Space {
    /// Stable id of the location.
    pub id: Id,
    /// Horizontal position on the backdrop, in pixels from the left.
    pub x: f32,
    /// Vertical position on the backdrop, in pixels from the top.
    pub y: f32,
    /// Location kind, one of the game's `location_kinds`.
    pub kind: Id,
    /// Terrain, one of the game's `terrains`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Id>,
    /// Areas (countries, regions) the location belongs to.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub areas: ThinVec<Id>,
    /// Faction that controls the location at the start of every scenario, unless a scenario
    /// overrides it; or a side, for land a side controls that belongs to no playing nation
    /// (a protectorate, a leased province); absent for an uncontrolled location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Id>,
    /// Victory points the location is worth.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vp: u32,
    /// Fort strength, if the location has a fort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort: Option<u32>,
    /// True when the location is a port.
    #[serde(default, skip_serializing_if = "is_false")]
    pub port: bool,
    /// The faction whose capital this is, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capital_of: Option<Id>,
    /// Factions for which this location is a supply source.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub supply_source_for: ThinVec<Id>,
    /// What must hold at a scenario's start for it to be a supply source at all (each
    /// condition); empty: always.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Condition>")]
    pub source_while: ThinVec<Condition>,
    /// Limits on who may use this port for sea supply.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<PortLimit>")]
    pub port_limits: ThinVec<PortLimit>,
    /// Values of the attributes the game declares for spaces (game.ron `attributes`), by
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

/// Something that holds or not at the start of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Condition {
    /// The faction is at war (not in the scenario's `neutral`).
    AtWar(Id),
    /// The faction is neutral (in the scenario's `neutral`).
    Neutral(Id),
    /// The side or faction `by` (or a faction of that side) controls `space` at start.
    Controls {
        /// The side or faction.
        by: Id,
        /// The space.
        space: Id,
    },
    /// A marker of `kind` lies on `space` at start.
    Marked {
        /// The marker kind.
        kind: Id,
        /// The space.
        space: Id,
    },
    /// No marker of `kind` lies on `space` at start.
    Unmarked {
        /// The marker kind.
        kind: Id,
        /// The space.
        space: Id,
    },
}

/// Who may use a port for sea supply only while some conditions hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PortLimit {
    /// The side or faction the limit applies to.
    pub users: Id,
    /// What must hold for them to use the port (each condition); empty: they never may.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Condition>")]
    pub only_while: ThinVec<Condition>,
}

/// A link between two spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// One end (a space id).
    pub a: Id,
    /// The other end (a space id).
    pub b: Id,
    /// Link kind, one of the game's `link_kinds`.
    pub kind: Id,
    /// True for a link followed one way only, from `a` to `b` (a box entered but never left
    /// that way, a river followed downstream): units move and trace supply only that way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_way: bool,
    /// Factions that may move along the link (and trace supply along it); empty when every
    /// faction may.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub only_for: ThinVec<Id>,
    /// Factions that may trace supply along the link but not move along it, when `only_for`
    /// restricts it.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub supply_for: ThinVec<Id>,
    /// Units (ids, or unit flags) that alone may move along it (e.g. the units of one
    /// landing); empty: every unit its faction allows.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Id>")]
    pub only_units: ThinVec<Id>,
    /// What must hold at start for the link to be usable at all (e.g. a beachhead marker on
    /// its beach); empty: always.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Condition>")]
    pub only_while: ThinVec<Condition>,
    /// Values of the attributes the game declares for links (game.ron `attributes`), by
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
