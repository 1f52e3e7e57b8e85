//! The editor's views beyond the map: the scenario set-up on the map, the counter mix, the
//! cards (table, editor, the scenario's decks and hands), the translator's view and the names
//! of what game.ron declares. Each view
//! is a function of the narrow [`crate::ctx::Ctx`] (the document read-only, the selection, an
//! outbox) and of its own state in [`ViewStates`]; it never sees the session.

pub mod cards;
pub mod definition;
pub mod id_field;
pub mod names;
pub mod scenario_cards;
pub mod setup;
pub mod translate;
pub mod units;

/// Which view fills the window's centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// Spaces, links and their properties on the backdrop.
    #[default]
    Map,
    /// A scenario's units, control and supply on the map.
    Setup,
    /// The units of `units.ron`.
    Units,
    /// The cards of `cards.ron`, and each scenario's decks and hands.
    Cards,
    /// Translations side by side with the source language.
    Translate,
    /// The names of game.ron's sides, factions, areas, decks, tracks and marker kinds.
    Names,
    /// Everything game.ron declares and the game's own checks, in forms.
    Definition,
}

impl View {
    pub const ALL: [View; 7] = [
        View::Map,
        View::Setup,
        View::Units,
        View::Cards,
        View::Translate,
        View::Names,
        View::Definition,
    ];

    pub fn label(self) -> &'static str {
        match self {
            View::Map => "Map",
            View::Setup => "Set-up",
            View::Units => "Counter mix",
            View::Cards => "Cards",
            View::Translate => "Translate",
            View::Names => "Names",
            View::Definition => "Definition",
        }
    }
}

/// The UI state of every view (filters, what is picked), kept while switching views.
#[derive(Debug, Clone, Default)]
pub struct ViewStates {
    pub setup: setup::SetupState,
    pub units: units::UnitsState,
    pub cards: cards::CardsState,
    pub scenario_cards: scenario_cards::ScenarioCardsState,
    pub translate: translate::TranslateState,
    pub names: names::NamesState,
    pub definition: definition::DefinitionState,
}
