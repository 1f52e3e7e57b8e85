//! Card pages: every card at its size (nine poker cards to an A4 or Letter page), with a
//! bleed of the deck's colour around the trim line and crop marks outside the block. The
//! number sits 3 mm from the card's left edge and the operations 3 mm from its right edge
//! (the tests measure a card's width between them).

use orbat_validator::GameFolder;
use orbat_validator::model::{Card, Game};

use crate::fit::fit;
use crate::font::{Face, Fonts};
use crate::options::Options;
use crate::palette;
use crate::pdf::{Align, BLACK, Page, WHITE};
use crate::text::Texts;

/// The smallest page margin around the block of cards, mm.
const MARGIN: f32 = 3.0;
/// The inset of the corner labels from the trim line, mm.
pub const INSET: f32 = 3.0;

/// The layout of cards on a page: columns, rows, bleed (mm) and the block's top-left corner.
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    pub bleed: f32,
    pub x0: f32,
    pub y0: f32,
}

/// How cards of `cw` x `ch` mm sit on a `w` x `h` page.
pub fn grid(w: f32, h: f32, cw: f32, ch: f32) -> Grid {
    let cols = (((w - 2.0 * MARGIN) / (cw + 1.0)).floor() as usize).max(1);
    let rows = (((h - 2.0 * MARGIN) / (ch + 1.0)).floor() as usize).max(1);
    let bx = (w - 2.0 * MARGIN - cols as f32 * cw) / (2.0 * cols as f32);
    let by = (h - 2.0 * MARGIN - rows as f32 * ch) / (2.0 * rows as f32);
    let bleed = bx.min(by).clamp(0.0, 2.0);
    let pitch_x = cw + 2.0 * bleed;
    let pitch_y = ch + 2.0 * bleed;
    Grid {
        cols,
        rows,
        bleed,
        x0: (w - cols as f32 * pitch_x) / 2.0 + bleed,
        y0: (h - rows as f32 * pitch_y) / 2.0 + bleed,
    }
}

/// Adds the card pages to `pages`.
pub fn draw(
    folder: &GameFolder,
    texts: &Texts<'_>,
    fonts: &mut Fonts,
    opts: &Options,
    pages: &mut Vec<Page>,
) {
    let (Some(game), Some(cards)) = (&folder.game, &folder.cards) else {
        return;
    };
    let game = &game.value;
    let mut list: Vec<&Card> = cards.value.cards.iter().collect();
    let deck_of = |c: &Card| {
        game.decks
            .iter()
            .position(|d| d.id == c.deck)
            .unwrap_or(usize::MAX)
    };
    list.sort_by(|a, b| deck_of(a).cmp(&deck_of(b)).then(a.number.cmp(&b.number)));
    let (w, h) = opts.paper.size();
    let (cw, ch) = opts.card.size();
    let g = grid(w, h, cw, ch);
    let per = g.cols * g.rows;
    let mut as_cel = Vec::new();
    for chunk in list.chunks(per) {
        let mut p = Page::new(w, h);
        for (i, card) in chunk.iter().enumerate() {
            let (col, row) = (i % g.cols, i / g.cols);
            let x = g.x0 + col as f32 * (cw + 2.0 * g.bleed);
            let y = g.y0 + row as f32 * (ch + 2.0 * g.bleed);
            let at = Slot {
                x,
                y,
                w: cw,
                h: ch,
                bleed: g.bleed,
            };
            if one(&mut p, fonts, texts, game, card, at) {
                as_cel.push(format!("`{}`", card.id));
            }
        }
        crop_marks(&mut p, &g, cw, ch, chunk.len());
        pages.push(p);
        if !opts.card_backs {
            continue;
        }
        // the backs, mirrored left-right so each lands behind its card when printed duplex
        // (flipped on the long edge); marks around whole rows, as mirroring fills them
        // from the right
        let mut p = Page::new(w, h);
        for (i, card) in chunk.iter().enumerate() {
            let (col, row) = (i % g.cols, i / g.cols);
            let x = g.x0 + col as f32 * (cw + 2.0 * g.bleed);
            let y = g.y0 + row as f32 * (ch + 2.0 * g.bleed);
            let at = Slot {
                x: w - x - cw,
                y,
                w: cw,
                h: ch,
                bleed: g.bleed,
            };
            back(&mut p, fonts, texts, game, card, at);
        }
        crop_marks(&mut p, &g, cw, ch, chunk.len().div_ceil(g.cols) * g.cols);
        pages.push(p);
    }
    if !as_cel.is_empty() {
        texts.warnings.warn(format!(
            "{} card(s) print an event condition as CEL, for want of words: {} (give the `If` a `says` text key, `says: Some(\"label:<id>\")` with its words in the text files, or write the card's text)",
            as_cel.len(),
            as_cel.join(", ")
        ));
    }
}

/// Where one card is printed: its trim's top-left corner, size and bleed, mm.
#[derive(Clone, Copy)]
struct Slot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    bleed: f32,
}

impl Slot {
    /// `colour` over the card and its bleed.
    fn paint_bleed(&self, p: &mut Page, colour: crate::measure::Rgb) {
        p.fill(colour);
        let b2 = 2.0 * self.bleed;
        p.rect(
            self.x - self.bleed,
            self.y - self.bleed,
            self.w + b2,
            self.h + b2,
            true,
            false,
        );
    }
}

/// A card's back: its deck's colour to the bleed, the deck's name across the middle and the
/// game's below it.
fn back(p: &mut Page, fonts: &mut Fonts, texts: &Texts<'_>, game: &Game, card: &Card, at: Slot) {
    let Slot {
        x, y, w: cw, h: ch, ..
    } = at;
    let colour = deck_colour(game, card);
    at.paint_bleed(p, colour);
    p.fill(WHITE);
    p.rect(
        x + INSET,
        y + ch * 0.4,
        cw - 2.0 * INSET,
        ch * 0.2,
        true,
        false,
    );
    let name = texts.name("deck", &card.deck);
    let fitted = fit(
        fonts,
        Face::Bold,
        &name,
        cw - 2.0 * INSET - 2.0,
        ch * 0.12,
        14.0,
        6.0,
    );
    p.fill(BLACK);
    p.lines(
        fonts,
        Face::Bold,
        &fitted,
        x + cw / 2.0,
        y + ch * 0.43,
        Align::Center,
    );
    p.fill(palette::ink(colour));
    let title = texts.name("game", "");
    let fitted = fit(
        fonts,
        Face::Regular,
        &title,
        cw - 2.0 * INSET,
        ch * 0.1,
        8.0,
        5.0,
    );
    p.lines(
        fonts,
        Face::Regular,
        &fitted,
        x + cw / 2.0,
        y + ch * 0.66,
        Align::Center,
    );
}

/// A card's colour: its deck's place in game.ron, from the palette.
fn deck_colour(game: &Game, card: &Card) -> crate::measure::Rgb {
    let deck = game
        .decks
        .iter()
        .position(|d| d.id == card.deck)
        .unwrap_or(0);
    palette::faction(deck * 2 + 1)
}

/// Short marks on the trim lines, outside the block of cards.
fn crop_marks(p: &mut Page, g: &Grid, cw: f32, ch: f32, n: usize) {
    let rows = n.div_ceil(g.cols);
    let cols = n.min(g.cols);
    let (px, py) = (cw + 2.0 * g.bleed, ch + 2.0 * g.bleed);
    let top = g.y0 - g.bleed;
    let bottom = g.y0 - g.bleed + rows as f32 * py;
    let left = g.x0 - g.bleed;
    let right = g.x0 - g.bleed + cols as f32 * px;
    let len = 2.5_f32;
    p.stroke(BLACK, 0.12);
    for c in 0..cols {
        for x in [g.x0 + c as f32 * px, g.x0 + c as f32 * px + cw] {
            p.line(x, (top - 0.5 - len).max(0.0), x, top - 0.5);
            p.line(x, bottom + 0.5, x, bottom + 0.5 + len);
        }
    }
    for r in 0..rows {
        for y in [g.y0 + r as f32 * py, g.y0 + r as f32 * py + ch] {
            p.line((left - 0.5 - len).max(0.0), y, left - 0.5, y);
            p.line(right + 0.5, y, right + 0.5 + len, y);
        }
    }
}

/// The values a card shows beside its operations: `SR 2 · RP 1 · RP Italy 1 · WS 1`.
fn values(card: &Card, texts: &Texts<'_>) -> String {
    let mut v = Vec::new();
    if let Some(sr) = card.sr {
        v.push(format!("{} {sr}", texts.label("sr")));
    }
    if let Some(rp) = card.rp {
        v.push(format!("{} {rp}", texts.label("rp")));
    }
    for f in &card.rp_by_faction {
        v.push(format!(
            "{} {} {}",
            texts.label("rp"),
            texts.name("faction", &f.faction),
            f.value
        ));
    }
    if let Some(ws) = card.war_status {
        v.push(format!("{} {ws}", texts.label("ws")));
    }
    v.join(" · ")
}

/// What a player must see at a glance: removed after play, combat, what it requires.
fn marks(card: &Card, texts: &Texts<'_>) -> Vec<String> {
    let mut m = Vec::new();
    if card.combat {
        m.push(format!("⚔ {}", texts.label("combat-card")));
    }
    if card.removed_after_play {
        m.push(format!("✖ {}", texts.label("remove-after-play")));
    }
    if !card.requires.is_empty() {
        let names: Vec<String> = card
            .requires
            .iter()
            .map(|r| texts.name("card", r))
            .collect();
        m.push(format!("{}: {}", texts.label("requires"), names.join(", ")));
    }
    if let Some(o) = &card.optional {
        let o = texts.name("ruleset", o);
        m.push(format!("{}: {o}", texts.label("optional")));
    }
    m
}

/// One card with its trim's top-left corner at `x`, `y`.
/// Draws one card's front; returns whether its event text shows a condition as CEL.
fn one(
    p: &mut Page,
    fonts: &mut Fonts,
    texts: &Texts<'_>,
    game: &Game,
    card: &Card,
    at: Slot,
) -> bool {
    let Slot {
        x, y, w: cw, h: ch, ..
    } = at;
    let colour = deck_colour(game, card);
    at.paint_bleed(p, colour);
    // the white panel
    let (pt, pb) = (y + 8.0, y + ch - 7.0);
    p.fill(WHITE);
    p.rect(x + INSET, pt, cw - 2.0 * INSET, pb - pt, true, false);
    p.fill(BLACK);
    p.text(
        fonts,
        Face::Bold,
        10.0,
        x + INSET,
        y + 6.0,
        Align::Left,
        &card.number.to_string(),
    );
    let ops = format!("{} {}", card.ops, texts.label("ops"));
    p.text(
        fonts,
        Face::Bold,
        10.0,
        x + cw - INSET,
        y + 6.0,
        Align::Right,
        &ops,
    );
    let inner = cw - 2.0 * INSET - 2.0;
    let title = texts.name("card", &card.id);
    let t = fit(fonts, Face::Bold, &title, inner, 9.0, 11.0, 6.0);
    if t.cut {
        texts.warnings.warn(format!(
            "card `{}`: its title is cut to fit the card; shorten it or use a larger --card-size",
            card.id
        ));
    }
    let cx = x + cw / 2.0;
    p.lines(fonts, Face::Bold, &t, cx, pt + 1.0, Align::Center);
    let mut top = pt + 11.0;
    let vals = values(card, texts);
    if !vals.is_empty() {
        let v = fit(fonts, Face::Regular, &vals, inner, 4.0, 7.0, 4.5);
        p.lines(fonts, Face::Regular, &v, cx, top, Align::Center);
        top += 4.5;
    }
    // the marks at the bottom of the panel
    let marks = marks(card, texts).join("\n");
    let mut bottom = pb - 1.0;
    if !marks.is_empty() {
        let m = fit(fonts, Face::Bold, &marks, inner, 12.0, 6.5, 4.0);
        let lead = m.size * 1.15 / crate::pdf::PT;
        let mh = lead * m.lines.len() as f32;
        bottom -= mh;
        p.fill((0.65, 0.1, 0.1));
        p.lines(fonts, Face::Bold, &m, cx, bottom, Align::Center);
        p.fill(BLACK);
        bottom -= 1.0;
    }
    let own = texts.long("card", &card.id);
    let made = || crate::events::describe(&card.effects, texts);
    let (text, as_cel) = match own {
        Some(text) => (Some(text), false),
        None => made().map_or((None, false), |e| (Some(e.text), !e.as_cel.is_empty())),
    };
    if let Some(text) = text {
        let e = fit(fonts, Face::Regular, &text, inner, bottom - top, 8.5, 4.5);
        if e.cut {
            texts.warnings.warn(format!(
                "card `{}`: its event text is cut to fit the card; shorten it in text.{}.ron or use a larger --card-size",
                card.id, texts.language
            ));
        }
        p.lines(fonts, Face::Regular, &e, x + INSET + 1.0, top, Align::Left);
    }
    let deck_name = texts.name("deck", &card.deck);
    let foot = format!("{deck_name} · {}", texts.name("group", &card.group));
    let f = fit(fonts, Face::Regular, &foot, cw - 2.0 * INSET, 4.0, 6.5, 4.0);
    p.lines(fonts, Face::Regular, &f, x + INSET, pb + 1.5, Align::Left);
    as_cel
}
