//! What the canvas lends a layer each frame ([`MapCtx`]), and what a layer is: the part of a
//! view that turns the pointer on the map into commands and draws its own marks over it (the
//! map tools, the set-up view's stacks).

use egui::{Painter, Pos2, Response, Ui};

use super::backdrop::Backdrop;
use super::camera::Camera;
use super::index::SpaceIndex;
use super::state::CanvasState;
use super::style;
use crate::ctx::Ctx;

/// The narrow context of the map: the view's context, plus the camera and the canvas's own
/// state.
pub struct MapCtx<'a> {
    pub ctx: Ctx<'a>,
    pub camera: &'a mut Camera,
    pub state: &'a mut CanvasState,
    pub index: &'a mut SpaceIndex,
    pub backdrop: &'a mut Backdrop,
    /// Fit the map into the view at the next frame (the view's size is known only then).
    pub fit_pending: &'a mut bool,
    /// A map point to keep at the view's centre until the view settles, and the frames left.
    pub centre_pending: &'a mut Option<(Pos2, u8)>,
}

impl MapCtx<'_> {
    /// Hit radius in map units: the drawn radius plus a little slack.
    pub fn hit_radius(&self) -> f32 {
        let zoom = self.camera.zoom;
        let r =
            (style::SPACE_RADIUS * zoom).clamp(style::MIN_SCREEN_RADIUS, style::MAX_SCREEN_RADIUS);
        (r + 3.0) / zoom
    }
}

/// A view's part of the map.
pub trait Layer {
    /// Turns what the pointer did this frame into commands (through `m.ctx`) and selection
    /// changes. `radius` is the hit radius in map units.
    fn interact(&mut self, ui: &Ui, response: &Response, m: &mut MapCtx<'_>, radius: f32);

    /// Draws over the spaces and links, once this frame's commands are carried out.
    fn paint(&self, painter: &Painter, m: &MapCtx<'_>);
}
