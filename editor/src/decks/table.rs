//! The card table's rows: which cards it shows for a query (text, deck) and in what order,
//! with the sortable columns and a card's flags in words.

use std::cmp::Ordering;

use orbat_validator::model::{Card, CardsFile, Id};

/// A column of the card table, to sort by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Column {
    /// The deck, then the number: the order of the printed cards.
    #[default]
    Deck,
    Group,
    Number,
    Id,
    Title,
    Ops,
    Sr,
    Rp,
    Flags,
}

impl Column {
    pub const ALL: [Column; 9] = [
        Column::Deck,
        Column::Group,
        Column::Number,
        Column::Id,
        Column::Title,
        Column::Ops,
        Column::Sr,
        Column::Rp,
        Column::Flags,
    ];

    /// The header's text.
    pub fn label(self) -> &'static str {
        match self {
            Column::Deck => "Deck",
            Column::Group => "Group",
            Column::Number => "No.",
            Column::Id => "Id",
            Column::Title => "Title",
            Column::Ops => "Ops",
            Column::Sr => "SR",
            Column::Rp => "RP",
            Column::Flags => "Flags",
        }
    }

    /// What the header does, for screen readers and tests ("Sort by deck").
    pub fn sort_label(self) -> String {
        let name = match self {
            Column::Number => "number",
            Column::Sr => "SR",
            Column::Rp => "RP",
            other => return format!("Sort by {}", other.label().to_lowercase()),
        };
        format!("Sort by {name}")
    }
}

/// What the table shows: a text to find in ids and titles, a deck, a sort order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableQuery {
    pub text: String,
    pub deck: Option<Id>,
    pub sort: Column,
    pub descending: bool,
}

/// A card's flags as short words, for the table.
pub fn flags(card: &Card) -> String {
    let mut out = Vec::new();
    if card.combat {
        out.push("combat");
    }
    if card.removed_after_play {
        out.push("removed after play");
    }
    out.join(", ")
}

/// The indices of the cards the table shows, in order. `title` gives a card's title.
pub fn table_rows<'a>(
    cards: &'a CardsFile,
    title: impl Fn(&str) -> Option<&'a str>,
    q: &TableQuery,
) -> Vec<usize> {
    let needle = q.text.trim().to_lowercase();
    let mut rows: Vec<usize> = cards
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| q.deck.as_ref().is_none_or(|d| c.deck == d))
        .filter(|(_, c)| {
            needle.is_empty()
                || c.id.to_lowercase().contains(&needle)
                || title(&c.id).is_some_and(|t| t.to_lowercase().contains(&needle))
        })
        .map(|(i, _)| i)
        .collect();
    // a stable sort, with deck and number as tie-breakers: equal values keep a sensible order
    rows.sort_by(|&a, &b| {
        let (ca, cb) = (&cards.cards[a], &cards.cards[b]);
        let primary = compare(ca, cb, q.sort, &title);
        let primary = if q.descending {
            primary.reverse()
        } else {
            primary
        };
        primary
            .then_with(|| ca.deck.cmp(&cb.deck))
            .then_with(|| ca.number.cmp(&cb.number))
    });
    rows
}

fn compare<'a>(
    a: &Card,
    b: &Card,
    column: Column,
    title: &impl Fn(&str) -> Option<&'a str>,
) -> Ordering {
    match column {
        Column::Deck => a.deck.cmp(&b.deck).then(a.number.cmp(&b.number)),
        Column::Group => a.group.cmp(&b.group),
        Column::Number => a.number.cmp(&b.number),
        Column::Id => a.id.cmp(&b.id),
        Column::Title => {
            let t = |c: &Card| title(&c.id).unwrap_or_default().to_lowercase();
            t(a).cmp(&t(b))
        }
        Column::Ops => a.ops.cmp(&b.ops),
        Column::Sr => a.sr.cmp(&b.sr),
        Column::Rp => a.rp.cmp(&b.rp),
        Column::Flags => flags(a).cmp(&flags(b)),
    }
}
