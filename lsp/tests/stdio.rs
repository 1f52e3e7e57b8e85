//! The built `orbat-lsp` driven over stdio with real JSON-RPC, on a copy of a shipped game.
//!
//! Over 500 lines: one test per LSP exchange over one real server process; each stands alone.

mod client;

use client::{Client, file_uri, game_copy, position_of};
use serde_json::{Value, json};

fn codes(diags: &[Value]) -> Vec<String> {
    diags
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// A copy of the sample game in a started server, with one of its files open and checked
/// (clean: the shipped game has no finding).
struct Opened {
    _tmp: tempfile::TempDir,
    dir: std::path::PathBuf,
    path: std::path::PathBuf,
    text: String,
    uri: String,
    c: Client,
}

fn open_clean(file: &str) -> Opened {
    let (tmp, dir) = game_copy("italian-front");
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(dir.parent().unwrap());
    c.open(&path, &text);
    let uri = file_uri(&path);
    assert!(c.diagnostics(&uri, |d| d.is_empty()).is_empty());
    Opened {
        _tmp: tmp,
        dir,
        path,
        text,
        uri,
        c,
    }
}

#[test]
fn an_error_is_shown_while_typing_and_cleared_when_fixed() {
    let Opened {
        _tmp,
        dir,
        path: map,
        text,
        uri,
        mut c,
    } = open_clean("map.ron");

    // a link end misspelt: R002 on exactly the literal, with the rule's docs linked
    let broken = text.replacen(
        "(a: \"gorizia\", b: \"san-michele\"",
        "(a: \"gorizzia\", b: \"san-michele\"",
        1,
    );
    c.change(&map, 2, &broken);
    let diags = c.published(&uri, 2);
    assert_eq!(codes(&diags), ["R002"], "{diags:#?}");
    let d = &diags[0];
    let start = position_of(&broken, "\"gorizzia\"", 0, 0);
    assert_eq!(d["range"]["start"], start);
    assert_eq!(
        d["range"]["end"]["character"],
        start["character"].as_u64().unwrap() + 10
    );
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "orbat");
    assert!(d["message"].as_str().unwrap().contains("gorizzia"), "{d}");
    assert!(
        d["codeDescription"]["href"]
            .as_str()
            .unwrap()
            .ends_with("docs/rules.md#r002")
    );

    // renaming a space in map.ron breaks the placements of another file, unsaved
    let renamed = text.replace("(id: \"gorizia\"", "(id: \"gorica\"");
    c.change(&map, 3, &renamed);
    let scenario = file_uri(&dir.join("caporetto-1917.scenario.ron"));
    let there = c.diagnostics(&scenario, |d| !d.is_empty());
    assert!(codes(&there).contains(&"R002".to_owned()), "{there:#?}");

    c.change(&map, 4, &text);
    assert!(c.published(&uri, 4).is_empty());
    assert!(c.diagnostics(&scenario, |d| d.is_empty()).is_empty());
    assert!(c.shutdown().success());
}

#[test]
fn definition_references_and_rename_reach_every_file() {
    let Opened {
        _tmp,
        dir,
        path: _,
        text: scenario,
        uri,
        mut c,
    } = open_clean("caporetto-1917.scenario.ron");

    let at = position_of(&scenario, "at: \"gorizia\"", 0, 6);
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let map_text = std::fs::read_to_string(dir.join("map.ron")).unwrap();
    assert_eq!(def["uri"], file_uri(&dir.join("map.ron")));
    assert_eq!(
        def["range"]["start"],
        position_of(&map_text, "(id: \"gorizia\"", 0, 6)
    );

    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": at, "context": {"includeDeclaration": true}}),
    );
    let refs = refs.as_array().unwrap();
    let files: std::collections::BTreeSet<String> = refs
        .iter()
        .map(|r| {
            r["uri"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    for f in [
        "map.ron",
        "cards.ron",
        "caporetto-1917.scenario.ron",
        "intervention-1915.scenario.ron",
        "text.en.ron",
    ] {
        assert!(files.contains(f), "{f} not among {files:?}");
    }
    // map.ron: the definition and five links; the card `fall-of-gorizia` is another id
    let in_map = refs
        .iter()
        .filter(|r| r["uri"].as_str().unwrap().ends_with("map.ron"))
        .count();
    assert_eq!(in_map, 6);

    // rename: one workspace edit; applied, the folder checks clean and no `gorizia` is left
    let prepared = c.request(
        "textDocument/prepareRename",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    assert_eq!(prepared["placeholder"], "gorizia");
    let edit = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": at, "newName": "gorica"}),
    );
    let changes = edit["changes"].as_object().unwrap();
    assert!(changes.len() >= 5, "{changes:#?}");
    for (file_uri, edits) in changes {
        let path = std::path::PathBuf::from(file_uri.strip_prefix("file://").unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, apply(&text, edits.as_array().unwrap())).unwrap();
    }
    let report = orbat_validator::check(std::slice::from_ref(&dir)).unwrap();
    assert_eq!(report.diagnostics, [], "after rename");
    let all: String = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(
        !all.contains("\"gorizia\"")
            && !all.contains("{space:gorizia}")
            && !all.contains("space:gorizia\"")
    );
    assert!(
        all.contains("fall-of-gorizia"),
        "another id that holds the name is left alone"
    );

    // a rename onto an existing id is refused with a reason
    let refused = c.request_raw(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": at, "newName": "udine"}),
    );
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already a space"),
        "{refused}"
    );
    c.shutdown();
}

/// Applies LSP text edits (positions in UTF-16 code units) to a text.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let mut units = p["character"].as_u64().unwrap() as usize;
        let mut at = start;
        for c in text[start..].chars() {
            if units == 0 {
                break;
            }
            units -= c.len_utf16();
            at += c.len_utf8();
        }
        at
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_owned();
    for (a, b, new) in spans {
        out.replace_range(a..b, new);
    }
    out
}

#[test]
fn completion_offers_what_the_place_needs_and_hover_explains() {
    let Opened {
        _tmp,
        dir: _,
        path,
        text,
        uri,
        mut c,
    } = open_clean("caporetto-1917.scenario.ron");

    // a placement's `at:` offers spaces (with their English names), not units or cards
    let at = position_of(&text, "at: \"gorizia\"", 0, 5);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let items = items.as_array().unwrap();
    let gorizia = items
        .iter()
        .find(|i| i["label"] == "gorizia")
        .expect("gorizia offered");
    assert_eq!(gorizia["detail"], "space: Gorizia");
    assert!(
        items
            .iter()
            .all(|i| i["detail"].as_str().unwrap().starts_with("space"))
    );
    // a placement's `unit:` offers units
    let unit_at = position_of(&text, "(unit: \"", 0, 8);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": unit_at}),
    );
    let items = items.as_array().unwrap();
    assert!(
        !items.is_empty()
            && items
                .iter()
                .all(|i| i["detail"].as_str().unwrap().starts_with("unit"))
    );

    // a field name where one goes: the schema's fields of a placement
    let edited = text.replacen(
        "(unit: \"it-corps\", at: \"gorizia\", count: 2)",
        "(unit: \"it-corps\", at: \"gorizia\", co)",
        1,
    );
    c.change(&path, 2, &edited);
    c.published(&uri, 2);
    let field = position_of(&edited, "\"gorizia\", co)", 0, 13);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": field}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"count") && labels.contains(&"at"),
        "{labels:?}"
    );
    c.change(&path, 3, &text);
    c.published(&uri, 3);

    // hover on the space: its name and facts
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("**Gorizia**") && value.contains("links (5)") && value.contains("fort: 1"),
        "{value}"
    );
    c.shutdown();
}

#[test]
fn a_finding_with_a_fix_has_a_code_action_and_its_code_a_hover() {
    let (_tmp, dir) = game_copy("italian-front");
    let map = dir.join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    let mut c = Client::start(dir.parent().unwrap());
    let broken = text.replacen(
        "(a: \"gorizia\", b: \"san-michele\"",
        "(a: \"goriza\", b: \"san-michele\"",
        1,
    );
    c.open(&map, &broken);
    let uri = file_uri(&map);
    let diags = c.diagnostics(&uri, |d| !d.is_empty());
    let range = diags[0]["range"].clone();
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": diags}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Did you mean `gorizia`? Replace it");
    let edits = action["edit"]["changes"][&uri].as_array().unwrap();
    assert_eq!(apply(&broken, edits), text);

    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": range["start"]}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("**R002**") && value.contains("unresolved-reference"),
        "{value}"
    );
    c.shutdown();
}

/// A marker kind is named like the rest (text key `marker:<id>`): completion, hover and the
/// key in text.en.ron all know its name.
#[test]
fn a_marker_kind_has_its_name_in_completion_and_hover() {
    let Opened {
        _tmp,
        dir,
        path: _,
        text,
        uri,
        mut c,
    } = open_clean("caporetto-1917.scenario.ron");
    let at = position_of(&text, "(kind: \"fort-destroyed\"", 0, 8);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let trench = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "trench")
        .expect("trench offered")
        .clone();
    assert_eq!(trench["detail"], "marker kind: Trench");
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("**Fort destroyed** (marker kind `fort-destroyed`)"),
        "{value}"
    );
    // the text key is a use of the marker kind: hover there says what it names
    let en = dir.join("text.en.ron");
    let en_text = std::fs::read_to_string(&en).unwrap();
    c.open(&en, &en_text);
    let key = position_of(&en_text, "\"marker:trench\"", 0, 8);
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": file_uri(&en)}, "position": key}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("**Trench** (marker kind `trench`)"),
        "{value}"
    );
    c.shutdown();
}

#[test]
fn symbols_of_a_file_and_of_the_workspace() {
    let Opened {
        _tmp,
        dir: _,
        path: _,
        text: _,
        uri,
        mut c,
    } = open_clean("map.ron");
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"gorizia — Gorizia"), "{names:?}");
    let found = c.request("workspace/symbol", json!({"query": "gori"}));
    let found = found.as_array().unwrap();
    assert!(
        found.iter().any(|s| s["name"] == "Gorizia (gorizia)"),
        "{found:#?}"
    );
    c.shutdown();
}

#[test]
fn a_file_that_does_not_parse_gets_its_syntax_error_and_keeps_navigation() {
    let Opened {
        _tmp,
        dir: _,
        path: map,
        text,
        uri,
        mut c,
    } = open_clean("map.ron");
    let broken = text.replacen("(id: \"milano\",", "(id: \"milano\" x", 1);
    c.change(&map, 2, &broken);
    let diags = c.published(&uri, 2);
    assert!(
        diags[0]["code"].as_str().unwrap().starts_with('L'),
        "{diags:#?}"
    );
    assert_eq!(
        diags[0]["range"]["start"]["line"],
        position_of(&broken, "\"milano\" x", 0, 0)["line"]
    );
    // the last good model still answers
    let at = position_of(&broken, "(a: \"gorizia\"", 0, 5);
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": at, "context": {"includeDeclaration": false}}),
    );
    assert!(refs.as_array().unwrap().len() > 5, "{refs}");
    // and hover still knows the space from the last map.ron that loaded
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": at}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("**Gorizia**") && value.contains("links (5)"),
        "{value}"
    );
    c.shutdown();
}

#[test]
fn a_file_outside_any_game_folder_is_told_so() {
    let tmp = tempfile::tempdir().unwrap();
    let stray = tmp.path().join("notes.ron");
    std::fs::write(&stray, "(a: 1)").unwrap();
    let mut c = Client::start(tmp.path());
    c.open(&stray, "(a: 1)");
    let diags = c.diagnostics(&file_uri(&stray), |d| !d.is_empty());
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .contains("not an Orbat game file"),
        "{diags:#?}"
    );
    let shown = c.wait(|m| m["method"] == "window/showMessage");
    assert!(
        shown["params"]["message"]
            .as_str()
            .unwrap()
            .contains("notes.ron")
    );

    // a game file in a folder with no game.ron
    let lonely = tmp.path().join("map.ron");
    std::fs::write(&lonely, "(spaces: [], links: [])").unwrap();
    c.open(&lonely, "(spaces: [], links: [])");
    let diags = c.diagnostics(&file_uri(&lonely), |d| !d.is_empty());
    assert!(
        diags[0]["message"].as_str().unwrap().contains("game.ron"),
        "{diags:#?}"
    );
    c.shutdown();
}

#[test]
fn a_file_changed_on_disk_by_another_program_is_checked_again() {
    let (_tmp, dir) = game_copy("italian-front");
    let caps = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let mut c = Client::start_with(dir.parent().unwrap(), caps);
    // the server asks the client to watch the game files
    let register = c.wait(|m| m["method"] == "client/registerCapability");
    let reg = &register["params"]["registrations"][0];
    assert_eq!(reg["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        reg["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.ron"
    );
    let id = register["id"].clone();
    c.send(json!({"jsonrpc": "2.0", "id": id, "result": null}));
    // cards.ron is not open; another program breaks a reference in it
    let cards = dir.join("cards.ron");
    let uri = file_uri(&cards);
    assert!(c.diagnostics(&uri, |d| d.is_empty()).is_empty());
    let text = std::fs::read_to_string(&cards).unwrap();
    std::fs::write(
        &cards,
        text.replacen("spaces: [\"gorizia\"", "spaces: [\"goritz\"", 1),
    )
    .unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri, "type": 2}]}),
    );
    let diags = c.diagnostics(&uri, |d| !d.is_empty());
    assert_eq!(codes(&diags), ["R002"], "{diags:#?}");
    c.shutdown();
}
