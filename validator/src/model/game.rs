//! `game.ron`: the rules of one game as data.

use schemars::JsonSchema;

use super::effects::{Scheduled, StatesOf};
use serde::{Deserialize, Serialize};

use super::attrs::{AttrDecl, Attrs};
use super::sorted::SortedMap;
use super::tied::Under;
use thin_vec::ThinVec;

use super::colour::Colour;
use super::common::{Id, Stance, is_false, is_true, yes};
pub use super::symbol::UnitSymbol;

/// A game: its sides, factions, vocabularies (terrain, location, link and unit kinds), areas,
/// stacking and supply rules, decks, tracks and languages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Stable id of the game; scenarios name it in their `game` field.
    pub id: Id,
    /// Language code (e.g. `en`) in which card and space text is authored; every other
    /// language is a translation of it.
    pub source_language: String,
    /// Every language this game has text for, the source language included; each has a
    /// `text.<lang>.ron` file.
    pub languages: Vec<String>,
    /// Rule variants (e.g. two editions of a rulebook); scenarios may name the one they use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulesets: Vec<Ruleset>,
    /// Smallest and largest number of players, when the game has more than two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<(u32, u32)>,
    /// The sides (camps of allied factions), e.g. Allied Powers and Central Powers.
    pub sides: Vec<Side>,
    /// The factions (nations, affiliations) that own units.
    pub factions: Vec<Faction>,
    /// Relations between factions that differ from what their sides imply (e.g. a faction
    /// hostile to everyone, or two factions of one side that may not stack together).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relations: Vec<Relation>,
    /// Terrain vocabulary used by spaces.
    pub terrains: Vec<Terrain>,
    /// Location kinds (space, region, box, off-map box...) with their stacking profiles.
    pub location_kinds: Vec<LocationKind>,
    /// Link kinds (normal, restricted, strait, rail...).
    pub link_kinds: Vec<LinkKind>,
    /// Unit kinds (army, corps, HQ...) and how they stack.
    pub unit_kinds: Vec<UnitKind>,
    /// Names of the values printed on counters (e.g. `combat`, `loss`, `movement`); units
    /// give their full and reduced values under these names.
    pub unit_values: Vec<String>,
    /// Areas (countries, regions, restricted zones); spaces list the areas they belong to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
    /// Stacking rules that apply across location kinds.
    #[serde(default)]
    pub stacking: StackingRules,
    /// Supply rules per group of factions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supply: Vec<SupplyRule>,
    /// Sea supply: a trace may sail from one usable port to another; absent when supply is
    /// traced along links only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sea_supply: Option<SeaSupply>,
    /// Named attributes units may carry (`flags` in units.ron), with what each implies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unit_flags: Vec<UnitFlag>,
    /// Card decks and their declared composition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<Deck>,
    /// Tracks (victory points, war status, tension...) with their range.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<Track>,
    /// Marker kinds scenarios may place (trenches, control, out of supply...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marker_kinds: Vec<MarkerKind>,
    /// Warnings allowed for this game folder, each with the reason; errors cannot be allowed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<Allow>,
    /// Extra fields the game's entities may carry (`attrs`), each with its type: the
    /// designer's own vocabulary, read by the game's own checks (checks.ron).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<AttrDecl>,
    /// Values of the attributes the game declares for the game itself (`on: [Game]`): a
    /// calendar's end, a set-up constant, by attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
    /// What turns bring in every scenario without any card: reinforcements, late cards, a
    /// season's closures (a scenario's own `schedule` follows it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<Scheduled>,
    /// Rules that judge only some states (by default every rule judges the start, each
    /// scheduled turn and the state after each event): `[(rules: ["K001"], states: [Start])]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<StatesOf>,
}

/// A rule variant of the game, e.g. an edition of the rulebook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Stable id of the ruleset.
    pub id: Id,
    /// What distinguishes this ruleset, in a sentence.
    pub description: String,
}

/// A side: a camp of factions that are normally allied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Stable id of the side.
    pub id: Id,
}

/// A faction: a nation or affiliation that owns units and may control spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Stable id of the faction.
    pub id: Id,
    /// The side the faction fights on; absent for a faction outside both sides (hostile to
    /// all, or neutral for the whole game). A nation a scenario lists as `neutral` is no
    /// one's enemy until it enters the war: its side is then the side it leans to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Id>,
    /// True when no player controls the faction directly (it is activated by cards).
    #[serde(default, skip_serializing_if = "is_false")]
    pub non_player: bool,
    /// True when the faction is the enemy of every other faction.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hostile_to_all: bool,
    /// The faction's colour on printed counters, cards and set-up charts, written `#rrggbb`
    /// (e.g. `#5b7fbf`); without one, a colour from a readable default palette.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Values of the attributes the game declares for factions (game.ron `attributes`), by
    /// attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
}

/// How two factions stand towards each other, overriding what their sides imply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Relation {
    /// The two factions concerned (the relation is symmetric).
    pub factions: (Id, Id),
    /// Their stance.
    pub stance: Stance,
}

/// A terrain type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// Stable id of the terrain.
    pub id: Id,
}

/// A kind of location (space, region, reserve box...) with its stacking profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationKind {
    /// Stable id of the location kind.
    pub id: Id,
    /// True for locations on the map graph; false for boxes off the graph (reserve boxes,
    /// off-map boxes), which are exempt from connectivity checks.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = true))]
    pub on_map: bool,
    /// How many units may stand in one location of this kind.
    pub stacking: Stacking,
    /// Caps on unit kinds in one location of this kind (e.g. at most two armies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kind_caps: Vec<KindCap>,
    /// True when units of opposing sides may share a location of this kind.
    #[serde(default, skip_serializing_if = "is_false")]
    pub opposing_may_share: bool,
    /// True when a location of this kind may be a supply source even though it is off the map.
    #[serde(default, skip_serializing_if = "is_false")]
    pub may_be_supply_source: bool,
}

/// A stacking limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Stacking {
    /// At most this many units that count for stacking.
    Limit(u32),
    /// No limit.
    Unlimited,
}

/// A cap on units of one kind in a location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindCap {
    /// The unit kind capped.
    pub unit_kind: Id,
    /// The most units of that kind allowed in one location.
    pub max: u32,
}

/// A kind of link between two spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkKind {
    /// Stable id of the link kind.
    pub id: Id,
    /// False when supply may not be traced along links of this kind.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = true))]
    pub carries_supply: bool,
}

/// A kind of unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitKind {
    /// Stable id of the unit kind.
    pub id: Id,
    /// False for units that do not count against stacking limits (HQs, leaders, markers).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = true))]
    pub counts_for_stacking: bool,
    /// The most units of this kind in one location, whatever the location kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_per_location: Option<u32>,
    /// Terrains that units of this kind may not enter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_terrains: Vec<Id>,
    /// True when the unit needs no supply (e.g. irregulars living off the land).
    #[serde(default, skip_serializing_if = "is_false")]
    pub needs_no_supply: bool,
    /// The symbol printed on this kind's counters, e.g. `Some(Naval)` for a fleet or
    /// `Some(Blank)` for none; absent: guessed from the id (a `fleet`, `navy` or `ship` is
    /// naval, a `cavalry` or `horse` kind cavalry, an `hq` a headquarters..., else infantry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbol: Option<UnitSymbol>,
}

impl UnitKind {
    /// The symbol its counters print: its own, or guessed from its id (infantry when nothing
    /// fits).
    pub fn printed_symbol(&self) -> UnitSymbol {
        self.symbol
            .unwrap_or_else(|| super::symbol::guess(&self.id))
    }
}

/// An area: a country, region or restricted zone; spaces list the areas they belong to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Stable id of the area.
    pub id: Id,
    /// What sort of area it is (e.g. `country`, `region`, `restricted`), free text.
    pub kind: String,
    /// Factions whose units may not enter the area, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed_to: Vec<Id>,
    /// The faction (nation) while whose neutrality the area is closed to every other
    /// faction's units and supply traces: its own country, or a neutral land that opens when
    /// that nation enters the war. Absent: the area is never closed for neutrality.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_while_neutral: Option<Id>,
    /// Values of the attributes the game declares for areas (game.ron `attributes`), by
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

/// Stacking rules that apply everywhere.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackingRules {
    /// Whose units a location's limit counts: all units of a side together, or each faction
    /// separately.
    #[serde(default)]
    pub count_per: CountPer,
    /// Pairs of factions whose units may never share a location.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub never_together: Vec<(Id, Id)>,
    /// Factions with their own limit, overriding the location kind's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faction_limits: Vec<FactionLimit>,
}

/// Whose units a stacking limit counts together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum CountPer {
    /// All units of one side in the location count together.
    #[default]
    Side,
    /// Each faction's units count separately.
    Faction,
    /// All units of the factions one player controls count together; the scenario's `seats`
    /// say who controls what (factions no seat lists count on their own).
    Player,
}

/// A faction's own stacking limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactionLimit {
    /// The faction.
    pub faction: Id,
    /// Its limit per location.
    pub limit: u32,
}

/// How a group of factions is supplied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SupplyRule {
    /// The factions this rule applies to.
    pub factions: Vec<Id>,
    /// Other factions whose supply sources these factions may also use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uses_sources_of: Vec<Id>,
    /// Spaces that supply these factions only partly (a limited source); units traced to one
    /// are in supply but the rule reports them as limited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limited_sources: Vec<Id>,
    /// Areas or spaces where these factions' units are always in supply (their home
    /// country, a desert base they live off).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub always_supplied_in: Vec<Id>,
    /// These factions' units are always in supply, wherever they stand.
    #[serde(default, skip_serializing_if = "is_false")]
    pub always_supplied: bool,
    /// Through whose spaces a supply path may pass.
    #[serde(default)]
    pub trace_through: TraceThrough,
    /// Whether these factions may trace supply by sea, when the game has `sea_supply`.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = true))]
    pub by_sea: bool,
    /// Areas whose ports these factions may use for sea supply; empty: ports in any area
    /// (but those of `ports_not_in`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports_in: Vec<Id>,
    /// Areas whose ports these factions may not use for sea supply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports_not_in: Vec<Id>,
}

/// How supply crosses the sea.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeaSupply {
    /// The most ports one supply line may include, the one it sails from and the one it lands
    /// at both counted (2: one crossing); `None`: any chain of ports.
    // written even when None: a struct of no fields would print as `()`, which RON readers
    // take for a unit, not a struct (the fast readers then give up on the file)
    #[serde(default)]
    pub max_ports: Option<u32>,
}

/// A named attribute of units (elite, irregular, not replaceable, restricted to a theatre).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFlag {
    /// Stable id of the flag; units list it in their `flags`.
    pub id: Id,
    /// What the flag means, in a sentence (shown to designers).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Areas a unit with this flag may stand in; empty: anywhere. A unit placed outside them
    /// (on the map) is a finding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_in: Vec<Id>,
    /// Units with this flag are always in supply.
    #[serde(default, skip_serializing_if = "is_false")]
    pub always_supplied: bool,
    /// Areas or spaces where units with this flag are always in supply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub always_supplied_in: Vec<Id>,
}

/// Through whose spaces supply may be traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum TraceThrough {
    /// Spaces controlled at start by the unit's side (or an allied faction).
    #[default]
    Friendly,
    /// Spaces controlled by the unit's own faction only.
    OwnFaction,
    /// Any space not controlled by an enemy.
    NotEnemy,
}

/// A deck of cards and its declared composition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// Stable id of the deck.
    pub id: Id,
    /// The side or faction that owns the deck; absent for a shared deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Id>,
    /// Groups of the deck (e.g. Mobilization, Limited War, Total War) with their card counts.
    pub groups: Vec<DeckGroup>,
}

/// A group of cards within a deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckGroup {
    /// Stable id of the group, unique within its deck.
    pub id: Id,
    /// How many cards of the deck belong to this group.
    pub count: u32,
}

/// A track on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// Stable id of the track.
    pub id: Id,
    /// Lowest value.
    pub min: i32,
    /// Highest value.
    pub max: i32,
    /// Values of the attributes the game declares for tracks, by attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
}

/// A kind of marker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerKind {
    /// Stable id of the marker kind.
    pub id: Id,
    /// True when each marker of this kind belongs to a side or faction (e.g. trench levels
    /// per side): markers of it then name their `side`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_side: bool,
    /// Units (ids, or unit flags) for which a space holding a marker of this kind is a port
    /// for sea supply (a beachhead), whatever the space.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub port_for: Vec<Id>,
    /// Values of the attributes the game declares for marker kinds (game.ron `attributes`), by
    /// attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
}

/// A warning allowed for this game folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Allow {
    /// The rule code allowed (a warning's code; errors cannot be allowed).
    pub rule: String,
    /// Why the warning is expected here.
    pub reason: String,
}
