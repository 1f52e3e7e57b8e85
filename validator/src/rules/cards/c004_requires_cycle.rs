//! C004: cards require each other in a cycle.
use crate::analysis::cycles::cycles;
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::words::list_some;

declare_rule! {
    /// cards require each other in a cycle
    ///
    /// If A requires B and B requires A (directly or through others), none of them can ever be played. The message lists the whole cycle.
    ///
    /// Bad: `a` requires `b`, `b` requires `c`, `c` requires `a`.
    /// Good: remove one of the three `requires`.
    pub static C004 = {
        name: "requires-cycle",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C004_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&C004, check);

/// Strongly connected components of the `requires` graph; a card requiring itself is C003's.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    let list = &cards.value.cards;
    let edges = list.iter().enumerate().flat_map(|(i, c)| {
        (c.requires.iter())
            .filter_map(move |r| cx.ids.cards.index(r).filter(|&j| j != i).map(|j| (i, j)))
    });
    for members in cycles(list.len(), edges) {
        let names: Vec<&str> = members.iter().map(|&i| list[i].id.as_str()).collect();
        let first = members[0];
        out.push(
            Diagnostic::new(
                &C004,
                format!(
                    "cards require each other in a cycle: {}",
                    list_some(&names, 12)
                ),
                cards.at(&format!("/cards/{first}/requires")),
            )
            .with_label("no card of the cycle can ever be played")
            .with_help("remove one `requires` link from the cycle"),
        );
    }
}
