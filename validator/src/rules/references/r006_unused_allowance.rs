//! R006: an `allow` entry allows a warning the game folder does not raise.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::Doc;
use crate::model::Game;
use crate::rules::check::Check;

declare_rule! {
    /// an `allow` entry allows a warning the game folder does not raise
    ///
    /// An allowance is a promise that a known warning is expected; once the data no longer raises it (the map was completed, the cards added), the entry only hides the next such warning, which may be a real mistake. It is reported only when every file of the folder loaded, since otherwise the checks that raise the warning may not have run. An entry repeating an earlier one's code is reported too.
    ///
    /// Bad: every space is linked, and game.ron still says
    /// ```ron
    /// allow: [(rule: "M004", reason: "the map is an excerpt")]
    /// ```
    /// Good: the entry removed
    /// ```ron
    /// allow: []
    /// ```
    pub static R006 = {
        name: "unused-allowance",
        severity: Warning,
        family: References,
        allow: No {
            why: "it reports an `allow` entry that allowed nothing, so allowing it would hide the entries it is about",
            instead: "remove the entries it reports, then remove this entry",
        },
        fires: &["invalid/R006_1", "invalid/R006_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

/// Raised by `check_loaded_keeping_allowed` (lib.rs) once every other rule has run and the
/// allowed warnings are known: see [`report`].
pub static CHECK: Check = Check::raised_elsewhere(&R006);

/// Reports each `allow` entry of `game` that allowed nothing: `allows[i]` is the code entry
/// `i` may allow (None for one R004 refuses), `used[i]` whether it allowed a warning.
pub fn report(
    game: &Doc<Game>,
    allows: &[Option<&'static str>],
    used: &[bool],
    out: &mut Vec<Diagnostic>,
) {
    for (i, code) in allows.iter().enumerate() {
        let Some(code) = *code else { continue };
        if used[i] {
            continue;
        }
        let first = allows[..i].iter().position(|c| *c == Some(code));
        let d = match first {
            Some(j) => Diagnostic::new(
                &R006,
                format!("`{code}` is allowed twice; entry {} already allows it", j + 1),
                game.at(&format!("/allow/{i}")),
            )
            .with_label("allows nothing")
            .with_related(game.at(&format!("/allow/{j}")), "first allowed here")
            .with_help("remove this entry, or merge its reason into the first one"),
            None => Diagnostic::new(
                &R006,
                format!("`{code}` is allowed but this game folder raises no {code} warning"),
                game.at(&format!("/allow/{i}")),
            )
            .with_label("allows nothing")
            .with_help(format!(
                "remove this entry: nothing here needs it, and it would hide the next {code}, which may be a real mistake"
            )),
        };
        out.push(d);
    }
}
