//! A counter's unit symbol, after NATO's (the one its unit kind prints:
//! `UnitKind::printed_symbol`), drawn in a framed box; `Blank` draws nothing.

use orbat_validator::model::game::UnitSymbol;

use crate::pdf::{BLACK, Page, WHITE};

/// Draws `symbol` in a `w` x `h` box centred on `cx`, `cy`.
pub fn draw(p: &mut Page, symbol: UnitSymbol, cx: f32, cy: f32, w: f32, h: f32) {
    if symbol == UnitSymbol::Blank {
        return;
    }
    let (l, t, r, b) = (cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0);
    p.fill(WHITE);
    p.stroke(BLACK, 0.25);
    p.rect(l, t, w, h, true, true);
    p.fill(BLACK);
    match symbol {
        UnitSymbol::Infantry => {
            p.line(l, t, r, b);
            p.line(l, b, r, t);
        }
        UnitSymbol::Cavalry => p.line(l, b, r, t),
        UnitSymbol::Armour => p.rounded_rect(
            l + w * 0.2,
            t + h * 0.25,
            w * 0.6,
            h * 0.5,
            h * 0.25,
            false,
            true,
        ),
        UnitSymbol::Artillery => p.circle(cx, cy, h * 0.16, true, false),
        UnitSymbol::Naval => {
            // an anchor: shank, stock and a curved crown
            p.line(cx, t + h * 0.15, cx, b - h * 0.15);
            p.line(cx - w * 0.1, t + h * 0.3, cx + w * 0.1, t + h * 0.3);
            p.wave(cx - w * 0.2, b - h * 0.3, w * 0.4, -h * 0.08, 1);
            p.stroke(BLACK, 0.25);
            p.line(cx - w * 0.2, b - h * 0.3, cx - w * 0.2, b - h * 0.42);
            p.line(cx + w * 0.2, b - h * 0.3, cx + w * 0.2, b - h * 0.42);
        }
        UnitSymbol::Air => {
            // two blades about a hub
            p.circle(cx - w * 0.12, cy, h * 0.14, false, true);
            p.circle(cx + w * 0.12, cy, h * 0.14, false, true);
        }
        UnitSymbol::Leader => {
            let star: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                    let rad = if i % 2 == 0 { h * 0.38 } else { h * 0.15 };
                    (cx + rad * a.cos(), cy + rad * a.sin())
                })
                .collect();
            p.polygon(&star, true, false);
        }
        UnitSymbol::Hq => {
            p.line(l + w * 0.15, t + h * 0.1, l + w * 0.15, b);
            p.rect(l + w * 0.15, t + h * 0.1, w * 0.35, h * 0.35, true, false);
        }
        UnitSymbol::Blank => {}
    }
}
