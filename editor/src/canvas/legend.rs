//! The map's legend: which colour is which faction (control rings, capitals, stacks), for the
//! factions the map or the scenario shown names, in the bottom-left corner of the view. At
//! overview zoom most spaces are coloured dots with no name: the legend says whose they are.

use egui::{Align2, Color32, Rect, Sense, Ui, vec2};
use orbat_validator::model::{Game, MapFile};

use super::style;
use crate::document::Document;

/// The factions to list: those holding, or capitals of, a space, in game.ron's order.
pub fn factions_shown<'g>(game: &'g Game, map: &MapFile) -> Vec<&'g str> {
    game.factions
        .iter()
        .map(|f| f.id.as_str())
        .filter(|id| {
            map.spaces
                .iter()
                .any(|s| s.control.as_deref() == Some(*id) || s.capital_of.as_deref() == Some(*id))
        })
        .collect()
}

/// Draws the legend over the map view, if any faction is on the map.
pub fn show(ui: &Ui, view: Rect, doc: &Document) {
    let (Some(game), Some(map)) = (doc.game(), doc.map()) else {
        return;
    };
    let shown = factions_shown(game, map);
    if shown.is_empty() {
        return;
    }
    // a column of at most ten rows, so that a game of twenty factions keeps to a corner
    let per_column = shown.len().div_ceil(shown.len().div_ceil(10));
    egui::Area::new(egui::Id::unique("map-legend"))
        .pivot(Align2::LEFT_BOTTOM)
        .fixed_pos(view.left_bottom() + vec2(8.0, -8.0))
        .constrain_to(view)
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style())
                .fill(ui.visuals().window_fill.gamma_multiply(0.9))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new("Legend").strong());
                    ui.horizontal_top(|ui| {
                        for column in shown.chunks(per_column) {
                            ui.vertical(|ui| {
                                for id in column {
                                    row(ui, doc, game, id);
                                }
                            });
                        }
                    });
                });
        });
}

/// A faction's swatch and name.
fn row(ui: &mut Ui, doc: &Document, game: &Game, id: &str) {
    ui.horizontal(|ui| {
        let (swatch, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
        let colour = style::faction_by_id(&game.factions, Some(id));
        ui.painter().circle_filled(swatch.center(), 6.0, colour);
        ui.painter()
            .circle_stroke(swatch.center(), 6.0, (1.0, Color32::from_gray(60)));
        let key = format!("faction:{id}");
        ui.label(doc.source_name(&key).unwrap_or(id));
    });
}
