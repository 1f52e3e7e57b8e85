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

/// The property names allowed by the schema object at `keyword_path` (the location of an
/// `additionalProperties` keyword, as jsonschema reports it), for "did you mean" suggestions.
pub fn known_properties(kind: FileKind, keyword_path: &str) -> Vec<String> {
    static SCHEMAS: [OnceLock<Value>; FileKind::ALL.len()] =
        [const { OnceLock::new() }; FileKind::ALL.len()];
    let slot = kind as usize;
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
