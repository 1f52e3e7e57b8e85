//! Which space names to draw, most important first: the painter places them in this order
//! and leaves out any that would overlap one already placed, so a dense map shows its
//! capitals, victory spaces and supply sources first, and more names as it is zoomed in.

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
}
