//! A thing's display name in the game's source language (`space:<id>`, `unit:<id>`...), edited
//! where the thing is: the entry of the source-language text file, created on first typing, so
//! that what the editor adds can be named without leaving it (T001 asks for the name). A name
//! cleared takes out an entry that holds nothing else, so that T001 asks for it again rather
//! than an empty name passing for one.

use egui::{Response, Ui};
use orbat_validator::model::TextEntry;

use crate::ctx::Ctx;

/// A "Name (en)" row for the text entry `key`. A burst of typing is one undo step.
pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, key: &str) {
    let Some(lang) = c.doc.game().map(|g| g.source_language.clone()) else {
        return;
    };
    if c.doc.text(&lang).is_none() {
        ui.weak(not_loaded(&lang));
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(format!("Name ({lang})"));
        if let Some(r) = field(
            ui,
            c,
            &lang,
            key,
            150.0,
            "the name printed on the map or counter",
            None,
        ) {
            r.labelled_by(label.id);
        }
    });
}

/// The field alone, for a table whose column says "Name (en)": `accessible` names it for
/// screen readers and tests (`Name of faction it`). Its id comes from `key`, so it keeps the
/// keyboard while rows above it come and go. Nothing when the source language's file did not
/// load (say so once, above the table: [`not_loaded`]). Returns whether the name was typed
/// into this frame.
pub fn cell(ui: &mut Ui, c: &mut Ctx<'_>, key: &str, accessible: &str, width: f32) -> bool {
    let Some(lang) = c.doc.game().map(|g| g.source_language.clone()) else {
        return false;
    };
    field(ui, c, &lang, key, width, "no name yet", Some(key))
        .is_some_and(|r| r.accessible_name(accessible).changed())
}

/// Why names cannot be edited when `text.<lang>.ron` did not load.
pub fn not_loaded(lang: &str) -> String {
    format!("text.{lang}.ron did not load: the name cannot be edited")
}

/// The text field of `key`'s name in `lang`, turning typing into edits of the text file.
fn field(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    lang: &str,
    key: &str,
    width: f32,
    hint: &str,
    id_salt: Option<&str>,
) -> Option<Response> {
    let file = c.doc.text(lang)?;
    let mut name = file
        .entries
        .get(key)
        .map(|e| e.name.to_string())
        .unwrap_or_default();
    let merge = merge_key(key);
    let mut edit = egui::TextEdit::singleline(&mut name)
        .hint_text(hint)
        .desired_width(width);
    if let Some(salt) = id_salt {
        edit = edit.id_salt(salt);
    }
    let r = ui.add(edit);
    if r.changed() {
        c.change_text(lang, "rename", Some(merge), |t| {
            match t.entries.get_mut(key) {
                // a name cleared is no name: without the entry, T001 says so again
                Some(e) if name.is_empty() && e.text.is_none() && e.source.is_none() => {
                    t.entries.remove(key);
                }
                Some(e) => e.name = name.into(),
                None => {
                    t.entries.insert(
                        key,
                        TextEntry {
                            name: name.into(),
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
    Some(r)
}

/// The undo-merge key of one entry's name field.
fn merge_key(key: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    ("name-field", key).hash(&mut h);
    h.finish()
}
