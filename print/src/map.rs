//! The map: the backdrop (when the game has one and it can be read) with every space and every
//! link drawn by kind, at any scale; `map_pages.rs` lays it on paper (tiles, fitted, poster).

use orbat_validator::model::{Game, MapFile, Space};

use crate::font::{Face, Fonts};
use crate::palette;
use crate::pdf::{Align, BLACK, Page};
use crate::text::Texts;

/// The map of a game, ready to be drawn at any scale.
pub struct MapView<'a> {
    pub game: &'a Game,
    pub map: &'a MapFile,
    pub texts: &'a Texts<'a>,
    /// The backdrop was read and is drawn.
    pub backdrop: bool,
    /// The map's top-left corner and size, in map units.
    pub ox: f32,
    pub oy: f32,
    pub mw: f32,
    pub mh: f32,
    /// The median distance from a space to its nearest neighbour, in map units.
    spacing: Option<f32>,
}

impl<'a> MapView<'a> {
    pub fn new(game: &'a Game, map: &'a MapFile, texts: &'a Texts<'a>, backdrop: bool) -> Self {
        // the map's extent in its own units
        let (mut minx, mut miny, mut maxx, mut maxy) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for s in &map.spaces {
            minx = minx.min(s.x);
            miny = miny.min(s.y);
            maxx = maxx.max(s.x);
            maxy = maxy.max(s.y);
        }
        let (ox, oy, mw, mh) = match &map.backdrop {
            Some(b) if b.width > 0 && b.height > 0 => (
                minx.min(0.0),
                miny.min(0.0),
                maxx.max(b.width as f32) - minx.min(0.0),
                maxy.max(b.height as f32) - miny.min(0.0),
            ),
            _ => {
                let pad = ((maxx - minx).max(maxy - miny) * 0.05).max(20.0);
                (
                    minx - pad,
                    miny - pad,
                    maxx - minx + 2.0 * pad,
                    maxy - miny + 2.0 * pad,
                )
            }
        };
        MapView {
            game,
            map,
            texts,
            backdrop,
            ox,
            oy,
            mw: mw.max(1.0),
            mh: mh.max(1.0),
            spacing: spacing(map),
        }
    }

    /// Where space `s` falls, mm from the map's top-left corner at `scale` mm per map unit.
    pub fn at(&self, s: &Space, scale: f32) -> (f32, f32) {
        ((s.x - self.ox) * scale, (s.y - self.oy) * scale)
    }

    /// The whole map at `scale`, its top-left corner at `dx`, `dy` on the page.
    pub fn draw(&self, p: &mut Page, fonts: &mut Fonts, scale: f32, dx: f32, dy: f32) {
        p.save();
        p.shift(dx, dy);
        self.backdrop(p, scale);
        let at = |s: &Space| self.at(s, scale);
        self.links(p, &at);
        // a space's box: 18 mm wide, less where spaces stand closer
        let bw = self
            .spacing
            .map_or(18.0, |d| (d * scale * 0.85).clamp(8.0, 18.0));
        for s in &self.map.spaces {
            crate::space::draw(p, fonts, self.texts, self.game, s, at(s), bw);
        }
        p.restore();
    }

    fn backdrop(&self, p: &mut Page, scale: f32) {
        if let (Some(b), true) = (&self.map.backdrop, self.backdrop) {
            let (bx, by) = (-self.ox * scale, -self.oy * scale);
            p.image(bx, by, b.width as f32 * scale, b.height as f32 * scale);
        }
    }

    /// The backdrop, the links and a dot for each space: the index page's small map.
    pub fn sketch(&self, p: &mut Page, scale: f32, dx: f32, dy: f32) {
        p.save();
        p.shift(dx, dy);
        self.backdrop(p, scale);
        let at = |s: &Space| self.at(s, scale);
        self.links(p, &at);
        p.fill(BLACK);
        for s in &self.map.spaces {
            let (x, y) = at(s);
            p.circle(x, y, 0.6, true, false);
        }
        p.restore();
    }

    fn links(&self, p: &mut Page, at: &dyn Fn(&Space) -> (f32, f32)) {
        let mut index = std::collections::HashMap::new();
        for (i, s) in self.map.spaces.iter().enumerate() {
            index.insert(s.id.as_str(), i);
        }
        for l in &self.map.links {
            let (Some(&a), Some(&b)) = (index.get(l.a.as_str()), index.get(l.b.as_str())) else {
                continue;
            };
            let kind = self
                .game
                .link_kinds
                .iter()
                .position(|k| k.id == l.kind)
                .unwrap_or(0);
            let (colour, width, dashed) = palette::link(kind);
            p.stroke(colour, width);
            p.dash(dashed);
            let (pa, pb) = (at(&self.map.spaces[a]), at(&self.map.spaces[b]));
            p.line(pa.0, pa.1, pb.0, pb.1);
            if l.one_way {
                // a chevron at the middle, pointing the way the link is followed
                p.dash(false);
                for (x0, y0, x1, y1) in chevron(pa, pb) {
                    p.line(x0, y0, x1, y1);
                }
            }
        }
        p.dash(false);
    }

    /// The key: what a space's marks mean, then each link kind's stroke, on the baseline
    /// `y` between `left` and `right` (the words wrapped onto two lines if need be).
    pub fn legend(&self, p: &mut Page, fonts: &mut Fonts, left: f32, right: f32, y: f32) {
        let texts = self.texts;
        let mut x = right;
        for (i, k) in self.game.link_kinds.iter().enumerate().rev() {
            let (colour, width, dashed) = palette::link(i);
            p.fill(BLACK);
            let name = texts.name("link_kind", &k.id);
            let w = fonts.regular.width(&name) * 7.0 / crate::pdf::PT;
            p.text(fonts, Face::Regular, 7.0, x, y, Align::Right, &name);
            x -= w + 1.5;
            p.stroke(colour, width);
            p.dash(dashed);
            p.line(x - 10.0, y - 1.0, x, y - 1.0);
            p.dash(false);
            x -= 14.0;
        }
        p.fill(BLACK);
        let key = texts.label("map-key");
        let room = (x - left).max(20.0);
        let f = crate::fit::fit(fonts, Face::Regular, &key, room, 5.5, 7.0, 4.0);
        let lead = f.size * 1.15 / crate::pdf::PT;
        let top = y - f.size / crate::pdf::PT - lead * (f.lines.len() as f32 - 1.0);
        p.lines(fonts, Face::Regular, &f, x, top, Align::Right);
    }
}

/// The median distance from a space to its nearest neighbour (of the first 2000).
fn spacing(map: &MapFile) -> Option<f32> {
    let mut d: Vec<f32> = Vec::new();
    let n = map.spaces.len().min(2000);
    for (i, a) in map.spaces.iter().take(n).enumerate() {
        let mut best = f32::MAX;
        for (j, b) in map.spaces.iter().take(n).enumerate() {
            if i != j {
                best = best.min(((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt());
            }
        }
        if best < f32::MAX {
            d.push(best);
        }
    }
    d.sort_by(|a, b| a.total_cmp(b));
    d.get(d.len() / 2).copied().filter(|m| m.is_finite())
}

/// The two strokes of a chevron at the middle of the line from `a` to `b`, pointing to `b`.
fn chevron(a: (f32, f32), b: (f32, f32)) -> Vec<(f32, f32, f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return Vec::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let tip = (a.0 + dx / 2.0 + ux * 2.0, a.1 + dy / 2.0 + uy * 2.0);
    let back = (tip.0 - ux * 4.0, tip.1 - uy * 4.0);
    let side = (-uy * 2.2, ux * 2.2);
    vec![
        (back.0 + side.0, back.1 + side.1, tip.0, tip.1),
        (back.0 - side.0, back.1 - side.1, tip.0, tip.1),
    ]
}

#[cfg(test)]
mod one_way_tests {
    #[test]
    fn the_chevron_points_from_a_to_b() {
        let strokes = super::chevron((0.0, 0.0), (100.0, 0.0));
        assert_eq!(strokes.len(), 2);
        for (x0, _, x1, y1) in strokes {
            assert!(x1 > x0, "the tip is nearer b");
            assert!((x1 - 52.0).abs() < 1e-3 && y1.abs() < 1e-3);
        }
        assert!(super::chevron((5.0, 5.0), (5.0, 5.0)).is_empty());
    }
}
