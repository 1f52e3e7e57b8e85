//! The counter mix: the units of `units.ron` grouped by faction and kind with their values,
//! a filter, and an editor for the selected unit (faction, kind, values on each side,
//! counters), with add, duplicate and delete. Deleting a unit that scenarios place asks
//! first and lists where it is used.

use egui::Ui;
use orbat_validator::model::{Id, Unit, UnitsFile};

use crate::counter_mix::{self, Usage};
use crate::ctx::Ctx;

#[derive(Debug, Clone, Default)]
pub struct UnitsState {
    pub filter: String,
    /// The unit shown in the editor, by id.
    pub selected: Option<String>,
    /// The selected unit's id, typed over to rename it.
    pub id_field: super::id_field::IdField,
    /// Id typed for a new unit.
    pub new_id: String,
    /// A delete waiting for confirmation: the unit and where it is used.
    pub confirm_delete: Option<(String, Usage)>,
    /// Merges the edits of one burst of typing or dragging a value into one undo step.
    pub edit_key: Option<u64>,
}

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut UnitsState) {
    if c.doc.units().is_none() {
        ui.label("units.ron did not load (or is missing): fix the errors listed below in a text editor: the file is picked up once it loads.");
        return;
    }
    confirm_delete(ui, c, st);
    egui::Panel::right("unit-editor")
        .default_size(360.0)
        .show(ui, |ui| editor(ui, c, st));
    list(ui, c, st);
}

/// The list: filter, then faction → kind → units with their values.
fn list(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut UnitsState) {
    ui.horizontal(|ui| {
        let label = ui.label("Filter");
        ui.add(egui::TextEdit::singleline(&mut st.filter).hint_text("id, faction or kind"))
            .labelled_by(label.id);
        ui.separator();
        let label = ui.label("New unit id");
        ui.add(
            egui::TextEdit::singleline(&mut st.new_id)
                .hint_text("e.g. it-3a")
                .desired_width(120.0),
        )
        .labelled_by(label.id);
        if ui.button("Add unit").clicked() {
            add_unit(c, st);
        }
    });
    let Some(units) = c.doc.units() else { return };
    let filter = st.filter.to_lowercase();
    let shown = |u: &Unit| {
        filter.is_empty()
            || [&u.id, &u.faction, &u.kind]
                .iter()
                .any(|t| t.to_lowercase().contains(&filter))
    };
    let total: u32 = units.units.iter().map(|u| u.count).sum();
    ui.label(format!("{} unit ids, {total} counters", units.units.len()));
    let mut picked = None;
    let mut row_action: Option<(RowAction, Id)> = None;
    let doc = c.doc;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (faction, kinds) in counter_mix::groups(units) {
            let in_faction: Vec<usize> =
                kinds.iter().flat_map(|(_, l)| l.iter().copied()).collect();
            if !in_faction.iter().any(|&i| shown(&units.units[i])) {
                continue;
            }
            let counters: u32 = in_faction.iter().map(|&i| units.units[i].count).sum();
            ui.horizontal(|ui| {
                // the faction's colour, as on the map and the printed counters
                let all = doc.game().map_or(&[][..], |g| &g.factions);
                let (swatch, _) =
                    ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                let colour = crate::canvas::style::faction_by_id(all, Some(faction.as_str()));
                ui.painter().rect_filled(swatch, 2.0, colour);
                ui.heading(format!("{faction} ({counters} counters)"));
            });
            for (kind, list) in kinds {
                let rows: Vec<&Unit> = list
                    .iter()
                    .map(|&i| &units.units[i])
                    .filter(|u| shown(u))
                    .collect();
                if rows.is_empty() {
                    continue;
                }
                ui.label(egui::RichText::new(kind).underline());
                for u in rows {
                    let selected = st.selected.as_deref() == Some(u.id.as_str());
                    let text = format!("{}  ×{}   {}", u.id, u.count, values_text(u));
                    let row = ui.selectable_label(selected, text);
                    if row.clicked() {
                        picked = Some(u.id.clone());
                    }
                    row.context_menu(|ui| {
                        if let Some(action) = row_menu(ui, doc, &u.id) {
                            row_action = Some((action, u.id.clone()));
                            ui.close();
                        }
                    });
                }
            }
        }
    });
    if let Some(id) = picked {
        st.selected = Some(id.to_string());
        st.edit_key = None;
    }
    match row_action {
        Some((RowAction::Duplicate, id)) => duplicate(c, st, &id),
        Some((RowAction::Delete, id)) => ask_delete(c, st, &id),
        None => {}
    }
}

/// What a unit row's right-click menu asks for.
enum RowAction {
    Duplicate,
    Delete,
}

/// A unit row's right-click menu: where the unit is used, and what can be done to it.
fn row_menu(ui: &mut Ui, doc: &crate::document::Document, id: &str) -> Option<RowAction> {
    let usage = counter_mix::usage(doc, id);
    if usage.is_empty() {
        ui.weak("not used by any scenario or card");
    } else {
        ui.weak("Used by:");
        for line in usage.lines() {
            ui.weak(line);
        }
    }
    ui.separator();
    if ui.button("Duplicate unit").clicked() {
        return Some(RowAction::Duplicate);
    }
    if ui.button("Delete this unit").clicked() {
        return Some(RowAction::Delete);
    }
    None
}

/// `combat 3 · loss 3 · movement 3 / 2-2-3`: full side, then the reduced one.
fn values_text(u: &Unit) -> String {
    let full: Vec<String> = u.full.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let mut text = full.join(" · ");
    if let Some(r) = &u.reduced {
        let reduced: Vec<String> = r.values().map(u32::to_string).collect();
        text.push_str(&format!("  / reduced {}", reduced.join("-")));
    }
    text
}

fn add_unit(c: &mut Ctx<'_>, st: &mut UnitsState) {
    let id = st.new_id.trim().to_owned();
    if let Err(e) = crate::edit::check_new_id(&id) {
        c.message(e.0);
        return;
    }
    let (Some(game), Some(units)) = (c.doc.game(), c.doc.units()) else {
        return;
    };
    if units.units.iter().any(|u| u.id == id) {
        c.message(format!("a unit `{id}` already exists: choose another id"));
        return;
    }
    let unit = counter_mix::new_unit(game, &id);
    if c.change_units(&format!("add unit {id}"), None, |u| u.units.push(unit)) {
        st.selected = Some(id);
        st.new_id.clear();
    }
}

/// The selected unit's fields; every change is an undoable edit of units.ron.
fn editor(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut UnitsState) {
    let Some(id) = st.selected.clone() else {
        ui.label("Select a unit to edit it.");
        return;
    };
    let (Some(units), Some(game)) = (c.doc.units(), c.doc.game()) else {
        return;
    };
    let Some(unit) = units.units.iter().find(|u| u.id == id) else {
        ui.label(format!("`{id}` is no longer in the counter mix."));
        return;
    };
    let factions: Vec<Id> = game.factions.iter().map(|f| f.id.clone()).collect();
    let kinds: Vec<Id> = game.unit_kinds.iter().map(|k| k.id.clone()).collect();
    let value_names = game.unit_values.clone();
    let mut edited = unit.clone();
    ui.heading(format!("Unit {id}"));
    if let Some(to) = st.id_field.show(ui, &id) {
        let what = crate::id_uses::Renamed {
            kind: "unit",
            file: crate::document::FileId::Units,
            list: "/units",
            index: units
                .units
                .iter()
                .position(|u| u.id == id)
                .unwrap_or_default(),
            key_prefix: Some("unit:"),
            deck: None,
        };
        if st.id_field.rename(c, &what, &id, &to) {
            st.selected = Some(to);
        }
        return;
    }
    crate::name_field::show(ui, c, &format!("unit:{id}"));
    egui::Grid::new("unit-fields")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Faction");
            pick(ui, "Faction", &mut edited.faction, &factions).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Kind");
            pick(ui, "Kind", &mut edited.kind, &kinds).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Counters");
            ui.add(egui::DragValue::new(&mut edited.count).range(1..=999))
                .labelled_by(label.id);
            ui.end_row();
        });
    ui.separator();
    ui.strong("Full side");
    values(ui, "full", &mut edited.full, &value_names);
    let mut two_step = edited.reduced.is_some();
    if ui
        .checkbox(&mut two_step, "Has a reduced side (two steps)")
        .changed()
    {
        edited.reduced = two_step.then(|| edited.full.clone());
    }
    if let Some(reduced) = &mut edited.reduced {
        ui.strong("Reduced side");
        values(ui, "reduced", reduced, &value_names);
    }
    let flags: Vec<Id> = game.unit_flags.iter().map(|f| f.id.clone()).collect();
    if !flags.is_empty() || !edited.flags.is_empty() {
        ui.separator();
        ui.strong("Flags");
        crate::pick::many(ui, &mut edited.flags, &flags);
    }
    crate::attr_fields::show(
        ui,
        c.doc,
        orbat_validator::model::Holder::Unit,
        &mut edited.attrs,
    );
    let diagnostics: Vec<String> = c
        .doc
        .diagnostics
        .iter()
        .filter(|d| d.message.contains(&format!("`{id}`")))
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    if !diagnostics.is_empty() {
        ui.separator();
        for d in diagnostics {
            ui.colored_label(ui.visuals().warn_fg_color, d);
        }
    }
    ui.separator();
    let mut action = None;
    ui.horizontal(|ui| {
        if ui.button("Duplicate").clicked() {
            action = Some(false);
        }
        if ui.button("Delete unit").clicked() {
            action = Some(true);
        }
    });
    if edited != *unit {
        let key = match st.edit_key {
            Some(k) => k,
            None => {
                let k = c.gesture_key();
                st.edit_key = Some(k);
                k
            }
        };
        let label = format!("edit unit {id}");
        c.change_units(&label, Some(key), |u| replace(u, &id, edited));
    } else if !ui.ctx().egui_wants_keyboard_input() && !ui.input(|i| i.pointer.any_down()) {
        // a burst of typing or dragging has ended: the next change is a new undo step
        st.edit_key = None;
    }
    match action {
        Some(false) => duplicate(c, st, &id),
        Some(true) => ask_delete(c, st, &id),
        None => {}
    }
}

fn replace(units: &mut UnitsFile, id: &str, unit: Unit) {
    if let Some(slot) = units.units.iter_mut().find(|u| u.id == id) {
        *slot = unit;
    }
}

/// A ComboBox over a fixed list of ids; a value outside the list is shown as it is.
fn pick(ui: &mut Ui, label: &str, value: &mut Id, choices: &[Id]) -> egui::Response {
    egui::ComboBox::from_id_salt(label)
        .selected_text(value.as_str())
        .show_ui(ui, |ui| {
            for c in choices {
                ui.selectable_value(value, c.clone(), c.as_str());
            }
        })
        .response
}

/// One DragValue per value name of the game (names the unit lacks can be added).
fn values(
    ui: &mut Ui,
    side: &str,
    values: &mut orbat_validator::model::UnitValues,
    names: &[String],
) {
    egui::Grid::new(("values", side))
        .num_columns(2)
        .show(ui, |ui| {
            for name in names {
                let label = ui.label(name);
                match values.get_mut(name) {
                    Some(v) => {
                        ui.add(egui::DragValue::new(v).range(0..=99))
                            .labelled_by(label.id);
                    }
                    None => {
                        if ui.small_button("add").clicked() {
                            values.insert(name.clone(), 0);
                        }
                    }
                }
                ui.end_row();
            }
        });
}

fn duplicate(c: &mut Ctx<'_>, st: &mut UnitsState, id: &str) {
    let Some(units) = c.doc.units() else { return };
    let Some(unit) = units.units.iter().find(|u| u.id == id) else {
        return;
    };
    let new_id = counter_mix::fresh_id(units, id);
    let copy = Unit {
        id: new_id.clone().into(),
        ..unit.clone()
    };
    if c.change_units(&format!("duplicate unit {id}"), None, |u| {
        let at = u
            .units
            .iter()
            .position(|x| x.id == id)
            .map_or(u.units.len(), |p| p + 1);
        u.units.insert(at, copy);
    }) {
        st.selected = Some(new_id);
    }
}

/// Deletes at once a unit nothing uses; otherwise asks, listing the uses.
fn ask_delete(c: &mut Ctx<'_>, st: &mut UnitsState, id: &str) {
    let usage = counter_mix::usage(c.doc, id);
    if usage.is_empty() {
        delete(c, st, id);
    } else {
        st.confirm_delete = Some((id.to_owned(), usage));
    }
}

fn delete(c: &mut Ctx<'_>, st: &mut UnitsState, id: &str) {
    if let Some(edit) = counter_mix::delete(c.doc, id) {
        c.apply(edit);
        st.selected = None;
        c.message(format!("deleted unit {id}"));
    }
}

fn confirm_delete(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut UnitsState) {
    let Some((id, usage)) = st.confirm_delete.clone() else {
        return;
    };
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("confirm-delete-unit")).show(ui.ctx(), |ui| {
        ui.heading(format!("Delete unit {id}?"));
        ui.label("It is used here:");
        for line in usage.lines() {
            ui.label(format!("• {line}"));
        }
        ui.horizontal(|ui| {
            if ui.button("Delete unit and its placements").clicked() {
                answer = Some(true);
            }
            if ui.button("Keep it").clicked() {
                answer = Some(false);
            }
        });
    });
    match answer {
        Some(true) => {
            st.confirm_delete = None;
            delete(c, st, &id);
        }
        Some(false) => st.confirm_delete = None,
        None => {}
    }
}
