//! Events and turns: a step that cannot be carried out in the state it is applied to (E001),
//! choices past what is judged (E002), a condition that never holds (E003), events that play
//! each other in a cycle (E004). The states themselves are judged by every other rule
//! (engine/states.rs).

pub mod e001_step_cannot_apply;
pub mod e002_choices_past_bound;
pub mod e003_condition_never_holds;
pub mod e004_play_cycle;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &e001_step_cannot_apply::CHECK,
    &e002_choices_past_bound::CHECK,
    &e003_condition_never_holds::CHECK,
    &e004_play_cycle::CHECK,
];
