//! Unit tests of the Cards view's logic: the table, new cards, usages, moves, places,
//! composition and placeholders.

use super::*;
use orbat_validator::model::{
    Card, CardsFile, Deck, DeckGroup, Game, Hand, Scenario, ScenarioDeck, TextEntry, TextFile,
};

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
        "factions": [], "terrains": [{"id": "marsh"}], "location_kinds": [],
        "link_kinds": [{"id": "rail"}], "unit_kinds": [], "unit_values": [], "decks": [],
        "marker_kinds": [{"id": "trench"}]
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
    let ids =
        |rows: Vec<usize>| -> Vec<&str> { rows.iter().map(|&i| f.cards[i].id.as_str()).collect() };
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
fn a_new_cards_id_follows_the_ones_before_it() {
    let mut f = cards();
    assert_eq!(new_card(&f, "a", "early").id, "card-1");
    f.cards.push(card("card-1", "a", "early", 1));
    f.cards.push(card("card-2", "a", "early", 2));
    assert_eq!(new_card(&f, "a", "early").id, "card-3");
    f.cards.push(card("card-9", "a", "early", 3));
    f.cards.push(card("card-x", "a", "early", 4));
    assert_eq!(new_card(&f, "a", "early").id, "card-10");
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
        "card:b1",
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
        None,
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
    assert!(usages("a3", &cards(), &[("s".into(), &sc)], &[], None).is_empty());
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
    let targets = placeholder_targets(Some(&g), Some(&cards()), &["rome".into()], &["u1".into()]);
    assert!(targets.contains(&"side:south".to_owned()));
    assert!(targets.contains(&"marker:trench".to_owned()));
    // the game's vocabulary too, as the validator resolves it (T004)
    assert!(targets.contains(&"terrain:marsh".to_owned()));
    assert!(targets.contains(&"link_kind:rail".to_owned()));
    assert!(targets.contains(&"group:early".to_owned()));
    let mut g = g;
    g.attributes = vec![
        serde_json::from_value(
            serde_json::json!({"id": "winter", "on": ["Scenario"], "type": "Bool"}),
        )
        .unwrap(),
    ];
    let with_attr = placeholder_targets(Some(&g), None, &[], &[]);
    assert!(
        with_attr.contains(&"attr:winter".to_owned()),
        "a declared attribute"
    );
    let text = "{card:a1} at {space:rome}, {space:paris}, {unit:u1} {nope} {marker:trench} \
                {marker:fort} {terrain:marsh} {link_kind:road}";
    assert_eq!(
        unknown_placeholders(text, &targets),
        ["space:paris", "nope", "marker:fort", "link_kind:road"]
    );
}
