//! Cards: C001 numbers repeated in a deck, C002 deck composition, C003 self-references,
//! C004 prerequisite cycles, C005 a card twice in a scenario, C006 a card in another deck's pile.

use rustc_hash::FxHashMap as HashMap;

use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;

use super::ids::Ids;
use super::world::list_some;

pub fn check(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &folder.cards else { return };
    let list = &cards.value.cards;

    // C001: numbers unique per deck
    let mut numbers: HashMap<(&str, u32), usize> = HashMap::default();
    for (i, c) in list.iter().enumerate() {
        if let Some(&first) = numbers.get(&(c.deck.as_str(), c.number)) {
            out.push(
                Diagnostic::new(
                    "C001",
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

    // C002: each deck group holds the declared number of cards
    if let Some(game) = &folder.game {
        for (i, deck) in game.value.decks.iter().enumerate() {
            for (j, group) in deck.groups.iter().enumerate() {
                let n = list
                    .iter()
                    .filter(|c| c.deck == deck.id && c.group == group.id)
                    .count() as u32;
                if n != group.count {
                    out.push(
                        Diagnostic::new(
                            "C002",
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

    // C003: no card refers to itself
    for (i, c) in list.iter().enumerate() {
        for (field, refs) in [
            ("requires", &c.requires),
            ("cancels", &c.cancels),
            ("prevents", &c.prevents),
        ] {
            if let Some(j) = refs.iter().position(|r| r == &c.id) {
                out.push(
                    Diagnostic::new(
                        "C003",
                        format!("card `{}` {} itself", c.id, verb(field)),
                        cards.at(&format!("/cards/{i}/{field}/{j}")),
                    )
                    .with_help("remove the reference to the card itself"),
                );
            }
        }
    }

    // C004: cycles of prerequisites (a requires b requires ... requires a)
    let mut graph = DiGraph::<usize, ()>::with_capacity(list.len(), 0);
    for i in 0..list.len() {
        graph.add_node(i);
    }
    for (i, c) in list.iter().enumerate() {
        for r in &c.requires {
            if let Some(j) = ids.cards.index(r)
                && j != i
            {
                graph.add_edge(NodeIndex::new(i), NodeIndex::new(j), ());
            }
        }
    }
    for scc in tarjan_scc(&graph) {
        if scc.len() < 2 {
            continue;
        }
        let mut members: Vec<usize> = scc.iter().map(|n| n.index()).collect();
        members.sort_unstable();
        let names: Vec<&str> = members.iter().map(|&i| list[i].id.as_str()).collect();
        let first = members[0];
        out.push(
            Diagnostic::new(
                "C004",
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

    // C005 and C006: a scenario holds each card once, and deck piles hold their own deck's cards
    for doc in &folder.scenarios {
        let s = &doc.value;
        // where each card sits, as a pointer built only for a finding
        let mut seen: HashMap<&str, Place> = HashMap::default();
        let mut places: Vec<(Place, &str)> = Vec::new();
        for (i, d) in s.decks.iter().enumerate() {
            for (j, c) in d.cards.iter().enumerate() {
                places.push((Place::Pile(i, j), c));
                if let Some(card) = ids.cards.index(c).map(|k| &list[k])
                    && card.deck != d.deck
                {
                    out.push(
                        Diagnostic::new(
                            "C006",
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
        for (place, card) in places {
            if let Some(first) = seen.get(card) {
                out.push(
                    Diagnostic::new("C005", format!("card `{card}` appears twice in the scenario"), doc.at(&place.pointer()))
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

fn verb(field: &str) -> &'static str {
    match field {
        "requires" => "requires",
        "cancels" => "cancels",
        _ => "prevents",
    }
}
