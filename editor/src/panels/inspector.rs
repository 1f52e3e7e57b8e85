//! The inspector: every property of the selected space or link, edited with widgets that can
//! only pick ids the game defines, so no dangling reference can be typed.

use egui::{ComboBox, DragValue, Ui};
use orbat_validator::model::{Game, Link, Space};

use crate::edit::Edit;
use crate::session::Session;

/// Text being typed in the id field, kept until the user applies it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InspectorState {
    pub for_space: Option<String>,
    pub new_id: String,
    pub error: Option<String>,
}

/// The ids the game defines, for pick lists.
struct Choices {
    location_kinds: Vec<String>,
    terrains: Vec<String>,
    factions: Vec<String>,
    areas: Vec<String>,
    link_kinds: Vec<String>,
}

impl Choices {
    fn of(game: Option<&Game>) -> Self {
        let ids = |v: Vec<&String>| v.into_iter().cloned().collect::<Vec<_>>();
        match game {
            Some(g) => Choices {
                location_kinds: ids(g.location_kinds.iter().map(|k| &k.id).collect()),
                terrains: ids(g.terrains.iter().map(|t| &t.id).collect()),
                factions: ids(g.factions.iter().map(|f| &f.id).collect()),
                areas: ids(g.areas.iter().map(|a| &a.id).collect()),
                link_kinds: ids(g.link_kinds.iter().map(|k| &k.id).collect()),
            },
            None => Choices {
                location_kinds: vec![],
                terrains: vec![],
                factions: vec![],
                areas: vec![],
                link_kinds: vec![],
            },
        }
    }
}

pub fn show(ui: &mut Ui, s: &mut Session, state: &mut InspectorState) {
    egui::Panel::right("inspector")
        .resizable(true)
        .default_size(330.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("Inspector");
                if s.doc.game().is_none() {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "game.ron did not load: pick lists are empty until it is fixed",
                    );
                }
                if let Some(i) = s.selection.single_space() {
                    space(ui, s, i, state);
                } else if let Some(i) = s.selection.single_link() {
                    link(ui, s, i);
                } else {
                    summary(ui, s);
                }
            });
        });
}

fn summary(ui: &mut Ui, s: &mut Session) {
    let (n_spaces, n_links) = (s.selection.spaces.len(), s.selection.links.len());
    if n_spaces + n_links == 0 {
        if let Some(map) = s.doc.map() {
            ui.label(format!(
                "{} spaces, {} links",
                map.spaces.len(),
                map.links.len()
            ));
        }
        ui.label("Nothing selected.");
        ui.weak(s.canvas.tool.hint());
        return;
    }
    ui.label(format!("{n_spaces} spaces and {n_links} links selected"));
    if n_spaces == 2 && n_links == 0 {
        let pair: Vec<usize> = s.selection.spaces.iter().copied().collect();
        if ui.button("Link the two spaces").clicked() {
            crate::canvas::add_link(s, pair[0], pair[1]);
        }
    }
    if ui.button("Delete selected").clicked() {
        s.delete_selection();
    }
}

fn space(ui: &mut Ui, s: &mut Session, index: usize, state: &mut InspectorState) {
    let Some(old) = s.doc.map().and_then(|m| m.spaces.get(index)).cloned() else {
        return;
    };
    let choices = Choices::of(s.doc.game());
    if state.for_space.as_deref() != Some(old.id.as_str()) {
        state.for_space = Some(old.id.clone());
        state.new_id = old.id.clone();
        state.error = None;
    }
    ui.label(format!(
        "Space {}",
        s.doc.space_name(&old.id).unwrap_or(&old.id)
    ));
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label("Id");
        // a fixed width, so the panel does not grow with the id and shift the map
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.new_id).desired_width(150.0))
            .labelled_by(label.id);
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let changed = state.new_id != old.id;
        if (ui
            .add_enabled(changed, egui::Button::new("Rename"))
            .clicked()
            || enter)
            && changed
        {
            let to = state.new_id.trim().to_owned();
            let result = crate::edit::check_new_id(&to)
                .map_err(|e| e.0)
                .and_then(|()| {
                    Edit::RenameSpace {
                        from: old.id.clone(),
                        to,
                    }
                    .apply_check(s)
                });
            match result {
                Ok(()) => state.error = None,
                Err(e) => state.error = Some(e),
            }
        }
    });
    if let Some(e) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    let mut new = old.clone();
    let mut merge = false;
    egui::Grid::new("space-props")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("x");
            let rx = ui
                .add(DragValue::new(&mut new.x).speed(1.0).max_decimals(1))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("y");
            let ry = ui
                .add(DragValue::new(&mut new.y).speed(1.0).max_decimals(1))
                .labelled_by(l.id);
            ui.end_row();
            merge |= rx.dragged() || ry.dragged() || rx.has_focus() || ry.has_focus();
            let l = ui.label("Kind");
            pick_one(ui, l.id, &mut new.kind, &choices.location_kinds);
            ui.end_row();
            let l = ui.label("Terrain");
            pick_optional(ui, l.id, &mut new.terrain, &choices.terrains);
            ui.end_row();
            let l = ui.label("Control at start");
            pick_optional(ui, l.id, &mut new.control, &choices.factions);
            ui.end_row();
            let l = ui.label("VP");
            let rv = ui
                .add(DragValue::new(&mut new.vp).range(0..=99))
                .labelled_by(l.id);
            merge |= rv.dragged() || rv.has_focus();
            ui.end_row();
            let l = ui.label("Fort");
            ui.horizontal(|ui| {
                let mut has = new.fort.is_some();
                ui.checkbox(&mut has, "has fort");
                match (has, new.fort) {
                    (true, None) => new.fort = Some(1),
                    (false, Some(_)) => new.fort = None,
                    (true, Some(mut f)) => {
                        let r = ui
                            .add(DragValue::new(&mut f).range(0..=99))
                            .labelled_by(l.id);
                        merge |= r.dragged() || r.has_focus();
                        new.fort = Some(f);
                    }
                    (false, None) => {}
                }
            });
            ui.end_row();
            ui.label("Port");
            ui.checkbox(&mut new.port, "port");
            ui.end_row();
            let l = ui.label("Capital of");
            pick_optional(ui, l.id, &mut new.capital_of, &choices.factions);
            ui.end_row();
        });
    ui.collapsing("Areas", |ui| pick_many(ui, &mut new.areas, &choices.areas));
    ui.collapsing("Supply source for", |ui| {
        pick_many(ui, &mut new.supply_source_for, &choices.factions)
    });
    commit_space(s, index, &old, new, merge);
    ui.separator();
    if ui.button("Delete space").clicked() {
        s.delete_selection();
    }
}

/// Applies a changed space; drags and typing in one field merge into one undo step.
fn commit_space(s: &mut Session, index: usize, old: &Space, mut new: Space, merge: bool) {
    let key = u64::MAX - index as u64;
    if &new == old {
        if !merge {
            s.history.seal_key(key);
        }
        return;
    }
    new.x = (new.x * 10.0).round() / 10.0;
    new.y = (new.y * 10.0).round() / 10.0;
    let edit = Edit::SetSpace { index, space: new };
    if merge {
        s.apply_merging(edit, key);
    } else {
        s.history.seal_key(key);
        s.apply(edit);
    }
}

fn link(ui: &mut Ui, s: &mut Session, index: usize) {
    let Some(old) = s.doc.map().and_then(|m| m.links.get(index)).cloned() else {
        return;
    };
    let choices = Choices::of(s.doc.game());
    let name = |id: &str| s.doc.space_name(id).unwrap_or(id).to_owned();
    ui.label(format!("Link {} – {}", name(&old.a), name(&old.b)));
    ui.separator();
    let mut new: Link = old.clone();
    egui::Grid::new("link-props").num_columns(2).show(ui, |ui| {
        ui.label("From");
        ui.label(&old.a);
        ui.end_row();
        ui.label("To");
        ui.label(&old.b);
        ui.end_row();
        let l = ui.label("Kind");
        pick_one(ui, l.id, &mut new.kind, &choices.link_kinds);
        ui.end_row();
    });
    ui.label("Only for (empty: every faction)");
    pick_many(ui, &mut new.only_for, &choices.factions);
    if ui.button("Swap ends").clicked() {
        std::mem::swap(&mut new.a, &mut new.b);
    }
    if new != old {
        s.apply(Edit::SetLink { index, link: new });
    }
    ui.separator();
    if ui.button("Delete link").clicked() {
        s.delete_selection();
    }
}

/// A pick list of ids; a current value the game does not define is shown, marked unknown.
fn pick_one(ui: &mut Ui, label: egui::Id, value: &mut String, options: &[String]) {
    let known = options.contains(value);
    let text = if known {
        value.clone()
    } else {
        format!("{value} (unknown)")
    };
    ComboBox::from_id_salt(label)
        .selected_text(text)
        .show_ui(ui, |ui| {
            for o in options {
                ui.selectable_value(value, o.clone(), o.as_str());
            }
        })
        .response
        .labelled_by(label);
}

fn pick_optional(ui: &mut Ui, label: egui::Id, value: &mut Option<String>, options: &[String]) {
    let text = match value {
        None => "(none)".to_owned(),
        Some(v) if options.contains(v) => v.clone(),
        Some(v) => format!("{v} (unknown)"),
    };
    ComboBox::from_id_salt(label)
        .selected_text(text)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "(none)");
            for o in options {
                ui.selectable_value(value, Some(o.clone()), o.as_str());
            }
        })
        .response
        .labelled_by(label);
}

/// Checkboxes for a list of ids, keeping the game's order; unknown ids can only be removed.
fn pick_many(ui: &mut Ui, values: &mut Vec<String>, options: &[String]) {
    ui.horizontal_wrapped(|ui| {
        for o in options {
            let mut on = values.contains(o);
            if ui.checkbox(&mut on, o.as_str()).changed() {
                if on {
                    values.push(o.clone());
                } else {
                    values.retain(|v| v != o);
                }
            }
        }
        let unknown: Vec<String> = values
            .iter()
            .filter(|v| !options.contains(v))
            .cloned()
            .collect();
        for u in unknown {
            if ui.button(format!("remove unknown {u}")).clicked() {
                values.retain(|v| v != &u);
            }
        }
    });
}

trait ApplyCheck {
    fn apply_check(self, s: &mut Session) -> Result<(), String>;
}

impl ApplyCheck for Edit {
    /// Applies the edit and returns the refusal message, if any, for display in place.
    fn apply_check(self, s: &mut Session) -> Result<(), String> {
        s.history.seal();
        match s.history.apply(&mut s.doc, self) {
            Ok(()) => Ok(()),
            Err(e) => Err(e.0),
        }
    }
}
