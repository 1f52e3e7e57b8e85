//! The card table (sortable, filterable) and the card editor. (Being built.)

use egui::Ui;

use crate::session::Session;

#[derive(Debug, Clone, Default)]
pub struct CardsState {}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let _ = s;
    ui.label("Cards");
}
