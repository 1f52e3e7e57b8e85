//! The map canvas: camera, drawing, hit-testing and the tools (select and move, add space,
//! add link). Input turns into [`Edit`]s applied through the session.

pub mod backdrop;
pub mod camera;
pub mod draw;
pub mod hit;
pub mod index;
pub mod style;

use egui::{PointerButton, Pos2, Rect, Sense, Ui, pos2};
use orbat_validator::model::{Link, Space};

pub use index::SpaceIndex;

use crate::edit::{Edit, fresh_space_id};
use crate::session::Session;
use crate::views::{self, View};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Click to select, shift-click to add, drag a space to move, drag on empty map for a band.
    #[default]
    Select,
    /// Click on empty map to add a space.
    AddSpace,
    /// Drag from a space to another (or click one, then the other) to link them.
    AddLink,
}

impl Tool {
    pub const ALL: [Tool; 3] = [Tool::Select, Tool::AddSpace, Tool::AddLink];

    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::AddSpace => "Add space",
            Tool::AddLink => "Add link",
        }
    }

    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "click to select, shift-click to add, drag to move, drag on empty map to select an area"
            }
            Tool::AddSpace => "click on the map to add a space",
            Tool::AddLink => {
                "drag from a space to another, or click one then the other, to link them"
            }
        }
    }
}

/// What the pointer is doing across frames.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Gesture {
    #[default]
    None,
    /// Moving spaces: their start positions, the grabbed space and the grab point.
    Move {
        key: u64,
        grabbed: usize,
        starts: Vec<(usize, Pos2)>,
        grab: Pos2,
        last: Option<Pos2>,
    },
    /// Selecting the spaces inside a rectangle (map units).
    Band { from: Pos2, to: Pos2, add: bool },
    /// Drawing a link from a space.
    Link { from: usize, to: Pos2 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct CanvasState {
    pub tool: Tool,
    /// Grid to snap positions to, in map units.
    pub snap: Option<f32>,
    pub show_labels: bool,
    pub show_backdrop: bool,
    pub gesture: Gesture,
    /// First space clicked with the link tool, waiting for the second.
    pub link_from: Option<usize>,
    pub hover: Option<usize>,
    /// The view's rectangle at the last frame (for keyboard zoom and tests).
    pub view: Rect,
}

impl Default for CanvasState {
    fn default() -> Self {
        CanvasState {
            tool: Tool::Select,
            snap: None,
            show_labels: true,
            show_backdrop: true,
            gesture: Gesture::None,
            link_from: None,
            hover: None,
            view: Rect::NOTHING,
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

/// Shows the canvas in all the space `ui` has left.
pub fn show(ui: &mut Ui, s: &mut Session) {
    let (view, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map"));
    let old = s.canvas.view;
    if old.is_positive() && old != view {
        // a side panel changed size: keep the map under the view's top-left corner still,
        // rather than sliding everything under the pointer
        s.camera.center += ((old.min - old.center()) - (view.min - view.center())) / s.camera.zoom;
    }
    s.canvas.view = view;
    s.index.refresh(&s.doc);
    if s.fit_pending {
        if let Some(b) = s.map_bounds() {
            s.camera.fit(b, view);
        }
        // side panels take their size over the first frames: fit again until the view settles
        s.fit_pending = old != view;
    }
    if let Some((c, frames)) = s.centre_pending {
        s.camera.center = c;
        s.centre_pending = frames.checked_sub(1).map(|f| (c, f));
    }
    if s.doc.map().is_none() {
        let msg = if s.doc.file(&crate::document::FileId::Map).is_some() {
            "map.ron did not load: fix the errors listed below, then open the folder again"
        } else {
            "this game has no map.ron"
        };
        ui.painter().text(
            view.center(),
            egui::Align2::CENTER_CENTER,
            msg,
            egui::FontId::proportional(16.0),
            ui.visuals().text_color(),
        );
        return;
    }
    navigate(ui, &response, s);
    if s.view == View::Setup {
        let radius = hit_radius(s);
        views::setup::interact(ui, &response, s, radius);
    } else {
        interact(ui, &response, s);
    }
    // the edits of this frame may have moved, added or removed things
    s.index.refresh(&s.doc);
    let texture = if s.canvas.show_backdrop {
        let ctx = ui.ctx().clone();
        s.backdrop.texture(&ctx).map(|t| t.id())
    } else {
        None
    };
    let Some(map) = s.doc.map() else { return };
    let backdrop = texture.zip(map.backdrop.as_ref()).map(|(t, b)| {
        (
            t,
            Rect::from_min_max(Pos2::ZERO, pos2(b.width as f32, b.height as f32)),
        )
    });
    let scene = draw::Scene {
        view,
        camera: s.camera,
        map,
        index: &s.index,
        selection: &s.selection,
        hover: s.canvas.hover,
        backdrop,
        show_labels: s.canvas.show_labels,
    };
    let painter = ui.painter_at(view);
    scene.paint(&painter);
    if s.view == View::Setup {
        views::setup::paint(&painter, s);
    } else {
        paint_gesture(&painter, s, view);
    }
}

/// Pan with the middle or right button, zoom with the wheel or a pinch.
fn navigate(ui: &Ui, response: &egui::Response, s: &mut Session) {
    if response.dragged_by(PointerButton::Middle) || response.dragged_by(PointerButton::Secondary) {
        s.camera.pan(response.drag_delta());
    }
    if response.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = zoom * (scroll / 300.0).exp();
        if (factor - 1.0).abs() > 1e-4
            && let Some(p) = response.hover_pos()
        {
            s.camera.zoom_at(s.canvas.view, p, factor);
        }
    }
}

/// Hit radius in map units: the drawn radius plus a little slack.
fn hit_radius(s: &Session) -> f32 {
    let r = (style::SPACE_RADIUS * s.camera.zoom)
        .clamp(style::MIN_SCREEN_RADIUS, style::MAX_SCREEN_RADIUS);
    (r + 3.0) / s.camera.zoom
}

fn interact(ui: &Ui, response: &egui::Response, s: &mut Session) {
    let view = s.canvas.view;
    let cam = s.camera;
    let to_map = |p: Pos2| cam.to_map(view, p);
    let radius = hit_radius(s);
    let shift = ui.input(|i| i.modifiers.shift);
    let Some(map) = s.doc.map() else { return };
    s.canvas.hover = response
        .hover_pos()
        .and_then(|p| hit::space_at(map, to_map(p), radius));

    if response.drag_started_by(PointerButton::Primary) {
        let origin = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos());
        if let Some(origin) = origin.map(to_map) {
            start_gesture(s, origin, radius, shift);
        }
    }
    if response.dragged_by(PointerButton::Primary)
        && let Some(p) = response.interact_pointer_pos().map(to_map)
    {
        continue_gesture(s, p, radius);
    }
    if response.drag_stopped() {
        finish_gesture(s, radius);
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos().map(to_map)
    {
        click(s, p, radius, shift);
    }
}

fn start_gesture(s: &mut Session, origin: Pos2, radius: f32, shift: bool) {
    let Some(map) = s.doc.map() else { return };
    let under = hit::space_at(map, origin, radius);
    s.canvas.gesture = match (s.canvas.tool, under) {
        (Tool::AddLink, Some(from)) => Gesture::Link { from, to: origin },
        (_, Some(grabbed)) => {
            if !s.selection.spaces.contains(&grabbed) {
                if !shift {
                    s.selection.clear();
                }
                s.selection.spaces.insert(grabbed);
            }
            let starts = s
                .selection
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
    let k = s.gesture_key();
    if let Gesture::Move { key, .. } = &mut s.canvas.gesture {
        *key = k;
    }
}

fn continue_gesture(s: &mut Session, p: Pos2, _radius: f32) {
    let snap_grid = s.canvas.snap;
    match &mut s.canvas.gesture {
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
            s.apply_merging(Edit::MoveSpaces { moves }, key);
        }
        Gesture::Band { to, .. } | Gesture::Link { to, .. } => *to = p,
        Gesture::None => {}
    }
}

fn finish_gesture(s: &mut Session, radius: f32) {
    match std::mem::take(&mut s.canvas.gesture) {
        Gesture::Move { .. } => s.history.seal(),
        Gesture::Band { from, to, add } => {
            let Some(map) = s.doc.map() else { return };
            let inside = hit::spaces_in(map, Rect::from_two_pos(from, to));
            if !add {
                s.selection.clear();
            }
            s.selection.spaces.extend(inside);
        }
        Gesture::Link { from, to } => {
            let Some(map) = s.doc.map() else { return };
            if let Some(target) = hit::space_at(map, to, radius).filter(|&t| t != from) {
                add_link(s, from, target);
            }
        }
        Gesture::None => {}
    }
}

fn click(s: &mut Session, p: Pos2, radius: f32, shift: bool) {
    let Some(map) = s.doc.map() else { return };
    let space = hit::space_at(map, p, radius);
    match (s.canvas.tool, space) {
        (Tool::AddSpace, None) => add_space(s, p),
        (Tool::AddLink, Some(i)) => match s.canvas.link_from.take() {
            Some(from) if from != i => add_link(s, from, i),
            _ => {
                s.canvas.link_from = Some(i);
                s.selection = crate::selection::Selection::only_space(i);
            }
        },
        (_, Some(i)) if shift => s.selection.toggle_space(i),
        (_, Some(i)) => s.selection = crate::selection::Selection::only_space(i),
        (_, None) => {
            s.canvas.link_from = None;
            let link = hit::link_at(map, &s.index, p, radius * 0.5);
            match (link, shift) {
                (Some(l), true) => s.selection.toggle_link(l),
                (Some(l), false) => s.selection = crate::selection::Selection::only_link(l),
                (None, true) => {}
                (None, false) => s.selection.clear(),
            }
        }
    }
}

/// Adds a space at a map position with a fresh id and the game's first location kind.
pub fn add_space(s: &mut Session, p: Pos2) {
    let Some(map) = s.doc.map() else { return };
    let kind = s
        .doc
        .game()
        .and_then(|g| {
            g.location_kinds
                .iter()
                .find(|k| k.on_map)
                .or(g.location_kinds.first())
        })
        .map_or_else(|| "space".to_owned(), |k| k.id.clone());
    let q = snap(p, s.canvas.snap);
    let space = Space {
        id: fresh_space_id(map),
        x: q.x,
        y: q.y,
        kind,
        terrain: None,
        areas: Vec::new(),
        control: None,
        vp: 0,
        fort: None,
        port: false,
        capital_of: None,
        supply_source_for: Vec::new(),
    };
    let index = map.spaces.len();
    if s.apply(Edit::AddSpace { index, space }) {
        s.selection = crate::selection::Selection::only_space(index);
    }
}

/// Links two spaces with the game's first link kind, unless they are linked already.
pub fn add_link(s: &mut Session, a: usize, b: usize) {
    let Some(map) = s.doc.map() else { return };
    let (Some(sa), Some(sb)) = (map.spaces.get(a), map.spaces.get(b)) else {
        return;
    };
    let exists = map
        .links
        .iter()
        .any(|l| (l.a == sa.id && l.b == sb.id) || (l.a == sb.id && l.b == sa.id));
    if exists {
        s.message = Some(format!("{} and {} are already linked", sa.id, sb.id));
        return;
    }
    let kind = s
        .doc
        .game()
        .and_then(|g| g.link_kinds.first())
        .map_or_else(|| "normal".to_owned(), |k| k.id.clone());
    let link = Link {
        a: sa.id.clone(),
        b: sb.id.clone(),
        kind,
        only_for: Vec::new(),
    };
    let index = map.links.len();
    if s.apply(Edit::AddLink { index, link }) {
        s.selection = crate::selection::Selection::only_link(index);
    }
}

fn paint_gesture(painter: &egui::Painter, s: &Session, view: Rect) {
    let cam = s.camera;
    let stroke = egui::Stroke::new(1.5, style::SELECTED);
    match &s.canvas.gesture {
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
            if let Some(sp) = s.doc.map().and_then(|m| m.spaces.get(*from)) {
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
