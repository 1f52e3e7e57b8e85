//! Fields whose widget follows more than their schema's shape: a colour (`#rrggbb`), picked
//! with egui's colour button, and an attribute declaration's `default`, drawn with the widget
//! of the declaration's own type (a check box for `Bool`, a number in its range, a pick list
//! for `OneOf` and `Ref`), so neither starts at a value the model or A003 refuses; and the
//! ids of deck groups, renamed like the entries.

use egui::Ui;
use orbat_validator::model::colour::{self, Colour};
use orbat_validator::model::{AttrDecl, AttrValue};
use serde_json::Value;

use super::form::Form;
use crate::document::FileId;

/// The pattern the schema gives a colour (model/colour.rs).
const COLOUR_PATTERN: &str = "^#[0-9a-fA-F]{6}$";

impl<'a> Form<'a> {
    /// An id changed by renaming, everywhere at once: a deck group's has its own Rename….
    pub(super) fn fixed(&mut self, ui: &mut Ui, id: &Value, at: &str) {
        let id = id.as_str().unwrap_or("");
        ui.horizontal(|ui| {
            ui.label(id)
                .on_hover_text("Rename… changes it in every file at once");
            if is_deck_group(at) && ui.small_button(format!("Rename {id}…")).clicked() {
                self.rename = Some(at.to_owned());
            }
        });
    }

    /// Whether `schema` is that of a colour written `#rrggbb`.
    pub(super) fn is_colour(&self, schema: &'a Value) -> bool {
        self.resolve(schema).get("pattern").and_then(Value::as_str) == Some(COLOUR_PATTERN)
    }

    /// The colour a newly set colour starts with: the one it is drawn with until then (a
    /// faction's from the default palette, by its place in game.ron).
    pub(super) fn start_colour(&self, at: &str) -> Value {
        let index = at
            .strip_prefix("/factions/")
            .and_then(|rest| rest.split('/').next())
            .and_then(|i| i.parse().ok())
            .unwrap_or(0);
        Value::String(
            colour::hex(bytes(colour::palette(index)))
                .as_str()
                .to_owned(),
        )
    }

    /// A colour button; the value changes only when the designer picks another colour.
    pub(super) fn colour(&mut self, ui: &mut Ui, value: &mut Value, label: Option<egui::Id>) {
        let now = value
            .as_str()
            .and_then(|s| Colour::try_from(s.to_owned()).ok());
        let mut rgb = now.as_ref().map_or([128; 3], |c| bytes(c.rgb()));
        ui.horizontal(|ui| {
            let r = ui.color_edit_button_srgb(&mut rgb);
            let r = match label {
                Some(l) => r.labelled_by(l),
                None => r,
            };
            ui.weak(value.as_str().unwrap_or(""));
            if r.changed() {
                *value = Value::String(colour::hex(rgb).as_str().to_owned());
            }
        });
    }

    /// Whether `field` of the entry at `at` is an attribute declaration's `default`.
    pub(super) fn is_attr_default(&self, at: &str, field: &str) -> bool {
        self.file == FileId::Game
            && field == "default"
            && at
                .strip_prefix("/attributes/")
                .is_some_and(|i| i.parse::<usize>().is_ok())
    }

    /// An attribute declaration's `default` with the widget of its type; a declaration the
    /// model does not read yet is shown as JSON.
    pub(super) fn attr_default(
        &mut self,
        ui: &mut Ui,
        entry: &Value,
        value: &mut Value,
        label: egui::Id,
    ) {
        let Ok(d) = serde_json::from_value::<AttrDecl>(entry.clone()) else {
            ui.label(value.to_string());
            return;
        };
        let mut default = serde_json::from_value::<Option<AttrValue>>(value.clone())
            .ok()
            .flatten();
        let before = default.clone();
        self.busy |= crate::attr_fields::declared_default(ui, self.doc, &d, label, &mut default);
        if default != before {
            *value = serde_json::to_value(&default).unwrap_or(Value::Null);
        }
    }
}

/// Whether `at` is a group of a deck (`/decks/0/groups/1`).
pub(super) fn is_deck_group(at: &str) -> bool {
    let parts: Vec<&str> = at.split('/').skip(1).collect();
    matches!(parts.as_slice(), ["decks", d, "groups", g]
        if d.parse::<usize>().is_ok() && g.parse::<usize>().is_ok())
}

/// Red, green and blue from 0 to 255.
fn bytes((r, g, b): colour::Rgb) -> [u8; 3] {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    [byte(r), byte(g), byte(b)]
}
