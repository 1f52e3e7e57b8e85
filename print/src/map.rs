//! The map: the backdrop (when the game has one and it can be read) with every space (name,
//! VP, fort, port, supply source, capital, terrain) and every link drawn by kind, on one
//! large page or tiled over pages of the chosen paper with overlap and alignment marks.

use std::io::BufReader;

use orbat_validator::GameFolder;
use orbat_validator::model::{Game, MapFile, Space};

use crate::fit::fit;
use crate::font::{Face, Fonts};
use crate::options::Options;
use crate::palette;
use crate::pdf::{Align, BLACK, Image, Page};
use crate::text::Texts;

/// The margin around the map on its page, mm.
const MARGIN: f32 = 10.0;
/// How much neighbouring tiles overlap, mm.
const OVERLAP: f32 = 15.0;

/// Adds the map page(s) to `pages`; returns the backdrop, when it was read.
pub fn draw(
    folder: &GameFolder,
    texts: &Texts<'_>,
    fonts: &mut Fonts,
    opts: &Options,
    pages: &mut Vec<Page>,
) -> Option<Image> {
    let (Some(game), Some(map)) = (&folder.game, &folder.map) else {
        return None;
    };
    let (game, map) = (&game.value, &map.value);
    if map.spaces.is_empty() {
        return None;
    }
    let image = map.backdrop.as_ref().and_then(|b| {
        let path = folder.dir.join(&b.image);
        let inside = std::path::Path::new(&b.image)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        let jpeg = [".jpg", ".jpeg"]
            .iter()
            .any(|e| b.image.to_ascii_lowercase().ends_with(e));
        let read = if inside && jpeg {
            read_jpeg(&path)
        } else if inside {
            read_png(&path)
        } else {
            Err("it is not inside the game folder".to_owned())
        };
        match read {
            Ok(img) => Some(img),
            Err(e) => {
                texts.warnings.warn(format!(
                    "the map's backdrop {} cannot be read ({e}): the map is printed without it",
                    path.display()
                ));
                None
            }
        }
    });
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
    let scale = opts.map_width / mw.max(1.0);
    let (width, height) = (mw * scale, mh * scale);
    let box_w = box_width(map, scale);
    let canvas = |p: &mut Page, fonts: &mut Fonts, dx: f32, dy: f32| {
        p.save();
        p.shift(dx, dy);
        if let (Some(b), Some(_)) = (&map.backdrop, &image) {
            let (bx, by) = ((0.0 - ox) * scale, (0.0 - oy) * scale);
            p.image(bx, by, b.width as f32 * scale, b.height as f32 * scale);
        }
        let at = |s: &Space| ((s.x - ox) * scale, (s.y - oy) * scale);
        links(p, game, map, &at);
        for s in &map.spaces {
            space(p, fonts, texts, game, s, at(s), box_w);
        }
        p.restore();
    };
    let name = texts.name("game", "");
    if !opts.map_tiles {
        let mut p = Page::new(width + 2.0 * MARGIN, height + 2.0 * MARGIN + 8.0);
        p.fill(BLACK);
        p.text(
            fonts,
            Face::Bold,
            12.0,
            MARGIN,
            MARGIN + 4.0,
            Align::Left,
            &format!("{name}: {}", texts.label("map")),
        );
        canvas(&mut p, fonts, MARGIN, MARGIN + 8.0);
        legend(&mut p, fonts, texts, game, MARGIN + width, MARGIN + 4.0);
        pages.push(p);
        return image;
    }
    let (pw, ph) = opts.paper.size();
    let (tw, th) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN);
    let cols = ((width - OVERLAP) / (tw - OVERLAP)).ceil().max(1.0) as usize;
    let rows = ((height - OVERLAP) / (th - OVERLAP)).ceil().max(1.0) as usize;
    for r in 0..rows {
        for c in 0..cols {
            let (mx, my) = (c as f32 * (tw - OVERLAP), r as f32 * (th - OVERLAP));
            let mut p = Page::new(pw, ph);
            p.save();
            p.clip(MARGIN, MARGIN, tw, th);
            canvas(&mut p, fonts, MARGIN - mx, MARGIN - my);
            p.restore();
            alignment_marks(&mut p, tw, th, c > 0, r > 0, c + 1 < cols, r + 1 < rows);
            p.fill(BLACK);
            let label = format!(
                "{name}: map, tile row {} column {} of {rows} x {cols}; overlap {OVERLAP} mm, match the + marks",
                r + 1,
                c + 1
            );
            p.text(
                fonts,
                Face::Regular,
                6.0,
                MARGIN,
                MARGIN - 2.0,
                Align::Left,
                &label,
            );
            pages.push(p);
        }
    }
    image
}

/// A space's box width: 18 mm, less where spaces stand closer.
fn box_width(map: &MapFile, scale: f32) -> f32 {
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
            d.push(best * scale);
        }
    }
    d.sort_by(|a, b| a.total_cmp(b));
    let median = d.get(d.len() / 2).copied().unwrap_or(18.0);
    (median * 0.85).clamp(8.0, 18.0)
}

/// `+` marks at the corners of the overlap, on the sides that have a neighbouring tile.
fn alignment_marks(
    p: &mut Page,
    tw: f32,
    th: f32,
    left: bool,
    top: bool,
    right: bool,
    bottom: bool,
) {
    p.stroke(BLACK, 0.2);
    let mut cross = |x: f32, y: f32| {
        p.line(x - 3.0, y, x + 3.0, y);
        p.line(x, y - 3.0, x, y + 3.0);
    };
    let (l, t) = (MARGIN, MARGIN);
    let (r, b) = (MARGIN + tw, MARGIN + th);
    if left || right || top || bottom {
        for (x, on) in [(l + OVERLAP / 2.0, left), (r - OVERLAP / 2.0, right)] {
            if on {
                cross(x, t + th / 2.0);
                cross(x, t + OVERLAP / 2.0);
                cross(x, b - OVERLAP / 2.0);
            }
        }
        for (y, on) in [(t + OVERLAP / 2.0, top), (b - OVERLAP / 2.0, bottom)] {
            if on {
                cross(l + tw / 2.0, y);
            }
        }
    }
}

fn links(p: &mut Page, game: &Game, map: &MapFile, at: &dyn Fn(&Space) -> (f32, f32)) {
    let mut index = std::collections::HashMap::new();
    for (i, s) in map.spaces.iter().enumerate() {
        index.insert(s.id.as_str(), i);
    }
    for l in &map.links {
        let (Some(&a), Some(&b)) = (index.get(l.a.as_str()), index.get(l.b.as_str())) else {
            continue;
        };
        let kind = game
            .link_kinds
            .iter()
            .position(|k| k.id == l.kind)
            .unwrap_or(0);
        let (colour, width, dashed) = palette::link(kind);
        p.stroke(colour, width);
        p.dash(dashed);
        let (pa, pb) = (at(&map.spaces[a]), at(&map.spaces[b]));
        p.line(pa.0, pa.1, pb.0, pb.1);
    }
    p.dash(false);
}

fn space(
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
    let terrain = s
        .terrain
        .as_ref()
        .and_then(|t| game.terrains.iter().position(|g| g.id == *t));
    let on_map = game
        .location_kinds
        .iter()
        .find(|k| k.id == s.kind)
        .is_none_or(|k| k.on_map);
    p.fill(palette::terrain(terrain));
    p.stroke(BLACK, if s.capital_of.is_some() { 0.6 } else { 0.25 });
    p.dash(!on_map);
    p.rect(x, y, bw, bh, true, true);
    p.dash(false);
    if let Some(owner) = &s.control {
        let f = game
            .factions
            .iter()
            .position(|f| f.id == *owner)
            .unwrap_or(0);
        p.fill(palette::of_faction(&game.factions, f));
        p.rect(x, y, bw, bh * 0.18, true, false);
    }
    p.fill(BLACK);
    let name = texts.name("space", &s.id);
    let f = fit(fonts, Face::Bold, &name, bw - 1.0, bh * 0.45, 7.0, 3.0);
    if f.cut {
        texts.warnings.warn(format!(
            "space `{}`: its name is cut to fit its box on the map; shorten it or give a larger --map-width",
            s.id
        ));
    }
    p.lines(fonts, Face::Bold, &f, cx, y + bh * 0.2, Align::Center);
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
    let line = tags.join(" · ");
    let t = fit(fonts, Face::Regular, &line, bw - 1.0, bh * 0.32, 5.0, 2.5);
    p.lines(fonts, Face::Regular, &t, cx, y + bh * 0.66, Align::Center);
    if !s.supply_source_for.is_empty() {
        p.fill((0.1, 0.4, 0.1));
        let r = bh * 0.16;
        p.polygon(
            &[
                (x + bw - r * 2.2, y + bh * 0.28),
                (x + bw - 0.4, y + bh * 0.28),
                (x + bw - r * 1.3, y + bh * 0.28 + r * 1.7),
            ],
            true,
            false,
        );
    }
}

/// The key to the link kinds, right of the title.
fn legend(p: &mut Page, fonts: &mut Fonts, texts: &Texts, game: &Game, right: f32, y: f32) {
    let mut x = right;
    for (i, k) in game.link_kinds.iter().enumerate().rev() {
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
    p.text(
        fonts,
        Face::Regular,
        7.0,
        x,
        y,
        Align::Right,
        &texts.label("map-key"),
    );
}

/// Reads a PNG as 8-bit RGB (and alpha).
fn read_png(path: &std::path::Path) -> Result<Image, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or("the image is too large")?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let buf = &buf[..info.buffer_size()];
    let (w, h) = (info.width, info.height);
    let n = (w * h) as usize;
    let mut rgb = Vec::with_capacity(n * 3);
    let mut alpha = Vec::new();
    match info.color_type {
        png::ColorType::Rgb => rgb.extend_from_slice(buf),
        png::ColorType::Rgba => {
            for px in buf.chunks_exact(4) {
                rgb.extend_from_slice(&px[..3]);
                alpha.push(px[3]);
            }
        }
        png::ColorType::Grayscale => {
            for &g in buf {
                rgb.extend_from_slice(&[g, g, g]);
            }
        }
        png::ColorType::GrayscaleAlpha => {
            for px in buf.chunks_exact(2) {
                rgb.extend_from_slice(&[px[0], px[0], px[0]]);
                alpha.push(px[1]);
            }
        }
        png::ColorType::Indexed => return Err("an indexed image the decoder did not expand".into()),
    }
    let alpha = (!alpha.is_empty() && alpha.iter().any(|&a| a != 255)).then_some(alpha);
    Ok(Image {
        width: w,
        height: h,
        rgb,
        alpha,
        jpeg: None,
    })
}

/// Reads a JPEG's size and colour components (from its frame header); the PDF embeds the
/// file as it is.
fn read_jpeg(path: &std::path::Path) -> Result<Image, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let frame = jpeg_frame(&bytes).ok_or("not a JPEG this program can embed")?;
    Ok(Image {
        width: frame.0,
        height: frame.1,
        rgb: Vec::new(),
        alpha: None,
        jpeg: Some((bytes, frame.2)),
    })
}

/// Width, height and components from a JPEG's first start-of-frame marker.
fn jpeg_frame(b: &[u8]) -> Option<(u32, u32, u8)> {
    if b.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut i = 2;
    while i + 4 <= b.len() {
        if b[i] != 0xFF {
            return None;
        }
        let marker = b[i + 1];
        if marker == 0xFF {
            i += 1;
            continue;
        }
        let len = u16::from_be_bytes([b[i + 2], b[i + 3]]) as usize;
        let sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if sof {
            let h = u16::from_be_bytes([*b.get(i + 5)?, *b.get(i + 6)?]) as u32;
            let w = u16::from_be_bytes([*b.get(i + 7)?, *b.get(i + 8)?]) as u32;
            let n = *b.get(i + 9)?;
            return (w > 0 && h > 0).then_some((w, h, n));
        }
        i += 2 + len;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jpeg_frame_header_gives_its_size() {
        let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0];
        b.extend([0xFF, 0xC0, 0x00, 0x11, 8, 0x01, 0x2C, 0x02, 0x58, 3]);
        assert_eq!(jpeg_frame(&b), Some((600, 300, 3)));
        assert_eq!(jpeg_frame(b"not a jpeg"), None);
        assert_eq!(jpeg_frame(&b[..12]), None);
    }
}
