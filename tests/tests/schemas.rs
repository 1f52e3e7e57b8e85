//! The committed schemas in `schemas/` must equal the ones generated from the Rust model, and
//! every property in them must carry a description.

use std::path::PathBuf;

use orbat_validator::schema::{schema_files, schema_json};
use serde_json::Value;

fn schemas_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

#[test]
fn committed_schemas_match_the_model() {
    let bless = std::env::var_os("ORBAT_BLESS").is_some();
    let mut stale = Vec::new();
    for (kind, file) in schema_files() {
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
    for (kind, file) in schema_files() {
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
    for (kind, _) in schema_files() {
        let s = schema_json(kind);
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    }
}
