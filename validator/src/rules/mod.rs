//! Checks over a loaded game folder: references first, then the game rules.

pub mod ids;
pub mod references;

use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;

/// Runs every check on one folder.
pub fn check_folder(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let ids = ids::Ids::build(folder, out);
    references::check(folder, &ids, out);
}
