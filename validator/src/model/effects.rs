//! What a card's event or a turn changes, as data: a small vocabulary of typed steps (each a
//! verb with named parameters, as Forge writes a card's ability), which compose (a condition,
//! a choice among alternatives, up to N of several). The validator applies them to a
//! scenario's start and judges every state they make (`engine/states.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::attrs::AttrValue;
use super::common::{Id, Stance, is_false};

/// One step of an event or of a turn's schedule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Units come into play at a location (reinforcements, a nation's army on entry).
    Place {
        /// The units (ids from units.ron), one counter each.
        units: Vec<Id>,
        /// Where they arrive.
        at: Id,
        /// True when they arrive on their reduced side.
        #[serde(default, skip_serializing_if = "is_false")]
        reduced: bool,
    },
    /// Units leave play (withdrawn, or eliminated: either way no longer on the map).
    Remove {
        /// The units, each of which must be in play.
        units: Vec<Id>,
    },
    /// Units move to a location.
    Move {
        /// The units, each of which must be in play.
        units: Vec<Id>,
        /// Where they go.
        to: Id,
    },
    /// Units flip to their reduced side.
    Reduce {
        /// The units, each in play on its full side.
        units: Vec<Id>,
    },
    /// Units flip back to their full side.
    Restore {
        /// The units, each in play on its reduced side.
        units: Vec<Id>,
    },
    /// A location changes hands.
    Control {
        /// The location.
        space: Id,
        /// Its new holder; absent: uncontrolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        faction: Option<Id>,
    },
    /// A marker is placed.
    PlaceMarker {
        /// The marker kind (one of the game's `marker_kinds`).
        kind: Id,
        /// Where.
        at: Id,
        /// Whose, for a kind that is `per_side`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Id>,
    },
    /// A marker is taken away.
    RemoveMarker {
        /// The marker kind.
        kind: Id,
        /// From where: a marker of that kind must lie there.
        at: Id,
    },
    /// A track is set to a value (victory points are a track).
    SetTrack {
        /// The track (one of the game's `tracks`).
        track: Id,
        /// Its new value.
        value: i32,
    },
    /// A track moves by an amount (negative: down).
    ShiftTrack {
        /// The track.
        track: Id,
        /// How far.
        by: i32,
    },
    /// A neutral nation enters the war (it leaves `neutral` and `limited_entry`).
    EnterWar {
        /// The faction, neutral in the state the step applies to.
        faction: Id,
    },
    /// A neutral nation enters limited entry (its units on the map, the nation still neutral).
    LimitedEntry {
        /// The faction, neutral in the state the step applies to.
        faction: Id,
    },
    /// A faction changes side (an alliance reversal, a defection).
    ChangeSide {
        /// The faction.
        faction: Id,
        /// Its new side (one of the game's `sides`).
        side: Id,
    },
    /// The stance between two factions changes.
    Relation {
        /// The two factions.
        factions: (Id, Id),
        /// Their new stance.
        stance: Stance,
    },
    /// Cards go somewhere: into a deck's draw pile, a hand, in play, or out of the game.
    Cards {
        /// The cards (ids from cards.ron).
        cards: Vec<Id>,
        /// Where they go.
        to: CardsTo,
    },
    /// Links close (a pass snowbound, a strait mined): the map loses them until opened.
    CloseLinks {
        /// Each link by its two ends.
        links: Vec<(Id, Id)>,
        /// Only the links of this kind between those ends (the river beside a road);
        /// absent: every link between them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Id>,
    },
    /// Closed links open again.
    OpenLinks {
        /// Each link by its two ends.
        links: Vec<(Id, Id)>,
        /// Only the links of this kind between those ends; absent: every link between them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Id>,
    },
    /// A space becomes a supply source for a faction.
    GainSupplySource {
        /// The space.
        space: Id,
        /// The faction it supplies.
        faction: Id,
    },
    /// A space stops being a supply source for a faction.
    LoseSupplySource {
        /// The space.
        space: Id,
        /// The faction it supplied.
        faction: Id,
    },
    /// A declared attribute of an entity takes a value (the game's own vocabulary changes).
    SetAttr {
        /// The entity, as a text key names it: `space:trento`, `unit:it-1-army`,
        /// `faction:it`, `card:bef`, `area:alps`, or `scenario` for the scenario itself.
        of: Id,
        /// The attribute (declared in game.ron `attributes` for that kind of entity).
        attr: Id,
        /// Its new value.
        value: AttrValue,
    },
    /// Another card's event is played as part of this one.
    Play {
        /// The card whose `effects` are applied.
        card: Id,
    },
    /// Steps applied only when a condition holds in the state reached so far.
    If {
        /// A CEL expression over the state, as a Scenario check sees it (`scenario`,
        /// `control(id)`, `units_at(id)`, `neutral()`...).
        when: String,
        /// The condition in the players' words, as a text key (`label:italy-holds-trento`,
        /// named in each language's text file; without an entry, the id as words): what a
        /// printed event text says for it. Absent: orbat-print puts a few common shapes of
        /// condition in words itself, else prints the CEL.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        says: Option<Id>,
        /// Applied when it holds.
        then: Vec<Step>,
        /// Applied when it does not.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        otherwise: Vec<Step>,
    },
    /// The player picks one of these alternatives (each a list of steps): every one is judged.
    OneOf(Vec<Vec<Step>>),
    /// The player picks up to `n` of these steps (at least one): every pick is judged.
    UpTo {
        /// The most that may be picked.
        n: u32,
        /// The steps to pick from.
        of: Vec<Step>,
    },
}

/// Where cards go.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum CardsTo {
    /// Into this deck's draw pile (one of the game's `decks`).
    Deck(Id),
    /// Into the hand of this side or faction.
    Hand(Id),
    /// Into play: their events are in effect.
    InPlay,
    /// Out of the game.
    Removed,
}

/// What a turn brings without any card: reinforcements, the late cards, a season's closures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scheduled {
    /// The turns it comes on (each once, at the start of the turn).
    pub turns: Vec<u32>,
    /// What it is, for messages ("winter closes the high passes").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// What changes.
    pub steps: Vec<Step>,
}

/// The states a rule judges: every rule judges the start; by default every state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum StateKind {
    /// The scenario's start, as set up.
    Start,
    /// The start of each turn the schedule changes.
    Turns,
    /// The state after each event.
    Events,
}

/// Which states some rules judge (game.ron `states`): a rule that holds only at set-up (a
/// temporary overstack after an event may be legal) is listed with `[Start]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatesOf {
    /// Rule codes (`K001`) or declared checks (`game/<id>`).
    pub rules: Vec<Id>,
    /// The states they judge.
    pub states: Vec<StateKind>,
}
