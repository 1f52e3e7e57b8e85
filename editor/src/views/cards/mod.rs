//! The Cards view: every card of cards.ron in a sortable, filterable table with the card
//! editor beside it, or the cards of the chosen scenario (see [`super::scenario_cards`]).
//! References are picked from lists of existing ids, so none can dangle by typing.
//!
//! ```text
//! state.rs       what the view keeps: mode, query, open card, typing
//! reading.rs     what it reads: source text, titles, the ids pick lists offer
//! edits.rs       changing a card; one undo step per burst of typing
//! table.rs       toolbar and the card table
//! editor.rs      the card editor's fields and findings
//! references.rs  requires, cancels, prevents, spaces, reinforcements
//! effects/       the event's steps (`effects`)
//! text.rs        title and event text, placeholder completion
//! lifecycle.rs   add, duplicate, delete (asking when the card is in use)
//! ```

mod editor;
mod edits;
mod effects;
mod lifecycle;
mod reading;
mod references;
mod state;
mod table;
mod text;

use egui::{ScrollArea, Ui};

use super::scenario_cards;
use crate::ctx::Ctx;
use crate::document::FileId;
use state::RowRequest;

pub use state::{CardsState, Mode};

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState) {
    ui.horizontal(|ui| {
        ui.selectable_value(&mut st.mode, Mode::AllCards, "All cards");
        ui.selectable_value(&mut st.mode, Mode::InScenario, "In this scenario");
    });
    ui.separator();
    match st.mode {
        Mode::AllCards => all_cards(ui, c, st),
        Mode::InScenario => scenario_cards::show(ui, c),
    }
}

fn all_cards(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState) {
    let Some(cards) = c.doc.cards() else {
        ui.label(if c.doc.file(&FileId::Cards).is_some() {
            "cards.ron did not load: fix the problems listed below in a text editor: the file is picked up once it loads."
        } else {
            "This game has no cards.ron."
        });
        return;
    };
    let open = st
        .selected
        .clone()
        .filter(|id| cards.cards.iter().any(|c| c.id == id));
    if let Some(id) = open {
        egui::Panel::right("card-editor")
            .resizable(true)
            .default_size(470.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("card-editor-scroll")
                    .show(ui, |ui| editor::editor(ui, c, st, &id));
            });
    }
    table::toolbar(ui, c, st);
    lifecycle::confirm_delete(ui, c, st);
    ui.separator();
    table::table(ui, c, st);
    match st.row_request.take() {
        Some(RowRequest::Duplicate) => lifecycle::duplicate_card(c, st),
        Some(RowRequest::Delete) => lifecycle::ask_delete(c, st),
        None => {}
    }
}
