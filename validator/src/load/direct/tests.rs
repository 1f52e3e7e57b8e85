//! The direct path against the JSON path on strings and options in every written form.

use super::agrees_with_json;
use super::seen::{SEEN_IN_PLACE, Seen};
use crate::load::FileKind;

#[test]
fn strings_and_options_read_as_the_json_path_reads_them() {
    let entry = |value: &str| format!(r#"(language: "it", entries: {{"game": {value}}})"#);
    // read directly, to the same model as the JSON path
    for value in [
        r#"(name: "a", text: Some("b"))"#,
        r#"(name: "a", text: Some( "b" , ))"#,
        r#"(name: "a", text: "b")"#,
        r#"(name: "a", text: None)"#,
        r#"(name: "a\"q", text: Some("line\nbreak"))"#,
        // a bare name stands for the string, as a unit variant's name does
        r#"(name: a, text: Somebody)"#,
    ] {
        assert_eq!(
            agrees_with_json(FileKind::Text, &entry(value)),
            Ok(true),
            "{value}"
        );
    }
    // not in the direct path's subset, or wrong: it gives up (the JSON path explains)
    for value in [
        r#"(name: "a", text: Some("b", "c"))"#,
        r#"(name: "a", text: Some "b")"#,
        r#"(name: "a", text: Some())"#,
        r#"(name: 1, text: None)"#,
        r#"(name: "a", text: Some(None))"#,
    ] {
        assert_eq!(
            agrees_with_json(FileKind::Text, &entry(value)),
            Ok(false),
            "{value}"
        );
    }
}

#[test]
fn a_repeated_key_is_caught_before_and_after_the_set_is_built() {
    let keys: Vec<String> = (0..3 * SEEN_IN_PLACE).map(|i| format!("k{i}")).collect();
    let mut seen = Seen::default();
    for (i, key) in keys.iter().enumerate() {
        assert!(seen.insert(key), "first sight of {key}");
        // every key seen so far is refused a second time, in place or in the set
        assert!(!seen.insert(&keys[0]));
        assert!(!seen.insert(&keys[i]));
    }
    assert!(seen.insert("new"));
}

/// The untyped read (spans without a model) covers the shipped games' files but for enum
/// values with content, and gives the typed read's spans (`agrees_with_json` checks that on
/// every file `tests/tests/direct.rs` and the fuzz target `one_file` see).
#[test]
fn game_files_are_indexed_without_a_model() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut untyped = 0;
    for game in std::fs::read_dir(&root).unwrap() {
        for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let Some(kind) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(FileKind::of)
            else {
                continue;
            };
            let text = std::fs::read_to_string(&path).unwrap();
            let typed = super::read_spans_typed(kind, &text).unwrap();
            if let Some(spans) = super::spans_untyped(&text) {
                assert_eq!(spans, typed, "{}", path.display());
                untyped += 1;
            }
        }
    }
    assert!(untyped >= 20, "{untyped}");
}
