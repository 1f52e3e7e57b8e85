//! The scenario set-up on the map: pick or create a scenario, drag units from the counter
//! mix onto spaces, drag stacks between spaces, flip and remove counters, paint control at
//! the start. Stacking and supply findings are marked on the spaces they concern, with the
//! messages on hover. The rules live in [`crate::setup`]; this file is only the UI: the side
//! panel (here), and [`OnMap`], the view's layer of the map canvas (`on_map.rs`).

mod on_map;
mod preview;
mod preview_map;
mod state;

pub use on_map::OnMap;
pub use state::{SetupDrag, SetupState};

use egui::Ui;
use orbat_validator::model::{Alignment, Id, Scenario};

use crate::ctx::Ctx;
use crate::document::{FileId, FileValue};
use crate::edit::{Edit, check_new_id};
use crate::setup::{self, Paint};

/// The side panel: scenario choice, control painting, the selected space's stack, the units
/// still to place.
pub fn side_panel(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut SetupState) {
    scenario_choice(ui, c, st);
    ui.separator();
    if c.current_scenario().is_none() {
        ui.label("Choose a scenario above, or create one, to set up its units.");
        return;
    }
    if preview::strip(ui, c, st) {
        let shown = st.preview.shown().map(|p| &p.board.scenario);
        egui::ScrollArea::vertical().show(ui, |ui| selected_stack(ui, c, shown));
        return;
    }
    // the scenario's own name (the set-up chart's title), in the source language
    if let Some(id) = c.current_scenario().map(|sc| sc.id.to_string()) {
        crate::name_field::show(ui, c, &format!("scenario:{id}"));
        ui.separator();
    }
    control_painting(ui, c, st);
    ui.separator();
    war_entry(ui, c);
    sides_at_start(ui, c);
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        selected_stack(ui, c, None);
        ui.separator();
        units_to_place(ui, c, st);
    });
}

fn scenario_choice(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut SetupState) {
    let names = c.doc.scenario_files();
    let shown = c.scenario.clone().unwrap_or_else(|| "none".into());
    // the label first, the list in the room left, a long file name cut short (beside it, the
    // label wrapped to "Scenari/o")
    ui.horizontal(|ui| {
        let label = ui.label("Scenario");
        egui::ComboBox::from_id_salt("scenario-choice")
            .width(ui.available_width() - ui.spacing().item_spacing.x)
            .truncate()
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for name in names {
                    let picked = c.scenario.as_deref() == Some(name.as_str());
                    if ui.selectable_label(picked, &name).clicked() {
                        *c.scenario = Some(name);
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut st.new_id)
                .hint_text("new scenario id")
                .desired_width(140.0),
        )
        .labelled_by(ui.label("New").id);
        if ui.button("Create scenario").clicked() {
            create_scenario(c, st);
        }
    });
}

/// Creates `<id>.scenario.ron` (unsaved) for the game: one turn, nothing set up yet.
fn create_scenario(c: &mut Ctx<'_>, st: &mut SetupState) {
    let id = st.new_id.trim().to_owned();
    if let Err(e) = check_new_id(&id) {
        c.message(e.0);
        return;
    }
    let Some(game) = c.doc.game() else {
        c.message("game.ron did not load: a scenario needs its game");
        return;
    };
    let name = format!("{id}.scenario.ron");
    let file = FileId::Scenario(name.clone());
    if let Err(e) = c.doc.can_add(&file) {
        c.message(e);
        return;
    }
    // no `factions` list: every faction of the game takes part
    let scenario = Scenario::empty(&id, &game.id);
    c.apply(Edit::AddFile {
        id: file,
        value: Box::new(FileValue::Scenario(scenario)),
    });
    *c.scenario = Some(name);
    st.new_id.clear();
}

fn paint_label(paint: &Option<Paint>) -> String {
    match paint {
        None => "off (clicks select)".into(),
        Some(Paint::Faction(f)) => f.to_string(),
        Some(Paint::NoOne) => "no one".into(),
        Some(Paint::AsOnMap) => "as on the map".into(),
    }
}

fn control_painting(ui: &mut Ui, c: &mut Ctx<'_>, state: &mut SetupState) {
    let factions: Vec<Id> = c
        .doc
        .game()
        .map(|g| g.factions.iter().map(|f| f.id.clone()).collect())
        .unwrap_or_default();
    let mut choices = vec![None, Some(Paint::AsOnMap), Some(Paint::NoOne)];
    choices.extend(factions.into_iter().map(|f| Some(Paint::Faction(f))));
    egui::ComboBox::from_label("Paint control")
        .selected_text(paint_label(&state.paint))
        .show_ui(ui, |ui| {
            for c in choices {
                let label = paint_label(&c);
                ui.selectable_value(&mut state.paint, c, label);
            }
        });
    if state.paint.is_some() {
        ui.weak("click spaces to set who controls them at the start");
    }
}

/// Which nations are neutral at the start, and which of those are in limited entry.
fn war_entry(ui: &mut Ui, c: &mut Ctx<'_>) {
    let Some(sc) = c.current_scenario() else {
        return;
    };
    let factions: Vec<Id> = c
        .doc
        .game()
        .map(|g| g.factions.iter().map(|f| f.id.clone()).collect())
        .unwrap_or_default();
    let (mut neutral, mut limited) = (sc.neutral.clone(), sc.limited_entry.clone());
    ui.collapsing("War entry", |ui| {
        ui.label("Neutral at start (their land is greyed, closed to everyone else):");
        crate::pick::many(ui, &mut neutral, &factions);
        if !neutral.is_empty() || !limited.is_empty() {
            ui.label("In limited entry (others may enter, but not where its units stand):");
            crate::pick::many(ui, &mut limited, &neutral);
        }
    });
    if neutral != sc.neutral || limited != sc.limited_entry {
        // a nation no longer neutral cannot stay in limited entry
        limited.retain(|f| neutral.contains(f));
        c.change_scenario("change war entry", None, |sc| {
            sc.neutral = neutral;
            sc.limited_entry = limited;
        });
    }
}

/// Each faction's side at the start, where the scenario moves it to another (`alignments`):
/// a nation that has changed camp.
fn sides_at_start(ui: &mut Ui, c: &mut Ctx<'_>) {
    let (Some(sc), Some(game)) = (c.current_scenario(), c.doc.game()) else {
        return;
    };
    let sides: Vec<Id> = game.sides.iter().map(|s| s.id.clone()).collect();
    let factions: Vec<(Id, String)> = game
        .factions
        .iter()
        .map(|f| {
            let side = f.side.as_deref().unwrap_or("none");
            (f.id.clone(), format!("as in the game ({side})"))
        })
        .collect();
    let mut aligned = sc.alignments.clone();
    ui.collapsing("Sides at start", |ui| {
        ui.weak("a nation on another side stands with it: friends, enemies, control and supply");
        egui::Grid::new("sides at start").show(ui, |ui| {
            for (f, as_game) in &factions {
                let label = ui.label(f.as_str()).id;
                let now = aligned
                    .iter()
                    .find(|a| a.faction == *f)
                    .map(|a| a.side.clone());
                let mut pick = now.clone();
                egui::ComboBox::from_id_salt(("side at start", f.as_str()))
                    .selected_text(pick.as_deref().unwrap_or(as_game))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut pick, None, as_game);
                        for s in &sides {
                            ui.selectable_value(&mut pick, Some(s.clone()), s.as_str());
                        }
                    })
                    .response
                    .labelled_by(label);
                if pick != now {
                    aligned.retain(|a| a.faction != *f);
                    if let Some(side) = pick {
                        aligned.push(Alignment {
                            faction: f.clone(),
                            side,
                        });
                    }
                }
                ui.end_row();
            }
        });
    });
    if aligned != sc.alignments {
        c.change_scenario("change sides at start", None, |sc| sc.alignments = aligned);
    }
}

/// A change to the scenario chosen by a button, run after the buttons are drawn.
type StackChange = Box<dyn FnOnce(&mut Scenario)>;

/// The selected space's counters: flip, remove, or drag one onto another space; only shown
/// (`preview`: a state of play previewed, not the set-up).
fn selected_stack(ui: &mut Ui, c: &mut Ctx<'_>, preview: Option<&Scenario>) {
    let (Some(space), Some(map), Some(sc)) = (
        c.selection.single_space(),
        c.doc.map(),
        preview.or(c.current_scenario()),
    ) else {
        ui.weak("Click a space to see its stack; drag units from the list below onto spaces.");
        return;
    };
    let Some(sp) = map.spaces.get(space) else {
        return;
    };
    let control = setup::control_of(sc, map, space).unwrap_or("no one");
    ui.strong(format!("{} — controlled by {control}", sp.id));
    let here: Vec<(usize, Id, bool, u32)> = sc
        .placements
        .iter()
        .enumerate()
        .filter(|(_, p)| p.at == sp.id)
        .map(|(i, p)| (i, p.unit.clone(), p.reduced, p.count))
        .collect();
    if here.is_empty() {
        ui.weak("no units here");
    }
    let mut change: Option<(&str, StackChange)> = None;
    for (i, unit, reduced, count) in here {
        ui.horizontal(|ui| {
            let side = if reduced { "reduced" } else { "full" };
            let text = format!("{unit} ×{count} ({side})");
            if preview.is_some() {
                ui.label(text);
                return;
            }
            let id = ui.scope_id().with(("placement", i));
            ui.dnd_drag_source(id, SetupDrag::Placement(i), |ui| {
                ui.label(text);
            });
            if ui.small_button("Flip").clicked() {
                change = Some(("flip a counter", Box::new(move |sc| setup::flip_one(sc, i))));
            }
            if ui.small_button("Remove").clicked() {
                change = Some((
                    "remove a counter",
                    Box::new(move |sc| {
                        setup::take_one(sc, i);
                    }),
                ));
            }
        });
    }
    if let Some((label, f)) = change {
        c.change_scenario(label, None, f);
    }
}

/// Units with counters left, grouped by faction; each is dragged onto the map.
fn units_to_place(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut SetupState) {
    let (Some(units), Some(sc)) = (c.doc.units(), c.current_scenario()) else {
        ui.weak("units.ron did not load: no counters to place");
        return;
    };
    let left = setup::to_place(units, sc);
    let total: u32 = left.iter().map(|t| t.left).sum();
    ui.strong(format!("To place: {total} counters"));
    ui.add(
        egui::TextEdit::singleline(&mut st.filter)
            .hint_text("filter units")
            .desired_width(f32::INFINITY),
    );
    let filter = st.filter.to_lowercase();
    let mut faction = None;
    for t in left {
        let Some(u) = units.units.get(t.unit) else {
            continue;
        };
        let text = format!("{} ({}) ×{}", u.id, u.kind, t.left);
        if !filter.is_empty() && !text.to_lowercase().contains(&filter) {
            continue;
        }
        if faction != Some(&u.faction) {
            faction = Some(&u.faction);
            ui.label(egui::RichText::new(u.faction.as_str()).underline());
        }
        let id = ui.scope_id().with(("to-place", &u.id));
        ui.dnd_drag_source(id, SetupDrag::Unit(u.id.clone()), |ui| {
            ui.label(text);
        });
    }
    if total == 0 {
        ui.weak("every counter of the mix is on the map");
    }
}
