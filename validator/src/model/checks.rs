//! `checks.ron`: the checks a game declares itself, each an expression in CEL (the Common
//! Expression Language) over a read-only view of the game (docs/designing-checks.md).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::Id;
use super::effects::Step;
use super::sorted::SortedMap;

/// The game's own checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChecksFile {
    /// The checks, each run over every entity of its scope.
    pub checks: Vec<GameCheck>,
}

/// One check the game declares: for each entity of a scope, an expression that must hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameCheck {
    /// Stable id, unique in the file; its findings carry the code `game/<id>`, which no
    /// built-in code can be.
    pub id: Id,
    /// What the check runs over: each entity of this kind.
    pub for_each: Scope,
    /// A CEL expression: the check runs only on the entities for which it is true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// A CEL expression that must be true for each entity (else a finding on it).
    #[serde(rename = "assert")]
    pub assertion: String,
    /// Error or warning.
    pub severity: CheckSeverity,
    /// The finding's message; `{name}` inserts a field of the entity (`{id}`,
    /// `{attrs.command}`).
    pub message: String,
    /// What to do about it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub help: String,
    /// What the check is for and which rule of the game it enforces (`--explain`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Entities, changed as given, on which the check must fire.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<Example>,
    /// Entities, changed as given, on which the check must stay silent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub silent: Vec<Example>,
    /// Built-in warnings this check stands in for (`["P004"]`: the game's own supply trace
    /// replaces the built-in one): their findings are not reported for this game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<Id>,
}

/// How serious a check's finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum CheckSeverity {
    /// Makes the game or scenario unusable: fails the run.
    Error,
    /// Worth knowing; game.ron `allow` may set it aside, with a reason.
    Warning,
}

/// What a check runs over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Scope {
    Space,
    Link,
    Area,
    Unit,
    Card,
    Deck,
    Faction,
    /// Each placement of each scenario.
    Placement,
    /// The units in one location at a scenario's start (every location with units).
    Stack,
    Scenario,
}

impl Scope {
    /// Whether its entities belong to a scenario (and so may read the scenario's state).
    pub fn bound_to_scenario(self) -> bool {
        matches!(self, Scope::Placement | Scope::Stack | Scope::Scenario)
    }

    pub const ALL: [Scope; 10] = [
        Scope::Space,
        Scope::Link,
        Scope::Area,
        Scope::Unit,
        Scope::Card,
        Scope::Deck,
        Scope::Faction,
        Scope::Placement,
        Scope::Stack,
        Scope::Scenario,
    ];

    /// The name the entity has in the check's expressions (`space`, `stack`).
    pub fn var(self) -> &'static str {
        match self {
            Scope::Space => "space",
            Scope::Link => "link",
            Scope::Area => "area",
            Scope::Unit => "unit",
            Scope::Card => "card",
            Scope::Deck => "deck",
            Scope::Faction => "faction",
            Scope::Placement => "placement",
            Scope::Stack => "stack",
            Scope::Scenario => "scenario",
        }
    }

    /// Whether each entity belongs to one scenario.
    pub fn in_scenario(self) -> bool {
        matches!(self, Scope::Placement | Scope::Stack | Scope::Scenario)
    }
}

/// An example: a real entity of the game, with some of its fields changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The entity: its id (a link's `a-b`, a placement's unit, a stack's location).
    pub on: Id,
    /// For a scenario's entities (placement, stack): the scenario; absent: the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Id>,
    /// The ruleset whose data the example is run on (game.ron `rulesets`); absent: the
    /// scenario's, or the first the game is checked under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<Id>,
    /// Fields of the entity's view replaced, each by a CEL expression (`"attrs.command":
    /// "9"`, `"units": "[unit('ge-1a'), unit('ge-1a')]"`).
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub with: SortedMap<String>,
    /// Steps applied to the scenario's start before the example is judged (as a card's
    /// `effects`: add, move or remove units, place markers, change control...), for this
    /// example alone. For checks over a scenario's placements, stacks or the scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Step>,
}
