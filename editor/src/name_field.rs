//! A thing's display name in the game's source language (`space:<id>`, `unit:<id>`...), edited
//! where the thing is: the entry of the source-language text file, created on first typing, so
//! that what the editor adds can be named without leaving it (T001 asks for the name).

use egui::Ui;
use orbat_validator::model::TextEntry;

use crate::ctx::Ctx;

/// A "Name (en)" row for the text entry `key`. A burst of typing is one undo step.
pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, key: &str) {
    let Some(lang) = c.doc.game().map(|g| g.source_language.clone()) else {
        return;
    };
    let Some(file) = c.doc.text(&lang) else {
        ui.weak(format!(
            "text.{lang}.ron did not load: the name cannot be edited"
        ));
        return;
    };
    let mut name = file
        .entries
        .get(key)
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let merge = merge_key(key);
    ui.horizontal(|ui| {
        let label = ui.label(format!("Name ({lang})"));
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut name)
                    .hint_text("the name printed on the map or counter")
                    .desired_width(150.0),
            )
            .labelled_by(label.id);
        if r.changed() {
            c.change_text(&lang, "rename", Some(merge), |t| {
                match t.entries.get_mut(key) {
                    Some(e) => e.name = name,
                    None => {
                        t.entries.insert(
                            key.to_owned(),
                            TextEntry {
                                name,
                                text: None,
                                source: None,
                            },
                        );
                    }
                }
            });
        }
        if r.lost_focus() {
            // the next burst of typing is a step of its own
            c.seal_key(merge);
        }
    });
}

/// The undo-merge key of one entry's name field.
fn merge_key(key: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    ("name-field", key).hash(&mut h);
    h.finish()
}
