//! C005: a card appears twice in a scenario's decks, hands, in play or removed.

use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a card appears twice in a scenario's decks, hands, in play or removed
    ///
    /// At the start each card is in exactly one place.
    ///
    /// Bad: `bef` in the Allied hand and in the Allied deck.
    /// Good: in one of them.
    pub static C005 = {
        name: "card-twice-in-scenario",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C005_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::reading_scenarios(&C005, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if cx.folder.cards.is_none() {
        return;
    }
    for doc in cx.scenario_docs() {
        let s = &doc.value;
        // where each card sits, as a pointer built only for a finding
        let mut places: Vec<(Place, &str)> = Vec::new();
        for (i, d) in s.decks.iter().enumerate() {
            for (j, c) in d.cards.iter().enumerate() {
                places.push((Place::Pile(i, j), c));
            }
        }
        for (i, h) in s.hands.iter().enumerate() {
            for (j, c) in h.cards.iter().enumerate() {
                places.push((Place::Hand(i, j), c));
            }
        }
        for (j, c) in s.in_play.iter().enumerate() {
            places.push((Place::InPlay(j), c));
        }
        for (j, c) in s.removed.iter().enumerate() {
            places.push((Place::Removed(j), c));
        }
        let mut seen: HashMap<&str, Place> = HashMap::default();
        for (place, card) in places {
            if let Some(first) = seen.get(card) {
                out.push(
                    Diagnostic::new(&C005, format!("card `{card}` appears twice in the scenario"), doc.at(&place.pointer()))
                        .with_related(doc.at(&first.pointer()), "first here")
                        .with_help("a card can be in one place at the start: a deck, a hand, in play or removed"),
                );
            } else {
                seen.insert(card, place);
            }
        }
    }
}

/// Where a card sits in a scenario.
#[derive(Clone, Copy)]
enum Place {
    /// Deck pile `i`, position `j`.
    Pile(usize, usize),
    /// Hand `i`, position `j`.
    Hand(usize, usize),
    InPlay(usize),
    Removed(usize),
}

impl Place {
    fn pointer(self) -> String {
        match self {
            Place::Pile(i, j) => format!("/decks/{i}/cards/{j}"),
            Place::Hand(i, j) => format!("/hands/{i}/cards/{j}"),
            Place::InPlay(j) => format!("/in_play/{j}"),
            Place::Removed(j) => format!("/removed/{j}"),
        }
    }
}
