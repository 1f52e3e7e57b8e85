//! Supply: every faction has a source (P001), sources are on the map (P002) and not held by
//! the enemy (P003), and every unit traces supply at start (P004). The traces are worked out
//! once per scenario (`trace.rs`) and read by the rules here.

pub mod p001_no_supply_source;
pub mod p002_source_off_map;
pub mod p003_source_held_by_enemy;
pub mod p004_out_of_supply_at_start;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &p001_no_supply_source::CHECK,
    &p002_source_off_map::CHECK,
    &p003_source_held_by_enemy::CHECK,
    &p004_out_of_supply_at_start::CHECK,
];
