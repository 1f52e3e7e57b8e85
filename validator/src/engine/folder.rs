//! One loaded game folder checked: the loading codes that need the whole folder, every rule
//! (the game's own checks among them), then the game's `allow`.

use crate::diagnostic::Diagnostic;
use crate::load::{self, GameFolder};
use crate::report::Allowed;
use crate::rule::Rule;
use crate::{registry, rules};

/// Adds the folder's findings to `out`, moving the warnings its game allows into `allowed`;
/// returns the game's own checks as rules.
pub fn check(
    folder: &GameFolder,
    out: &mut Vec<Diagnostic>,
    allowed: &mut Vec<Allowed>,
) -> Vec<&'static Rule> {
    let start = out.len();
    load::codes::check_folder(folder, out);
    rules::check_folder(folder, registry::rules(), out);
    super::allow::apply(folder, start, out, allowed);
    let checks = folder.checks.iter().flat_map(|d| &d.value.checks);
    checks.map(rules::game::interned::rule).collect()
}
