//! `cards.ron`: the strategy cards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::attrs::Attrs;
use super::sorted::SortedMap;
use super::tied::Under;
use thin_vec::ThinVec;

use super::common::{Id, is_false};
use super::effects::Step;
use super::scenario::Turns;

/// Every card of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    /// The cards.
    pub cards: Vec<Card>,
}

/// A card with its values and typed references to other things.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id of the card.
    pub id: Id,
    /// Deck the card belongs to, one of the game's `decks`.
    pub deck: Id,
    /// Group within the deck (e.g. Mobilization), one of the deck's `groups`.
    pub group: Id,
    /// Number printed on the card, unique within its deck.
    pub number: u32,
    /// Operations value.
    pub ops: u32,
    /// Strategic redeployment value, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sr: Option<u32>,
    /// Replacement points value, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rp: Option<u32>,
    /// Replacement points per nation, when the card gives each nation its own (faction ->
    /// points).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rp_by_faction: Vec<FactionValue>,
    /// War commitment (war status) points the event adds, if the game has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub war_status: Option<u32>,
    /// The option (one of the game's `rulesets`) under which alone the card is in its deck
    /// (an optional card); absent: always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<Id>,
    /// True for a combat card.
    #[serde(default, skip_serializing_if = "is_false")]
    pub combat: bool,
    /// True when the card is removed from the game after its event is played.
    #[serde(default, skip_serializing_if = "is_false")]
    pub removed_after_play: bool,
    /// Cards whose events must have been played before this event may be played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<Id>,
    /// Cards whose events this event cancels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cancels: Vec<Id>,
    /// Cards whose events may no longer be played once this event is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prevents: Vec<Id>,
    /// Units the event brings into play, and where they arrive.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcement>,
    /// What the event changes, step by step (docs/designing-events.md): every state it makes
    /// is judged by every rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Step>,
    /// The turns in which the event may be played, when the card says (else any turn): it is
    /// judged on the start of each scheduled turn inside them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_turns: Option<Turns>,
    /// Spaces the event names (e.g. where it takes effect).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spaces: Vec<Id>,
    /// Values of the attributes the game declares for cards (game.ron `attributes`), by
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

/// A unit brought into play by a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// The unit.
    pub unit: Id,
    /// The space or box where it arrives, when the card names one (empty when it arrives
    /// `at_capital_or_source_of` a faction instead).
    #[serde(default, skip_serializing_if = "Id::is_empty")]
    pub to: Id,
    /// The faction at whose capital or any of whose supply sources it arrives, when the
    /// rules leave the choice to the player (instead of `to`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_capital_or_source_of: Option<Id>,
}

/// A value for one faction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactionValue {
    /// The faction.
    pub faction: Id,
    /// Its value.
    pub value: u32,
}
