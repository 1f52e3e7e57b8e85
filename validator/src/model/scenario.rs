//! `<id>.scenario.ron`: a scenario's set-up.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::attrs::Attrs;
use super::sorted::SortedMap;
use super::tied::Under;
use thin_vec::ThinVec;

use super::common::{Id, is_false, is_one, one};
use super::effects::Scheduled;
use super::game::Relation;

/// A scenario: which game, which turns, and the position at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Stable id of the scenario; must match the file name `<id>.scenario.ron`.
    pub id: Id,
    /// Id of the game this scenario is for.
    pub game: Id,
    /// Ruleset the scenario uses, one of the game's `rulesets`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<Id>,
    /// First and last turn played.
    pub turns: Turns,
    /// Number of players, for games with a variable count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u32>,
    /// The players of this scenario and the factions each controls, for games where that
    /// varies by scenario (stacking counted per player, FITNA).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<Seat>,
    /// Factions that take part; empty when all of the game's factions do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<Id>,
    /// Control at start that differs from the map's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub control: Vec<ControlOverride>,
    /// Factions (nations) neutral at the start: no one's enemy yet, their units need no
    /// supply, and the areas `closed_while_neutral` for them are closed to everyone else.
    /// Every other faction is at war.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub neutral: Vec<Id>,
    /// Neutral factions in limited entry (their units on the map, the nation still
    /// neutral): their land is open, but no unit may stand in, and no supply line pass
    /// through, a space holding their units.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limited_entry: Vec<Id>,
    /// Relations between factions that differ from the game's for this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relations: Vec<Relation>,
    /// Factions that start this scenario on another side than the game gives them (a nation
    /// that has changed camp): their friends and enemies, stacking groups, control and supply
    /// at the start follow the side given here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alignments: Vec<Alignment>,
    /// Units on the map and in boxes at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<Placement>,
    /// Draw decks at the start, by deck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<ScenarioDeck>,
    /// Hands at the start, by holder.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Hand>,
    /// Cards whose events are in effect at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<Id>,
    /// Cards out of the game at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<Id>,
    /// Track values at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<TrackValue>,
    /// Markers on the map at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    /// What turns bring in this scenario without any card (after the game's `schedule`):
    /// reinforcements, late cards, a season's closures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<Scheduled>,
    /// Values of the attributes the game declares for scenarios (game.ron `attributes`), by
    /// attribute id.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attrs: Attrs,
}

impl Scenario {
    /// A scenario of `game` with nothing set up yet: turn 1 only, every list empty.
    pub fn empty(id: &str, game: &str) -> Self {
        Scenario {
            id: id.into(),
            game: game.into(),
            ruleset: None,
            turns: Turns { first: 1, last: 1 },
            players: None,
            seats: Vec::new(),
            factions: Vec::new(),
            control: Vec::new(),
            neutral: Vec::new(),
            limited_entry: Vec::new(),
            relations: Vec::new(),
            alignments: Vec::new(),
            placements: Vec::new(),
            decks: Vec::new(),
            hands: Vec::new(),
            in_play: Vec::new(),
            removed: Vec::new(),
            tracks: Vec::new(),
            markers: Vec::new(),
            schedule: Vec::new(),
            attrs: Attrs::default(),
        }
    }
}

/// A faction's side at a scenario's start, where it differs from the game's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Alignment {
    /// The faction (one of the game's `factions`).
    pub faction: Id,
    /// The side it is on at the start (one of the game's `sides`).
    pub side: Id,
}

/// A player's seat in a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    /// Stable id of the seat, unique in the scenario.
    pub id: Id,
    /// The factions this player controls at the start.
    pub factions: Vec<Id>,
}

/// The turns a scenario covers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    /// First turn played.
    pub first: u32,
    /// Last turn played.
    pub last: u32,
}

/// Control of a location at the start, overriding the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ControlOverride {
    /// The location.
    pub space: Id,
    /// The faction that controls it; absent to make it uncontrolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Id>,
}

/// Units set up in a location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The unit (an id from `units.ron`).
    pub unit: Id,
    /// The space or box where it starts.
    pub at: Id,
    /// True when it starts on its reduced side.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reduced: bool,
    /// How many counters of this unit id start there.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    // schemars leaves out a default the field is skipped at; forms show it when absent
    #[schemars(extend("default" = 1))]
    pub count: u32,
    /// Why the unit starts in a space the enemy controls (e.g. besieging a fort), when it
    /// does: without a reason that is an error (O006).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_enemy_space: Option<String>,
    /// Values of the attributes the game declares for placements (game.ron `attributes`), by
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

/// The cards of one deck at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDeck {
    /// The deck (one of the game's `decks`).
    pub deck: Id,
    /// Cards in the draw pile.
    pub cards: Vec<Id>,
}

/// A hand of cards at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    /// The side or faction holding the hand.
    pub holder: Id,
    /// The cards in the hand.
    pub cards: Vec<Id>,
}

/// A track's value at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackValue {
    /// The track (one of the game's `tracks`).
    pub track: Id,
    /// Its value.
    pub value: i32,
}

/// A marker on the map at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// The marker kind (one of the game's `marker_kinds`).
    pub kind: Id,
    /// Where it lies.
    pub at: Id,
    /// The side or faction it belongs to, for a kind that is `per_side`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Id>,
}
