//! The committed schemas in `schemas/` must equal the ones generated from the Rust model, and
//! every property in them must carry a description.

use std::path::PathBuf;

use orbat_validator::schema::{SCHEMA_FILES, schema_json};
use serde_json::Value;

fn schemas_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

#[test]
fn committed_schemas_match_the_model() {
    let bless = std::env::var_os("ORBAT_BLESS").is_some();
    let mut stale = Vec::new();
    for (kind, file) in SCHEMA_FILES {
        let path = schemas_dir().join(file);
        let generated = serde_json::to_string_pretty(&schema_json(kind)).unwrap() + "\n";
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != generated {
            if bless {
                std::fs::write(&path, &generated).unwrap();
            } else {
                stale.push(file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "schemas/{stale:?} differ from the model in validator/src/model/.\n\
         If the model change is intended, regenerate them with:\n    ORBAT_BLESS=1 cargo test -p orbat-tests --test schemas\n\
         and commit the result."
    );
}

/// Walks a schema and collects the pointers of properties without a description.
fn undocumented(node: &Value, at: &str, out: &mut Vec<String>) {
    match node {
        Value::Object(map) => {
            // an externally tagged enum variant `{"Limit": n}` is described on its wrapper
            let variant_wrapper = map.get("description").is_some()
                && map
                    .get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| p.len() == 1);
            if let Some(Value::Object(props)) = map.get("properties") {
                for (name, prop) in props {
                    if prop.get("description").is_none() && !variant_wrapper {
                        out.push(format!("{at}/properties/{name}"));
                    }
                }
            }
            for (k, v) in map {
                undocumented(v, &format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                undocumented(v, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_property_has_a_description() {
    let mut missing = Vec::new();
    for (kind, file) in SCHEMA_FILES {
        let mut found = Vec::new();
        undocumented(&schema_json(kind), "", &mut found);
        missing.extend(found.into_iter().map(|p| format!("{file}#{p}")));
    }
    assert!(
        missing.is_empty(),
        "properties without a description (add a doc comment to the field):\n{}",
        missing.join("\n")
    );
}

#[test]
fn schemas_are_draft_2020_12() {
    for (kind, _) in SCHEMA_FILES {
        let s = schema_json(kind);
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    }
}

/// Every `.ron` file of the repository (games, fixtures valid and invalid), with its kind.
fn repository_files() -> Vec<(orbat_validator::FileKind, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let mut dirs = vec![
        root.join("scenarios"),
        root.join("tests/fixtures"),
        root.join("editor/tests/fixtures"),
    ];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Some(kind) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(orbat_validator::FileKind::of)
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push((kind, text));
            }
        }
    }
    out
}

/// Small damages a hand or a merge makes: a value of the wrong type or range, a field
/// renamed or dropped, an enum variant misspelt.
fn damaged(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (from, to) in [
        ("1", "-1"),
        ("1", "1.5"),
        ("1", "4294967296"),
        ("1", "\"1\""),
        ("true", "1"),
        ("\"", "1, \""),
        ("id:", "idd:"),
        ("Some(", "Some(Some("),
        ("Limit", "Limt"),
        ("[", "[["),
        ("(", "(x: 1, "),
    ] {
        for (i, _) in text.match_indices(from).take(40) {
            let mut t = text.to_owned();
            t.replace_range(i..i + from.len(), to);
            out.push(t);
        }
    }
    // structs written as tuples of their field values (`("Verdun", Some("..."))`)
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
    // each line dropped in turn (a field gone)
    let lines: Vec<&str> = text.lines().collect();
    for skip in 0..lines.len().min(60) {
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

/// The loader reads most files straight into the model (`load/direct.rs`) and schema-checks
/// only those it cannot read so (the JSON path). That is sound only if the direct path is
/// never more lenient than the schema: checked here on every repository file and on thousands
/// of damaged copies. (serde alone is more lenient: it reads a struct written as a tuple of its
/// field values, which the schema refuses; found by fuzzing.)
#[test]
fn a_file_read_directly_is_valid_against_its_schema() {
    let mut compared = 0;
    let mut read = 0;
    let mut lenient = Vec::new();
    for (kind, text) in repository_files() {
        for t in std::iter::once(text.clone()).chain(damaged(&text)) {
            compared += 1;
            let direct = orbat_validator::load::direct::agrees_with_json(kind, &t)
                .unwrap_or_else(|e| panic!("{e}\n{t}"));
            if !direct {
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
