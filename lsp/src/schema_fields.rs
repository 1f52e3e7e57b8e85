//! The field names the JSON Schema allows at a place in a file, with their descriptions, for
//! completing field names.

use std::sync::OnceLock;

use orbat_validator::FileKind;
use orbat_validator::schema::schema_json;
use serde_json::Value;

/// A field the schema allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub description: Option<String>,
}

fn schema(kind: FileKind) -> &'static Value {
    static SCHEMAS: [OnceLock<Value>; 6] = [const { OnceLock::new() }; 6];
    SCHEMAS[kind as usize].get_or_init(|| schema_json(kind))
}

/// The fields of the struct at `path` (field names and variants from the root, as
/// [`crate::context::Context::path`] gives them).
pub fn fields(kind: FileKind, path: &[String]) -> Vec<Field> {
    let root = schema(kind);
    let mut nodes = vec![root];
    for token in path {
        nodes = nodes
            .into_iter()
            .flat_map(|n| branches(root, n))
            .filter_map(|n| n.get("properties").and_then(|p| p.get(token)))
            .collect();
    }
    let mut out: Vec<Field> = Vec::new();
    for node in nodes.into_iter().flat_map(|n| branches(root, n)) {
        let Some(props) = node.get("properties").and_then(Value::as_object) else {
            continue;
        };
        for (name, prop) in props {
            if out.iter().any(|f| &f.name == name) {
                continue;
            }
            let description = branches(root, prop)
                .into_iter()
                .chain([prop])
                .find_map(|p| p.get("description").and_then(Value::as_str))
                .map(str::to_owned);
            out.push(Field {
                name: name.clone(),
                description,
            });
        }
    }
    out
}

/// A schema node with references followed, lists opened to their items and alternatives
/// (`anyOf`, `oneOf`: an `Option`, an enum's variants) spread out.
fn branches<'s>(root: &'s Value, node: &'s Value) -> Vec<&'s Value> {
    let mut out = Vec::new();
    let mut todo = vec![node];
    let mut seen = 0;
    while let Some(n) = todo.pop() {
        seen += 1;
        if seen > 64 {
            break;
        }
        if let Some(r) = n.get("$ref").and_then(Value::as_str) {
            if let Some(target) = r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                todo.push(target);
            }
            continue;
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(list) = n.get(key).and_then(Value::as_array) {
                todo.extend(list);
            }
        }
        if let Some(items) = n.get("items") {
            todo.push(items);
        }
        if let Some(items) = n.get("prefixItems").and_then(Value::as_array) {
            todo.extend(items);
        }
        if let Some(values) = n.get("additionalProperties").filter(|v| v.is_object()) {
            todo.push(values);
        }
        out.push(n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(kind: FileKind, path: &[&str]) -> Vec<String> {
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        fields(kind, &path).into_iter().map(|f| f.name).collect()
    }

    #[test]
    fn a_space_and_a_link_have_their_fields() {
        let space = names(FileKind::Map, &["spaces"]);
        for f in ["id", "x", "y", "kind", "terrain", "areas", "control"] {
            assert!(space.contains(&f.to_owned()), "{f} in {space:?}");
        }
        let link = names(FileKind::Map, &["links"]);
        assert!(link.contains(&"a".to_owned()) && link.contains(&"only_while".to_owned()));
        assert!(!link.contains(&"terrain".to_owned()));
    }

    #[test]
    fn the_root_and_a_text_entry() {
        let root = names(FileKind::Map, &[]);
        assert!(root.contains(&"spaces".to_owned()) && root.contains(&"links".to_owned()));
        let entry = names(FileKind::Text, &["entries"]);
        assert!(entry.contains(&"name".to_owned()), "{entry:?}");
        assert!(names(FileKind::Map, &["nothing"]).is_empty());
    }
}
