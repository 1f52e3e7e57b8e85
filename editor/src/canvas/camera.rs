//! The map camera: which map point is at the centre of the view, and how many screen points
//! one map unit (a backdrop pixel) takes.

use egui::{Pos2, Rect, Vec2};

pub const MIN_ZOOM: f32 = 0.01;
pub const MAX_ZOOM: f32 = 40.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub center: Pos2,
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            center: Pos2::ZERO,
            zoom: 1.0,
        }
    }
}

impl Camera {
    pub fn to_screen(&self, view: Rect, p: Pos2) -> Pos2 {
        view.center() + (p - self.center) * self.zoom
    }

    pub fn to_map(&self, view: Rect, p: Pos2) -> Pos2 {
        self.center + (p - view.center()) / self.zoom
    }

    /// The part of the map inside the view, in map units.
    pub fn visible(&self, view: Rect) -> Rect {
        Rect::from_min_max(self.to_map(view, view.min), self.to_map(view, view.max))
    }

    /// Shows all of `bounds` (map units) in the view, with a small margin.
    pub fn fit(&mut self, bounds: Rect, view: Rect) {
        if !bounds.is_finite() || view.width() <= 0.0 || view.height() <= 0.0 {
            return;
        }
        let size = bounds.size().max(Vec2::splat(1.0)) * 1.05;
        self.center = bounds.center();
        self.zoom = (view.width() / size.x)
            .min(view.height() / size.y)
            .clamp(MIN_ZOOM, MAX_ZOOM);
    }

    /// Zooms by `factor`, keeping the map point under `anchor` (screen) in place.
    pub fn zoom_at(&mut self, view: Rect, anchor: Pos2, factor: f32) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.to_map(view, anchor);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let after = self.to_map(view, anchor);
        self.center += before - after;
    }

    /// Moves the view by a screen-space delta (dragging the map along).
    pub fn pan(&mut self, screen_delta: Vec2) {
        self.center -= screen_delta / self.zoom;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn screen_and_map_are_inverse() {
        let view = Rect::from_min_size(pos2(10.0, 20.0), Vec2::new(800.0, 600.0));
        let cam = Camera {
            center: pos2(300.0, 200.0),
            zoom: 2.5,
        };
        let p = pos2(123.0, 456.0);
        let back = cam.to_map(view, cam.to_screen(view, p));
        assert!((back - p).length() < 1e-3);
    }

    #[test]
    fn zoom_keeps_anchor_in_place() {
        let view = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
        let mut cam = Camera::default();
        let anchor = pos2(100.0, 50.0);
        let before = cam.to_map(view, anchor);
        cam.zoom_at(view, anchor, 3.0);
        assert!((cam.to_map(view, anchor) - before).length() < 1e-3);
    }

    #[test]
    fn fit_shows_all_bounds() {
        let view = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
        let mut cam = Camera::default();
        let bounds = Rect::from_min_max(pos2(0.0, 0.0), pos2(4000.0, 1000.0));
        cam.fit(bounds, view);
        assert!(view.contains(cam.to_screen(view, bounds.min)));
        assert!(view.contains(cam.to_screen(view, bounds.max)));
    }
}
