//! Colours and sizes of map drawing. Games give kinds as ids without styles, so colours come
//! from a fixed palette by the kind's position in `game.ron`: stable from session to session;
//! a faction's is its own `colour` when game.ron gives one (the validator's palette otherwise).

use egui::Color32;
use orbat_validator::model::{Faction, colour};

/// Radius of a space in map units (backdrop pixels), and its clamp on screen.
pub const SPACE_RADIUS: f32 = 14.0;
pub const MIN_SCREEN_RADIUS: f32 = 2.5;
pub const MAX_SCREEN_RADIUS: f32 = 18.0;
/// Spaces at least this big on screen are drawn in detail (links, badges); every name is tried
/// while at most `LABEL_MAX_COUNT` spaces are drawn.
pub const LABEL_MIN_RADIUS: f32 = 6.0;
pub const LABEL_MAX_COUNT: usize = 1500;

pub const SELECTED: Color32 = Color32::from_rgb(255, 200, 0);
pub const HOVER: Color32 = Color32::WHITE;
pub const UNCONTROLLED: Color32 = Color32::from_gray(90);
pub const LABEL: Color32 = Color32::from_gray(20);
pub const LABEL_HALO: Color32 = Color32::from_rgba_premultiplied(255, 255, 255, 190);
pub const NO_BACKDROP: Color32 = Color32::from_rgb(222, 216, 196);

/// Terrain fills: light, so rings and labels stay readable.
const TERRAINS: [Color32; 8] = [
    Color32::from_rgb(245, 240, 220),
    Color32::from_rgb(190, 170, 140),
    Color32::from_rgb(170, 210, 150),
    Color32::from_rgb(200, 225, 245),
    Color32::from_rgb(230, 200, 160),
    Color32::from_rgb(215, 215, 215),
    Color32::from_rgb(235, 215, 235),
    Color32::from_rgb(200, 200, 150),
];

/// Link kinds: dark, distinct from the fills.
const LINKS: [Color32; 6] = [
    Color32::from_rgb(40, 40, 40),
    Color32::from_rgb(30, 90, 200),
    Color32::from_rgb(170, 30, 30),
    Color32::from_rgb(20, 130, 70),
    Color32::from_rgb(140, 60, 160),
    Color32::from_rgb(150, 110, 20),
];

/// The colour of the faction at `index` in game.ron (control rings, capitals, stacks, the
/// counter mix): its own `colour`, else the default palette's, as the printed prototype has it.
pub fn faction(factions: &[Faction], index: Option<usize>) -> Color32 {
    index.map_or(UNCONTROLLED, |i| {
        rgb(colour::of_faction(
            factions.get(i).and_then(|f| f.colour.as_ref()),
            i,
        ))
    })
}

/// The colour of the faction `id`, grey when it names none.
pub fn faction_by_id(factions: &[Faction], id: Option<&str>) -> Color32 {
    faction(
        factions,
        id.and_then(|id| factions.iter().position(|f| f.id == id)),
    )
}

/// A colour from red, green and blue from 0 to 1.
pub fn rgb((r, g, b): colour::Rgb) -> Color32 {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(byte(r), byte(g), byte(b))
}

pub fn terrain(index: Option<usize>) -> Color32 {
    index.map_or(Color32::from_gray(250), |i| TERRAINS[i % TERRAINS.len()])
}

pub fn link(index: Option<usize>) -> Color32 {
    index.map_or(Color32::from_rgb(255, 0, 255), |i| LINKS[i % LINKS.len()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use orbat_validator::model::Colour;

    #[test]
    fn a_faction_is_drawn_in_its_own_colour_else_in_the_printed_palettes() {
        let faction = |id: &str, colour: Option<&str>| Faction {
            id: id.into(),
            side: None,
            non_player: false,
            hostile_to_all: false,
            colour: colour.map(|c| Colour::try_from(c.to_owned()).unwrap()),
            attrs: Default::default(),
        };
        let all = [faction("a", Some("#1f3b73")), faction("b", None)];
        assert_eq!(
            faction_by_id(&all, Some("a")),
            Color32::from_rgb(31, 59, 115)
        );
        assert_eq!(faction_by_id(&all, Some("b")), rgb(colour::palette(1)));
        assert_eq!(faction_by_id(&all, Some("nobody")), UNCONTROLLED);
    }
}
