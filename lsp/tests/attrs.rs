//! Completion in an entity's `attrs` through the built server over stdio, on Northern War:
//! keys are the attributes its game declares for that kind of entity, values what the
//! declaration allows.

mod client;

use client::{Client, file_uri, game_copy, position_of};
use serde_json::{Value, json};

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn attribute_keys_and_values_are_completed_from_the_games_declarations() {
    let (_tmp, dir) = game_copy("northern-war");
    let mut c = Client::start(dir.parent().unwrap());
    let map = dir.join("map.ron");
    let map_text = std::fs::read_to_string(&map).unwrap();
    c.open(&map, &map_text);
    let uri = file_uri(&map);
    assert!(c.diagnostics(&uri, |d| d.is_empty()).is_empty());

    // a space's `attrs` key: the space attributes, not the unit ones
    let key = position_of(&map_text, "attrs: {\"religion\"", 0, 10);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": key}),
    );
    let mut got = labels(&items);
    got.sort();
    assert_eq!(got, ["key_city", "religion"]);
    // its value: one of the named faiths
    let value = position_of(&map_text, "attrs: {\"religion\": \"", 0, 21);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": value}),
    );
    assert_eq!(
        labels(&items),
        ["lutheran", "orthodox", "catholic", "muslim"]
    );

    // a fleet's home port names a space: the map's spaces are offered
    let units = dir.join("units.ron");
    let units_text = std::fs::read_to_string(&units).unwrap();
    c.open(&units, &units_text);
    let units_uri = file_uri(&units);
    let port = position_of(&units_text, "\"home_port\": \"", 0, 14);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": units_uri}, "position": port}),
    );
    let got = labels(&items);
    assert!(got.iter().any(|l| l == "karlskrona"), "{got:?}");
    assert!(
        got.iter().all(|l| !l.starts_with("swe-")),
        "no unit ids: {got:?}"
    );
    let key = position_of(&units_text, "attrs: {\"home_port\"", 0, 10);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": units_uri}, "position": key}),
    );
    let mut got = labels(&items);
    got.sort();
    assert_eq!(got, ["command", "home_port", "ships"]);
    c.shutdown();
}

#[test]
fn hover_on_an_attribute_shows_its_declaration_and_on_a_declared_checks_finding_its_doc() {
    let (_tmp, dir) = game_copy("northern-war");
    let mut c = Client::start(dir.parent().unwrap());
    let units = dir.join("units.ron");
    let text = std::fs::read_to_string(&units).unwrap();
    c.open(&units, &text);
    let uri = file_uri(&units);
    assert!(c.diagnostics(&uri, |d| d.is_empty()).is_empty());
    let on_key = position_of(&text, "\"ships\"", 0, 2);
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": on_key}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.contains("**ships** (attribute of a unit): a whole number from 1 to 120"),
        "{shown}"
    );
    // a fleet with no home port breaks the game's own check `counter-attributes`: the
    // finding's hover is that check's documentation
    let broken = text.replacen("\"home_port\": \"karlskrona\", ", "", 1);
    assert_ne!(broken, text);
    c.change(&units, 2, &broken);
    let found = c.published(&uri, 2);
    let finding = found
        .iter()
        .find(|d| d["code"] == "game/counter-attributes")
        .unwrap_or_else(|| panic!("{found:#?}"));
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": finding["range"]["start"]}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.contains("game/counter-attributes") && shown.contains("home port"),
        "{shown}"
    );
    c.shutdown();
}
