//! Every reference a game folder's files make, file by file: the one walk R002 judges them by
//! (and that anything else needing every reference, a rename, a "find uses", can reuse).
//! References into a file that is missing or failed to load are not walked (no cascades).

mod attrs;
mod cards;
pub mod checks;
mod conditions;
pub mod effects;
mod game;
mod map;
mod scenarios;
mod target;
mod tied;

pub use cards::text_key;
pub use map::Resolved;
pub use scenarios::schedule;
pub use target::{Target, Visit};

use crate::analysis::ids::Ids;
use crate::load::GameFolder;

/// Walks every reference of the folder, file kind by file kind.
pub fn walk(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    walk_all_but_text_keys(folder, ids, Resolved::default(), refs);
    cards::texts(folder, ids, refs);
}

/// Every reference but the keys of the text files, which a caller walks itself with
/// [`text_key`] (R002 judges a key once for all the languages that share it), and but the
/// references of map.ron known to resolve (`resolved`).
pub fn walk_all_but_text_keys(
    folder: &GameFolder,
    ids: &Ids<'_>,
    resolved: Resolved<'_>,
    refs: &mut impl Visit,
) {
    game::game(folder, ids, refs);
    map::map(folder, ids, resolved, refs);
    map::units(folder, ids, refs);
    cards::cards(folder, ids, refs);
    scenarios::scenarios(folder, ids, refs);
    attrs::attrs(folder, ids, refs);
    checks::checks(folder, ids, refs);
    tied::tied(folder, ids, refs);
}
