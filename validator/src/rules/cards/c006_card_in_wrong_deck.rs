//! C006: a scenario's deck pile holds a card of another deck.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a scenario's deck pile holds a card of another deck
    ///
    /// A scenario's pile for a deck holds that deck's cards.
    ///
    /// Bad: `(deck: "ap-deck", cards: ["guns-of-august"])` where guns-of-august is a `cp-deck` card.
    /// Good: move it to the `cp-deck` pile.
    pub static C006 = {
        name: "card-in-wrong-deck",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C006_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::reading_scenarios(&C006, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    let list = &cards.value.cards;
    for doc in cx.scenario_docs() {
        for (i, d) in doc.value.decks.iter().enumerate() {
            for (j, c) in d.cards.iter().enumerate() {
                if let Some(card) = cx.ids.cards.index(c).map(|k| &list[k])
                    && card.deck != d.deck
                {
                    out.push(
                        Diagnostic::new(
                            &C006,
                            format!(
                                "card `{c}` belongs to deck `{}`, not `{}`",
                                card.deck, d.deck
                            ),
                            doc.at(&format!("/decks/{i}/cards/{j}")),
                        )
                        .with_help(format!("move it to the `{}` pile", card.deck)),
                    );
                }
            }
        }
    }
}
