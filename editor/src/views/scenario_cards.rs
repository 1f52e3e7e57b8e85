//! The cards of the scenario being set up: decks, hands, in play, removed. (Being built.)

use egui::Ui;

use crate::session::Session;

#[derive(Debug, Clone, Default)]
pub struct ScenarioCardsState {}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let _ = s;
    ui.label("Scenario cards");
}
