//! JSON Schemas of the file kinds, generated from the model types.
//!
//! The committed files in `schemas/` are these schemas; a test fails when they drift
//! (`ORBAT_BLESS=1 cargo test -p orbat-tests --test schemas` rewrites them).

use std::sync::OnceLock;

use serde_json::Value;

use crate::file_kind::{FileKind, GameFile, PerKind};

/// Every file kind with its schema's file name in `schemas/`.
pub fn schema_files() -> impl Iterator<Item = (FileKind, &'static str)> {
    FileKind::ALL.into_iter().map(|k| (k, k.schema_file()))
}

/// The JSON Schema (draft 2020-12) of a file kind.
pub fn schema_json(kind: FileKind) -> Value {
    struct SchemaOf;
    impl PerKind for SchemaOf {
        type Out = schemars::Schema;
        fn run<T: GameFile>(self) -> schemars::Schema {
            schemars::schema_for!(T)
        }
    }
    let mut schema = kind.with_type(SchemaOf);
    schema.insert(
        "$id".into(),
        format!("https://orbat.dev/schemas/{}", kind.schema_file()).into(),
    );
    schema.to_value()
}

/// The compiled validator of a file kind, built once per process.
pub fn validator(kind: FileKind) -> &'static jsonschema::Validator {
    static VALIDATORS: [OnceLock<jsonschema::Validator>; FileKind::ALL.len()] =
        [const { OnceLock::new() }; FileKind::ALL.len()];
    let slot = kind as usize;
    VALIDATORS[slot].get_or_init(|| {
        jsonschema::draft202012::new(&schema_json(kind)).expect("generated schemas compile")
    })
}

/// The schema nodes a keyword path passes through from the root (`$ref`s followed), up to
/// the keyword `stop`.
fn nodes_on(kind: FileKind, keyword_path: &str, stop: &str) -> Vec<&'static Value> {
    static SCHEMAS: [OnceLock<Value>; FileKind::ALL.len()] =
        [const { OnceLock::new() }; FileKind::ALL.len()];
    let schema = SCHEMAS[kind as usize].get_or_init(|| schema_json(kind));
    let mut nodes = vec![schema];
    for token in keyword_path.split('/').skip(1) {
        if token == stop {
            break;
        }
        let node = nodes[nodes.len() - 1];
        let next = if token == "$ref" {
            node.get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix('#'))
                .and_then(|p| schema.pointer(p))
        } else {
            node.get(token.replace("~1", "/").replace("~0", "~"))
        };
        match next {
            Some(n) => nodes.push(n),
            None => return Vec::new(),
        }
    }
    nodes
}

/// The property names the schema allows where an `additionalProperties` error was raised
/// (for did-you-mean suggestions).
pub fn known_properties(kind: FileKind, keyword_path: &str) -> Vec<String> {
    nodes_on(kind, keyword_path, "additionalProperties")
        .last()
        .and_then(|n| n.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The description of the field whose `pattern` an error names: what the field asks for,
/// in the model's own words.
pub fn description_at(kind: FileKind, keyword_path: &str) -> Option<&'static str> {
    nodes_on(kind, keyword_path, "pattern")
        .iter()
        .rev()
        .find_map(|n| n.get("description").and_then(Value::as_str))
}
