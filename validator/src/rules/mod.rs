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

/// Runs every check on one folder. The rule families run in parallel (a large game spends
/// most of its time in the rules), and their diagnostics are joined in a fixed order.
pub fn check_folder(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let ids = ids::Ids::build(folder, out);
    let world = world::World::new(folder, &ids);
    let each = |f: &(dyn Fn(&mut Vec<Diagnostic>) + Sync)| {
        let mut v = Vec::new();
        f(&mut v);
        v
    };
    let ((refs, cards_text), (map_supply, stacking_oob)) = rayon::join(
        || {
            rayon::join(
                || each(&|o| references::check(folder, &ids, o)),
                || {
                    each(&|o| {
                        cards::check(folder, &ids, o);
                        text::check(folder, &ids, o);
                    })
                },
            )
        },
        || {
            rayon::join(
                || {
                    each(&|o| {
                        if let Some(w) = &world {
                            map::check(w, o);
                            supply::check(w, o);
                        }
                    })
                },
                || {
                    each(&|o| {
                        if let Some(w) = &world {
                            stacking::check(w, o);
                            order_of_battle::check(w, o);
                        }
                    })
                },
            )
        },
    );
    for part in [refs, cards_text, map_supply, stacking_oob] {
        out.extend(part);
    }
}
