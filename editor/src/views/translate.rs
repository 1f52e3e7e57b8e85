//! The translator's view. (Being built.)

use egui::Ui;

use crate::session::Session;

#[derive(Debug, Clone, Default)]
pub struct TranslateState {}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let _ = s;
    ui.label("Translate");
}

/// The status bar's part: coverage of the chosen language.
pub fn status(ui: &mut Ui, s: &Session) {
    let _ = (ui, s);
}
