//! One loaded game folder checked: the loading codes that need the whole folder, every rule
//! (the game's own checks among them), then the game's `allow`.

use crate::diagnostic::Diagnostic;
use crate::load::{self, GameFolder};
use crate::report::Allowed;
use crate::{registry, rules};

/// Adds the folder's findings to `out`, moving the warnings its game allows into `allowed`.
pub fn check(folder: &GameFolder, out: &mut Vec<Diagnostic>, allowed: &mut Vec<Allowed>) {
    let start = out.len();
    load::codes::check_folder(folder, out);
    rules::check_folder(folder, registry::rules(), out);
    super::allow::apply(folder, start, out, allowed);
}
