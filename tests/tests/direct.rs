//! The loader reads most files straight into the model (`validator/src/load/direct.rs`) and
//! falls back to the JSON value (and the schema check) when that path gives up. A file the
//! direct path reads must give exactly what the JSON path gives (the same model and the same
//! span index), and must be valid against its schema, since it is not schema-checked. Checked on
//! every RON file of the repository, on thousands of damaged copies, and on a generated game.
//! In front of it, hand-written readers (`validator/src/load/by_hand/`) read the largest file
//! kinds: whatever they read must be what the direct path reads, checked on the same texts.

use std::path::PathBuf;

use orbat_validator::FileKind;
use orbat_validator::load::{by_hand, direct};

/// What the direct path did with one text.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// Read, and equal to the JSON path's model and spans.
    Same,
    /// Gave up (the JSON path explains).
    GaveUp,
}

fn compare_kind(kind: FileKind, text: &str) -> Outcome {
    // the hand-written readers in front of it must read what it reads, or give up
    if let Err(e) = by_hand::agrees_with_direct(kind, text) {
        panic!("{e}\nfor the text:\n{text}");
    }
    match direct::agrees_with_json(kind, text) {
        Ok(true) => Outcome::Same,
        Ok(false) => Outcome::GaveUp,
        Err(e) => panic!("{e}\nfor the text:\n{text}"),
    }
}

/// Every `.ron` game file under the given folders, with its kind.
fn files_under(dirs: &[PathBuf]) -> Vec<(FileKind, PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = dirs.to_vec();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Some(kind) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(FileKind::of)
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push((kind, path, text));
            }
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_valid_game_file_is_read_directly_and_identically() {
    let dirs = [
        root().join("scenarios"),
        root().join("tests/fixtures/valid"),
        root().join("editor/tests/fixtures"),
    ];
    let files = files_under(&dirs);
    assert!(files.len() > 40, "{} files", files.len());
    for (kind, path, text) in files {
        assert_eq!(
            compare_kind(kind, &text),
            Outcome::Same,
            "the direct path gave up on {}",
            path.display()
        );
    }
}

#[test]
fn a_generated_game_is_read_directly_and_identically() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("g");
    orbat_gen::generate(&orbat_gen::Params::small(), 7)
        .write(&dir, orbat_gen::Format::Ron)
        .expect("generate");
    for (kind, path, text) in files_under(&[dir]) {
        assert_eq!(
            compare_kind(kind, &text),
            Outcome::Same,
            "gave up on {}",
            path.display()
        );
    }
}

/// The kinds read by hand, all of them: every valid file is (the readers are there for speed,
/// and a reader that gave up on real files would silently cost it).
const BY_HAND: [FileKind; 6] = [
    FileKind::Game,
    FileKind::Text,
    FileKind::Map,
    FileKind::Units,
    FileKind::Cards,
    FileKind::Scenario,
];

#[test]
fn every_valid_file_of_the_largest_kinds_is_read_by_hand() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let generated = tmp.path().join("g");
    orbat_gen::generate(&orbat_gen::Params::small(), 7)
        .write(&generated, orbat_gen::Format::Ron)
        .expect("generate");
    let dirs = [
        root().join("scenarios"),
        root().join("tests/fixtures/valid"),
        root().join("editor/tests/fixtures"),
        generated,
    ];
    let mut read = 0;
    for (kind, path, text) in files_under(&dirs) {
        if BY_HAND.contains(&kind) {
            assert_eq!(
                by_hand::agrees_with_direct(kind, &text),
                Ok(true),
                "not read by hand: {}",
                path.display()
            );
            read += 1;
        } else {
            assert!(by_hand::read(kind, &text).is_none());
        }
    }
    assert!(read > 20, "only {read} files");
}

#[test]
fn on_damaged_files_the_hand_written_readers_agree_or_give_up() {
    let dirs = [root().join("scenarios"), root().join("tests/fixtures")];
    let (mut same, mut gave_up) = (0, 0);
    for (kind, _, text) in files_under(&dirs) {
        if !BY_HAND.contains(&kind) {
            continue;
        }
        for t in damaged(&text) {
            match by_hand::agrees_with_direct(kind, &t) {
                Ok(true) => same += 1,
                Ok(false) => gave_up += 1,
                Err(e) => panic!("{e}\nfor the text:\n{t}"),
            }
        }
    }
    assert!(
        same > 300 && gave_up > 300,
        "{same} read, {gave_up} given up"
    );
}

/// Small damages: wrong types, unknown and missing fields, options written both ways,
/// enum forms, duplicate keys, bad syntax.
fn damaged(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (from, to) in [
        ("1", "-1"),
        ("1", "1.5"),
        ("1", "4294967296"),
        ("1", "\"1\""),
        ("true", "1"),
        ("Some(", "Some(Some("),
        ("Some(", "("),
        ("Some(\"", "Some(\"x\", \""),
        ("None", "Some(None)"),
        ("Limit", "Limt"),
        ("Limit(", "Unlimited("),
        ("[", "[["),
        ("(", "(x: 1, "),
        ("\"", "1, \""),
        ("id:", "idd:"),
        ("(id", "(id: \"dup\", id"),
        ("{\"", "{\"a\": 1, \"a\": 2, \""),
        (", ", " "),
        (": ", ":"),
        ("\"", "r\""),
        (")", ",)"),
        ("]", ",]"),
    ] {
        for (i, _) in text.match_indices(from).take(30) {
            let mut t = text.to_owned();
            t.replace_range(i..i + from.len(), to);
            out.push(t);
        }
    }
    // structs written as tuples of their field values (`("Verdun", Some("..."))`): serde
    // reads those, the schema does not (found by fuzzing)
    out.push(
        text.replace("name: ", "")
            .replace("text: ", "")
            .replace("source: ", ""),
    );
    out.push(
        text.replace("(id: ", "(")
            .replace(", x: ", ", ")
            .replace(", y: ", ", "),
    );
    let lines: Vec<&str> = text.lines().collect();
    for skip in 0..lines.len().min(40) {
        let t: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, l)| *l)
            .collect();
        out.push(t.join("\n"));
    }
    out
}

#[test]
fn on_damaged_files_the_direct_path_agrees_or_gives_up() {
    let dirs = [root().join("scenarios"), root().join("tests/fixtures")];
    let (mut same, mut gave_up) = (0, 0);
    for (kind, _, text) in files_under(&dirs) {
        for t in damaged(&text) {
            match compare_kind(kind, &t) {
                Outcome::Same => same += 1,
                Outcome::GaveUp => gave_up += 1,
            }
        }
    }
    // both outcomes must occur, or the damages test nothing
    assert!(
        same > 500 && gave_up > 500,
        "{same} read, {gave_up} given up"
    );
}

/// A file the direct path reads is not schema-checked: that path must never be more lenient
/// than the schema. (serde alone is: it reads a struct written as a tuple of its field values,
/// which the schema refuses; found by fuzzing, `tests/fixtures/fuzz/`.)
#[test]
fn a_file_read_directly_is_valid_against_its_schema() {
    let dirs = [root().join("scenarios"), root().join("tests/fixtures")];
    let (mut compared, mut read) = (0, 0);
    let mut lenient = Vec::new();
    for (kind, _, text) in files_under(&dirs) {
        for t in std::iter::once(text.clone()).chain(damaged(&text)) {
            compared += 1;
            if compare_kind(kind, &t) == Outcome::GaveUp {
                continue;
            }
            read += 1;
            let (parsed, _) = orbat_validator::load::ron_json::parse(&t).expect("parses");
            if !orbat_validator::schema::validator(kind).is_valid(&parsed.value) {
                lenient.push(t.chars().take(300).collect::<String>());
            }
        }
    }
    assert!(compared > 2000, "only {compared} documents compared");
    assert!(
        read > 100 && read < compared,
        "{read} of {compared} read directly"
    );
    assert!(
        lenient.is_empty(),
        "{} documents read directly but fail the schema, e.g.:\n{}",
        lenient.len(),
        lenient[0]
    );
}
