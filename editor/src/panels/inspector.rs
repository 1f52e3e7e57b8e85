//! The inspector: every property of the selected space or link, edited with widgets that can
//! only pick ids the game defines, so no dangling reference can be typed.

use egui::{DragValue, Ui};
use orbat_validator::model::{Game, Holder, Id, Link, PortLimit, Space, ThinVec};

use crate::canvas::state::Tool;
use crate::canvas::tools::add_link;
use crate::ctx::Ctx;
use crate::edit::{Edit, check_new_id};
use crate::pick::{self, ConditionChoices};
use crate::refs::check_rename;

/// Text being typed in the id field, kept until the user applies it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InspectorState {
    pub for_space: Option<String>,
    pub new_id: String,
    pub error: Option<String>,
    /// Put the keyboard in the id field, its text selected (the map menu's Rename…).
    pub focus_id: bool,
}

/// The ids the game defines, for pick lists.
struct Choices {
    location_kinds: Vec<Id>,
    terrains: Vec<Id>,
    factions: Vec<Id>,
    /// Sides, then factions: who may control a space.
    holders: Vec<Id>,
    areas: Vec<Id>,
    /// Unit ids, then unit flags: what a link may be reserved to.
    units_and_flags: Vec<Id>,
    link_kinds: Vec<Id>,
}

impl Choices {
    fn of(game: Option<&Game>, units: Option<&orbat_validator::model::UnitsFile>) -> Self {
        let ids = |v: Vec<&Id>| v.into_iter().cloned().collect::<Vec<_>>();
        let mut units_and_flags: Vec<Id> = units
            .map(|u| u.units.iter().map(|u| u.id.clone()).collect())
            .unwrap_or_default();
        match game {
            Some(g) => {
                units_and_flags.extend(g.unit_flags.iter().map(|f| f.id.clone()));
                let factions = ids(g.factions.iter().map(|f| &f.id).collect());
                let mut holders = ids(g.sides.iter().map(|s| &s.id).collect());
                holders.extend(factions.iter().cloned());
                Choices {
                    location_kinds: ids(g.location_kinds.iter().map(|k| &k.id).collect()),
                    terrains: ids(g.terrains.iter().map(|t| &t.id).collect()),
                    factions,
                    holders,
                    areas: ids(g.areas.iter().map(|a| &a.id).collect()),
                    units_and_flags,
                    link_kinds: ids(g.link_kinds.iter().map(|k| &k.id).collect()),
                }
            }
            None => Choices {
                location_kinds: vec![],
                terrains: vec![],
                factions: vec![],
                holders: vec![],
                areas: vec![],
                units_and_flags,
                link_kinds: vec![],
            },
        }
    }
}

/// The inspector beside the map; `tool` is the tool in hand (its hint shows when nothing is
/// selected).
pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, tool: Tool, state: &mut InspectorState) {
    egui::Panel::right("inspector")
        .resizable(true)
        .default_size(330.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("Inspector");
                if c.doc.game().is_none() {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "game.ron did not load: pick lists are empty until it is fixed",
                    );
                }
                if let Some(i) = c.selection.single_space() {
                    space(ui, c, i, state);
                } else if let Some(i) = c.selection.single_link() {
                    link(ui, c, i);
                } else {
                    summary(ui, c, tool);
                }
            });
        });
}

fn summary(ui: &mut Ui, c: &mut Ctx<'_>, tool: Tool) {
    let (n_spaces, n_links) = (c.selection.spaces.len(), c.selection.links.len());
    if n_spaces + n_links == 0 {
        if let Some(map) = c.doc.map() {
            ui.label(format!(
                "{} spaces, {} links",
                map.spaces.len(),
                map.links.len()
            ));
        }
        ui.label("Nothing selected.");
        ui.weak(tool.hint());
        return;
    }
    ui.label(format!("{n_spaces} spaces and {n_links} links selected"));
    if n_spaces == 2 && n_links == 0 {
        let pair: Vec<usize> = c.selection.spaces.iter().copied().collect();
        if ui.button("Link the two spaces").clicked() {
            add_link(c, pair[0], pair[1]);
        }
    }
    if ui.button("Delete selected").clicked() {
        c.delete_selection();
    }
}

fn space(ui: &mut Ui, c: &mut Ctx<'_>, index: usize, state: &mut InspectorState) {
    let Some(old) = c.doc.map().and_then(|m| m.spaces.get(index)).cloned() else {
        return;
    };
    let choices = Choices::of(c.doc.game(), c.doc.units());
    let conditions = ConditionChoices::of(c.doc.game(), c.doc.map());
    if state.for_space.as_deref() != Some(old.id.as_str()) {
        state.for_space = Some(old.id.to_string());
        state.new_id = old.id.to_string();
        state.error = None;
    }
    ui.label(format!(
        "Space {}",
        c.doc.space_name(&old.id).unwrap_or(&old.id)
    ));
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label("Id");
        // a fixed width, so the panel does not grow with the id and shift the map
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.new_id).desired_width(150.0))
            .labelled_by(label.id);
        if std::mem::take(&mut state.focus_id) {
            let mut text =
                egui::text_edit::TextEditState::load(ui.ctx(), edit.id).unwrap_or_default();
            let all = egui::text::CCursorRange::select_all_str(&state.new_id);
            text.cursor.set_char_range(Some(all));
            text.store(ui.ctx(), edit.id);
            edit.request_focus();
        }
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let changed = state.new_id != old.id;
        if (ui
            .add_enabled(changed, egui::Button::new("Rename"))
            .clicked()
            || enter)
            && changed
        {
            let to = state.new_id.trim().to_owned();
            // checked here, so that a refusal is shown in place, beside the field
            let checked = check_new_id(&to)
                .map_err(|e| e.0)
                .and_then(|()| check_rename(c.doc, &old.id, &to));
            match checked {
                Ok(()) => {
                    state.error = None;
                    // a rename is a step of its own, never merged into a drag or typing
                    c.seal();
                    c.apply(Edit::RenameSpace {
                        from: old.id.clone(),
                        to: to.into(),
                    });
                }
                Err(e) => state.error = Some(e),
            }
        }
    });
    if let Some(e) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    crate::name_field::show(ui, c, &format!("space:{}", old.id));
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
            pick::one(ui, l.id, &mut new.kind, &choices.location_kinds);
            ui.end_row();
            let l = ui.label("Terrain");
            pick::optional(ui, l.id, &mut new.terrain, &choices.terrains);
            ui.end_row();
            let l = ui.label("Control at start");
            let holders = pick::holders(c.doc, true);
            pick::optional_named(ui, l.id, &mut new.control, &holders);
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
            let factions = pick::holders(c.doc, false);
            pick::optional_named(ui, l.id, &mut new.capital_of, &factions);
            ui.end_row();
        });
    ui.collapsing("Areas", |ui| pick::many(ui, &mut new.areas, &choices.areas));
    ui.collapsing("Supply source for", |ui| {
        pick::many(ui, &mut new.supply_source_for, &choices.factions);
        ui.label("A source only while (every condition holds at start):");
        pick::conditions(
            ui,
            "source-while",
            "source condition",
            &mut new.source_while,
            &conditions,
        );
    });
    if new.port {
        ui.collapsing("Port limits", |ui| {
            port_limits(ui, &mut new.port_limits, &choices, &conditions)
        });
    }
    merge |= crate::attr_fields::show(ui, c.doc, Holder::Space, &mut new.attrs);
    commit_space(c, index, &old, new, merge);
    ui.separator();
    if ui.button("Delete space").clicked() {
        c.delete_selection();
    }
}

/// Applies a changed space; drags and typing in one field merge into one undo step.
fn commit_space(c: &mut Ctx<'_>, index: usize, old: &Space, mut new: Space, merge: bool) {
    let key = u64::MAX - index as u64;
    if &new == old {
        if !merge {
            c.seal_key(key);
        }
        return;
    }
    new.x = (new.x * 10.0).round() / 10.0;
    new.y = (new.y * 10.0).round() / 10.0;
    let edit = Edit::SetSpace { index, space: new };
    if merge {
        c.apply_merging(edit, key);
    } else {
        c.seal_key(key);
        c.apply(edit);
    }
}

fn link(ui: &mut Ui, c: &mut Ctx<'_>, index: usize) {
    let Some(old) = c.doc.map().and_then(|m| m.links.get(index)).cloned() else {
        return;
    };
    let choices = Choices::of(c.doc.game(), c.doc.units());
    let conditions = ConditionChoices::of(c.doc.game(), c.doc.map());
    let name = |id: &str| c.doc.space_name(id).unwrap_or(id).to_owned();
    ui.label(format!("Link {} – {}", name(&old.a), name(&old.b)));
    ui.separator();
    let mut new: Link = old.clone();
    egui::Grid::new("link-props").num_columns(2).show(ui, |ui| {
        ui.label("From");
        ui.label(old.a.as_str());
        ui.end_row();
        ui.label("To");
        ui.label(old.b.as_str());
        ui.end_row();
        let l = ui.label("Kind");
        pick::one(ui, l.id, &mut new.kind, &choices.link_kinds);
        ui.end_row();
    });
    ui.label("Only for (empty: every faction)");
    pick::many(ui, &mut new.only_for, &choices.factions);
    ui.collapsing("Supply only for (may trace supply, not move)", |ui| {
        pick::many(ui, &mut new.supply_for, &choices.factions)
    });
    ui.collapsing("Only these units (ids or flags)", |ui| {
        pick::many(ui, &mut new.only_units, &choices.units_and_flags)
    });
    ui.collapsing("Usable only while", |ui| {
        pick::conditions(
            ui,
            "link-while",
            "link condition",
            &mut new.only_while,
            &conditions,
        )
    });
    crate::attr_fields::show(ui, c.doc, Holder::Link, &mut new.attrs);
    if ui.button("Swap ends").clicked() {
        std::mem::swap(&mut new.a, &mut new.b);
    }
    if new != old {
        c.apply(Edit::SetLink { index, link: new });
    }
    ui.separator();
    if ui.button("Delete link").clicked() {
        c.delete_selection();
    }
}

/// Who may use a port only while some conditions hold: one entry per side or faction.
fn port_limits(
    ui: &mut Ui,
    limits: &mut ThinVec<PortLimit>,
    choices: &Choices,
    conditions: &ConditionChoices,
) {
    let mut remove = None;
    for (i, limit) in limits.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let l = ui.label(format!("Port limit {} for", i + 1));
            pick::one(ui, l.id, &mut limit.users, &choices.holders);
            if ui.button(format!("Remove port limit {}", i + 1)).clicked() {
                remove = Some(i);
            }
        });
        pick::conditions(
            ui,
            &format!("port-limit-{i}"),
            &format!("condition of port limit {}", i + 1),
            &mut limit.only_while,
            conditions,
        );
        ui.separator();
    }
    if let Some(i) = remove {
        limits.remove(i);
    }
    if ui.button("Add port limit").clicked() {
        limits.push(PortLimit {
            users: choices.holders.first().cloned().unwrap_or_default(),
            only_while: ThinVec::new(),
        });
    }
}
