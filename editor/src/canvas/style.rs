//! Colours and sizes of map drawing. Games give kinds as ids without styles, so colours come
//! from a fixed palette by the kind's position in `game.ron`: stable from session to session.

use egui::Color32;

/// Radius of a space in map units (backdrop pixels), and its clamp on screen.
pub const SPACE_RADIUS: f32 = 14.0;
pub const MIN_SCREEN_RADIUS: f32 = 2.5;
pub const MAX_SCREEN_RADIUS: f32 = 18.0;
/// Labels are drawn only when spaces are at least this big on screen and few enough.
pub const LABEL_MIN_RADIUS: f32 = 6.0;
pub const LABEL_MAX_COUNT: usize = 1500;

pub const SELECTED: Color32 = Color32::from_rgb(255, 200, 0);
pub const HOVER: Color32 = Color32::WHITE;
pub const UNCONTROLLED: Color32 = Color32::from_gray(90);
pub const LABEL: Color32 = Color32::from_gray(20);
pub const LABEL_HALO: Color32 = Color32::from_rgba_premultiplied(255, 255, 255, 190);
pub const NO_BACKDROP: Color32 = Color32::from_rgb(222, 216, 196);

/// Faction colours (control rings, capitals).
const FACTIONS: [Color32; 8] = [
    Color32::from_rgb(200, 40, 40),
    Color32::from_rgb(40, 80, 200),
    Color32::from_rgb(30, 140, 60),
    Color32::from_rgb(120, 60, 170),
    Color32::from_rgb(210, 120, 20),
    Color32::from_rgb(20, 150, 160),
    Color32::from_rgb(150, 100, 60),
    Color32::from_rgb(200, 60, 140),
];

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

pub fn faction(index: Option<usize>) -> Color32 {
    index.map_or(UNCONTROLLED, |i| FACTIONS[i % FACTIONS.len()])
}

pub fn terrain(index: Option<usize>) -> Color32 {
    index.map_or(Color32::from_gray(250), |i| TERRAINS[i % TERRAINS.len()])
}

pub fn link(index: Option<usize>) -> Color32 {
    index.map_or(Color32::from_rgb(255, 0, 255), |i| LINKS[i % LINKS.len()])
}
