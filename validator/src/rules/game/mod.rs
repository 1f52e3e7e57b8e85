//! The checks a game declares itself (checks.ron): CEL expressions over a read-only view of
//! the game ([`data`], read by [`eval`] and [`functions`]), checked before they run ([`types`], [`compile`]) and
//! run over each entity of their scope ([`run`]); what is held back by broken data is settled
//! after every rule ran ([`held`]). Their findings carry the code
//! `game/<id>` ([`interned`]); problems with the checks themselves are G001 (an expression
//! that cannot run), G002 (a check that failed on one entity), G003 (its examples) and G004 (checks or
//! examples held back by broken data).

pub mod ask;
pub mod compile;
mod comprehension;
mod data;
mod entities;
mod eval;
mod example_with;
pub mod functions;
pub mod g001_bad_check_expression;
pub mod g002_check_failed_on_entity;
pub mod g003_check_examples;
pub mod g004_checks_held_back;
pub mod held;
pub mod interned;
mod judged;
mod lists;
mod message;
mod node;
mod numbers;
mod op;
mod paths;
mod reads;
pub mod replaces;
pub mod run;
mod scenario_view;
mod skipped;
mod start;
pub mod types;
mod value;
mod views;

use super::check::Check;
use crate::load::GameFolder;
use crate::model::CheckSeverity;
use crate::rule::Allowability;

/// G001, G002, G003 and the declared checks' own findings are all raised by one pass
/// ([`run::run`]), declared here so that the pass and the codes it raises import one way.
/// Early: the checks read the folder, its ids and map, and take the longest of all rules.
pub static RUN: Check = Check::early(&g001_bad_check_expression::G001, run::run);

pub const CHECKS: &[&Check] = &[
    &RUN,
    &g002_check_failed_on_entity::CHECK,
    &g003_check_examples::CHECK,
    &g004_checks_held_back::CHECK,
];

/// What game.ron's `allow` may do with `code` when it names one of the folder's declared
/// checks (`game/<id>`): None when it names none.
pub fn allowability(folder: &GameFolder, code: &str) -> Option<Allowability> {
    let id = code.strip_prefix(interned::PREFIX)?;
    let check = folder
        .checks
        .as_ref()?
        .value
        .checks
        .iter()
        .find(|c| c.id == id)?;
    Some(match check.severity {
        CheckSeverity::Warning => Allowability::Allowable(interned::rule(check).code),
        CheckSeverity::Error => Allowability::Error(interned::rule(check).code),
    })
}
