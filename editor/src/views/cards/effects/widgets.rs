//! The widgets of a step's fields, each named in the accessibility tree by its step and field
//! (`Step 1 at`): a pick list of the game's ids of one kind (with a search box when long),
//! an optional id, a list of ids, a whole number, a check box, a line of text. Each records
//! its change in the [`Form`]; none changes a value it is only showing.

use egui::{
    Button, ComboBox, DragValue, PopupCloseBehavior, Response, ScrollArea, TextEdit, TextWrapMode,
    Ui,
};
use orbat_validator::model::Id;

use super::super::edits::merge_key;
use super::form::{Form, capital};
use crate::steps::Named;

/// Past this many options a pick list has a search box.
const SEARCH_FROM: usize = 10;

/// What a pick list shows for `id`: the id, marked when the game does not define it.
fn shown(id: &str, options: &[Named]) -> String {
    if options.iter().any(|(o, _)| o == id) {
        id.to_owned()
    } else {
        format!("{id} (unknown)")
    }
}

/// An option as the list shows it: the id and, when the text gives one, its name.
fn option_text((id, name): &Named) -> String {
    if name.is_empty() {
        id.to_string()
    } else {
        format!("{id} — {name}")
    }
}

/// A pick list named `name` showing `shown` (`current` marked in the list): returns the
/// option picked, `Some(None)` for the `none` entry (when there is one).
fn pick(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (name, shown): (&str, &str),
    current: Option<&str>,
    options: &[Named],
    none: Option<&str>,
) -> Option<Option<Id>> {
    let mut picked = None;
    let inner = ComboBox::from_id_salt(f.salt(name))
        .selected_text(shown)
        // as wide as the id: a row holds more fields
        .width(0.0)
        .wrap_mode(TextWrapMode::Extend)
        .close_behavior(PopupCloseBehavior::CloseOnClickOutside)
        .show_ui(ui, |ui| {
            if options.len() > SEARCH_FROM {
                ui.add(
                    TextEdit::singleline(&mut *f.search)
                        .hint_text("search")
                        .desired_width(220.0),
                )
                .accessible_name("Search the list");
            }
            if let Some(none) = none
                && ui.selectable_label(current.is_none(), none).clicked()
            {
                picked = Some(None);
                ui.close();
            }
            let needle = f.search.trim().to_lowercase();
            let hit = |(id, name): &&Named| {
                needle.is_empty()
                    || id.to_lowercase().contains(&needle)
                    || name.to_lowercase().contains(&needle)
            };
            ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                for o in options.iter().filter(hit) {
                    let on = current == Some(o.0.as_str());
                    if ui.selectable_label(on, option_text(o)).clicked() {
                        picked = Some(Some(o.0.clone()));
                        ui.close();
                    }
                }
            });
        });
    inner.response.accessible_name(capital(name));
    f.open |= inner.inner.is_some();
    if picked.is_some() {
        f.search.clear();
    }
    picked
}

/// A widget's name: its step and its field (none for an item of a list: `Step 1 value 2`).
fn joined(step: &str, field: &str) -> String {
    if field.is_empty() {
        step.to_owned()
    } else {
        format!("{step} {field}")
    }
}

/// A field's label, shown before its widget (the widget is named by `step field`).
fn label(ui: &mut Ui, field: &str) {
    if !field.is_empty() {
        ui.weak(field);
    }
}

/// One id of a kind.
pub(super) fn id(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    step: &str,
    field: &str,
    value: &mut Id,
    options: &[Named],
) {
    label(ui, field);
    let name = joined(step, field);
    let text = shown(value, options);
    if let Some(Some(p)) = pick(ui, f, (&name, &text), Some(value), options, None)
        && p != *value
    {
        *value = p;
        f.changed(format!("change {name}"));
    }
}

/// An id, or none (`none` says what none means: "uncontrolled").
pub(super) fn optional_id(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (step, field): (&str, &str),
    value: &mut Option<Id>,
    options: &[Named],
    none: &str,
) {
    label(ui, field);
    let name = joined(step, field);
    let text = match value {
        Some(v) => shown(v, options),
        None => none.to_owned(),
    };
    if let Some(p) = pick(ui, f, (&name, &text), value.as_deref(), options, Some(none))
        && p != *value
    {
        *value = p;
        f.changed(format!("change {name}"));
    }
}

/// A list of ids of one kind (an id may come twice: two counters of one unit): each a pick
/// list with a button to remove it, and a button to add the first id of the kind.
pub(super) fn ids(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    step: &str,
    field: &str,
    values: &mut Vec<Id>,
    options: &[Named],
) {
    label(ui, field);
    let mut remove = None;
    for (i, v) in values.iter_mut().enumerate() {
        let name = format!("{step} {field} {}", i + 1);
        let text = shown(v, options);
        if let Some(Some(p)) = pick(ui, f, (&name, &text), Some(v), options, None)
            && p != *v
        {
            *v = p;
            f.changed(format!("change {name}"));
        }
        if small(ui, "×", &format!("Remove {name}"), "remove").clicked() {
            remove = Some(i);
        }
    }
    if let Some(i) = remove {
        let gone = values.remove(i);
        f.changed(format!("remove {gone} from {step} {field}"));
    }
    let first = options.first().map(|(id, _)| id.clone());
    let add = ui
        .add_enabled(first.is_some(), Button::new("+").small())
        .accessible_name(capital(&format!("add to {step} {field}")))
        .on_hover_text("add one");
    if add.clicked()
        && let Some(first) = first
    {
        values.push(first);
        f.changed(format!("add to {step} {field}"));
    }
}

/// One value of a few, as written (a stance, where cards go).
pub(super) fn choice<T: PartialEq + Clone>(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (step, field): (&str, &str),
    value: &mut T,
    options: &[(T, &str)],
) {
    label(ui, field);
    let name = joined(step, field);
    let shown = options
        .iter()
        .find(|(o, _)| o == value)
        .map_or("?", |(_, text)| *text);
    let mut next = value.clone();
    ComboBox::from_id_salt(f.salt(&name))
        .selected_text(shown)
        .width(0.0)
        .wrap_mode(TextWrapMode::Extend)
        .show_ui(ui, |ui| {
            for (o, text) in options {
                ui.selectable_value(&mut next, o.clone(), *text);
            }
        })
        .response
        .accessible_name(capital(&name));
    if next != *value {
        *value = next;
        f.changed(format!("change {name}"));
    }
}

/// A whole number, at least `min`; a drag or a burst of typing is one undo step.
pub(super) fn number<N: egui::emath::Numeric>(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    named: (&str, &str),
    value: &mut N,
    min: N,
) {
    number_in(ui, f, named, value, (min, N::MAX));
}

/// A number from `min` to `max`; a drag or a burst of typing is one undo step.
pub(super) fn number_in<N: egui::emath::Numeric>(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (step, field): (&str, &str),
    value: &mut N,
    (min, max): (N, N),
) {
    label(ui, field);
    let name = joined(step, field);
    let before = *value;
    // a value outside the range written by hand is shown as it is, not clamped
    let r = ui
        .add(
            DragValue::new(value)
                .range(min..=max)
                .clamp_existing_to_range(false),
        )
        .accessible_name(capital(&name));
    changed_by(f, &r, before != *value, &name);
}

/// A check box.
pub(super) fn check(ui: &mut Ui, f: &mut Form<'_, '_>, step: &str, field: &str, value: &mut bool) {
    let name = joined(step, field);
    if ui
        .checkbox(value, field)
        .accessible_name(capital(&name))
        .changed()
    {
        f.changed(format!("change {name}"));
    }
}

/// A line of text (a condition); a burst of typing is one undo step.
pub(super) fn line(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (step, field): (&str, &str),
    value: &mut String,
    hint: &str,
) {
    label(ui, field);
    let name = joined(step, field);
    let before = value.clone();
    let r = ui
        .add(
            TextEdit::singleline(value)
                .hint_text(hint)
                .code_editor()
                .desired_width(ui.available_width()),
        )
        .accessible_name(capital(&name));
    changed_by(f, &r, before != *value, &name);
}

/// A field typed in or dragged: its merge key keeps one gesture one undo step.
fn changed_by(f: &mut Form<'_, '_>, r: &Response, changed: bool, name: &str) {
    let key = merge_key(f.c, f.typing, r);
    if changed {
        f.changed(format!("change {name}"));
        f.key = key;
    }
}

/// A small button named for the accessibility tree (its text is a sign).
pub(super) fn small(ui: &mut Ui, text: &str, name: &str, hover: &str) -> Response {
    ui.small_button(text)
        .accessible_name(name)
        .on_hover_text(hover)
}
