//! The map view's tools as a [`Layer`]: select and move (with a rubber band), add a space,
//! add a link. Input becomes [`Edit`]s in the context's outbox.

use egui::{Painter, PointerButton, Pos2, Rect, Response, Ui, pos2};
use orbat_validator::model::{Id, Link, Space, ThinVec};

use super::hit;
use super::layer::{Layer, MapCtx};
use super::state::{Gesture, MenuTarget, Tool};
use super::style;
use crate::ctx::Ctx;
use crate::edit::{Edit, fresh_space_id};
use crate::selection::Selection;

/// The map view's layer: the tool in hand is in the canvas state.
pub struct MapTools;

impl Layer for MapTools {
    fn interact(&mut self, ui: &Ui, response: &Response, m: &mut MapCtx<'_>, radius: f32) {
        let view = m.state.view;
        let cam = *m.camera;
        let to_map = |p: Pos2| cam.to_map(view, p);
        let shift = ui.input(|i| i.modifiers.shift);
        let Some(map) = m.ctx.doc.map() else { return };
        m.state.hover = response
            .hover_pos()
            .and_then(|p| hit::space_at(map, to_map(p), radius));

        if response.drag_started_by(PointerButton::Primary) {
            let origin = ui
                .input(|i| i.pointer.press_origin())
                .or(response.interact_pointer_pos());
            if let Some(origin) = origin.map(to_map) {
                start_gesture(m, origin, radius, shift);
            }
        }
        if response.dragged_by(PointerButton::Primary)
            && let Some(p) = response.interact_pointer_pos().map(to_map)
        {
            continue_gesture(m, p);
        }
        if response.drag_stopped() {
            finish_gesture(m, radius);
        }
        if response.clicked()
            && let Some(p) = response.interact_pointer_pos().map(to_map)
        {
            click(m, p, radius, shift);
        }
        if response.secondary_clicked()
            && let Some(p) = response.interact_pointer_pos().map(to_map)
        {
            m.state.menu = Some(menu_target(m, p, radius));
        }
        response.context_menu(|ui| context_menu(ui, m));
    }

    fn paint(&self, painter: &Painter, m: &MapCtx<'_>) {
        let (cam, view) = (&*m.camera, m.state.view);
        let stroke = egui::Stroke::new(1.5, style::SELECTED);
        match &m.state.gesture {
            Gesture::Band { from, to, .. } => {
                let r = Rect::from_two_pos(cam.to_screen(view, *from), cam.to_screen(view, *to));
                painter.rect_filled(
                    r,
                    0.0,
                    egui::Color32::from_rgba_unmultiplied(255, 200, 0, 30),
                );
                painter.rect_stroke(r, 0.0, stroke, egui::StrokeKind::Inside);
            }
            Gesture::Link { from, to } => {
                if let Some(sp) = m.ctx.doc.map().and_then(|map| map.spaces.get(*from)) {
                    let a = cam.to_screen(view, pos2(sp.x, sp.y));
                    painter.line_segment(
                        [a, cam.to_screen(view, *to)],
                        egui::Stroke::new(3.0, style::SELECTED),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Rounds a position to the snap grid, and always to a tenth of a unit (sub-pixel digits
/// mean nothing on a backdrop and only make diffs noisy).
pub fn snap(p: Pos2, grid: Option<f32>) -> Pos2 {
    let g = grid.filter(|g| *g > 0.0);
    let f = |v: f32| {
        let v = match g {
            Some(g) => (v / g).round() * g,
            None => v,
        };
        (v * 10.0).round() / 10.0
    };
    pos2(f(p.x), f(p.y))
}

fn start_gesture(m: &mut MapCtx<'_>, origin: Pos2, radius: f32, shift: bool) {
    let Some(map) = m.ctx.doc.map() else { return };
    let under = hit::space_at(map, origin, radius);
    let selection = &mut *m.ctx.selection;
    m.state.gesture = match (m.state.tool, under) {
        (Tool::AddLink, Some(from)) => Gesture::Link { from, to: origin },
        (_, Some(grabbed)) => {
            if !selection.spaces.contains(&grabbed) {
                if !shift {
                    selection.clear();
                }
                selection.spaces.insert(grabbed);
            }
            let starts = selection
                .spaces
                .iter()
                .filter_map(|&i| map.spaces.get(i).map(|sp| (i, pos2(sp.x, sp.y))))
                .collect();
            Gesture::Move {
                key: 0,
                grabbed,
                starts,
                grab: origin,
                last: None,
            }
        }
        (_, None) => Gesture::Band {
            from: origin,
            to: origin,
            add: shift,
        },
    };
    let k = m.ctx.gesture_key();
    if let Gesture::Move { key, .. } = &mut m.state.gesture {
        *key = k;
    }
}

fn continue_gesture(m: &mut MapCtx<'_>, p: Pos2) {
    let snap_grid = m.state.snap;
    match &mut m.state.gesture {
        Gesture::Move {
            key,
            grabbed,
            starts,
            grab,
            last,
        } => {
            let Some(&(_, grabbed_start)) = starts.iter().find(|(i, _)| i == grabbed) else {
                return;
            };
            // snap the grabbed space and move the others by the same amount
            let target = snap(grabbed_start + (p - *grab), snap_grid);
            if *last == Some(target) {
                return;
            }
            *last = Some(target);
            let delta = target - grabbed_start;
            let moves = starts
                .iter()
                .map(|&(i, start)| {
                    let q = snap(start + delta, None);
                    (i, [q.x, q.y])
                })
                .collect();
            let key = *key;
            m.ctx.apply_merging(Edit::MoveSpaces { moves }, key);
        }
        Gesture::Band { to, .. } | Gesture::Link { to, .. } => *to = p,
        Gesture::None => {}
    }
}

fn finish_gesture(m: &mut MapCtx<'_>, radius: f32) {
    match std::mem::take(&mut m.state.gesture) {
        Gesture::Move { .. } => m.ctx.seal(),
        Gesture::Band { from, to, add } => {
            let Some(map) = m.ctx.doc.map() else { return };
            let inside = hit::spaces_in(map, Rect::from_two_pos(from, to));
            if !add {
                m.ctx.selection.clear();
            }
            m.ctx.selection.spaces.extend(inside);
        }
        Gesture::Link { from, to } => {
            let Some(map) = m.ctx.doc.map() else { return };
            if let Some(target) = hit::space_at(map, to, radius).filter(|&t| t != from) {
                add_link(&mut m.ctx, from, target);
            }
        }
        Gesture::None => {}
    }
}

fn click(m: &mut MapCtx<'_>, p: Pos2, radius: f32, shift: bool) {
    let Some(map) = m.ctx.doc.map() else { return };
    let space = hit::space_at(map, p, radius);
    let ctx = &mut m.ctx;
    match (m.state.tool, space) {
        (Tool::AddSpace, None) => add_space(ctx, p, m.state.snap),
        (Tool::AddLink, Some(i)) => match m.state.link_from.take() {
            Some(from) if from != i => add_link(ctx, from, i),
            _ => {
                m.state.link_from = Some(i);
                *ctx.selection = Selection::only_space(i);
            }
        },
        (_, Some(i)) if shift => ctx.selection.toggle_space(i),
        (_, Some(i)) => *ctx.selection = Selection::only_space(i),
        (_, None) => {
            m.state.link_from = None;
            let link = hit::link_at(map, m.index, p, radius * 0.5);
            match (link, shift) {
                (Some(l), true) => ctx.selection.toggle_link(l),
                (Some(l), false) => *ctx.selection = Selection::only_link(l),
                (None, true) => {}
                (None, false) => ctx.selection.clear(),
            }
        }
    }
}

/// What a right-click at `p` is on; it selects a space or link it is on, as a click would.
fn menu_target(m: &mut MapCtx<'_>, p: Pos2, radius: f32) -> MenuTarget {
    let Some(map) = m.ctx.doc.map() else {
        return MenuTarget::Map(p);
    };
    if let Some(i) = hit::space_at(map, p, radius) {
        *m.ctx.selection = Selection::only_space(i);
        return MenuTarget::Space(i);
    }
    if let Some(l) = hit::link_at(map, m.index, p, radius * 0.5) {
        *m.ctx.selection = Selection::only_link(l);
        return MenuTarget::Link(l);
    }
    MenuTarget::Map(p)
}

/// The right-click menu: what can be done to the space, link or place it was opened on.
fn context_menu(ui: &mut Ui, m: &mut MapCtx<'_>) {
    let Some(target) = m.state.menu else {
        ui.close();
        return;
    };
    let name = |i: usize| {
        let map = m.ctx.doc.map()?;
        let id = &map.spaces.get(i)?.id;
        Some(m.ctx.doc.space_name(id).unwrap_or(id).to_owned())
    };
    match target {
        MenuTarget::Space(i) => {
            ui.weak(name(i).unwrap_or_default());
            let id = m
                .ctx
                .doc
                .map()
                .and_then(|map| map.spaces.get(i))
                .map(|s| s.id.clone());
            let uses = id
                .map(|id| crate::space_delete::uses(m.ctx.doc, &[Id::from(id.as_str())]))
                .unwrap_or_default();
            if uses.is_empty() {
                ui.weak("named nowhere else");
            } else {
                ui.menu_button(format!("Used in {} places", uses.len()), |ui| {
                    for line in &uses {
                        ui.weak(line);
                    }
                });
            }
            ui.separator();
            if ui.button("Rename…").clicked() {
                m.state.rename_requested = true;
                ui.close();
            }
            if ui.button("Start a link here").clicked() {
                m.state.tool = Tool::AddLink;
                m.state.link_from = Some(i);
                ui.close();
            }
            if ui.button("Delete this space").clicked() {
                m.ctx.delete_selection();
                ui.close();
            }
        }
        MenuTarget::Link(_) => {
            if ui.button("Delete this link").clicked() {
                m.ctx.delete_selection();
                ui.close();
            }
        }
        MenuTarget::Map(p) => {
            if ui.button("Add a space here").clicked() {
                add_space(&mut m.ctx, p, m.state.snap);
                ui.close();
            }
        }
    }
}

/// Adds a space at a map position (snapped to `grid`) with a fresh id and the game's first
/// location kind, and selects it.
pub fn add_space(ctx: &mut Ctx<'_>, p: Pos2, grid: Option<f32>) {
    let Some(map) = ctx.doc.map() else { return };
    let kind = ctx
        .doc
        .game()
        .and_then(|g| {
            g.location_kinds
                .iter()
                .find(|k| k.on_map)
                .or(g.location_kinds.first())
        })
        .map_or_else(|| Id::from("space"), |k| k.id.clone());
    let q = snap(p, grid);
    let space = Space {
        id: fresh_space_id(map),
        x: q.x,
        y: q.y,
        kind,
        terrain: None,
        areas: ThinVec::new(),
        control: None,
        vp: 0,
        fort: None,
        port: false,
        capital_of: None,
        supply_source_for: ThinVec::new(),
        ..Default::default()
    };
    let index = map.spaces.len();
    ctx.apply(Edit::AddSpace { index, space });
    ctx.select_after(Selection::only_space(index));
}

/// Links two spaces with the game's first link kind, unless they are linked already, and
/// selects the link.
pub fn add_link(ctx: &mut Ctx<'_>, a: usize, b: usize) {
    let Some(map) = ctx.doc.map() else { return };
    let (Some(sa), Some(sb)) = (map.spaces.get(a), map.spaces.get(b)) else {
        return;
    };
    let exists = map
        .links
        .iter()
        .any(|l| (l.a == sa.id && l.b == sb.id) || (l.a == sb.id && l.b == sa.id));
    if exists {
        ctx.message(format!("{} and {} are already linked", sa.id, sb.id));
        return;
    }
    let kind = ctx
        .doc
        .game()
        .and_then(|g| g.link_kinds.first())
        .map_or_else(|| Id::from("normal"), |k| k.id.clone());
    let link = Link {
        a: sa.id.clone(),
        b: sb.id.clone(),
        kind,
        only_for: ThinVec::new(),
        ..Default::default()
    };
    let index = map.links.len();
    ctx.apply(Edit::AddLink { index, link });
    ctx.select_after(Selection::only_link(index));
}
