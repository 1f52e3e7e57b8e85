//! L004: a .ron file whose name is not a game file kind.

use crate::declare_rule;

declare_rule! {
    /// a .ron file whose name is not a game file kind
    ///
    /// A game folder holds game.ron, map.ron, units.ron, cards.ron, text.<lang>.ron and <id>.scenario.ron. Any other .ron file is ignored, which is usually a misnamed file.
    ///
    /// Bad: `scenarios/my-game/1914.ron`
    /// Good: `scenarios/my-game/1914.scenario.ron`
    pub static L004 = {
        name: "unknown-file-kind",
        severity: Warning,
        family: Loading,
        allow: No {
            why: "it is reported while the folders are searched, before any game.ron is read, so no game folder can allow it",
            instead: "rename the file to a game file kind (e.g. `1914.scenario.ron`) or move it out of the game folder, then remove this entry",
        },
        fires: &["invalid/L004_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
