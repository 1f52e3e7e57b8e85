//! The Find window (Ctrl+F): a field, and what matches it; choosing a hit goes to it.

use egui::{Align2, Context, Key};

use crate::action::Action;
use crate::document::Document;
use crate::find::{Hit, search};

/// The window's state, kept by the app.
#[derive(Debug, Default)]
pub struct FindState {
    pub open: bool,
    pub query: String,
    /// Put the keyboard in the field on the next frame (just opened).
    pub focus: bool,
}

pub fn show(ctx: &Context, doc: &Document, state: &mut FindState, actions: &mut Vec<Action>) {
    let mut open = state.open;
    let mut chosen: Option<Hit> = None;
    egui::Window::new("Find")
        .open(&mut open)
        .anchor(Align2::CENTER_TOP, [0.0, 48.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let field = ui
                .horizontal(|ui| {
                    let label = ui.label("Name or id");
                    let field = egui::TextEdit::singleline(&mut state.query)
                        .hint_text("a space, unit or card")
                        .desired_width(260.0);
                    ui.add(field).labelled_by(label.id)
                })
                .inner;
            if std::mem::take(&mut state.focus) {
                // the last search, selected: typing starts a new one, Enter repeats it
                let mut edit =
                    egui::text_edit::TextEditState::load(ui.ctx(), field.id).unwrap_or_default();
                let all = egui::text::CCursorRange::select_all_str(&state.query);
                edit.cursor.set_char_range(Some(all));
                edit.store(ui.ctx(), field.id);
                field.request_focus();
            }
            let hits = search(doc, &state.query);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if enter {
                chosen = hits.first().cloned();
            }
            if !state.query.trim().is_empty() && hits.is_empty() {
                ui.weak("nothing has this name or id");
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for hit in hits {
                        if ui.button(hit.label()).clicked() {
                            chosen = Some(hit);
                        }
                    }
                });
        });
    state.open = open;
    if let Some(hit) = chosen {
        state.open = false;
        actions.push(Action::GoTo(hit));
    }
}
