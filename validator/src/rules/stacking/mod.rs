//! Stacking at start: no location over its limit (K001) or a unit kind's cap (K002), no
//! factions that may never stack together (K003), no enemies together (K004). The stacks are
//! worked out once per scenario (`stacks.rs`) and read by every rule here.

pub mod k001_over_stacked;
pub mod k002_kind_cap;
pub mod k003_never_together;
pub mod k004_enemies_together;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &k001_over_stacked::CHECK,
    &k002_kind_cap::CHECK,
    &k003_never_together::CHECK,
    &k004_enemies_together::CHECK,
];
