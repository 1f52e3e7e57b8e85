//! The order of battle at start: no unit placed more often than the counter mix holds
//! (O001), only fielded factions (O002), no forbidden terrain (O003), reduced only with a
//! reduced side (O004), no area closed to the unit's faction (O005), none in an enemy space
//! (O006), outside its flags' areas (O007) or where no link it may move along leads (O008).

pub mod o001_placed_too_often;
pub mod o002_faction_not_fielded;
pub mod o003_forbidden_terrain;
pub mod o004_reduced_one_step;
pub mod o005_closed_area;
pub mod o006_placed_in_enemy_space;
pub mod o007_outside_allowed_areas;
pub mod o008_unit_cannot_enter;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &o001_placed_too_often::CHECK,
    &o002_faction_not_fielded::CHECK,
    &o003_forbidden_terrain::CHECK,
    &o004_reduced_one_step::CHECK,
    &o005_closed_area::CHECK,
    &o006_placed_in_enemy_space::CHECK,
    &o007_outside_allowed_areas::CHECK,
    &o008_unit_cannot_enter::CHECK,
];
