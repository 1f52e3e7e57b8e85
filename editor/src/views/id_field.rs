//! An id field with a Rename button, as the map inspector has for spaces: the id is typed in
//! place, and Rename (or Enter) asks for the rename, which the view then does in every file at
//! once ([`crate::id_uses::rename`]); a refusal is shown under the field.

use egui::Ui;

use crate::ctx::Ctx;
use crate::id_uses::{self, Renamed};

/// What the field keeps between frames: the id it was filled for, what is typed, a refusal.
#[derive(Debug, Clone, Default)]
pub struct IdField {
    for_id: Option<String>,
    text: String,
    error: Option<String>,
}

impl IdField {
    /// The `Id` row of an editor: the id of `current`, which may be typed over; the new id
    /// when Rename is clicked or Enter pressed in the field.
    pub fn show(&mut self, ui: &mut Ui, current: &str) -> Option<String> {
        if self.for_id.as_deref() != Some(current) {
            self.for_id = Some(current.to_owned());
            self.text = current.to_owned();
            self.error = None;
        }
        let mut asked = None;
        ui.horizontal(|ui| {
            let label = ui.label("Id");
            let edit = ui
                .add(egui::TextEdit::singleline(&mut self.text).desired_width(150.0))
                .labelled_by(label.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let to = self.text.trim();
            let changed = to != current && !to.is_empty();
            let clicked = ui
                .add_enabled(changed, egui::Button::new("Rename"))
                .on_hover_text("renames it in every file, with its names in every language")
                .clicked();
            if (clicked || enter) && changed {
                asked = Some(to.to_owned());
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        asked
    }

    /// Renames as one undo step; true when done, else the refusal is shown under the field.
    pub fn rename(&mut self, c: &mut Ctx<'_>, what: &Renamed<'_>, from: &str, to: &str) -> bool {
        match id_uses::rename(c.doc, what, from, to) {
            Ok(edit) => {
                // a rename is a step of its own, never merged into typing
                c.seal();
                c.apply(edit);
                self.error = None;
                self.for_id = None;
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}
