//! C001: two cards of one deck share a number.

use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// two cards of one deck share a number
    ///
    /// Card numbers identify cards at the table; within a deck each number is unique.
    ///
    /// Bad: `guns-of-august` and `race-to-the-sea` both number 1 in `cp-deck`.
    /// Good: numbers 1 and 2.
    pub static C001 = {
        name: "duplicate-card-number",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&C001, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    let list = &cards.value.cards;
    let mut numbers: HashMap<(&str, u32), usize> = HashMap::default();
    for (i, c) in list.iter().enumerate() {
        if let Some(&first) = numbers.get(&(c.deck.as_str(), c.number)) {
            out.push(
                Diagnostic::new(
                    &C001,
                    format!(
                        "card number {} is used twice in deck `{}`",
                        c.number, c.deck
                    ),
                    cards.at(&format!("/cards/{i}/number")),
                )
                .with_related(
                    cards.at(&format!("/cards/{first}/number")),
                    format!("`{}` has it", list[first].id),
                )
                .with_help("give each card of a deck its own number"),
            );
        } else {
            numbers.insert((c.deck.as_str(), c.number), i);
        }
    }
}
