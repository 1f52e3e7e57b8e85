//! The set-up view's layer of the map canvas: what the side panel's drags drop, stacks
//! dragged between spaces, control painted, and the findings drawn on the spaces; while a
//! state of play is previewed, that state drawn and nothing edited.

use std::collections::BTreeMap;

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Response, Stroke, Ui, pos2, vec2};
use orbat_validator::model::Scenario;
use orbat_validator::{Diagnostic, Severity};

use super::preview_map;
use super::state::{SetupDrag, SetupState};
use crate::canvas::labels::{Placed, place_stack};
use crate::canvas::layer::{Layer, MapCtx};
use crate::canvas::{hit, style};
use crate::ctx::Ctx;
use crate::document::FileId;
use crate::selection::Selection;
use crate::setup::{self};

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
    if st.preview.moment.is_some() {
        // a preview is looked at, not edited: clicks select, the pointer shows
        if response.clicked() {
            match hover {
                Some(i) => *c.selection = Selection::only_space(i),
                None => c.selection.clear(),
            }
        }
        hover_messages(response, m, st);
        return;
    }

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
    hover_messages(response, m, st);
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

/// The scenario shown: the previewed state's, else the set-up.
fn shown<'a>(c: &Ctx<'a>, st: &'a SetupState) -> Option<&'a Scenario> {
    match (&st.preview.moment, st.preview.shown()) {
        (Some(_), Some(p)) => Some(&p.board.scenario),
        _ => c.current_scenario(),
    }
}

/// The findings marked on spaces: the previewed state's, else the set-up's.
fn marks<'d>(c: &Ctx<'d>, st: &SetupState, sc: &Scenario) -> BTreeMap<usize, Vec<&'d Diagnostic>> {
    if let Some(marks) = preview_map::marks(c, st) {
        return marks;
    }
    let (Some(map), Some(name)) = (c.doc.map(), c.scenario.as_deref()) else {
        return BTreeMap::new();
    };
    match c.doc.file(&FileId::Scenario(name.to_owned())) {
        Some(file) => setup::marks(&c.doc.diagnostics, &file.path, map, sc),
        None => BTreeMap::new(),
    }
}

/// The hovered space's stack (each counter, by name) and findings, as a tooltip.
fn hover_messages(response: &Response, m: &MapCtx<'_>, st: &SetupState) {
    let c = &m.ctx;
    let (Some(space), Some(map), Some(sc)) = (m.state.hover, c.doc.map(), shown(c, st)) else {
        return;
    };
    let marks = marks(c, st, sc);
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
    let (Some(map), Some(sc)) = (c.doc.map(), shown(c, st)) else {
        return;
    };
    let previewed = st.preview.moment.as_ref().and(st.preview.shown());
    let (view, cam) = (m.state.view, *m.camera);
    let r =
        (style::SPACE_RADIUS * cam.zoom).clamp(style::MIN_SCREEN_RADIUS, style::MAX_SCREEN_RADIUS);
    let factions = c.doc.game().map_or(&[][..], |g| &g.factions);
    let faction_color = |f: Option<&str>| style::faction_by_id(factions, f);
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
    if let Some(p) = previewed {
        preview_map::closed_links(painter, m, map, p);
    }
    preview_map::markers(painter, m, map, sc, r);
    {
        for (space, found) in marks(c, st, sc) {
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
    let made = preview_map::made(previewed);
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
        // a counter a previewed step placed or moved: outlined in the selection's colour
        let stroke = match placements.iter().any(|i| made.contains(i)) {
            true => Stroke::new(2.5, style::SELECTED),
            false => Stroke::new(1.0, Color32::BLACK),
        };
        painter.rect_stroke(rect, 2.0, stroke, egui::StrokeKind::Inside);
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
