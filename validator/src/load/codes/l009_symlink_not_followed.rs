//! L009: a symbolic link was skipped.

use crate::declare_rule;

declare_rule! {
    /// a symbolic link was skipped
    ///
    /// The validator never follows symbolic links, so it cannot be led out of the folders it was given (by a link to /etc, or a loop).
    ///
    /// Bad: `scenarios/game/map.ron -> ../../other/map.ron`
    /// Good: a real file in the game folder.
    pub static L009 = {
        name: "symlink-not-followed",
        severity: Warning,
        family: Loading,
        allow: No {
            why: "symbolic links are skipped while the folders are searched, before any game.ron is read, so no game folder can allow it",
            instead: "replace the link with the file it points to, or remove the link, then remove this entry",
        },
        fires: &["invalid/L009_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
