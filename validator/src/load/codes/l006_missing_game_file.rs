//! L006: a folder has game files but no game.ron.

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Location};
use crate::load::{FileKind, GameFolder};

declare_rule! {
    /// a folder has game files but no game.ron
    ///
    /// Every game folder needs a game.ron: the other files refer to the sides, factions and kinds it declares.
    ///
    /// Bad: a folder with map.ron and units.ron only.
    /// Good: the same folder with its game.ron.
    pub static L006 = {
        name: "missing-game-file",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L006_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

/// A folder with game files but no game.ron (one that failed to load is reported as such).
pub fn check(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    if folder.game.is_none() && !folder.has_failed(FileKind::Game) {
        out.push(
            Diagnostic::new(&L006, "this folder has game files but no game.ron", Location::file(folder.dir.join("game.ron")))
                .with_help("add a game.ron declaring the game's sides, factions and kinds, or move these files into their game's folder"),
        );
    }
}
