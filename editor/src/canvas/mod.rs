//! The map canvas: camera, drawing (culled), hit-testing, and a [`Layer`] that turns the
//! pointer into commands: the map tools ([`tools::MapTools`]) or the set-up view's stacks.
//! A frame is two calls: [`input`], then, once the session has carried out the commands,
//! [`paint`]. The canvas reads the document through its [`MapCtx`] and knows nothing of the
//! session or of the views.

pub mod backdrop;
pub mod camera;
pub mod draw;
pub mod hit;
pub mod index;
pub mod labels;
pub mod layer;
pub mod legend;
pub mod state;
pub mod style;
pub mod tools;

use egui::{PointerButton, Pos2, Rect, Response, Sense, Ui, pos2};
use orbat_validator::model::MapFile;

use crate::document::FileId;

pub use index::SpaceIndex;
pub use layer::{Layer, MapCtx};
pub use state::{CanvasState, Gesture, Tool};

/// The first half of a frame: takes all the space `ui` has left, keeps the map still when the
/// view changes size, fits or centres when asked, pans and zooms, and lets the layer turn
/// input into commands. None when there is no map to show (the reason is drawn instead).
pub fn input(ui: &mut Ui, m: &mut MapCtx<'_>, layer: &mut dyn Layer) -> Option<Response> {
    let (view, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map"));
    let old = m.state.view;
    if old.is_positive() && old != view {
        // a side panel changed size: keep the map under the view's top-left corner still,
        // rather than sliding everything under the pointer
        m.camera.center += ((old.min - old.center()) - (view.min - view.center())) / m.camera.zoom;
    }
    m.state.view = view;
    m.index.refresh(m.ctx.doc);
    if *m.fit_pending {
        if let Some(b) = m.ctx.doc.map().and_then(map_bounds) {
            m.camera.fit(b, view);
        }
        // side panels take their size over the first frames: fit again until the view settles
        *m.fit_pending = old != view;
    }
    if let Some((c, frames)) = *m.centre_pending {
        m.camera.center = c;
        *m.centre_pending = frames.checked_sub(1).map(|f| (c, f));
    }
    if m.ctx.doc.map().is_none() {
        let msg = if m.ctx.doc.file(&FileId::Map).is_some() {
            "map.ron did not load: fix the errors listed below in a text editor: the file is picked up once it loads"
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
        return None;
    }
    let panning = navigate(ui, &response, m);
    let radius = m.hit_radius();
    // while Space is held, a drag pans: the tools do not see it
    if !panning {
        layer.interact(ui, &response, m, radius);
    }
    Some(response)
}

/// The second half: the backdrop, links and spaces as the document now is, then the layer's
/// marks.
pub fn paint(ui: &mut Ui, m: &mut MapCtx<'_>, layer: &dyn Layer) {
    let view = m.state.view;
    // the commands of this frame may have moved, added or removed things
    m.index.refresh(m.ctx.doc);
    m.backdrop.follow(m.ctx.doc);
    let texture = if m.state.show_backdrop {
        let ctx = ui.ctx().clone();
        m.backdrop.texture(&ctx).map(|t| t.id())
    } else {
        None
    };
    let Some(map) = m.ctx.doc.map() else { return };
    let backdrop = texture.zip(map.backdrop.as_ref()).map(|(t, b)| {
        (
            t,
            Rect::from_min_max(Pos2::ZERO, pos2(b.width as f32, b.height as f32)),
        )
    });
    let scene = draw::Scene {
        view,
        camera: *m.camera,
        map,
        index: m.index,
        selection: m.ctx.selection,
        hover: m.state.hover,
        backdrop,
        show_labels: m.state.show_labels,
    };
    let painter = ui.painter_at(view);
    scene.paint(&painter);
    layer.paint(&painter, m);
    legend::show(ui, view, m.ctx.doc);
}

/// Pan with the middle button or Space+drag, zoom with the wheel or a pinch (the right
/// button opens the menu of what it is on). Returns whether Space is held for panning.
fn navigate(ui: &Ui, response: &Response, m: &mut MapCtx<'_>) -> bool {
    // Space pans only when no text field has the keyboard (there it types a space)
    let space_held = response.hovered()
        && !ui.ctx().egui_wants_keyboard_input()
        && ui.input(|i| i.key_down(egui::Key::Space));
    if response.dragged_by(PointerButton::Middle)
        || (space_held && response.dragged_by(PointerButton::Primary))
    {
        m.camera.pan(response.drag_delta());
    }
    if response.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = zoom * (scroll / 300.0).exp();
        if (factor - 1.0).abs() > 1e-4
            && let Some(p) = response.hover_pos()
        {
            m.camera.zoom_at(m.state.view, p, factor);
        }
    }
    space_held
}

/// The map's extent in map units: the backdrop, else the spaces' bounding box.
fn map_bounds(map: &MapFile) -> Option<Rect> {
    if let Some(b) = &map.backdrop {
        return Some(Rect::from_min_max(
            Pos2::ZERO,
            pos2(b.width as f32, b.height as f32),
        ));
    }
    let first = map.spaces.first()?;
    let start = Rect::from_min_max(pos2(first.x, first.y), pos2(first.x, first.y));
    Some(
        map.spaces
            .iter()
            .fold(start, |r, s| {
                r.union(Rect::from_min_max(pos2(s.x, s.y), pos2(s.x, s.y)))
            })
            .expand(40.0),
    )
}
