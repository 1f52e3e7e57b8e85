//! Colours: one per faction (its `colour` in game.ron, or a readable default palette in the
//! order of the factions), per terrain and per link kind. The default faction colours are
//! light enough for black text; on a designer's dark colour, text is white.

use orbat_validator::model::Faction;

use crate::measure::Rgb;

const FACTIONS: &[Rgb] = &[
    (0.62, 0.76, 0.52), // green
    (0.60, 0.72, 0.90), // blue
    (0.93, 0.62, 0.52), // brick
    (0.93, 0.84, 0.50), // ochre
    (0.78, 0.68, 0.88), // lilac
    (0.60, 0.83, 0.82), // teal
    (0.85, 0.72, 0.60), // tan
    (0.80, 0.80, 0.80), // grey
    (0.95, 0.70, 0.82), // pink
    (0.75, 0.85, 0.45), // lime
    (0.70, 0.78, 0.95), // sky
    (0.95, 0.76, 0.45), // orange
];

/// The colour of the faction at `index` in game.ron: its own `colour`, or the palette's.
pub fn of_faction(factions: &[Faction], index: usize) -> Rgb {
    match factions.get(index).and_then(|f| f.colour.as_ref()) {
        Some(c) => c.rgb(),
        None => faction(index),
    }
}

/// Black or white, whichever reads better on `background` (by its relative luminance).
pub fn ink(background: Rgb) -> Rgb {
    let (r, g, b) = background;
    if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 {
        (1.0, 1.0, 1.0)
    } else {
        (0.0, 0.0, 0.0)
    }
}

/// The default palette's colour for the faction at `index` in game.ron.
pub fn faction(index: usize) -> Rgb {
    let base = FACTIONS[index % FACTIONS.len()];
    // after the first round, a little lighter, so repeats stay apart
    let round = (index / FACTIONS.len()) as f32;
    let lift = |c: f32| c + (1.0 - c) * (0.25 * round).min(0.6);
    (lift(base.0), lift(base.1), lift(base.2))
}

const TERRAINS: &[Rgb] = &[
    (0.97, 0.97, 0.92),
    (0.90, 0.84, 0.74),
    (0.86, 0.90, 0.97),
    (0.87, 0.87, 0.82),
    (0.82, 0.92, 0.84),
    (0.95, 0.90, 0.80),
    (0.90, 0.88, 0.95),
];

/// A space's fill from its terrain's place in game.ron.
pub fn terrain(index: Option<usize>) -> Rgb {
    match index {
        Some(i) => TERRAINS[i % TERRAINS.len()],
        None => (1.0, 1.0, 1.0),
    }
}

/// A link kind's stroke: colour, width (mm) and whether dashed.
pub fn link(index: usize) -> (Rgb, f32, bool) {
    const KINDS: &[(Rgb, f32, bool)] = &[
        ((0.25, 0.2, 0.15), 0.5, false),
        ((0.1, 0.1, 0.1), 0.8, true),
        ((0.15, 0.35, 0.75), 0.6, true),
        ((0.6, 0.2, 0.2), 0.4, true),
        ((0.45, 0.3, 0.1), 0.6, false),
        ((0.2, 0.55, 0.3), 0.6, false),
    ];
    KINDS[index % KINDS.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use orbat_validator::model::Colour;

    #[test]
    fn a_declared_colour_wins_over_the_palette_and_dark_ones_take_white_text() {
        let declared = |id: &str, colour: Option<&str>| Faction {
            id: id.into(),
            side: None,
            non_player: false,
            hostile_to_all: false,
            colour: colour.map(|c| Colour::try_from(c.to_owned()).unwrap()),
            attrs: Default::default(),
        };
        let factions = [declared("a", Some("#1f3b73")), declared("b", None)];
        let navy = of_faction(&factions, 0);
        assert_eq!(navy, (31.0 / 255.0, 59.0 / 255.0, 115.0 / 255.0));
        assert_eq!(of_faction(&factions, 1), faction(1));
        assert_eq!(ink(navy), (1.0, 1.0, 1.0));
        for i in 0..FACTIONS.len() {
            assert_eq!(ink(faction(i)), (0.0, 0.0, 0.0), "palette colour {i}");
        }
    }
}
