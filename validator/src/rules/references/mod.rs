//! References: ids are unique (R001) and every reference names something of the kind it
//! needs (R002); scenarios are in their game's folder (R003); allowances are sound (R004)
//! and used (R006); the backdrop is an image in the folder (R005).

pub mod r001_duplicate_id;
pub mod r002_unresolved_reference;
pub mod r003_wrong_game;
pub mod r004_bad_allowance;
pub mod r005_bad_backdrop;
pub mod r006_unused_allowance;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &r001_duplicate_id::CHECK,
    &r002_unresolved_reference::CHECK,
    &r003_wrong_game::CHECK,
    &r004_bad_allowance::CHECK,
    &r005_bad_backdrop::CHECK,
    &r006_unused_allowance::CHECK,
];
