//! Counter sheets: every unit as many times as its `count`, fronts on one page and backs (the
//! reduced side) on the next, mirrored left-right so each back lands behind its front when
//! the sheet is printed on both sides (flipped on the long edge). Counters touch: one cut
//! line between two.

use orbat_validator::GameFolder;
use orbat_validator::model::game::UnitSymbol;
use orbat_validator::model::{Game, Unit, UnitKind, UnitValues};

use crate::fit::fit;
use crate::font::{Face, Fonts};
use crate::options::Options;
use crate::palette;
use crate::pdf::{Align, BLACK, GREY, Page, WHITE};
use crate::text::Texts;

/// The page margin around a sheet's grid, mm.
const MARGIN: f32 = 10.0;

/// The values of one side in the game's order, as `4-3-3`.
pub fn values_line(game: &Game, values: &UnitValues) -> String {
    let mut out: Vec<String> = game
        .unit_values
        .iter()
        .filter_map(|n| values.get(n.as_str()).map(|v| v.to_string()))
        .collect();
    // values the game does not list, after, by name
    for (n, v) in values.iter() {
        if !game.unit_values.iter().any(|g| g == n.as_str()) {
            out.push(v.to_string());
        }
    }
    out.join("-")
}

/// Adds the counter sheets of every unit to `pages`.
pub fn draw(
    folder: &GameFolder,
    texts: &Texts<'_>,
    fonts: &mut Fonts,
    opts: &Options,
    pages: &mut Vec<Page>,
) {
    let (Some(game), Some(units)) = (&folder.game, &folder.units) else {
        return;
    };
    let game = &game.value;
    let mut copies: Vec<&Unit> = Vec::new();
    for u in &units.value.units {
        for _ in 0..u.count.max(1) {
            copies.push(u);
        }
    }
    if copies.is_empty() {
        return;
    }
    let (w, h) = opts.paper.size();
    let s = opts.counter;
    let Sheet {
        cols,
        rows,
        x0,
        y0,
        title,
    } = sheet(w, h, s);
    let per = cols * rows;
    let sheets = copies.len().div_ceil(per);
    let name = texts.name("game", "");
    for (sheet, chunk) in copies.chunks(per).enumerate() {
        for back in [false, true] {
            let mut p = Page::new(w, h);
            p.fill(BLACK);
            let (n, of) = ((sheet + 1).to_string(), sheets.to_string());
            let which = if back {
                "counters-backs"
            } else {
                "counters-fronts"
            };
            let head = texts.label_with(which, &[("game", &name), ("n", &n), ("sheets", &of)]);
            let f = fit(
                fonts,
                Face::Regular,
                &head,
                w - 2.0 * MARGIN,
                4.0,
                TITLE_PT,
                5.0,
            );
            p.lines(fonts, Face::Regular, &f, x0.min(MARGIN), title, Align::Left);
            for (i, unit) in chunk.iter().enumerate() {
                let (col, row) = (i % cols, i / cols);
                let front_x = x0 + col as f32 * s;
                let x = if back { w - front_x - s } else { front_x };
                let y = y0 + row as f32 * s;
                let serial = sheet * per + i + 1;
                face(&mut p, fonts, texts, game, unit, x, y, s, back, serial);
            }
            let used_rows = chunk.len().div_ceil(cols);
            cut_lines(&mut p, x0, y0, s, cols, used_rows);
            pages.push(p);
        }
    }
}

/// The title's size, points.
const TITLE_PT: f32 = 7.0;
/// How far the cut lines run on past the grid, as crop marks, mm.
const RUN_ON: f32 = 4.0;
/// The gap between the title's box and the crop marks, mm.
const CLEAR: f32 = 2.0;

/// Where a sheet's title and grid go on the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sheet {
    pub cols: usize,
    pub rows: usize,
    /// The grid's top-left corner, mm.
    pub x0: f32,
    pub y0: f32,
    /// The top of the title's line box, mm.
    pub title: f32,
}

/// The layout of counters of side `s` on a `w` x `h` page: the title in the top margin, and
/// the grid (with its crop marks) below it, clear of it.
pub fn sheet(w: f32, h: f32, s: f32) -> Sheet {
    let title = MARGIN - 3.0;
    let top = title + title_height() + CLEAR + RUN_ON;
    let cols = (((w - 2.0 * MARGIN) / s).floor() as usize).max(1);
    let rows = (((h - top - MARGIN) / s).floor() as usize).max(1);
    Sheet {
        cols,
        rows,
        x0: (w - cols as f32 * s) / 2.0,
        y0: top,
        title,
    }
}

/// The height of the title's line (ascent and descent), mm.
fn title_height() -> f32 {
    TITLE_PT * 1.2 / crate::pdf::PT
}

/// The cut lines of the grid, run on past its edges as crop marks.
fn cut_lines(p: &mut Page, x0: f32, y0: f32, s: f32, cols: usize, rows: usize) {
    p.stroke(GREY, 0.1);
    let (x1, y1) = (x0 + cols as f32 * s, y0 + rows as f32 * s);
    for c in 0..=cols {
        let x = x0 + c as f32 * s;
        p.line(x, y0 - RUN_ON, x, y1 + RUN_ON);
    }
    for r in 0..=rows {
        let y = y0 + r as f32 * s;
        p.line(x0 - RUN_ON, y, x1 + RUN_ON, y);
    }
}

/// One side of one counter in the square at `x`, `y`.
#[allow(clippy::too_many_arguments)]
fn face(
    p: &mut Page,
    fonts: &mut Fonts,
    texts: &Texts<'_>,
    game: &Game,
    unit: &Unit,
    x: f32,
    y: f32,
    s: f32,
    back: bool,
    serial: usize,
) {
    let faction = game
        .factions
        .iter()
        .position(|f| f.id == unit.faction)
        .unwrap_or(0);
    let colour = palette::of_faction(&game.factions, faction);
    p.fill(colour);
    p.rect(x, y, s, s, true, false);
    let reduced = if back { unit.reduced.as_ref() } else { None };
    if back && reduced.is_some() {
        // the reduced side: a white band across the top
        p.fill(WHITE);
        p.rect(x, y, s, s * 0.3, true, false);
    }
    let name = texts.name("unit", &unit.id);
    let fitted = fit(fonts, Face::Regular, &name, s - 1.2, s * 0.27, 6.0, 2.6);
    if fitted.cut {
        texts.warnings.warn(format!(
            "unit `{}`: its name is cut to fit a counter; shorten it or use a larger --counter-size",
            unit.id
        ));
    }
    // the name stands on the white band of a reduced side, else on the faction's colour
    p.fill(if back && reduced.is_some() {
        BLACK
    } else {
        palette::ink(colour)
    });
    p.lines(
        fonts,
        Face::Regular,
        &fitted,
        x + s / 2.0,
        y + 0.5,
        Align::Center,
    );
    let kind = game.unit_kinds.iter().find(|k| k.id == unit.kind);
    let symbol = kind.map_or(UnitSymbol::Infantry, UnitKind::printed_symbol);
    crate::symbols::draw(p, symbol, x + s / 2.0, y + s * 0.47, s * 0.44, s * 0.26);
    let values = match (back, reduced) {
        (false, _) => values_line(game, &unit.full),
        (true, Some(r)) => values_line(game, r),
        (true, None) => String::new(),
    };
    p.fill(palette::ink(colour));
    let size = (s * 0.2 * crate::pdf::PT).min(11.0);
    let vw = fonts.bold.width(&values) * size / crate::pdf::PT;
    let size = if vw > s - 1.0 {
        size * (s - 1.0) / vw
    } else {
        size
    };
    p.text(
        fonts,
        Face::Bold,
        size,
        x + s / 2.0,
        y + s * 0.83,
        Align::Center,
        &values,
    );
    p.fill(GREY);
    let tag = format!("#{serial}");
    p.text(
        fonts,
        Face::Regular,
        2.6,
        x + s / 2.0,
        y + s - 0.45,
        Align::Center,
        &tag,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_stays_clear_of_the_cut_lines() {
        for s in [12.7, 15.875, 19.05, 16.0, 8.0, 40.0] {
            for (w, h) in [(210.0, 297.0), (215.9, 279.4), (297.0, 420.0)] {
                let g = sheet(w, h, s);
                let bottom = g.title + title_height();
                assert!(
                    bottom + 1.0 <= g.y0 - RUN_ON,
                    "{s} mm on {w} x {h}: the title ends at {bottom} mm, the crop marks start at {} mm",
                    g.y0 - RUN_ON
                );
                assert!(g.title >= 5.0, "the title is on the page");
                // the grid and its marks stay on the page
                assert!(g.y0 + g.rows as f32 * s + RUN_ON <= h - 5.0);
                assert!(g.x0 - RUN_ON >= 0.0);
            }
        }
    }
}
