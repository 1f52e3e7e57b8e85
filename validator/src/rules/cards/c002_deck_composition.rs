//! C002: a deck group holds a different number of cards than declared.

use rustc_hash::FxHashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a deck group holds a different number of cards than declared
    ///
    /// game.ron declares how many cards each deck group holds (e.g. 14 Mobilization cards); cards.ron must hold exactly that many. Optional cards (with `optional: Some(...)`, in the deck only under that option) are not counted. An excerpt of a card list may allow this warning.
    ///
    /// Bad: `(id: "mobilization", count: 14)` and 13 cards in that group.
    /// Good: the 14th card added.
    pub static C002 = {
        name: "deck-composition",
        severity: Warning,
        family: Cards,
        allow: Yes,
        fires: &["invalid/C002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&C002, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(cards), Some(game)) = (&cx.folder.cards, &cx.folder.game) else {
        return;
    };
    // the cards of each (deck, group), counted in one pass over the cards rather than one
    // pass per group
    let mut counts: FxHashMap<(&str, &str), u32> = FxHashMap::default();
    for card in cards.value.cards.iter().filter(|c| c.optional.is_none()) {
        *counts.entry((&card.deck, &card.group)).or_default() += 1;
    }
    for (i, deck) in game.value.decks.iter().enumerate() {
        for (j, group) in deck.groups.iter().enumerate() {
            let n = counts
                .get(&(deck.id.as_str(), group.id.as_str()))
                .copied()
                .unwrap_or(0);
            if n != group.count {
                out.push(
                    Diagnostic::new(
                        &C002,
                        format!(
                            "deck `{}` group `{}` has {n} cards, but game.ron declares {}",
                            deck.id, group.id, group.count
                        ),
                        game.at(&format!("/decks/{i}/groups/{j}/count")),
                    )
                    .with_label(format!(
                        "{} {}",
                        n.abs_diff(group.count),
                        if n < group.count { "missing" } else { "extra" }
                    ))
                    .with_help("add or remove cards, or correct the declared count"),
                );
            }
        }
    }
}
