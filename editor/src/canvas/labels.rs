//! What is drawn beside spaces without overlapping: which space names, most important first
//! (the painter places them in this order and leaves out any that would overlap one already
//! placed, so a dense map shows its capitals, victory spaces and supply sources first, and
//! more names as it is zoomed in), and where each set-up stack goes.

use egui::Rect;
use orbat_validator::model::Space;

use crate::selection::Selection;

/// How much a space's name matters on an overview: capitals, then victory points (more
/// first), then supply sources; 0 for the rest.
pub fn importance(s: &Space) -> u32 {
    let capital = u32::from(s.capital_of.is_some()) * 1000;
    let source = u32::from(!s.supply_source_for.is_empty()) * 100;
    capital + s.vp.min(99) + source
}

/// The spaces among `drawn` whose names are candidates, in the order to place them: the
/// hovered and selected ones first (at any zoom), then by importance. With `everything`
/// false (an overview: spaces too small or too many to name all), only important ones.
pub fn order(
    spaces: &[Space],
    drawn: &[usize],
    selection: &Selection,
    hover: Option<usize>,
    everything: bool,
) -> Vec<usize> {
    let wanted = |i: usize| hover == Some(i) || selection.spaces.contains(&i);
    let mut out: Vec<(bool, u32, usize)> = drawn
        .iter()
        .filter_map(|&i| {
            let s = spaces.get(i)?;
            let score = importance(s);
            (everything || wanted(i) || score > 0).then_some((!wanted(i), score, i))
        })
        .collect();
    // wanted first, then the most important; a stable sort keeps the drawing order among equals
    out.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    out.into_iter().map(|(_, _, i)| i).collect()
}

/// Rectangles already drawn (names, stacks), bucketed by screen cell for quick overlap tests.
#[derive(Default)]
pub struct Placed {
    cells: std::collections::HashMap<(i32, i32), Vec<Rect>>,
}

impl Placed {
    const CELL: f32 = 64.0;

    /// Records `rect` unless it overlaps one already placed; returns whether it was placed.
    pub fn insert(&mut self, rect: Rect) -> bool {
        let cell = |v: f32| (v / Self::CELL).floor() as i32;
        let (x0, x1, y0, y1) = (
            cell(rect.min.x),
            cell(rect.max.x),
            cell(rect.min.y),
            cell(rect.max.y),
        );
        for x in x0..=x1 {
            for y in y0..=y1 {
                if self
                    .cells
                    .get(&(x, y))
                    .is_some_and(|v| v.iter().any(|o| o.intersects(rect)))
                {
                    return false;
                }
            }
        }
        for x in x0..=x1 {
            for y in y0..=y1 {
                self.cells.entry((x, y)).or_default().push(rect);
            }
        }
        true
    }
}

/// Where a space's stack marker goes: the first of the places around the space (above right,
/// above left, below right, below left, right, left) that overlaps nothing placed before, so
/// that the stacks of neighbouring spaces stay apart; above right when all are taken.
pub fn place_stack(placed: &mut Placed, centre: egui::Pos2, r: f32, size: egui::Vec2) -> Rect {
    use egui::vec2;
    let (w, h) = (size.x, size.y);
    let spots = [
        vec2(r * 0.6, -r - h * 0.6),
        vec2(-r * 0.6 - w, -r - h * 0.6),
        vec2(r * 0.6, r - h * 0.4),
        vec2(-r * 0.6 - w, r - h * 0.4),
        vec2(r + 2.0, -h / 2.0),
        vec2(-r - 2.0 - w, -h / 2.0),
    ];
    for spot in spots {
        let rect = Rect::from_min_size(centre + spot, size);
        if placed.insert(rect) {
            return rect;
        }
    }
    Rect::from_min_size(centre + spots[0], size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(id: &str, vp: u32, capital: bool, source: bool) -> Space {
        serde_json::from_value(serde_json::json!({
            "id": id, "x": 0.0, "y": 0.0, "kind": "space", "vp": vp,
            "capital_of": if capital { Some("a") } else { None },
            "supply_source_for": if source { vec!["a"] } else { vec![] },
        }))
        .unwrap()
    }

    #[test]
    fn an_overview_names_the_important_spaces_first_and_the_hovered_one_always() {
        let spaces = vec![
            space("plain", 0, false, false),
            space("vp1", 1, false, false),
            space("capital", 0, true, false),
            space("vp3", 3, false, false),
            space("source", 0, false, true),
            space("hovered", 0, false, false),
        ];
        let drawn: Vec<usize> = (0..spaces.len()).collect();
        let none = Selection::default();
        let ids = |order: Vec<usize>| -> Vec<&str> {
            order.into_iter().map(|i| spaces[i].id.as_str()).collect()
        };
        assert_eq!(
            ids(order(&spaces, &drawn, &none, Some(5), false)),
            ["hovered", "capital", "source", "vp3", "vp1"]
        );
        // zoomed in: every name, the important ones placed first
        assert_eq!(
            ids(order(&spaces, &drawn, &none, None, true)),
            ["capital", "source", "vp3", "vp1", "plain", "hovered"]
        );
    }

    #[test]
    fn stacks_of_neighbouring_spaces_do_not_overlap() {
        let mut placed = Placed::default();
        let size = egui::vec2(22.0, 18.0);
        let rects: Vec<Rect> = [
            (100.0, 100.0),
            (118.0, 100.0),
            (100.0, 118.0),
            (300.0, 300.0),
        ]
        .iter()
        .map(|&(x, y)| place_stack(&mut placed, egui::pos2(x, y), 8.0, size))
        .collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} and {b:?} overlap");
            }
        }
        // a lone space keeps the usual place, above right
        assert_eq!(rects[3].min, egui::pos2(300.0 + 4.8, 300.0 - 8.0 - 10.8));
    }
}
