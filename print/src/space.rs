//! One space on the map: a box filled by terrain (a blue, rounded, wavy box for a sea zone or
//! any other water location), its controller's band, its name and a line of tags (VP, fort,
//! port, capital, supply, terrain) wrapped between tags, never at a separator.

use orbat_validator::model::{Game, Space};

use crate::fit::{fit, fit_items};
use crate::font::{Face, Fonts};
use crate::palette;
use crate::pdf::{Align, BLACK, Page};
use crate::text::Texts;

/// Words of a location kind's or terrain's id that mean water, not land.
const WATER: &[&str] = &[
    "sea", "seas", "ocean", "lake", "water", "naval", "maritime", "gulf", "bay", "strait",
    "channel",
];

/// The separator of a space's tags.
pub const SEP: &str = " · ";

/// True when `id` (`sea-zone`, `open_ocean`) names water: one of its words is a water word.
pub fn watery(id: &str) -> bool {
    id.split(|c: char| !c.is_alphanumeric())
        .any(|w| WATER.contains(&w.to_ascii_lowercase().as_str()))
}

/// True when the space is water rather than land: its location kind or its terrain is named
/// so in game.ron (`sea-zone`, terrain `sea`).
pub fn is_water(s: &Space) -> bool {
    watery(&s.kind) || s.terrain.as_deref().is_some_and(watery)
}

/// The tags printed under a space's name.
pub fn tags(texts: &Texts<'_>, s: &Space) -> Vec<String> {
    let mut tags = Vec::new();
    if s.vp > 0 {
        tags.push(format!("{} {}", s.vp, texts.label("vp")));
    }
    if let Some(f) = s.fort {
        tags.push(format!("{} {f}", texts.label("fort")));
    }
    if s.port {
        tags.push(texts.label("port"));
    }
    if let Some(c) = &s.capital_of {
        tags.push(format!(
            "{} {}",
            texts.label("capital"),
            texts.name("faction", c)
        ));
    }
    if !s.supply_source_for.is_empty() {
        tags.push(texts.label("supply"));
    }
    if let Some(t) = &s.terrain {
        tags.push(texts.name("terrain", t));
    }
    tags
}

const SEA: (f32, f32, f32) = (0.80, 0.89, 0.98);
const SEA_INK: (f32, f32, f32) = (0.10, 0.30, 0.60);

/// Draws space `s` centred on `cx`, `cy`, its box `bw` mm wide.
pub fn draw(
    p: &mut Page,
    fonts: &mut Fonts,
    texts: &Texts<'_>,
    game: &Game,
    s: &Space,
    (cx, cy): (f32, f32),
    bw: f32,
) {
    let bh = bw * 0.55;
    let (x, y) = (cx - bw / 2.0, cy - bh / 2.0);
    let water = is_water(s);
    let on_map = game
        .location_kinds
        .iter()
        .find(|k| k.id == s.kind)
        .is_none_or(|k| k.on_map);
    p.stroke(BLACK, if s.capital_of.is_some() { 0.6 } else { 0.25 });
    p.dash(!on_map);
    if water {
        p.fill(SEA);
        p.stroke(SEA_INK, 0.35);
        p.rounded_rect(x, y, bw, bh, bh * 0.3, true, true);
        p.dash(false);
        p.stroke(SEA_INK, 0.15);
        p.wave(x + bw * 0.15, y + bh * 0.9, bw * 0.7, bh * 0.035, 4);
    } else {
        let terrain = s
            .terrain
            .as_ref()
            .and_then(|t| game.terrains.iter().position(|g| g.id == *t));
        p.fill(palette::terrain(terrain));
        p.rect(x, y, bw, bh, true, true);
    }
    p.dash(false);
    if let Some(owner) = &s.control {
        let f = game
            .factions
            .iter()
            .position(|f| f.id == *owner)
            .unwrap_or(0);
        p.fill(palette::of_faction(&game.factions, f));
        let inset = if water { bh * 0.3 } else { 0.0 };
        p.rect(x + inset, y, bw - 2.0 * inset, bh * 0.18, true, false);
    }
    p.fill(if water { SEA_INK } else { BLACK });
    let name = texts.name("space", &s.id);
    let supply = !s.supply_source_for.is_empty();
    let (name_x, room) = name_box(cx, bw, bh, supply);
    let f = fit(fonts, Face::Bold, &name, room, bh * 0.45, 7.0, 3.0);
    if f.cut {
        texts.warnings.warn(format!(
            "space `{}`: its name is cut to fit its box on the map; shorten it or give a larger --map-width",
            s.id
        ));
    }
    p.lines(fonts, Face::Bold, &f, name_x, y + bh * 0.2, Align::Center);
    let tags = tags(texts, s);
    let t = fit_items(
        fonts,
        Face::Regular,
        &tags,
        SEP,
        bw - 1.0,
        bh * 0.32,
        5.0,
        2.5,
    );
    p.lines(fonts, Face::Regular, &t, cx, y + bh * 0.66, Align::Center);
    if supply {
        p.fill((0.1, 0.4, 0.1));
        p.polygon(&supply_triangle(x, y, bw, bh), true, false);
    }
}

/// The supply source's triangle, pointing down, at the right of a box whose top-left corner
/// is `x`, `y`, beside the name.
pub fn supply_triangle(x: f32, y: f32, bw: f32, bh: f32) -> [(f32, f32); 3] {
    let r = bh * 0.16;
    [
        (x + bw - r * 2.2, y + bh * 0.28),
        (x + bw - 0.4, y + bh * 0.28),
        (x + bw - r * 1.3, y + bh * 0.28 + r * 1.7),
    ]
}

/// Where a space's name is centred and how wide it may be, in a box `bw` x `bh` centred on
/// `cx`: the box less a margin, and less the supply triangle's room at the right when the
/// space is a supply source (the name then centred in what is left, so that the triangle
/// never covers its last letters).
pub fn name_box(cx: f32, bw: f32, bh: f32, supply: bool) -> (f32, f32) {
    let (left, right) = (cx - bw / 2.0 + 0.5, cx + bw / 2.0 - 0.5);
    let right = if supply {
        supply_triangle(cx - bw / 2.0, 0.0, bw, bh)[0].0 - 0.3
    } else {
        right
    };
    ((left + right) / 2.0, right - left)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_supply_triangle_never_covers_the_name() {
        let mut fonts = Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core)");
        for bw in [8.0, 12.0, 16.0, 24.0, 40.0] {
            let bh = bw * 0.55;
            let (cx, x) = (100.0, 100.0 - bw / 2.0);
            let tri_left = supply_triangle(x, 0.0, bw, bh)[0].0;
            for name in ["St Petersburg", "Copenhagen", "Wismar", "Königsberg", "Abo"] {
                let (nx, room) = name_box(cx, bw, bh, true);
                let f = fit(&mut fonts, Face::Bold, name, room, bh * 0.45, 7.0, 3.0);
                let widest = f
                    .lines
                    .iter()
                    .map(|l| fonts.bold.width(l) * f.size / crate::pdf::PT)
                    .fold(0.0, f32::max);
                assert!(
                    nx + widest / 2.0 < tri_left,
                    "{name} in a {bw} mm box: the name ends at {}, the triangle starts at {tri_left}",
                    nx + widest / 2.0
                );
                assert!(
                    nx - widest / 2.0 >= x,
                    "{name} in a {bw} mm box: inside the box"
                );
            }
            // a space without a triangle keeps the whole width, centred
            assert_eq!(name_box(cx, bw, bh, false), (cx, bw - 1.0));
        }
    }

    #[test]
    fn water_is_read_from_the_kinds_and_terrains_ids() {
        for id in ["sea-zone", "sea", "Open_Ocean", "lake", "gulf-of-x"] {
            assert!(watery(id), "{id}");
        }
        for id in [
            "space",
            "seaside",
            "box",
            "city",
            "clear",
            "off-map-box",
            "mountain",
            "fleet_box",
        ] {
            assert!(!watery(id), "{id}");
        }
    }
}
