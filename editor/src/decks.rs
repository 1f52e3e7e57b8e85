//! The pure logic behind the Cards view, with no egui: the card table's rows, where a card
//! lies in a scenario and moving it elsewhere, deck composition, who refers to a card, fresh
//! ids, and placeholder completion in event text. The views only draw what these compute.

use std::cmp::Ordering;

use orbat_validator::model::{Card, CardsFile, Game, Hand, Id, Scenario, ScenarioDeck, TextFile};

// ---------------------------------------------------------------------------------------------
// The card table

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
        .filter(|(_, c)| q.deck.as_ref().is_none_or(|d| &c.deck == d))
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

// ---------------------------------------------------------------------------------------------
// New cards

/// An id no card has: `base` itself if free, else `base-2`, `base-3`...
pub fn fresh_card_id(cards: &CardsFile, base: &str) -> Id {
    let taken = |id: &str| cards.cards.iter().any(|c| c.id == id);
    if !taken(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| format!("{base}-new"))
}

/// The next free number in a deck (one more than the highest).
pub fn next_number(cards: &CardsFile, deck: &str) -> u32 {
    cards
        .cards
        .iter()
        .filter(|c| c.deck == deck)
        .map(|c| c.number)
        .max()
        .map_or(1, |n| n.saturating_add(1))
}

/// A blank card in the given deck and group, with a fresh id and the next number.
pub fn new_card(cards: &CardsFile, deck: &str, group: &str) -> Card {
    Card {
        id: fresh_card_id(cards, "card-1"),
        deck: deck.to_owned(),
        group: group.to_owned(),
        number: next_number(cards, deck),
        ops: 1,
        sr: None,
        rp: None,
        combat: false,
        removed_after_play: false,
        requires: vec![],
        cancels: vec![],
        prevents: vec![],
        reinforcements: vec![],
        spaces: vec![],
    }
}

/// A copy of a card under a fresh id, numbered after the last card of its deck.
pub fn duplicate(cards: &CardsFile, card: &Card) -> Card {
    let mut copy = card.clone();
    copy.id = fresh_card_id(cards, &format!("{}-copy", card.id));
    copy.number = next_number(cards, &card.deck);
    copy
}

// ---------------------------------------------------------------------------------------------
// Who refers to a card

/// Every place that names a card, in words, so the user can decide before deleting it.
/// `scenarios` are (file name, scenario); `texts` are (language, text file).
pub fn usages(
    card: &str,
    cards: &CardsFile,
    scenarios: &[(String, &Scenario)],
    texts: &[(String, &TextFile)],
) -> Vec<String> {
    let mut out = Vec::new();
    for c in cards.cards.iter().filter(|c| c.id != card) {
        for (field, list) in [
            ("requires", &c.requires),
            ("cancels", &c.cancels),
            ("prevents", &c.prevents),
        ] {
            if list.iter().any(|r| r == card) {
                out.push(format!("card {} {field} it", c.id));
            }
        }
    }
    for (name, sc) in scenarios {
        if let Some(place) = place_of(sc, card) {
            out.push(format!("{name}: {}", place.label()));
        }
    }
    let placeholder = format!("{{card:{card}}}");
    for (lang, t) in texts {
        for (key, entry) in &t.entries {
            if key != &format!("card:{card}")
                && entry
                    .text
                    .as_deref()
                    .is_some_and(|x| x.contains(&placeholder))
            {
                out.push(format!("the {lang} text of {key} names it"));
            }
        }
    }
    out
}

/// Removes a card and every reference other cards make to it.
pub fn remove_card(cards: &mut CardsFile, card: &str) {
    cards.cards.retain(|c| c.id != card);
    for c in &mut cards.cards {
        c.requires.retain(|r| r != card);
        c.cancels.retain(|r| r != card);
        c.prevents.retain(|r| r != card);
    }
}

// ---------------------------------------------------------------------------------------------
// Where a card lies in a scenario

/// A list of a scenario where a card can be at the start.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    /// The draw pile of a deck.
    Deck(Id),
    /// The hand of a side or faction.
    Hand(Id),
    InPlay,
    Removed,
    /// In no list: a card of the game the scenario does not use (yet).
    Unassigned,
}

impl Place {
    /// The list's name in plain words.
    pub fn label(&self) -> String {
        match self {
            Place::Deck(d) => format!("Draw pile: {d}"),
            Place::Hand(h) => format!("Hand: {h}"),
            Place::InPlay => "In play".into(),
            Place::Removed => "Removed".into(),
            Place::Unassigned => "Unassigned".into(),
        }
    }
}

/// The first list of the scenario that holds the card, if any.
pub fn place_of(sc: &Scenario, card: &str) -> Option<Place> {
    let has = |list: &[Id]| list.iter().any(|c| c == card);
    if let Some(d) = sc.decks.iter().find(|d| has(&d.cards)) {
        return Some(Place::Deck(d.deck.clone()));
    }
    if let Some(h) = sc.hands.iter().find(|h| has(&h.cards)) {
        return Some(Place::Hand(h.holder.clone()));
    }
    if has(&sc.in_play) {
        return Some(Place::InPlay);
    }
    has(&sc.removed).then_some(Place::Removed)
}

/// The cards of one list, in the file's order; for `Unassigned`, the game's cards in no list.
pub fn cards_at(sc: &Scenario, cards: Option<&CardsFile>, place: &Place) -> Vec<Id> {
    match place {
        Place::Deck(d) => sc
            .decks
            .iter()
            .filter(|x| &x.deck == d)
            .flat_map(|x| x.cards.iter().cloned())
            .collect(),
        Place::Hand(h) => sc
            .hands
            .iter()
            .filter(|x| &x.holder == h)
            .flat_map(|x| x.cards.iter().cloned())
            .collect(),
        Place::InPlay => sc.in_play.clone(),
        Place::Removed => sc.removed.clone(),
        Place::Unassigned => cards.map_or_else(Vec::new, |f| unassigned(f, sc)),
    }
}

/// The game's cards that are in no list of the scenario, in the order of cards.ron.
pub fn unassigned(cards: &CardsFile, sc: &Scenario) -> Vec<Id> {
    cards
        .cards
        .iter()
        .filter(|c| place_of(sc, &c.id).is_none())
        .map(|c| c.id.clone())
        .collect()
}

/// Every list to show for a scenario: the game's decks and the scenario's own, the hands it
/// has and one for each side and deck owner, in play, removed, unassigned.
pub fn places(game: Option<&Game>, sc: &Scenario) -> Vec<Place> {
    let mut out: Vec<Place> = Vec::new();
    let mut add = |p: Place| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for d in game.iter().flat_map(|g| &g.decks) {
        add(Place::Deck(d.id.clone()));
    }
    for d in &sc.decks {
        add(Place::Deck(d.deck.clone()));
    }
    for h in &sc.hands {
        add(Place::Hand(h.holder.clone()));
    }
    if let Some(g) = game {
        for side in &g.sides {
            add(Place::Hand(side.id.clone()));
        }
        for owner in g.decks.iter().filter_map(|d| d.owner.as_ref()) {
            add(Place::Hand(owner.clone()));
        }
    }
    add(Place::InPlay);
    add(Place::Removed);
    add(Place::Unassigned);
    out
}

/// Whether a card may go to a list: a draw pile takes only its own deck's cards.
pub fn may_move(cards: Option<&CardsFile>, card: &str, to: &Place) -> Result<(), String> {
    let Place::Deck(deck) = to else {
        return Ok(());
    };
    let own = cards.and_then(|f| f.cards.iter().find(|c| c.id == card));
    match own {
        Some(c) if &c.deck != deck => Err(format!(
            "{card} belongs to deck {}, not {deck}: it can only go to the {} draw pile",
            c.deck, c.deck
        )),
        _ => Ok(()),
    }
}

/// Moves a card to a list (out of every list it was in), creating the deck or hand entry when
/// the scenario has none; a deck or hand the move leaves empty is dropped. Refuses a draw pile
/// of another deck.
pub fn move_card(
    sc: &mut Scenario,
    cards: Option<&CardsFile>,
    card: &str,
    to: &Place,
) -> Result<(), String> {
    may_move(cards, card, to)?;
    take_out(sc, card);
    let id = card.to_owned();
    match to {
        Place::Deck(d) => match sc.decks.iter_mut().find(|x| &x.deck == d) {
            Some(x) => x.cards.push(id),
            None => sc.decks.push(ScenarioDeck {
                deck: d.clone(),
                cards: vec![id],
            }),
        },
        Place::Hand(h) => match sc.hands.iter_mut().find(|x| &x.holder == h) {
            Some(x) => x.cards.push(id),
            None => sc.hands.push(Hand {
                holder: h.clone(),
                cards: vec![id],
            }),
        },
        Place::InPlay => sc.in_play.push(id),
        Place::Removed => sc.removed.push(id),
        Place::Unassigned => {}
    }
    Ok(())
}

/// Takes a card out of every list; drops decks and hands this leaves empty.
fn take_out(sc: &mut Scenario, card: &str) {
    let mut emptied = false;
    for d in &mut sc.decks {
        let before = d.cards.len();
        d.cards.retain(|c| c != card);
        emptied |= before > 0 && d.cards.is_empty();
    }
    for h in &mut sc.hands {
        let before = h.cards.len();
        h.cards.retain(|c| c != card);
        emptied |= before > 0 && h.cards.is_empty();
    }
    if emptied {
        sc.decks.retain(|d| !d.cards.is_empty());
        sc.hands.retain(|h| !h.cards.is_empty());
    }
    sc.in_play.retain(|c| c != card);
    sc.removed.retain(|c| c != card);
}

// ---------------------------------------------------------------------------------------------
// Deck composition

/// One group of a deck: what the game declares against what the scenario holds (its draw
/// pile, and elsewhere: hands, in play, removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupCount {
    pub group: Id,
    /// The count game.ron declares for the group.
    pub declared: u32,
    /// Cards of the group in the scenario's draw pile of the deck.
    pub in_pile: u32,
    /// Cards of the deck and group elsewhere in the scenario: hands, in play, removed.
    pub elsewhere: u32,
}

/// How the group's cards in the scenario compare with the declared count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Balance {
    Exact,
    Missing(u32),
    Extra(u32),
}

impl GroupCount {
    /// The group's cards anywhere in the scenario.
    pub fn accounted(&self) -> u32 {
        self.in_pile.saturating_add(self.elsewhere)
    }

    /// Every card of a group is somewhere at the start (the pile, a hand, in play, removed):
    /// fewer means cards the scenario leaves out (or cards.ron lacks), more means duplicates.
    pub fn balance(&self) -> Balance {
        let n = self.accounted();
        match n.cmp(&self.declared) {
            Ordering::Equal => Balance::Exact,
            Ordering::Less => Balance::Missing(self.declared - n),
            Ordering::Greater => Balance::Extra(n - self.declared),
        }
    }
}

/// The composition of one deck's pile in a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckComposition {
    pub deck: Id,
    pub groups: Vec<GroupCount>,
    /// Cards in the pile that belong to no group of the deck (another deck, an unknown card
    /// or group).
    pub strays: Vec<Id>,
}

/// The composition of every deck the game declares, in the game's order.
pub fn composition(game: &Game, cards: &CardsFile, sc: &Scenario) -> Vec<DeckComposition> {
    let card = |id: &str| cards.cards.iter().find(|c| c.id == id);
    game.decks
        .iter()
        .map(|deck| {
            let pile = cards_at(sc, Some(cards), &Place::Deck(deck.id.clone()));
            let in_group = |id: &str, group: &str| {
                card(id).is_some_and(|c| c.deck == deck.id && c.group == group)
            };
            let groups = deck
                .groups
                .iter()
                .map(|g| {
                    let elsewhere = cards
                        .cards
                        .iter()
                        .filter(|c| c.deck == deck.id && c.group == g.id)
                        .filter(|c| {
                            place_of(sc, &c.id).is_some_and(|p| !matches!(p, Place::Deck(_)))
                        })
                        .count();
                    GroupCount {
                        group: g.id.clone(),
                        declared: g.count,
                        in_pile: count_u32(pile.iter().filter(|id| in_group(id, &g.id)).count()),
                        elsewhere: count_u32(elsewhere),
                    }
                })
                .collect();
            let strays = pile
                .iter()
                .filter(|id| !deck.groups.iter().any(|g| in_group(id, &g.id)))
                .cloned()
                .collect();
            DeckComposition {
                deck: deck.id.clone(),
                groups,
                strays,
            }
        })
        .collect()
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

// ---------------------------------------------------------------------------------------------
// Placeholders in event text

/// The kinds of things a placeholder may name, as the validator resolves them.
pub const PLACEHOLDER_KINDS: [&str; 6] = ["card", "space", "unit", "faction", "side", "area"];

/// An unclosed placeholder just before the cursor: where its word starts (a char index, just
/// after the `{`) and the word typed so far. `cursor` counts chars, as egui's cursor does.
pub fn open_placeholder(text: &str, cursor: usize) -> Option<(usize, String)> {
    let before: Vec<char> = text.chars().take(cursor).collect();
    let open = before.iter().rposition(|&c| c == '{')?;
    let word: String = before[open + 1..].iter().collect();
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
    word.chars().all(allowed).then_some((open + 1, word))
}

/// The candidates (`kind:id`) that complete a partial word: those starting with it first, then
/// those whose id contains it; at most `limit`.
pub fn suggestions(partial: &str, candidates: &[String], limit: usize) -> Vec<String> {
    let p = partial.to_lowercase();
    let starts = candidates
        .iter()
        .filter(|c| c.to_lowercase().starts_with(&p));
    let contains = candidates.iter().filter(|c| {
        let lc = c.to_lowercase();
        !lc.starts_with(&p) && lc.split_once(':').is_some_and(|(_, id)| id.contains(&p))
    });
    starts.chain(contains).take(limit).cloned().collect()
}

/// The text with the partial word from `start` to `cursor` (char indices) replaced by
/// `choice}`, and the char index just after the inserted `}`.
pub fn complete(text: &str, start: usize, cursor: usize, choice: &str) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let start = start.min(chars.len());
    let cursor = cursor.clamp(start, chars.len());
    let mut out: String = chars[..start].iter().collect();
    out.push_str(choice);
    // an existing closing brace right after the cursor is reused, not doubled
    let rest: String = chars[cursor..].iter().collect();
    let rest = rest.strip_prefix('}').unwrap_or(&rest);
    out.push('}');
    let end = out.chars().count();
    out.push_str(rest);
    (out, end)
}

/// Every `kind:id` a placeholder may name in this game, for completion and checking.
pub fn placeholder_targets(
    game: Option<&Game>,
    cards: Option<&CardsFile>,
    spaces: &[Id],
    units: &[Id],
) -> Vec<String> {
    let mut out = Vec::new();
    let tagged = |kind: &str, id: &str| format!("{kind}:{id}");
    out.extend(
        cards
            .iter()
            .flat_map(|f| &f.cards)
            .map(|c| tagged("card", &c.id)),
    );
    out.extend(spaces.iter().map(|id| tagged("space", id)));
    out.extend(units.iter().map(|id| tagged("unit", id)));
    if let Some(g) = game {
        out.extend(g.factions.iter().map(|f| tagged("faction", &f.id)));
        out.extend(g.sides.iter().map(|s| tagged("side", &s.id)));
        out.extend(g.areas.iter().map(|a| tagged("area", &a.id)));
    }
    out.sort();
    out.dedup();
    out
}

/// The placeholders of a text that name nothing among `targets` (sorted `kind:id`).
pub fn unknown_placeholders(text: &str, targets: &[String]) -> Vec<String> {
    let mut out: Vec<String> = orbat_validator::rules::text::placeholders(text)
        .into_iter()
        .filter(|p| targets.binary_search(p).is_err())
        .collect();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use orbat_validator::model::{Deck, DeckGroup, TextEntry};

    fn card(id: &str, deck: &str, group: &str, number: u32) -> Card {
        let mut c = new_card(&CardsFile { cards: vec![] }, deck, group);
        c.id = id.into();
        c.number = number;
        c
    }

    fn cards() -> CardsFile {
        CardsFile {
            cards: vec![
                card("a1", "a", "early", 1),
                card("a2", "a", "early", 2),
                card("a3", "a", "late", 3),
                card("b1", "b", "early", 1),
            ],
        }
    }

    fn scenario() -> Scenario {
        let mut sc = Scenario::empty("s", "g");
        sc.decks = vec![ScenarioDeck {
            deck: "a".into(),
            cards: vec!["a1".into(), "a2".into()],
        }];
        sc.hands = vec![Hand {
            holder: "north".into(),
            cards: vec!["b1".into()],
        }];
        sc
    }

    fn game() -> Game {
        let mut g: Game = serde_json::from_value(serde_json::json!({
            "id": "g", "source_language": "en", "languages": ["en"],
            "sides": [{"id": "north"}, {"id": "south"}],
            "factions": [], "terrains": [], "location_kinds": [], "link_kinds": [],
            "unit_kinds": [], "unit_values": [], "decks": []
        }))
        .expect("a minimal game");
        g.decks = vec![Deck {
            id: "a".into(),
            owner: Some("north".into()),
            groups: vec![
                DeckGroup {
                    id: "early".into(),
                    count: 2,
                },
                DeckGroup {
                    id: "late".into(),
                    count: 1,
                },
            ],
        }];
        g
    }

    #[test]
    fn table_filters_by_text_and_deck_and_sorts_both_ways() {
        let f = cards();
        let title = |id: &str| match id {
            "a3" => Some("Zeppelin"),
            "b1" => Some("Armistice"),
            _ => None,
        };
        let ids = |rows: Vec<usize>| -> Vec<&str> {
            rows.iter().map(|&i| f.cards[i].id.as_str()).collect()
        };
        let mut q = TableQuery::default();
        assert_eq!(ids(table_rows(&f, title, &q)), ["a1", "a2", "a3", "b1"]);
        q.text = "armi".into();
        assert_eq!(
            ids(table_rows(&f, title, &q)),
            ["b1"],
            "titles are searched"
        );
        q.text = "A".into();
        q.deck = Some("a".into());
        assert_eq!(ids(table_rows(&f, title, &q)), ["a1", "a2", "a3"]);
        q = TableQuery {
            sort: Column::Title,
            ..TableQuery::default()
        };
        assert_eq!(ids(table_rows(&f, title, &q)), ["a1", "a2", "b1", "a3"]);
        q.descending = true;
        assert_eq!(ids(table_rows(&f, title, &q)), ["a3", "b1", "a1", "a2"]);
        q.sort = Column::Number;
        assert_eq!(ids(table_rows(&f, title, &q)), ["a3", "a2", "a1", "b1"]);
    }

    #[test]
    fn fresh_ids_and_numbers_never_collide() {
        let mut f = cards();
        assert_eq!(fresh_card_id(&f, "card-1"), "card-1");
        f.cards.push(card("card-1", "a", "early", 9));
        assert_eq!(fresh_card_id(&f, "card-1"), "card-1-2");
        assert_eq!(next_number(&f, "a"), 10);
        assert_eq!(next_number(&f, "zzz"), 1);
        let copy = duplicate(&f, &f.cards[0]);
        assert_eq!((copy.id.as_str(), copy.number), ("a1-copy", 10));
        assert_eq!(new_card(&f, "b", "early").number, 2);
    }

    #[test]
    fn usages_list_cards_scenarios_and_texts() {
        let mut f = cards();
        f.cards[1].requires = vec!["a1".into()];
        f.cards[2].prevents = vec!["a1".into()];
        let sc = scenario();
        let mut t = TextFile {
            language: "en".into(),
            entries: Default::default(),
        };
        t.entries.insert(
            "card:b1".into(),
            TextEntry {
                name: "B".into(),
                text: Some("Cancels {card:a1}.".into()),
                source: None,
            },
        );
        let used = usages(
            "a1",
            &f,
            &[("s.scenario.ron".into(), &sc)],
            &[("en".into(), &t)],
        );
        assert_eq!(
            used,
            [
                "card a2 requires it",
                "card a3 prevents it",
                "s.scenario.ron: Draw pile: a",
                "the en text of card:b1 names it",
            ]
        );
        assert!(usages("a3", &cards(), &[("s".into(), &sc)], &[]).is_empty());
        remove_card(&mut f, "a1");
        assert!(
            f.cards
                .iter()
                .all(|c| c.id != "a1" && c.requires.is_empty())
        );
        assert!(f.cards[1].prevents.is_empty());
    }

    #[test]
    fn moving_a_card_takes_it_out_of_every_list() {
        let f = cards();
        let mut sc = scenario();
        assert_eq!(place_of(&sc, "a2"), Some(Place::Deck("a".into())));
        assert_eq!(unassigned(&f, &sc), ["a3"]);
        move_card(&mut sc, Some(&f), "a2", &Place::Hand("south".into())).expect("moves");
        assert_eq!(sc.decks[0].cards, ["a1"]);
        assert_eq!(sc.hands[1].holder, "south", "a new hand is made");
        assert_eq!(place_of(&sc, "a2"), Some(Place::Hand("south".into())));
        move_card(&mut sc, Some(&f), "a2", &Place::Removed).expect("moves");
        assert_eq!(sc.removed, ["a2"]);
        assert_eq!(sc.hands.len(), 1, "the emptied hand is dropped");
        move_card(&mut sc, Some(&f), "a3", &Place::InPlay).expect("moves");
        assert!(unassigned(&f, &sc).is_empty());
        move_card(&mut sc, Some(&f), "a3", &Place::Unassigned).expect("moves");
        assert_eq!(unassigned(&f, &sc), ["a3"]);
        assert_eq!(cards_at(&sc, Some(&f), &Place::Unassigned), ["a3"]);
        // a draw pile takes only its own deck's cards; nothing changes when refused
        let before = sc.clone();
        let refused = move_card(&mut sc, Some(&f), "b1", &Place::Deck("a".into()));
        assert!(refused.is_err_and(|e| e.contains("belongs to deck b")));
        assert_eq!(sc, before);
    }

    #[test]
    fn places_cover_decks_hands_sides_and_the_rest() {
        let g = game();
        let p = places(Some(&g), &scenario());
        assert_eq!(
            p,
            [
                Place::Deck("a".into()),
                Place::Hand("north".into()),
                Place::Hand("south".into()),
                Place::InPlay,
                Place::Removed,
                Place::Unassigned,
            ]
        );
        assert_eq!(places(None, &scenario()).len(), 5);
    }

    #[test]
    fn composition_counts_the_pile_against_the_declared_counts() {
        let (g, f) = (game(), cards());
        let mut sc = scenario();
        let c = composition(&g, &f, &sc);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].groups[0].balance(), Balance::Exact);
        assert_eq!(
            c[0].groups[1].balance(),
            Balance::Missing(1),
            "a3 is left out"
        );
        // a card dealt to a hand still counts: it is in the scenario
        move_card(&mut sc, Some(&f), "a1", &Place::Hand("north".into())).expect("moves");
        sc.decks[0].cards.push("b1".into());
        sc.decks[0].cards.push("zz".into());
        let c = composition(&g, &f, &sc);
        assert_eq!(c[0].groups[0].in_pile, 1);
        assert_eq!(c[0].groups[0].elsewhere, 1);
        assert_eq!(c[0].groups[0].balance(), Balance::Exact);
        assert_eq!(c[0].strays, ["b1", "zz"]);
        // duplicates are extra; a3 in the pile completes the late group
        sc.decks[0]
            .cards
            .extend(["a1".into(), "a1".into(), "a3".into()]);
        let c = composition(&g, &f, &sc);
        assert_eq!(c[0].groups[0].balance(), Balance::Extra(1));
        assert_eq!(c[0].groups[1].balance(), Balance::Exact);
    }

    #[test]
    fn placeholder_completion_finds_inserts_and_closes() {
        let text = "Move to {spa and {card:ca";
        let end = text.chars().count();
        assert_eq!(open_placeholder(text, end), Some((18, "card:ca".into())));
        assert_eq!(open_placeholder(text, 12), Some((9, "spa".into())));
        assert_eq!(open_placeholder("{card:x} then", 13), None);
        assert_eq!(open_placeholder("{a b", 4), None, "a space ends the word");
        let targets = vec![
            "card:caporetto".to_owned(),
            "card:diaz".to_owned(),
            "space:cadore".to_owned(),
        ];
        assert_eq!(suggestions("card:ca", &targets, 10), ["card:caporetto"]);
        assert_eq!(
            suggestions("c", &targets, 10),
            ["card:caporetto", "card:diaz", "space:cadore"],
            "ids containing the word come after prefixes"
        );
        assert_eq!(suggestions("capo", &targets, 10), ["card:caporetto"]);
        assert_eq!(suggestions("", &targets, 2).len(), 2);
        let (out, cursor) = complete(text, 18, end, "card:caporetto");
        assert_eq!(out, "Move to {spa and {card:caporetto}");
        assert_eq!(cursor, out.chars().count());
        let (out, cursor) = complete("é {sp} x", 3, 5, "space:cadore");
        assert_eq!(out, "é {space:cadore} x", "a closing brace is not doubled");
        assert_eq!(cursor, 16);
    }

    #[test]
    fn unknown_placeholders_are_found() {
        let g = game();
        let targets =
            placeholder_targets(Some(&g), Some(&cards()), &["rome".into()], &["u1".into()]);
        assert!(targets.contains(&"side:south".to_owned()));
        let text = "{card:a1} at {space:rome}, {space:paris}, {unit:u1} {nope}";
        assert_eq!(
            unknown_placeholders(text, &targets),
            ["space:paris", "nope"]
        );
    }
}
