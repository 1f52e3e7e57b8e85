//! Hostile input: whatever an editor sends as a file's text, the server answers and lives on.
//! Fed as `didChange` contents: the fuzz fixtures that once broke the validator, nesting of
//! every construct far past the loader's limit, control characters, a long line, every
//! invalid fixture of the repository; and, when `ORBAT_LSP_CORPUS` names a folder (a fuzz
//! corpus of target `one_file`: first byte the file kind), every input in it.

mod client;

use std::path::{Path, PathBuf};

use client::{Client, file_uri};
use serde_json::json;

/// The file of the game copy an input's kind byte names (as the fuzz target `one_file`).
fn target(dir: &Path, kind: u8) -> PathBuf {
    let names = [
        "game.ron",
        "map.ron",
        "units.ron",
        "cards.ron",
        "text.en.ron",
        "caporetto-1917.scenario.ron",
    ];
    dir.join(names[usize::from(kind) % names.len()])
}

fn inputs() -> Vec<(u8, String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let mut add_fuzz_file = |path: &Path| {
        let bytes = std::fs::read(path).unwrap();
        if let Some((&kind, rest)) = bytes.split_first() {
            let text = String::from_utf8_lossy(rest).into_owned();
            out.push((kind, text, path.display().to_string()));
        }
    };
    for entry in std::fs::read_dir(root.join("tests/fixtures/fuzz")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap();
        if name.starts_with("one_file-") {
            add_fuzz_file(&path);
        }
    }
    if let Some(corpus) = std::env::var_os("ORBAT_LSP_CORPUS") {
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            add_fuzz_file(&f);
        }
    }
    for (kind, open, close) in [
        (1, "Some(", ")"),
        (1, "[", "]"),
        (1, "(", ")"),
        (4, "{", "}"),
    ] {
        let deep = format!("(backdrop: {}1{})", open.repeat(5000), close.repeat(5000));
        out.push((kind, deep, format!("{open} nested 5,000 deep")));
    }
    out.push((
        1,
        "(spaces: [(id: \"\u{1b}]0;x\u{7}\n::warning::INJECTED\")])".into(),
        "control characters".into(),
    ));
    out.push((
        1,
        format!(
            "(spaces: [], links: [], backdrop: None) // {}",
            "x".repeat(5_000_000)
        ),
        "a 5 MB line".into(),
    ));
    out.push((5, String::new(), "an empty file".into()));
    for entry in walk(&root.join("tests/fixtures/invalid")) {
        let name = entry.file_name().unwrap().to_str().unwrap().to_owned();
        let kind = match name.as_str() {
            "game.ron" => 0,
            "map.ron" => 1,
            "units.ron" => 2,
            "cards.ron" => 3,
            n if n.starts_with("text.") => 4,
            n if n.ends_with(".scenario.ron") => 5,
            _ => continue,
        };
        let text = String::from_utf8_lossy(&std::fs::read(&entry).unwrap()).into_owned();
        out.push((kind, text, entry.display().to_string()));
    }
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn every_hostile_text_gets_an_answer_and_the_server_lives_on() {
    let (_tmp, dir) = client::game_copy("italian-front");
    let mut c = Client::start(dir.parent().unwrap());
    let mut opened = std::collections::HashSet::new();
    let inputs = inputs();
    assert!(inputs.len() > 20, "the fixtures are there");
    for (n, (kind, text, what)) in inputs.iter().enumerate() {
        let path = target(&dir, *kind);
        let uri = file_uri(&path);
        let version = n as i32 + 2;
        if opened.insert(path.clone()) {
            let original = std::fs::read_to_string(&path).unwrap();
            c.open(&path, &original);
        }
        c.change(&path, version, text);
        // every change is checked and answered with the findings of that very version
        c.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        // and requests are still served on it (a position past a line's end is clamped)
        let hover = c.request_raw(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 3}}),
        );
        assert!(hover.get("error").is_none(), "{what}: {hover}");
        // completion and the outline in the middle of whatever the text is
        let middle = json!({"line": text.matches('\n').count() / 2, "character": 7});
        let params = json!({"textDocument": {"uri": uri}, "position": middle});
        let completion = c.request_raw("textDocument/completion", params);
        assert!(completion.get("error").is_none(), "{what}: {completion}");
        let outline = c.request_raw(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        );
        assert!(outline.get("error").is_none(), "{what}: {outline}");
        if n % 1000 == 999 {
            eprintln!("{} of {} inputs", n + 1, inputs.len());
        }
    }
    assert!(c.shutdown().success());
}
