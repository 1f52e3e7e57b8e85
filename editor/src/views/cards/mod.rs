//! The Cards view: every card of cards.ron in a sortable, filterable table with the card
//! editor beside it, or the cards of the chosen scenario (see [`super::scenario_cards`]).
//! References are picked from lists of existing ids, so none can dangle by typing.

mod editor;
mod lifecycle;
mod reading;
mod references;
mod table;
mod text;

use egui::{ScrollArea, Ui};

use crate::decks;
use crate::document::FileId;
use crate::session::Session;

use editor::*;
use lifecycle::*;
use reading::*;
use references::*;
use table::*;
use text::*;

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
}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let mut st = std::mem::take(&mut s.views.cards);
    ui.horizontal(|ui| {
        ui.selectable_value(&mut st.mode, Mode::AllCards, "All cards");
        ui.selectable_value(&mut st.mode, Mode::InScenario, "In this scenario");
    });
    ui.separator();
    let mode = st.mode;
    if mode == Mode::AllCards {
        all_cards(ui, s, &mut st);
    }
    s.views.cards = st;
    if mode == Mode::InScenario {
        super::scenario_cards::show(ui, s);
    }
}

pub(super) fn all_cards(ui: &mut Ui, s: &mut Session, st: &mut CardsState) {
    let Some(cards) = s.doc.cards() else {
        ui.label(if s.doc.file(&FileId::Cards).is_some() {
            "cards.ron did not load: fix the problems listed below, then open the folder again."
        } else {
            "This game has no cards.ron."
        });
        return;
    };
    let open = st
        .selected
        .clone()
        .filter(|id| cards.cards.iter().any(|c| &c.id == id));
    if let Some(id) = open {
        egui::Panel::right("card-editor")
            .resizable(true)
            .default_size(470.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("card-editor-scroll")
                    .show(ui, |ui| editor(ui, s, st, &id));
            });
    }
    toolbar(ui, s, st);
    confirm_delete(ui, s, st);
    ui.separator();
    table(ui, s, st);
}
