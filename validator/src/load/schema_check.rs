//! Schema validation with located, readable messages: every error, not the first.

use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

use super::{FileKind, SourceFile, codes, spans::child};
use crate::diagnostic::Diagnostic;
use crate::suggest::did_you_mean;

/// Checks `value` against the schema of `kind`, pushing one diagnostic per error.
pub fn check(src: &SourceFile, kind: FileKind, value: &Value, out: &mut Vec<Diagnostic>) {
    let validator = crate::schema::validator(kind);
    for error in validator.iter_errors(value) {
        let pointer = error.instance_path().as_str().to_owned();
        let keyword_path = error.schema_path().as_str().to_owned();
        let found = describe(value.pointer(&pointer));
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                let known = crate::schema::known_properties(kind, &keyword_path);
                for name in unexpected {
                    let at = child(&pointer, name);
                    let help = did_you_mean(name, known.iter().map(String::as_str))
                        .map(|s| format!("did you mean `{s}`?"))
                        .unwrap_or_else(|| {
                            if known.is_empty() {
                                "remove this field".into()
                            } else {
                                format!(
                                    "remove it; the fields allowed here are: {}",
                                    known.join(", ")
                                )
                            }
                        });
                    out.push(
                        Diagnostic::new(
                            &codes::S002,
                            format!("unknown field `{name}`"),
                            src.at_key(&at),
                        )
                        .with_label("not a field of this value")
                        .with_help(help),
                    );
                }
            }
            ValidationErrorKind::Required { property } => {
                let name = property.as_str().unwrap_or_default();
                out.push(
                    Diagnostic::new(
                        &codes::S003,
                        format!("missing field `{name}`"),
                        src.at(&pointer),
                    )
                    .with_label(format!("`{name}` is required here"))
                    .with_help(format!(
                        "add `{name}: ...`; see `schemas/` for what it holds"
                    )),
                );
            }
            ValidationErrorKind::Type { kind } => {
                let expected = match kind {
                    TypeKind::Single(t) => type_name(&t.to_string()).to_owned(),
                    TypeKind::Multiple(ts) => {
                        let names: Vec<_> = ts
                            .iter()
                            .map(|t| type_name(&t.to_string()).to_owned())
                            .collect();
                        names.join(" or ")
                    }
                };
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("expected {expected}, found {found}"),
                        src.at(&pointer),
                    )
                    .with_label(format!("expected {expected}")),
                );
            }
            ValidationErrorKind::Minimum { limit }
            | ValidationErrorKind::ExclusiveMinimum { limit } => {
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("{found} is below the smallest allowed value, {limit}"),
                        src.at(&pointer),
                    )
                    .with_label(format!("must be at least {limit}")),
                );
            }
            ValidationErrorKind::Maximum { limit }
            | ValidationErrorKind::ExclusiveMaximum { limit } => {
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("{found} is above the largest allowed value, {limit}"),
                        src.at(&pointer),
                    )
                    .with_label(format!("must be at most {limit}")),
                );
            }
            ValidationErrorKind::MinItems { limit } | ValidationErrorKind::MaxItems { limit } => {
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("expected a list of exactly {limit} items, found {found}"),
                        src.at(&pointer),
                    )
                    .with_label("wrong number of items"),
                );
            }
            ValidationErrorKind::Enum { options } => {
                let names = list_options(options);
                let got = value
                    .pointer(&pointer)
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let help = did_you_mean(got, names.iter().map(String::as_str))
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("use one of: {}", names.join(", ")));
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("{found} is not one of the allowed values"),
                        src.at(&pointer),
                    )
                    .with_label("not allowed here")
                    .with_help(help),
                );
            }
            ValidationErrorKind::OneOfNotValid { context }
            | ValidationErrorKind::AnyOf { context } => {
                // an optional text of a set form (`anyOf: [Colour, null]`): say that form
                let inner = context.iter().flatten().find_map(|e| match e.kind() {
                    ValidationErrorKind::Pattern { pattern } => Some((e, pattern)),
                    _ => None,
                });
                if let Some((e, pattern)) = inner {
                    let path = e.schema_path().as_str().to_owned();
                    out.push(not_in_form(src, kind, &pointer, &path, pattern, &found));
                    continue;
                }
                let variants = variant_names(context);
                let got = variant_of(value.pointer(&pointer));
                let help = did_you_mean(&got, variants.iter().map(String::as_str))
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| {
                        format!(
                            "write one of: {}",
                            variants
                                .iter()
                                .map(|v| format!("`{v}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    });
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        format!("{found} is not a valid choice here"),
                        src.at(&pointer),
                    )
                    .with_label("not one of the allowed forms")
                    .with_help(help),
                );
            }
            ValidationErrorKind::Pattern { pattern } => {
                out.push(not_in_form(
                    src,
                    kind,
                    &pointer,
                    &keyword_path,
                    pattern,
                    &found,
                ));
            }
            other => {
                let _ = other;
                out.push(
                    Diagnostic::new(
                        &codes::S001,
                        lowercase_first(&error.to_string()),
                        src.at(&pointer),
                    )
                    .with_label("does not match the schema"),
                );
            }
        }
    }
}

/// A text that does not match its field's pattern: what was found, and the field's own
/// description of its form (the pattern itself only when there is none).
fn not_in_form(
    src: &SourceFile,
    kind: FileKind,
    pointer: &str,
    keyword_path: &str,
    pattern: &str,
    found: &str,
) -> Diagnostic {
    let help = match crate::schema::description_at(kind, keyword_path) {
        Some(d) => d.to_owned(),
        None => format!("write it to match the pattern `{pattern}`"),
    };
    Diagnostic::new(
        &codes::S001,
        format!("{found} is not written in the form this field asks for"),
        src.at(pointer),
    )
    .with_label("not in the expected form")
    .with_help(help)
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

fn type_name(json_type: &str) -> &'static str {
    match json_type {
        "string" => "a string",
        "integer" => "a whole number",
        "number" => "a number",
        "boolean" => "`true` or `false`",
        "array" => "a list `[...]`",
        "object" => "a structure `(...)`",
        "null" => "nothing (`None`)",
        _ => "another type",
    }
}

/// How a found value reads to a user, in RON terms.
fn describe(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => "nothing (`None`)".into(),
        Some(Value::Bool(b)) => format!("`{b}`"),
        Some(Value::Number(n)) => format!("`{n}`"),
        Some(Value::String(s)) if s.chars().count() > 40 => "a long string".into(),
        Some(Value::String(s)) => format!("\"{s}\""),
        Some(Value::Array(a)) => format!("a list of {} items", a.len()),
        Some(Value::Object(o)) if o.len() == 1 => {
            format!(
                "`{}(...)`",
                o.keys().next().map(String::as_str).unwrap_or_default()
            )
        }
        Some(Value::Object(_)) => "a structure".into(),
    }
}

fn list_options(options: &Value) -> Vec<String> {
    options
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The variant a value names: `"Unlimited"` -> Unlimited, `{"Limit": 3}` -> Limit.
fn variant_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) if o.len() == 1 => o.keys().next().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// The variant names an enum schema allows, read from the errors of each branch.
fn variant_names(context: &[Vec<jsonschema::ValidationError<'static>>]) -> Vec<String> {
    let mut names = Vec::new();
    for branch in context {
        for e in branch {
            let name = match e.kind() {
                ValidationErrorKind::Constant { expected_value } => {
                    expected_value.as_str().map(str::to_owned)
                }
                ValidationErrorKind::Enum { options } => Some(list_options(options).join("`, `")),
                ValidationErrorKind::Required { property } => {
                    property.as_str().map(|p| format!("{p}(...)"))
                }
                _ => None,
            };
            if let Some(n) = name
                && !names.contains(&n)
            {
                names.push(n);
            }
        }
    }
    names
}
