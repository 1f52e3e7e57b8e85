//! JSON Schemas of the six file kinds, generated from the model types.
//!
//! The committed files in `schemas/` are these schemas; a test fails when they drift
//! (`ORBAT_BLESS=1 cargo test -p orbat-tests --test schemas` rewrites them).

use std::sync::OnceLock;

use serde_json::Value;

use crate::FileKind;
use crate::model::{CardsFile, Game, MapFile, Scenario, TextFile, UnitsFile};

/// Every file kind that has a schema, with the schema's file name in `schemas/`.
pub const SCHEMA_FILES: [(FileKind, &str); 6] = [
    (FileKind::Game, "game.schema.json"),
    (FileKind::Map, "map.schema.json"),
    (FileKind::Units, "units.schema.json"),
    (FileKind::Cards, "cards.schema.json"),
    (FileKind::Text, "text.schema.json"),
    (FileKind::Scenario, "scenario.schema.json"),
];

/// The JSON Schema (draft 2020-12) of a file kind.
pub fn schema_json(kind: FileKind) -> Value {
    let mut schema = match kind {
        FileKind::Game => schemars::schema_for!(Game),
        FileKind::Map => schemars::schema_for!(MapFile),
        FileKind::Units => schemars::schema_for!(UnitsFile),
        FileKind::Cards => schemars::schema_for!(CardsFile),
        FileKind::Text => schemars::schema_for!(TextFile),
        FileKind::Scenario => schemars::schema_for!(Scenario),
    };
    let file = schema_file_name(kind);
    schema.insert(
        "$id".into(),
        format!("https://orbat.dev/schemas/{file}").into(),
    );
    schema.to_value()
}

/// The compiled validator of a file kind, built once per process.
pub fn validator(kind: FileKind) -> &'static jsonschema::Validator {
    static VALIDATORS: [OnceLock<jsonschema::Validator>; 6] = [const { OnceLock::new() }; 6];
    let slot = SCHEMA_FILES
        .iter()
        .position(|(k, _)| *k == kind)
        .expect("every kind has a schema");
    VALIDATORS[slot].get_or_init(|| {
        jsonschema::draft202012::new(&schema_json(kind)).expect("generated schemas compile")
    })
}

/// The property names allowed by the schema object at `keyword_path` (the location of an
/// `additionalProperties` keyword, as jsonschema reports it), for "did you mean" suggestions.
pub fn known_properties(kind: FileKind, keyword_path: &str) -> Vec<String> {
    static SCHEMAS: [OnceLock<Value>; 6] = [const { OnceLock::new() }; 6];
    let slot = SCHEMA_FILES
        .iter()
        .position(|(k, _)| *k == kind)
        .expect("every kind has a schema");
    let schema = SCHEMAS[slot].get_or_init(|| schema_json(kind));
    let mut node = schema;
    for token in keyword_path.split('/').skip(1) {
        if token == "additionalProperties" {
            break;
        }
        let next = if token == "$ref" {
            node.get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix('#'))
                .and_then(|p| schema.pointer(p))
        } else {
            node.get(token.replace("~1", "/").replace("~0", "~"))
        };
        match next {
            Some(n) => node = n,
            None => return Vec::new(),
        }
    }
    node.get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The file name of a kind's schema in `schemas/`.
pub fn schema_file_name(kind: FileKind) -> &'static str {
    SCHEMA_FILES
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, f)| *f)
        .expect("every kind has a schema")
}
