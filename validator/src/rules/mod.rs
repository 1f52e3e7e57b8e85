//! Checks over a loaded game folder: references first, then the game rules.

pub mod cards;
pub mod ids;
pub mod map;
pub mod order_of_battle;
pub mod references;
pub mod stacking;
pub mod supply;
pub mod text;
pub mod world;

use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;

/// Runs every check on one folder.
pub fn check_folder(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let ids = ids::Ids::build(folder, out);
    references::check(folder, &ids, out);
    cards::check(folder, &ids, out);
    text::check(folder, &ids, out);
    if let Some(world) = world::World::new(folder, &ids) {
        map::check(&world, out);
        supply::check(&world, out);
        stacking::check(&world, out);
        order_of_battle::check(&world, out);
    }
}
