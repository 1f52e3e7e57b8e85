//! Painting the map: backdrop, links, spaces, labels. Only what is in view is drawn, and
//! labels and dashes only when spaces are big enough on screen to read them.

use egui::{
    Align2, Color32, FontId, Mesh, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2,
};
use orbat_validator::model::MapFile;

use super::camera::Camera;
use super::index::SpaceIndex;
use super::labels::{self, Placed};
use super::style;
use crate::selection::Selection;

/// Everything one frame of drawing needs.
pub struct Scene<'a> {
    pub view: Rect,
    pub camera: Camera,
    pub map: &'a MapFile,
    pub index: &'a SpaceIndex,
    pub selection: &'a Selection,
    pub hover: Option<usize>,
    pub backdrop: Option<(egui::TextureId, Rect)>,
    pub show_labels: bool,
}

impl Scene<'_> {
    pub fn screen_radius(&self) -> f32 {
        (style::SPACE_RADIUS * self.camera.zoom)
            .clamp(style::MIN_SCREEN_RADIUS, style::MAX_SCREEN_RADIUS)
    }

    pub fn paint(&self, painter: &Painter) {
        let cam = self.camera;
        let view = self.view;
        painter.rect_filled(view, 0.0, style::NO_BACKDROP);
        if let Some((texture, map_rect)) = self.backdrop {
            let screen = Rect::from_min_max(
                cam.to_screen(view, map_rect.min),
                cam.to_screen(view, map_rect.max),
            );
            let uv = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
            painter.image(texture, screen, uv, Color32::WHITE);
        }
        let r = self.screen_radius();
        // a margin so shapes half out of view are still drawn
        let visible = cam.visible(view).expand(r / cam.zoom + 2.0);
        let detailed = r >= style::LABEL_MIN_RADIUS;
        let drawn = if detailed {
            self.paint_links(painter, visible, detailed);
            self.paint_spaces(painter, visible, r)
        } else {
            self.paint_overview(painter, visible, r)
        };
        if self.show_labels {
            // every name that finds room, the important ones (and the one under the pointer)
            // placed first; past a count, only the important ones are tried
            let everything = drawn.len() <= style::LABEL_MAX_COUNT;
            self.paint_labels(painter, &drawn, r, everything);
        }
    }

    fn paint_links(&self, painter: &Painter, visible: Rect, detailed: bool) {
        let (cam, view) = (self.camera, self.view);
        let width = if detailed { 2.5 } else { 1.5 };
        let mut shapes = Vec::new();
        let spaces = &self.map.spaces;
        for (i, look) in self.index.links.iter().enumerate() {
            let Some((a, b)) = look.ends else { continue };
            let (Some(a), Some(b)) = (spaces.get(a), spaces.get(b)) else {
                continue;
            };
            let (a, b) = (pos2(a.x, a.y), pos2(b.x, b.y));
            if !visible.intersects(Rect::from_two_pos(a, b)) {
                continue;
            }
            let color = look.color;
            let (sa, sb) = (cam.to_screen(view, a), cam.to_screen(view, b));
            if self.selection.links.contains(&i) {
                shapes.push(Shape::line_segment(
                    [sa, sb],
                    Stroke::new(width + 5.0, style::SELECTED),
                ));
            }
            let stroke = Stroke::new(width, color);
            if detailed && look.dashed {
                shapes.extend(Shape::dashed_line(&[sa, sb], stroke, 8.0, 5.0));
            } else {
                shapes.push(Shape::line_segment([sa, sb], stroke));
            }
            if self.map.links.get(i).is_some_and(|l| l.one_way) && sa != sb {
                shapes.extend(arrowhead(sa, sb, stroke));
            }
        }
        painter.extend(shapes);
    }

    /// The zoomed-out map: links as plain quads and spaces as squares in one mesh each, so
    /// thousands of them cost a few triangles apiece instead of anti-aliased circles.
    fn paint_overview(&self, painter: &Painter, visible: Rect, r: f32) -> Vec<(usize, Pos2)> {
        let (cam, view) = (self.camera, self.view);
        let spaces = &self.map.spaces;
        let mut links = Mesh::default();
        let mut marked = Vec::new();
        for (i, look) in self.index.links.iter().enumerate() {
            let Some((a, b)) = look.ends else { continue };
            let (Some(a), Some(b)) = (spaces.get(a), spaces.get(b)) else {
                continue;
            };
            let (a, b) = (pos2(a.x, a.y), pos2(b.x, b.y));
            if !visible.intersects(Rect::from_two_pos(a, b)) {
                continue;
            }
            let (sa, sb) = (cam.to_screen(view, a), cam.to_screen(view, b));
            if self.selection.links.contains(&i) {
                marked.push(Shape::line_segment(
                    [sa, sb],
                    Stroke::new(5.0, style::SELECTED),
                ));
            }
            quad_line(&mut links, sa, sb, 1.2, look.color);
        }
        let mut dots = Mesh::default();
        let mut drawn = Vec::new();
        for (i, s) in spaces.iter().enumerate() {
            let p = pos2(s.x, s.y);
            if !visible.contains(p) {
                continue;
            }
            let c = cam.to_screen(view, p);
            drawn.push((i, c));
            if self.selection.spaces.contains(&i) || self.hover == Some(i) {
                let color = if self.hover == Some(i) {
                    style::HOVER
                } else {
                    style::SELECTED
                };
                marked.push(Shape::circle_filled(c, r + 3.0, color));
            }
            let look = self.index.spaces.get(i);
            // control matters more than terrain at this size
            let color = look.map_or(style::UNCONTROLLED, |l| l.ring);
            dots.add_colored_rect(Rect::from_center_size(c, Vec2::splat(2.0 * r)), color);
        }
        painter.add(Shape::mesh(links));
        painter.extend(marked);
        painter.add(Shape::mesh(dots));
        drawn
    }

    /// Draws the spaces in view; returns their indices and screen positions.
    fn paint_spaces(&self, painter: &Painter, visible: Rect, r: f32) -> Vec<(usize, Pos2)> {
        let (cam, view) = (self.camera, self.view);
        let mut shapes = Vec::new();
        let mut drawn = Vec::new();
        let ring = (r * 0.22).clamp(1.0, 3.0);
        for (i, s) in self.map.spaces.iter().enumerate() {
            let p = pos2(s.x, s.y);
            if !visible.contains(p) {
                continue;
            }
            let c = cam.to_screen(view, p);
            drawn.push((i, c));
            let look = self.index.spaces.get(i).copied();
            let fill = look.map_or(Color32::WHITE, |l| l.fill);
            let ring_color = look.map_or(style::UNCONTROLLED, |l| l.ring);
            if self.selection.spaces.contains(&i) {
                shapes.push(Shape::circle_filled(c, r + ring + 3.0, style::SELECTED));
            } else if self.hover == Some(i) {
                shapes.push(Shape::circle_filled(c, r + ring + 2.0, style::HOVER));
            }
            if let Some(capital) = look.and_then(|l| l.capital) {
                shapes.push(Shape::circle_stroke(
                    c,
                    r + ring + 1.0,
                    Stroke::new(ring, capital),
                ));
            }
            if look.is_some_and(|l| l.boxy) {
                let rect = Rect::from_center_size(c, Vec2::splat(2.0 * r));
                shapes.push(Shape::rect_filled(rect, 2.0, fill));
                shapes.push(Shape::rect_stroke(
                    rect,
                    2.0,
                    Stroke::new(ring, ring_color),
                    StrokeKind::Inside,
                ));
            } else {
                shapes.push(Shape::circle_filled(c, r, fill));
                shapes.push(Shape::circle_stroke(
                    c,
                    r - ring * 0.5,
                    Stroke::new(ring, ring_color),
                ));
            }
            if r >= style::LABEL_MIN_RADIUS {
                badges(&mut shapes, s, c, r);
            }
        }
        painter.extend(shapes);
        drawn
    }

    fn paint_labels(&self, painter: &Painter, drawn: &[(usize, Pos2)], r: f32, everything: bool) {
        let font = FontId::proportional((r * 0.8).clamp(10.0, 13.0));
        let mut placed = Placed::default();
        let at: std::collections::HashMap<usize, Pos2> = drawn.iter().copied().collect();
        let indices: Vec<usize> = drawn.iter().map(|(i, _)| *i).collect();
        let order = labels::order(
            &self.map.spaces,
            &indices,
            self.selection,
            self.hover,
            everything,
        );
        for i in order {
            let c = at[&i];
            let Some(label) = self.index.labels.get(i) else {
                continue;
            };
            let s = &self.map.spaces[i];
            if s.vp > 0 && r >= 9.0 {
                painter.text(
                    c,
                    Align2::CENTER_CENTER,
                    s.vp.to_string(),
                    FontId::proportional(r * 0.9),
                    style::LABEL,
                );
            }
            let galley = painter.layout_no_wrap(label.clone(), font.clone(), style::LABEL);
            let at = c + vec2(-galley.size().x / 2.0, r + 3.0);
            let halo = Rect::from_min_size(at, galley.size()).expand(1.5);
            // a name drawn over another is unreadable: leave it out until zoomed in
            if !placed.insert(halo) {
                continue;
            }
            painter.rect_filled(halo, 3.0, style::LABEL_HALO);
            painter.galley(at, galley, style::LABEL);
        }
    }
}

/// Small marks for fort, port and supply source, around the space.
fn badges(shapes: &mut Vec<Shape>, s: &orbat_validator::model::Space, c: Pos2, r: f32) {
    let b = (r * 0.35).max(2.5);
    if s.fort.is_some() {
        let rect = Rect::from_center_size(c + vec2(-r, r) * 0.75, Vec2::splat(2.0 * b));
        shapes.push(Shape::rect_filled(rect, 0.0, Color32::from_gray(40)));
    }
    if s.port {
        shapes.push(Shape::circle_filled(
            c + vec2(r, r) * 0.75,
            b,
            Color32::from_rgb(30, 90, 200),
        ));
    }
    if !s.supply_source_for.is_empty() {
        let top = c + vec2(r * 0.75, -r * 0.75);
        let pts = vec![top + vec2(0.0, -b), top + vec2(b, b), top + vec2(-b, b)];
        shapes.push(Shape::convex_polygon(
            pts,
            Color32::from_rgb(230, 160, 0),
            Stroke::new(1.0, Color32::BLACK),
        ));
    }
}

/// A straight line as two triangles, with no anti-aliasing fringe.
fn quad_line(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, color: Color32) {
    let dir = b - a;
    if dir.length_sq() < 1e-6 {
        return;
    }
    let n = dir.normalized().rot90() * (width / 2.0);
    let base = mesh.vertices.len() as u32;
    for p in [a + n, a - n, b - n, b + n] {
        mesh.colored_vertex(p, color);
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// A chevron at the middle of a one-way link, pointing the way it is followed (`a` to `b`).
fn arrowhead(a: Pos2, b: Pos2, stroke: Stroke) -> [Shape; 2] {
    let dir = (b - a).normalized();
    let tip = a + (b - a) * 0.5 + dir * 5.0;
    let (back, side) = (tip - dir * 9.0, dir.rot90() * 5.0);
    [
        Shape::line_segment([back + side, tip], stroke),
        Shape::line_segment([back - side, tip], stroke),
    ]
}
