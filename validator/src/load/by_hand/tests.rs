//! The hand-written readers against the direct path, form by form: each form is either read
//! to the same model or left to the direct path, never read differently.

use super::{agrees_with_direct, read};
use crate::file_kind::FileValue;
use crate::load::FileKind;

fn read_alike(kind: FileKind, text: &str) -> bool {
    agrees_with_direct(kind, text).unwrap_or_else(|e| panic!("{e}\nfor: {text}"))
}

fn entry(value: &str) -> String {
    format!(r#"TextFile(language: "it", entries: {{"game": {value}}})"#)
}

#[test]
fn text_entries_in_every_written_form_are_read_as_the_direct_path_reads_them() {
    for value in [
        r#"(name: "a", text: Some("b"))"#,
        r#"(name: "a", text: Some( "b" , ))"#,
        r#"(name: "a", text: "b")"#,
        r#"(name: "a", text: None,)"#,
        r#"( name : "a\"q" , text: Some("line\nbreak") )"#,
        r#"(source: Some((name: "x", text: None)), name: "a")"#,
        r#"(name: "a", source: (name: "x"))"#,
        "(name: \"a\", // a comment\n text: None)",
    ] {
        assert!(read_alike(FileKind::Text, &entry(value)), "{value}");
    }
    // the direct path reads these (bare words, `{...}` structs) or refuses them (the rest):
    // either way this path leaves them to it
    for value in [
        r#"(name: a, text: Somebody)"#,
        r#"{"name": "a"}"#,
        r#"(name: "a", name: "b")"#,
        r#"(name: "a", title: "b")"#,
        r#"(text: Some("b"))"#,
        r#"()"#,
        r#"(name: "a", text: Some("b", "c"))"#,
        r#"(name: "a", text: Some())"#,
        r#"(name: "a", text: Some(None))"#,
        r#"(name: "a", text: Some("b")"#,
        r#"(name: "a",, text: None)"#,
        r#"(name: 1)"#,
        // the first name must be followed by its colon with no comment between (else the
        // direct path takes the struct for a tuple)
        "(name // a comment\n: \"a\")",
        r#"(name:: "a")"#,
    ] {
        assert!(!read_alike(FileKind::Text, &entry(value)), "{value}");
    }
}

#[test]
fn map_keys_in_order_are_read_and_others_are_sorted_or_left_to_the_direct_path() {
    let text = |entries: &str| format!(r#"(language: "it", entries: {{{entries}}})"#);
    let e = r#"(name: "x")"#;
    assert!(read_alike(
        FileKind::Text,
        &text(&format!(r#""a": {e}, "b": {e},"#))
    ));
    assert!(read_alike(FileKind::Text, &text("")));
    // out of order: sorted, as the direct path sorts it
    assert!(read_alike(
        FileKind::Text,
        &text(&format!(r#""b": {e}, "a": {e}"#))
    ));
    // a key twice, in order or not: refused by the direct path, left to it here
    for entries in [
        format!(r#""a": {e}, "a": {e}"#),
        format!(r#""a": {e}, "b": {e}, "a": {e}"#),
    ] {
        assert!(!read_alike(FileKind::Text, &text(&entries)), "{entries}");
    }
    // an escaped key is read unescaped
    assert!(read_alike(
        FileKind::Text,
        &text(&format!(r#""a\"b": {e}"#))
    ));
}

#[test]
fn unit_values_out_of_order_are_sorted() {
    let units = r#"(units: [(id: "u", faction: "f", kind: "army", full: {"move": 3, "attack": 2}, reduced: Some({}), count: 2, flags: ["elite"])])"#;
    assert!(read_alike(FileKind::Units, units));
    let Some(FileValue::Units(read)) = read(FileKind::Units, units) else {
        panic!("not read");
    };
    let names: Vec<&str> = read.units[0].full.keys().map(|k| k.as_str()).collect();
    assert_eq!(names, ["attack", "move"]);
    // a number where a count goes must be a whole number that fits
    for count in ["-1", "1.5", "4294967296", "\"2\"", "-0"] {
        let t = units.replace("count: 2", &format!("count: {count}"));
        assert!(!read_alike(FileKind::Units, &t), "{count}");
    }
}

#[test]
fn long_lists_whose_first_items_mislead_their_room_are_read_whole() {
    // a list's room is set from the rate its first items are read at, and again each time it
    // is full: here the first items are long (too little room: set again and again) or short
    // (far too much), and the links after the spaces make the spaces' room too large anyway
    let space = |i: usize, name: &str| format!(r#"(id: "s{i}", x: 1, y: 2, kind: "land{name}")"#);
    let long = "-with-a-very-long-kind-name".repeat(8);
    for (first, rest) in [(long.as_str(), ""), ("", long.as_str())] {
        let spaces: Vec<String> = (0..3000)
            .map(|i| space(i, if i < 40 { first } else { rest }))
            .collect();
        let links: Vec<String> = (1..3000)
            .map(|i| format!(r#"(a: "s{}", b: "s{i}", kind: "normal")"#, i - 1))
            .collect();
        let text = format!(
            "MapFile(spaces: [{}], links: [{}])",
            spaces.join(", "),
            links.join(", ")
        );
        assert!(read_alike(FileKind::Map, &text));
        let Some(FileValue::Map(map)) = read(FileKind::Map, &text) else {
            panic!("not read by hand");
        };
        assert_eq!((map.spaces.len(), map.links.len()), (3000, 2999));
        assert_eq!(map.spaces[2999].id, "s2999");
    }
}

#[test]
fn map_conditions_and_numbers_are_read_in_each_form() {
    let map = |space: &str, link: &str| {
        format!(
            r#"MapFile(backdrop: Some((image: "b.png", width: 10, height: 20)), spaces: [{space}], links: [{link}])"#
        )
    };
    let space = r#"(id: "s", x: 1, y: -2.5, kind: "land", vp: 2, fort: Some(3), port: true, source_while: [AtWar("a"), Neutral("n")], port_limits: [(users: "f", only_while: [Controls(by: "a", space: "s")])])"#;
    let link = r#"(a: "s", b: "t", kind: "normal", only_while: [Marked(kind: "m", space: "s"), Unmarked(space: "s", kind: "m",)], supply_for: ["f"])"#;
    assert!(read_alike(FileKind::Map, &map(space, link)));
    assert!(read_alike(
        FileKind::Map,
        &map(
            r#"(id: "s", x: 0.0, y: 0, kind: "land", fort: 3, port: false)"#,
            ""
        )
    ));
    for (space, link) in [
        (
            r#"(id: "s", x: 1, y: 2, kind: "land", source_while: [AtWar ("a")])"#,
            "",
        ),
        (
            r#"(id: "s", x: 1, y: 2, kind: "land", source_while: [AtWar("a",)])"#,
            "",
        ),
        (
            r#"(id: "s", x: 1, y: 2, kind: "land", source_while: [Controls(kind: "a", space: "s")])"#,
            "",
        ),
        (
            r#"(id: "s", x: 1, y: 2, kind: "land", source_while: [AtPeace("a")])"#,
            "",
        ),
        (r#"(id: "s", x: 1, y: 2, kind: "land", port: 1)"#, ""),
        (r#"(id: "s", x: "1", y: 2, kind: "land")"#, ""),
        (
            r#"(id: "s", x: 1, y: 2, kind: "land", areas: ("a", "b"))"#,
            "",
        ),
        (r#"(id: "s", x: 1, y: 2)"#, ""),
        ("", r#"(a: "s", b: "t", kind: "normal", c: "u")"#),
    ] {
        assert!(
            !read_alike(FileKind::Map, &map(space, link)),
            "{space}{link}"
        );
    }
}

#[test]
fn a_file_is_one_struct_and_nothing_after_it() {
    let cards = r#"(cards: [(id: "c", deck: "d", group: "g", number: 1, ops: 2, rp_by_faction: [(faction: "f", value: 1)], reinforcements: [(unit: "u", at_capital_or_source_of: Some("f"))], combat: true)])"#;
    assert!(read_alike(FileKind::Cards, cards));
    assert!(read_alike(
        FileKind::Cards,
        &format!("// cards\n{cards}\n// end\n")
    ));
    for text in [
        format!("{cards} x"),
        format!("Some{cards}"),
        cards.replacen('(', "{", 1),
        format!("{cards})"),
        cards.replace("cards: [", "cards: [], cards: ["),
        format!("{cards}\u{7}"),
    ] {
        assert!(!read_alike(FileKind::Cards, &text), "{text}");
    }
}

#[test]
fn a_game_with_every_field_is_read_and_odd_forms_are_left_to_the_direct_path() {
    let game = r#"Game(id: "g", source_language: "en", languages: ["en", "it"], rulesets: [(id: "r", description: "first")],
        players: Some((2, 4)), sides: [(id: "a")], factions: [(id: "f", side: Some("a"), non_player: true), (id: "n", hostile_to_all: true)],
        relations: [(factions: ("f", "n"), stance: Neutral)], terrains: [(id: "clear")],
        location_kinds: [(id: "space", stacking: Limit(3), kind_caps: [(unit_kind: "army", max: 1)], may_be_supply_source: true), (id: "box", on_map: false, stacking: Unlimited, opposing_may_share: true)],
        link_kinds: [(id: "normal"), (id: "strait", carries_supply: false)], unit_kinds: [(id: "army", counts_for_stacking: true, max_per_location: Some(2), forbidden_terrains: ["clear"], needs_no_supply: true)],
        unit_values: ["combat"], areas: [(id: "x", kind: "country", closed_to: ["f"], closed_while_neutral: Some("n"))],
        stacking: (count_per: Faction, never_together: [("f", "n")], faction_limits: [(faction: "f", limit: 2)]),
        supply: [(factions: ["f"], uses_sources_of: ["n"], limited_sources: [], always_supplied_in: ["x"], always_supplied: false, trace_through: NotEnemy, by_sea: false, ports_in: ["x"], ports_not_in: [])],
        sea_supply: Some((max_ports: Some(2))), unit_flags: [(id: "elite", description: "d", only_in: ["x"], always_supplied: true, always_supplied_in: ["x"])],
        decks: [(id: "d", owner: Some("a"), groups: [(id: "early", count: 10)])], tracks: [(id: "vp", min: -5, max: 20)],
        marker_kinds: [(id: "m", per_side: true, port_for: ["f"])], allow: [(rule: "M004", reason: "why")])"#;
    assert!(read_alike(FileKind::Game, game));
    let Some(FileValue::Game(g)) = read(FileKind::Game, game) else {
        panic!("not read");
    };
    assert_eq!(
        g.location_kinds[0].stacking,
        crate::model::Stacking::Limit(3)
    );
    assert!(g.link_kinds[0].carries_supply && !g.link_kinds[1].carries_supply);
    for (from, to) in [
        ("stacking: Limit(3)", "stacking: Limit(3,)"),
        ("stacking: Limit(3)", "stacking: Limit"),
        ("stacking: Unlimited", "stacking: Unlimited()"),
        ("stacking: Unlimited", "stacking: \"Unlimited\""),
        ("count_per: Faction", "count_per: Country"),
        ("trace_through: NotEnemy", "trace_through: Nowhere"),
        ("players: Some((2, 4))", "players: Some((2, 4, 6))"),
        ("min: -5", "min: -5.5"),
        (
            "unit_values: [\"combat\"]",
            "unit_values: [\"combat\"], unit_values: []",
        ),
        ("allow: [", "allowed: ["),
    ] {
        let t = game.replace(from, to);
        assert_ne!(t, game, "{from}");
        assert!(!read_alike(FileKind::Game, &t), "{to}");
    }
}

#[test]
fn a_scenario_with_every_field_is_read_and_odd_forms_are_left_to_the_direct_path() {
    let scenario = r#"Scenario(id: "s", game: "g", ruleset: Some("r"), turns: (first: 1, last: 20), players: 2,
        seats: [(id: "p1", factions: ["a"])], factions: ["a", "b"], control: [(space: "x", faction: Some("a")), (space: "y")],
        neutral: ["n"], limited_entry: ["l"], relations: [(factions: ("a", "b",), stance: Enemy), (factions: ("a", "c"), stance: AlliedApart)],
        placements: [(unit: "u", at: "x", reduced: true, count: 3, in_enemy_space: Some("note"))],
        decks: [(deck: "d", cards: ["c1"])], hands: [(holder: "a", cards: [])], in_play: ["c2"], removed: ["c3"],
        tracks: [(track: "vp", value: -3), (track: "war", value: 40)], markers: [(kind: "m", at: "x", side: Some("a"))])"#;
    assert!(read_alike(FileKind::Scenario, scenario));
    for (from, to) in [
        ("stance: Enemy", "stance: \"Enemy\""),
        ("stance: Enemy", "stance: Enemy()"),
        ("stance: Enemy", "stance: Hostile"),
        ("(\"a\", \"b\",)", "(\"a\", \"b\", \"c\")"),
        ("(\"a\", \"b\",)", "(\"a\",)"),
        ("value: -3", "value: -3.5"),
        ("value: 40", "value: 2147483648"),
        ("in_play: [\"c2\"]", "in_play: [\"c2\"], in_play: []"),
        ("turns: (first: 1, last: 20)", "turns: (first: 1)"),
    ] {
        let t = scenario.replace(from, to);
        assert_ne!(t, scenario, "{from}");
        assert!(!read_alike(FileKind::Scenario, &t), "{to}");
    }
}
