//! The scenario set-up on the map. (Being built.)

use egui::Ui;

use crate::session::Session;

#[derive(Debug, Clone, Default)]
pub struct SetupState {}

pub fn side_panel(ui: &mut Ui, s: &mut Session) {
    let _ = s;
    ui.label("Set-up");
}
