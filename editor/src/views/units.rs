//! The counter mix. (Being built.)

use egui::Ui;

use crate::session::Session;

#[derive(Debug, Clone, Default)]
pub struct UnitsState {}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let _ = s;
    ui.label("Counter mix");
}
