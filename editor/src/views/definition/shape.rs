//! What a JSON Schema (as schemars writes the model's) says a value looks like: a flag, a
//! number in a range, a text, named values, an enum whose variants carry values, an optional
//! value, a list, a tuple, an object's fields, a map, or anything; read once per value drawn.

use serde_json::{Map, Value};

/// The shape of a value, read off its schema.
#[derive(Clone)]
pub(super) enum Shape<'s> {
    Bool,
    Int {
        min: Option<f64>,
        max: Option<f64>,
    },
    Number,
    Text,
    /// Named values (a unit-only enum).
    Named(Vec<(&'s str, &'s str)>),
    /// An enum with values: each variant is a name alone or `{name: value}`.
    Variants(Vec<Variant<'s>>),
    /// A value or nothing: the value's shape, and its schema.
    Optional(Box<Shape<'s>>, &'s Value),
    List(&'s Value),
    Tuple(&'s [Value]),
    Fields(&'s Map<String, Value>),
    /// A map from keys to values (`attrs`, `under`).
    Keyed,
    /// Any of several types (an attribute's value): edited by the type it has now.
    Any,
}

#[derive(Clone)]
pub(super) struct Variant<'s> {
    pub name: &'s str,
    /// The schema of its value; None for a variant that is its name alone.
    pub value: Option<&'s Value>,
    pub about: &'s str,
}

pub(super) fn text<'s>(v: &'s Value, key: &str) -> &'s str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// A file's whole schema, for `$ref`.
pub(super) struct Schema<'a> {
    pub root: &'a Value,
}

impl<'a> Schema<'a> {
    pub fn resolve(&self, s: &'a Value) -> &'a Value {
        match s.get("$ref").and_then(Value::as_str) {
            Some(r) => r
                .strip_prefix("#/$defs/")
                .and_then(|name| self.root.get("$defs")?.get(name))
                .unwrap_or(s),
            None => s,
        }
    }

    pub fn shape(&self, schema: &'a Value) -> Shape<'a> {
        let s = self.resolve(schema);
        if let Some(alts) = s.get("oneOf").and_then(Value::as_array) {
            return self.variants(alts);
        }
        if let Some(alts) = s.get("anyOf").and_then(Value::as_array) {
            let not_null: Vec<&Value> = alts.iter().filter(|a| text(a, "type") != "null").collect();
            return match not_null.as_slice() {
                [one] if alts.len() == 2 => Shape::Optional(Box::new(self.shape(one)), one),
                _ => Shape::Any,
            };
        }
        match s.get("type") {
            // `Option<T>` of a plain type: `"type": ["string", "null"]`
            Some(Value::Array(types)) if types.len() == 2 && types.iter().any(|t| t == "null") => {
                let ty = types
                    .iter()
                    .filter_map(Value::as_str)
                    .find(|t| *t != "null")
                    .unwrap_or("");
                Shape::Optional(Box::new(self.typed(s, ty)), s)
            }
            Some(Value::String(t)) => self.typed(s, t),
            _ => Shape::Any,
        }
    }

    /// The shape of a schema of one JSON type.
    fn typed(&self, s: &'a Value, ty: &str) -> Shape<'a> {
        match ty {
            "boolean" => Shape::Bool,
            "integer" => Shape::Int {
                min: s.get("minimum").and_then(Value::as_f64),
                max: s.get("maximum").and_then(Value::as_f64),
            },
            "number" => Shape::Number,
            "string" => match s.get("enum").and_then(Value::as_array) {
                Some(names) => Shape::Named(
                    names
                        .iter()
                        .filter_map(Value::as_str)
                        .map(|n| (n, ""))
                        .collect(),
                ),
                None => Shape::Text,
            },
            "array" => match (s.get("prefixItems"), s.get("items")) {
                (Some(Value::Array(items)), _) => Shape::Tuple(items),
                (_, Some(items)) => Shape::List(items),
                _ => Shape::Any,
            },
            "object" => match (s.get("properties"), s.get("additionalProperties")) {
                (Some(Value::Object(fields)), _) => Shape::Fields(fields),
                (_, Some(v)) if v.is_object() => Shape::Keyed,
                _ => Shape::Any,
            },
            _ => Shape::Any,
        }
    }

    fn variants(&self, alts: &'a [Value]) -> Shape<'a> {
        let mut out = Vec::new();
        for alt in alts {
            let about = text(alt, "description");
            if let Some(name) = alt.get("const").and_then(Value::as_str) {
                out.push(Variant {
                    name,
                    value: None,
                    about,
                });
            } else if let Some(names) = alt.get("enum").and_then(Value::as_array) {
                out.extend(names.iter().filter_map(Value::as_str).map(|name| Variant {
                    name,
                    value: None,
                    about,
                }));
            } else if let Some((name, value)) = alt
                .get("properties")
                .and_then(Value::as_object)
                .filter(|p| p.len() == 1)
                .and_then(|p| p.iter().next())
            {
                out.push(Variant {
                    name,
                    value: Some(value),
                    about,
                });
            } else {
                return Shape::Any;
            }
        }
        if out.iter().all(|v| v.value.is_none()) {
            Shape::Named(out.into_iter().map(|v| (v.name, v.about)).collect())
        } else {
            Shape::Variants(out)
        }
    }
}
