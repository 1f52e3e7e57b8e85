//! The scenario set-up on the map: pick or create a scenario, drag units from the counter
//! mix onto spaces, drag stacks between spaces, flip and remove counters, paint control at
//! the start. Stacking and supply findings are marked on the spaces they concern, with the
//! messages on hover. The rules live in [`crate::setup`]; this file is only the UI: the side
//! panel, and [`OnMap`], the view's layer of the map canvas.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Response, Stroke, Ui, pos2, vec2};
use orbat_validator::Severity;
use orbat_validator::model::{Id, Scenario};

use crate::canvas::labels::{Placed, place_stack};
use crate::canvas::layer::{Layer, MapCtx};
use crate::canvas::{hit, style};
use crate::ctx::Ctx;
use crate::document::{FileId, FileValue};
use crate::edit::{Edit, check_new_id};
use crate::selection::Selection;
use crate::setup::{self, Paint};

/// What a drag from the side panel carries onto the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupDrag {
    /// One counter of a unit from the counter mix.
    Unit(Id),
    /// One counter of an existing placement (by index in the scenario's list).
    Placement(usize),
}

#[derive(Debug, Clone, Default)]
pub struct SetupState {
    /// Filter of the units-to-place list.
    pub filter: String,
    /// Control painting: a click on a space paints this (None: clicks select).
    pub paint: Option<Paint>,
    /// Id typed for a new scenario.
    pub new_id: String,
    /// The space a stack drag started from.
    pub drag_from: Option<usize>,
    /// The space whose right-click menu is open.
    pub menu_space: Option<usize>,
}

/// The side panel: scenario choice, control painting, the selected space's stack, the units
/// still to place.
pub fn side_panel(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut SetupState) {
    scenario_choice(ui, c, st);
    ui.separator();
    if c.current_scenario().is_none() {
        ui.label("Choose a scenario above, or create one, to set up its units.");
        return;
    }
    control_painting(ui, c, st);
    ui.separator();
    war_entry(ui, c);
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        selected_stack(ui, c);
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

/// A change to the scenario chosen by a button, run after the buttons are drawn.
type StackChange = Box<dyn FnOnce(&mut Scenario)>;

/// The selected space's counters: flip, remove, or drag one onto another space.
fn selected_stack(ui: &mut Ui, c: &mut Ctx<'_>) {
    let (Some(space), Some(map), Some(sc)) = (
        c.selection.single_space(),
        c.doc.map(),
        c.current_scenario(),
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

/// The set-up view's layer of the map: drops from the side panel, stack drags, clicks
/// (select or paint control), the findings on hover; stacks, control flags and finding rings
/// drawn over the spaces.
pub struct OnMap<'a>(pub &'a mut SetupState);

impl Layer for OnMap<'_> {
    fn interact(&mut self, ui: &Ui, response: &Response, m: &mut MapCtx<'_>, radius: f32) {
        interact(ui, response, m, self.0, radius);
    }

    fn paint(&self, painter: &Painter, m: &MapCtx<'_>) {
        paint(painter, m, self.0);
    }
}

fn interact(ui: &Ui, response: &Response, m: &mut MapCtx<'_>, st: &mut SetupState, radius: f32) {
    let (view, cam) = (m.state.view, *m.camera);
    let pointer = response.hover_pos().or(response.interact_pointer_pos());
    let origin = ui.input(|i| i.pointer.press_origin());
    let c = &mut m.ctx;
    let Some(map) = c.doc.map() else { return };
    let space_at = |p: Pos2| hit::space_at(map, cam.to_map(view, p), radius);
    let hover = pointer.and_then(space_at);
    let origin_space = origin.and_then(space_at);
    let id_of = |i: usize| map.spaces[i].id.clone();
    let target = hover.map(id_of);
    let from_id = st.drag_from.map(id_of);
    m.state.hover = hover;

    if let Some(payload) = response.dnd_release_payload::<SetupDrag>() {
        match (&*payload, target) {
            (SetupDrag::Unit(unit), Some(at)) => {
                let unit = unit.clone();
                c.change_scenario(&format!("place {unit}"), None, |sc| {
                    setup::place(sc, &unit, &at, false);
                });
            }
            (SetupDrag::Placement(i), Some(at)) => {
                let i = *i;
                c.change_scenario("move a counter", None, |sc| setup::move_one(sc, i, &at));
            }
            (_, None) => c.message("drop units on a space"),
        }
        return;
    }
    if response.drag_started_by(egui::PointerButton::Primary) {
        st.drag_from = origin_space;
    }
    if response.drag_stopped() {
        st.drag_from = None;
        if let (Some(a), Some(b), Some(to)) = (from_id, target.clone(), hover)
            && a != b
            && c.change_scenario(&format!("move the stack of {a}"), None, |sc| {
                setup::move_stack(sc, &a, &b)
            })
        {
            c.select_after(Selection::only_space(to));
        }
    }
    if response.clicked() {
        match (hover, target, st.paint.clone()) {
            (Some(_), Some(id), Some(paint)) => {
                c.change_scenario(&format!("control of {id}"), None, |sc| {
                    setup::paint_control(sc, map, &id, &paint)
                });
            }
            (Some(i), _, None) => *c.selection = Selection::only_space(i),
            _ => c.selection.clear(),
        }
    }
    if response.secondary_clicked()
        && let Some(i) = hover
    {
        *c.selection = Selection::only_space(i);
        st.menu_space = Some(i);
    }
    response.context_menu(|ui| stack_menu(ui, &mut m.ctx, st.menu_space));
    hover_messages(response, m);
}

/// A space's right-click menu in the set-up: its counters, and removing the whole stack.
fn stack_menu(ui: &mut Ui, c: &mut Ctx<'_>, space: Option<usize>) {
    let (Some(space), Some(map), Some(sc)) = (space, c.doc.map(), c.current_scenario()) else {
        ui.close();
        return;
    };
    let Some(id) = map.spaces.get(space).map(|s| s.id.clone()) else {
        ui.close();
        return;
    };
    let here: Vec<String> = sc
        .placements
        .iter()
        .filter(|p| p.at == id)
        .map(|p| {
            format!(
                "{} ×{}{}",
                p.unit,
                p.count,
                if p.reduced { " (reduced)" } else { "" }
            )
        })
        .collect();
    if here.is_empty() {
        ui.weak("no units here");
        return;
    }
    for line in &here {
        ui.weak(line);
    }
    ui.separator();
    if ui.button("Remove this stack").clicked() {
        c.change_scenario(&format!("remove the stack of {id}"), None, |sc| {
            sc.placements.retain(|p| p.at != id);
        });
        ui.close();
    }
}

/// The hovered space's stack (each counter, by name) and findings, as a tooltip.
fn hover_messages(response: &Response, m: &MapCtx<'_>) {
    let c = &m.ctx;
    let (Some(space), Some(map), Some(sc), Some(name)) = (
        m.state.hover,
        c.doc.map(),
        c.current_scenario(),
        c.scenario.as_deref(),
    ) else {
        return;
    };
    let Some(file) = c.doc.file(&FileId::Scenario(name.to_owned())) else {
        return;
    };
    let marks = setup::marks(&c.doc.diagnostics, &file.path, map, sc);
    let found = marks.get(&space).map(Vec::as_slice).unwrap_or_default();
    let stack: Vec<String> = setup::stacks(map, sc)
        .into_iter()
        .filter(|(s, _)| *s == space)
        .flat_map(|(_, placements)| placements)
        .filter_map(|i| sc.placements.get(i))
        .map(|p| {
            let name = c
                .doc
                .source_name(&format!("unit:{}", p.unit))
                .unwrap_or(&p.unit);
            let count = if p.count > 1 {
                format!("{} × ", p.count)
            } else {
                String::new()
            };
            let side = if p.reduced { " (reduced)" } else { "" };
            format!("{count}{name}{side}")
        })
        .collect();
    if found.is_empty() && stack.is_empty() {
        return;
    }
    response.clone().on_hover_ui_at_pointer(|ui| {
        if !stack.is_empty() {
            let space_name = c
                .doc
                .space_name(&map.spaces[space].id)
                .unwrap_or(&map.spaces[space].id);
            ui.strong(format!("Stack in {space_name}"));
            for unit in &stack {
                ui.label(unit);
            }
        }
        for d in found {
            ui.label(format!("{} {}: {}", d.severity.as_str(), d.code, d.message));
            // the help says what to do, and for a unit out of supply where its line stops
            if let Some(help) = &d.help {
                ui.weak(help);
            }
        }
    });
}

/// Stacks, control overrides and finding marks drawn over the map.
fn paint(painter: &Painter, m: &MapCtx<'_>, st: &SetupState) {
    let c = &m.ctx;
    let (Some(map), Some(sc), Some(name)) =
        (c.doc.map(), c.current_scenario(), c.scenario.as_deref())
    else {
        return;
    };
    let (view, cam) = (m.state.view, *m.camera);
    let r =
        (style::SPACE_RADIUS * cam.zoom).clamp(style::MIN_SCREEN_RADIUS, style::MAX_SCREEN_RADIUS);
    let factions: Vec<&str> = c
        .doc
        .game()
        .map(|g| g.factions.iter().map(|f| f.id.as_str()).collect())
        .unwrap_or_default();
    let faction_color =
        |f: Option<&str>| style::faction(f.and_then(|f| factions.iter().position(|x| *x == f)));
    let screen = |i: usize| cam.to_screen(view, pos2(map.spaces[i].x, map.spaces[i].y));
    // the land of nations neutral at the start: greyed, as no one else may enter it
    if let Some(game) = c.doc.game() {
        for i in setup::closed_by_neutrality(game, map, sc) {
            painter.circle_filled(screen(i), r + 3.0, Color32::from_black_alpha(110));
        }
    }
    // control set by the scenario (not the map's): a small flag in the controller's colour,
    // left of the space, so it never looks like a finding's ring
    for c in &sc.control {
        if let Some(i) = map.spaces.iter().position(|sp| sp.id == c.space) {
            let pole = screen(i) + vec2(-r - 2.0, -r * 0.2);
            let flag = Rect::from_min_size(pole + vec2(-12.0, -r - 6.0), vec2(12.0, 8.0));
            painter.line_segment(
                [pole, pole + vec2(0.0, -r - 6.0)],
                Stroke::new(1.5, Color32::BLACK),
            );
            painter.rect_filled(flag, 0.0, faction_color(c.faction.as_deref()));
            painter.rect_stroke(
                flag,
                0.0,
                Stroke::new(1.0, Color32::BLACK),
                egui::StrokeKind::Inside,
            );
        }
    }
    if let Some(file) = c.doc.file(&FileId::Scenario(name.to_owned())) {
        for (space, found) in setup::marks(&c.doc.diagnostics, &file.path, map, sc) {
            let error = found.iter().any(|d| d.severity == Severity::Error);
            let color = if error {
                Color32::from_rgb(220, 0, 0)
            } else {
                Color32::from_rgb(230, 150, 0)
            };
            let p = screen(space);
            painter.circle_stroke(p, r + 7.0, Stroke::new(6.0, Color32::WHITE));
            painter.circle_stroke(p, r + 7.0, Stroke::new(3.0, color));
            painter.text(
                p + vec2(-r - 8.0, -r - 8.0),
                Align2::CENTER_CENTER,
                "!",
                FontId::proportional(14.0),
                color,
            );
        }
    }
    let units = c.doc.units();
    // each stack beside its space, where it overlaps no other (dense maps)
    let mut placed = Placed::default();
    for (space, placements) in setup::stacks(map, sc) {
        let p = screen(space);
        let faction = placements
            .first()
            .and_then(|&i| sc.placements.get(i))
            .and_then(|pl| units.and_then(|u| u.units.iter().find(|u| u.id == pl.unit)))
            .map(|u| u.faction.as_str());
        let n = setup::counters(sc, &placements);
        let reduced = placements
            .iter()
            .any(|&i| sc.placements.get(i).is_some_and(|p| p.reduced));
        let size = vec2(22.0, 18.0);
        // room for the square behind too
        let slot = place_stack(&mut placed, p, r, size + vec2(3.0, 3.0));
        let rect = Rect::from_min_size(slot.min + vec2(0.0, 3.0), size);
        // a second square behind the first says "more than one counter"
        if n > 1 {
            painter.rect_filled(
                rect.translate(vec2(3.0, -3.0)),
                2.0,
                faction_color(faction).gamma_multiply(0.6),
            );
        }
        painter.rect_filled(rect, 2.0, faction_color(faction));
        painter.rect_stroke(
            rect,
            2.0,
            Stroke::new(1.0, Color32::BLACK),
            egui::StrokeKind::Inside,
        );
        let text = if reduced {
            format!("{n}r")
        } else {
            n.to_string()
        };
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(12.0),
            Color32::WHITE,
        );
    }
    // a stack being dragged: a line from its space to the pointer
    if let (Some(from), Some(to)) = (st.drag_from, m.state.hover) {
        painter.line_segment(
            [screen(from), screen(to)],
            Stroke::new(2.0, style::SELECTED),
        );
    }
}
