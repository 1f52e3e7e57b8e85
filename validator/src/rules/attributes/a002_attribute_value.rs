//! A002: an attribute value is not of its declared type, out of its range, or not one of
//! its named values.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

use super::judge::judge;
use crate::analysis::carriers::declared;

declare_rule! {
    /// an attribute value is not of its declared type or range
    ///
    /// Each attribute the game declares says what its values are (true or false, a whole number within a range, one of named values, the id of a thing...); the game's own checks rely on it.
    ///
    /// Bad: `attrs: {"command": 12}` with `(id: "command", on: [Unit], type: Int, min: 1, max: 6)`.
    /// Good: `attrs: {"command": 6}`.
    pub static A002 = {
        name: "attribute-value",
        severity: Error,
        family: Attributes,
        allow: Never,
        fires: &["invalid/A002_1"],
        silent: &["valid/attributes"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&A002, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(game) = &cx.folder.game else { return };
    let game = &game.value;
    for c in cx.carriers() {
        for (key, value) in c.attrs {
            let Some(decl) = declared(game, c.holder, key) else {
                continue;
            };
            // a range upside down is A003's: every value would be out of it
            if decl.min.zip(decl.max).is_some_and(|(a, b)| a > b) {
                continue;
            }
            if let Some(p) = judge(decl, value) {
                let at = c.src.at(&format!("{}{}", c.value_pointer(key), p.inner));
                out.push(
                    Diagnostic::new(&A002, p.message, at)
                        .with_label(format!("on {} `{}`", c.holder, c.id))
                        .with_help(p.help),
                );
            }
        }
    }
}
