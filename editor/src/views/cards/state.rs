//! What the Cards view keeps between frames: which half is shown, the table's query, the
//! card open in the editor, pick-list searches, a delete waiting for an answer, typing.

use crate::decks;

/// Which half of the view is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The table of every card and the card editor.
    #[default]
    AllCards,
    /// The decks, hands and other lists of the chosen scenario.
    InScenario,
}

#[derive(Debug, Clone, Default)]
pub struct CardsState {
    pub mode: Mode,
    /// The table's filter and sort order.
    pub query: decks::TableQuery,
    /// The card open in the editor, by id.
    pub selected: Option<String>,
    /// The open card's id, typed over to rename it.
    pub id_field: crate::views::id_field::IdField,
    /// The search box of the open pick list.
    pub pick_search: String,
    /// A delete waiting for the user's answer: the card and where it is used.
    pub confirm_delete: Option<(String, Vec<String>)>,
    /// The unit and destination of the reinforcement being added.
    pub new_unit: Option<String>,
    pub new_to: Option<String>,
    /// The field being typed in (or dragged) and its undo-merge key.
    pub(super) typing: Option<(egui::Id, u64)>,
    /// Where the text cursor was last seen in a card's event text: (card, char index).
    pub(super) cursor: Option<(String, usize)>,
    /// A card was just added: its stand-in title is selected and focused, so that typing
    /// replaces it.
    pub(super) select_title: bool,
    /// What a row's right-click menu asked for (on the selected card), done after the table.
    pub(super) row_request: Option<RowRequest>,
}

/// A card row's right-click menu choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowRequest {
    Duplicate,
    Delete,
}
