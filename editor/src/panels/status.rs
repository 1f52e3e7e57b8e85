//! The status bar: saved or not, error and warning counts, what the tool does, the last
//! message, zoom and how long the last check took.

use egui::Ui;
use orbat_validator::Severity;

use crate::document::Document;
use crate::views::translate;

/// What the status bar shows besides the document.
pub struct Status<'a> {
    pub doc: &'a Document,
    /// The map's zoom, 1 for 100%.
    pub zoom: f32,
    /// Why the backdrop could not be shown, if it could not.
    pub backdrop_error: Option<&'a str>,
    /// The last problem or result worth telling the user.
    pub message: Option<&'a str>,
    /// The language chosen in the Translate view, if any.
    pub language: Option<&'a str>,
}

pub fn show(ui: &mut Ui, s: &Status<'_>) {
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            if s.doc.is_dirty() {
                ui.label("* unsaved changes");
            } else {
                ui.label("saved");
            }
            ui.separator();
            let errors = s
                .doc
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            let warnings = s.doc.diagnostics.len() - errors;
            let err_color = if errors > 0 {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().text_color()
            };
            ui.colored_label(err_color, format!("{errors} errors"));
            // in the colour of a warning only when there is one
            let warn_color = if warnings > 0 {
                ui.visuals().warn_fg_color
            } else {
                ui.visuals().text_color()
            };
            ui.colored_label(warn_color, format!("{warnings} warnings"));
            ui.separator();
            if let Some(map) = s.doc.map() {
                ui.label(format!(
                    "{} spaces, {} links",
                    map.spaces.len(),
                    map.links.len()
                ));
                ui.separator();
            }
            translate::status(ui, s.doc, s.language);
            ui.label(format!("zoom {:.0}%", s.zoom * 100.0));
            ui.label(format!("checked in {:.1} ms", s.doc.check_ms));
            if let Some(e) = s.backdrop_error {
                ui.separator();
                ui.colored_label(ui.visuals().warn_fg_color, e);
            }
            if let Some(m) = s.message {
                ui.separator();
                ui.label(m);
            }
        });
    });
}
