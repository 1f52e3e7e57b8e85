//! R003: a scenario names a game other than its folder's.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a scenario names a game other than its folder's
    ///
    /// A scenario lives in the folder of the game it is for, and says so in `game`.
    ///
    /// Bad: `game: "paths-of-glory"` in a scenario under `scenarios/fitna/`.
    /// Good: `game: "fitna"`.
    pub static R003 = {
        name: "wrong-game",
        severity: Error,
        family: References,
        allow: Never,
        fires: &["invalid/R003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R003, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(g) = &cx.folder.game else { return };
    for doc in &cx.folder.scenarios {
        let s = &doc.value;
        if s.game != g.value.id {
            out.push(
                Diagnostic::new(
                    &R003,
                    format!(
                        "the scenario is for game `{}`, but its folder holds game `{}`",
                        s.game, g.value.id
                    ),
                    doc.at("/game"),
                )
                .with_help(format!(
                    "write `game: \"{}\"`, or move the scenario to its game's folder",
                    g.value.id
                )),
            );
        }
    }
}
