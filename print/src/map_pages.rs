//! The map on paper, the map part's entry point: tiled over pages of the chosen paper (the default: an index page, then
//! every tile labelled "row r, column c" with overlap and alignment marks; a map that fits is
//! one page), scaled to fit one page, or one large poster page.

use orbat_validator::GameFolder;

use crate::fit::fit;
use crate::font::{Face, Fonts};
use crate::map::MapView;
use crate::options::{MapLayout, Options};
use crate::pdf::{Align, BLACK, GREY, Image, Page};
use crate::text::Texts;

/// The margin around the map on its page, mm.
const MARGIN: f32 = 10.0;
/// How much neighbouring tiles overlap, mm.
pub const OVERLAP: f32 = 15.0;
/// Room for the title and key above the map, on a page that has them, mm.
const HEAD: f32 = 14.0;

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
    let image = map
        .backdrop
        .as_ref()
        .and_then(|b| crate::backdrop::read(&folder.dir, b, texts));
    let view = MapView::new(game, map, texts, image.is_some());
    lay_out(&view, fonts, opts, pages);
    image
}

/// Adds the map's pages to `pages`, laid out as `opts.map` says.
pub fn lay_out(view: &MapView<'_>, fonts: &mut Fonts, opts: &Options, pages: &mut Vec<Page>) {
    let wide = opts.map_width / view.mw;
    match opts.map {
        MapLayout::Poster => {
            let (w, h) = (view.mw * wide, view.mh * wide);
            let mut p = Page::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN + HEAD);
            head(view, &mut p, fonts, "");
            view.draw(&mut p, fonts, wide, MARGIN, MARGIN + HEAD);
            pages.push(p);
        }
        MapLayout::Fit => pages.push(one_page(view, fonts, opts, None)),
        MapLayout::Tiles => tiles(view, fonts, opts, wide, pages),
    }
}

/// The paper both ways round: portrait, then landscape.
fn orientations(opts: &Options) -> [(f32, f32); 2] {
    let (w, h) = opts.paper.size();
    [(w, h), (h, w)]
}

/// The map on one page of the paper (the way round it fills best), at `scale` or scaled to
/// fill the page.
fn one_page(view: &MapView<'_>, fonts: &mut Fonts, opts: &Options, scale: Option<f32>) -> Page {
    let fill = |(w, h): (f32, f32)| {
        let (aw, ah) = (w - 2.0 * MARGIN, h - 2.0 * MARGIN - HEAD);
        (aw / view.mw).min(ah / view.mh)
    };
    let [portrait, landscape] = orientations(opts);
    let (pw, ph) = if fill(landscape) > fill(portrait) {
        landscape
    } else {
        portrait
    };
    let scale = scale.unwrap_or_else(|| fill((pw, ph)));
    let mut p = Page::new(pw, ph);
    head(view, &mut p, fonts, "");
    let (w, h) = (view.mw * scale, view.mh * scale);
    let (aw, ah) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN - HEAD);
    let (dx, dy) = (
        MARGIN + (aw - w).max(0.0) / 2.0,
        MARGIN + HEAD + (ah - h).max(0.0) / 2.0,
    );
    view.draw(&mut p, fonts, scale, dx, dy);
    p
}

/// The title (with `more` after it) and the key, above the map.
fn head(view: &MapView<'_>, p: &mut Page, fonts: &mut Fonts, more: &str) {
    let texts = view.texts;
    let title = format!("{}: {}{more}", texts.name("game", ""), texts.label("map"));
    p.fill(BLACK);
    let width = p.width;
    let t = fit(
        fonts,
        Face::Bold,
        &title,
        width - 2.0 * MARGIN,
        6.0,
        12.0,
        7.0,
    );
    p.lines(fonts, Face::Bold, &t, MARGIN, MARGIN - 1.0, Align::Left);
    view.legend(p, fonts, MARGIN, width - MARGIN, MARGIN + 8.0);
}

/// How many tiles of `tw` x `th` mm a map of `w` x `h` mm needs: (columns, rows).
pub fn grid(w: f32, h: f32, tw: f32, th: f32) -> (usize, usize) {
    let n = |len: f32, tile: f32| {
        let step = (tile - OVERLAP).max(1.0);
        (((len - OVERLAP) / step).ceil().max(1.0) as usize).min(400)
    };
    (n(w, tw), n(h, th))
}

fn tiles(view: &MapView<'_>, fonts: &mut Fonts, opts: &Options, scale: f32, pages: &mut Vec<Page>) {
    let (width, height) = (view.mw * scale, view.mh * scale);
    // the way round the paper that needs fewer pages
    let mut best: Option<((f32, f32), (usize, usize))> = None;
    for (pw, ph) in orientations(opts) {
        let (tw, th) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN);
        if width <= tw && height + HEAD <= th {
            // it fits on one page
            pages.push(one_page(view, fonts, opts, Some(scale)));
            return;
        }
        let g = grid(width, height, tw, th);
        if best.is_none_or(|(_, b)| g.0 * g.1 < b.0 * b.1) {
            best = Some(((pw, ph), g));
        }
    }
    let Some(((pw, ph), (cols, rows))) = best else {
        return;
    };
    let (tw, th) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN);
    pages.push(index(view, fonts, (pw, ph), scale, (cols, rows)));
    let name = view.texts.name("game", "");
    for r in 0..rows {
        for c in 0..cols {
            let (mx, my) = (c as f32 * (tw - OVERLAP), r as f32 * (th - OVERLAP));
            let mut p = Page::new(pw, ph);
            p.save();
            p.clip(MARGIN, MARGIN, tw, th);
            view.draw(&mut p, fonts, scale, MARGIN - mx, MARGIN - my);
            p.restore();
            alignment_marks(&mut p, tw, th, c > 0, r > 0, c + 1 < cols, r + 1 < rows);
            p.stroke(GREY, 0.1);
            p.rect(MARGIN, MARGIN, tw, th, false, true);
            p.fill(BLACK);
            let (row, column) = ((r + 1).to_string(), (c + 1).to_string());
            let (rows, columns) = (rows.to_string(), cols.to_string());
            let label = view.texts.label_with(
                "map-tile",
                &[
                    ("game", &name),
                    ("row", &row),
                    ("column", &column),
                    ("rows", &rows),
                    ("columns", &columns),
                    ("overlap", &OVERLAP.to_string()),
                ],
            );
            let t = fit(fonts, Face::Regular, &label, tw, 5.0, 7.0, 4.0);
            p.lines(fonts, Face::Regular, &t, MARGIN, MARGIN - 5.5, Align::Left);
            pages.push(p);
        }
    }
}

/// The index page: the whole map small, with the tiles drawn over it and named
/// "row r, column c", so the pages can be laid out in order.
fn index(
    view: &MapView<'_>,
    fonts: &mut Fonts,
    (pw, ph): (f32, f32),
    scale: f32,
    (cols, rows): (usize, usize),
) -> Page {
    let mut p = Page::new(pw, ph);
    let tiles = view.texts.label_with(
        "map-tiles",
        &[
            ("pages", &(rows * cols).to_string()),
            ("rows", &rows.to_string()),
            ("columns", &cols.to_string()),
            ("overlap", &OVERLAP.to_string()),
        ],
    );
    let more = format!(" · {tiles}");
    head(view, &mut p, fonts, &more);
    let (aw, ah) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN - HEAD);
    let small = (aw / view.mw).min(ah / view.mh);
    let (dx, dy) = (MARGIN, MARGIN + HEAD);
    view.sketch(&mut p, small, dx, dy);
    p.stroke(BLACK, 0.3);
    p.rect(dx, dy, view.mw * small, view.mh * small, false, true);
    let k = small / scale;
    let (tw, th) = ((pw - 2.0 * MARGIN) * k, (ph - 2.0 * MARGIN) * k);
    let (sx, sy) = (
        (pw - 2.0 * MARGIN - OVERLAP) * k,
        (ph - 2.0 * MARGIN - OVERLAP) * k,
    );
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (dx + c as f32 * sx, dy + r as f32 * sy);
            p.stroke((0.7, 0.1, 0.1), 0.3);
            p.rect(x, y, tw, th, false, true);
            p.fill((0.7, 0.1, 0.1));
            let (row, column) = ((r + 1).to_string(), (c + 1).to_string());
            let label = view
                .texts
                .label_with("map-tile-place", &[("row", &row), ("column", &column)]);
            let t = fit(fonts, Face::Bold, &label, sx - 2.0, sy / 2.0, 9.0, 3.0);
            p.lines(
                fonts,
                Face::Bold,
                &t,
                x + sx / 2.0,
                y + sy / 2.0 - 2.0,
                Align::Center,
            );
        }
    }
    p
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_82_by_56_cm_map_takes_a_few_a4_pages_not_one_poster() {
        // 820 x 560 mm over A4 landscape tiles (277 x 190 mm of map each, 15 mm overlap)
        assert_eq!(grid(800.0, 546.0, 277.0, 190.0), (3, 4));
        assert_eq!(grid(800.0, 546.0, 190.0, 277.0), (5, 3));
        assert_eq!(grid(100.0, 100.0, 190.0, 277.0), (1, 1));
        // nothing wild from a degenerate paper
        assert_eq!(grid(800.0, 546.0, 10.0, 10.0), (400, 400));
    }
}
