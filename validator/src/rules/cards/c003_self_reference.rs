//! C003: a card requires, cancels or prevents itself.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a card requires, cancels or prevents itself
    ///
    /// A card that requires itself can never be played; one that cancels or prevents itself is a typo.
    ///
    /// Bad:
    /// ```ron
    /// (id: "race-to-the-sea", ..., requires: ["race-to-the-sea"])
    /// ```
    /// Good:
    /// ```ron
    /// (id: "race-to-the-sea", ..., requires: ["guns-of-august"])
    /// ```
    pub static C003 = {
        name: "self-reference",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&C003, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    for (i, c) in cards.value.cards.iter().enumerate() {
        for (field, verb, refs) in [
            ("requires", "requires", &c.requires),
            ("cancels", "cancels", &c.cancels),
            ("prevents", "prevents", &c.prevents),
        ] {
            if let Some(j) = refs.iter().position(|r| *r == c.id) {
                out.push(
                    Diagnostic::new(
                        &C003,
                        format!("card `{}` {verb} itself", c.id),
                        cards.at(&format!("/cards/{i}/{field}/{j}")),
                    )
                    .with_help("remove the reference to the card itself"),
                );
            }
        }
    }
}
