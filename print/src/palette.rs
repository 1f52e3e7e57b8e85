//! Colours: one per faction (game.ron declares none, so a readable default palette in the
//! order of the factions), per terrain and per link kind. Every faction colour is light
//! enough for black text.

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

/// The colour of the faction at `index` in game.ron.
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
