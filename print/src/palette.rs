//! Colours: one per faction (its `colour` in game.ron, or a readable default palette in the
//! order of the factions), per terrain and per link kind. The default faction colours are
//! light enough for black text; on a designer's dark colour, text is white. The faction palette
//! is the validator's (model/colour.rs), shared with the editor's map and counter mix.

use orbat_validator::model::Faction;
use orbat_validator::model::colour;

use crate::measure::Rgb;

pub use colour::ink;

/// The colour of the faction at `index` in game.ron: its own `colour`, or the palette's.
pub fn of_faction(factions: &[Faction], index: usize) -> Rgb {
    colour::of_faction(factions.get(index).and_then(|f| f.colour.as_ref()), index)
}

/// The default palette's colour for the faction at `index` in game.ron.
pub fn faction(index: usize) -> Rgb {
    colour::palette(index)
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
