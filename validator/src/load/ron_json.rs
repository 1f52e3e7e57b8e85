//! RON source -> JSON value plus span index, keeping enum variant names.
//!
//! The mapping follows serde's externally tagged convention, so the JSON validates against the
//! schemas generated from our types and deserializes into them:
//! `(a: 1)` -> `{"a": 1}`, `[..]` and `(x, y)` -> arrays, `{k: v}` -> object (string keys),
//! `Some(x)` -> `x`, `None` and `()` -> `null`, `Variant` -> `"Variant"`,
//! `Variant(x)` -> `{"Variant": x}`, `Variant(a: 1)` -> `{"Variant": {"a": 1}}`.
//! A named struct at the top of a file (`Game(...)`) is read as its fields.

use std::ops::Range;

use ron2::ast::{self, Expr, NumberKind, StructBody};
use serde_json::{Map, Number, Value};

use super::spans::{SpanIndex, ValueSpan, child};

/// A problem found while parsing or converting, at a byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxIssue {
    pub span: Range<usize>,
    pub message: String,
    pub help: Option<String>,
}

/// A parsed file: its JSON value and where each value came from.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub value: Value,
    pub spans: SpanIndex,
}

/// Parses RON text. Returns the first syntax error, or the JSON value with its span index and
/// any conversion issues (e.g. a duplicate field), which are reported but do not stop checks.
pub fn parse(text: &str) -> Result<(Parsed, Vec<SyntaxIssue>), SyntaxIssue> {
    if let Some((value, spans)) = super::fast::parse(text) {
        return Ok((Parsed { value, spans }, Vec::new()));
    }
    parse_slow(text)
}

/// [`parse`] through the ron2 syntax tree: every RON form, and located syntax errors.
pub fn parse_slow(text: &str) -> Result<(Parsed, Vec<SyntaxIssue>), SyntaxIssue> {
    if let Some((at, c)) = super::nesting::control_character(text) {
        return Err(SyntaxIssue {
            span: at..at + c.len_utf8(),
            message: format!(
                "the file holds a control character (U+{:04X}), which no game file has",
                u32::from(c)
            ),
            help: Some(format!(
                "the file may be damaged or not a text file: delete the character (inside a string, write it as `\\u{{{:x}}}` if it is wanted)",
                u32::from(c)
            )),
        });
    }
    if let Some(at) = super::nesting::too_deep(text) {
        return Err(SyntaxIssue {
            span: at..at + 1,
            message: format!(
                "exceeded recursion limit: values nest more than {} levels deep",
                super::nesting::MAX_NESTING
            ),
            help: Some(
                "game files never need more than a few levels; is a closing bracket missing?"
                    .into(),
            ),
        });
    }
    let doc = ast::parse_document(text).map_err(|e| syntax_issue(text, &e))?;
    let Some(root) = doc.value.as_ref() else {
        return Err(SyntaxIssue {
            span: text.len()..text.len(),
            message: "the file holds no value".into(),
            help: Some("a game file holds one value in parentheses: `( ... )`".into()),
        });
    };
    let mut conv = Converter {
        text,
        spans: SpanIndex::default(),
        issues: Vec::new(),
    };
    let root = match root {
        Expr::Struct(s) if matches!(s.body, Some(StructBody::Fields(_))) => {
            let Some(StructBody::Fields(body)) = &s.body else {
                unreachable!()
            };
            let span = range(&s.span);
            conv.spans.insert(
                String::new(),
                ValueSpan {
                    value: span,
                    key: None,
                },
            );
            conv.fields(&body.fields, "")
        }
        other => conv.expr(other, String::new(), None),
    };
    Ok((
        Parsed {
            value: root,
            spans: conv.spans,
        },
        conv.issues,
    ))
}

fn range(span: &ron2::Span) -> Range<usize> {
    span.start_offset..span.end_offset
}

fn syntax_issue(text: &str, err: &ron2::Error) -> SyntaxIssue {
    let span = err.span();
    let mut start = span.start_offset.min(text.len());
    let mut end = span.end_offset.clamp(start, text.len());
    if span.is_synthetic() {
        start = text.len();
    }
    // ron2 may point inside a multibyte character: widen to whole characters
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let message = lowercase_first(&err.kind().to_string());
    let help = match err.kind() {
        ron2::ErrorKind::Eof => {
            Some("the file ends too early: is a closing bracket missing?".into())
        }
        ron2::ErrorKind::ExceededRecursionLimit => {
            Some("values nest too deeply; game files never need more than a few levels".into())
        }
        _ => Some("see https://github.com/ron-rs/ron for RON syntax".into()),
    };
    SyntaxIssue {
        span: start..end.max(start),
        message,
        help,
    }
}

fn lowercase_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

struct Converter<'t> {
    text: &'t str,
    spans: SpanIndex,
    issues: Vec<SyntaxIssue>,
}

impl Converter<'_> {
    fn expr(&mut self, expr: &Expr<'_>, pointer: String, key: Option<Range<usize>>) -> Value {
        let span = range(expr.span());
        let value = match expr {
            Expr::Unit(_) => Value::Null,
            Expr::Bool(b) => Value::Bool(b.value),
            Expr::Char(c) => Value::String(c.value.to_string()),
            Expr::Byte(b) => Value::from(b.value),
            Expr::String(s) => Value::String(s.value.clone()),
            Expr::Bytes(b) => Value::Array(b.value.iter().map(|&x| Value::from(x)).collect()),
            Expr::Number(n) => self.number(n, &span),
            Expr::Option(o) => match &o.value {
                // `Some(())` is a struct whose fields all take their defaults, not `None`
                Some(inner) if matches!(inner.expr, Expr::Unit(_)) => Value::Object(Map::new()),
                // `Some(x)` stands for `x`: index the inner value under the same pointer
                Some(inner) => return self.expr(&inner.expr, pointer, key),
                None => Value::Null,
            },
            Expr::Seq(seq) => {
                let items = seq.items.iter().map(|i| &i.expr);
                self.array(items, &pointer)
            }
            Expr::Tuple(t) => {
                let items = t.elements.iter().map(|e| &e.expr);
                self.array(items, &pointer)
            }
            Expr::Map(m) => {
                let mut obj = Map::new();
                for entry in &m.entries {
                    let key_span = range(entry.key.span());
                    let Expr::String(k) = &entry.key else {
                        self.issues.push(SyntaxIssue {
                            span: key_span,
                            message: "map keys must be strings".into(),
                            help: Some("write the key in double quotes".into()),
                        });
                        continue;
                    };
                    let name = k.value.clone();
                    if obj.contains_key(&name) {
                        self.duplicate(&name, key_span.clone());
                    }
                    let v = self.expr(&entry.value, child(&pointer, &name), Some(key_span));
                    obj.insert(name, v);
                }
                Value::Object(obj)
            }
            Expr::AnonStruct(s) => self.fields(&s.fields, &pointer),
            Expr::Struct(s) => {
                let name = s.name.name.to_string();
                let inner_ptr = child(&pointer, &name);
                let inner_key = Some(range(&s.name.span));
                match &s.body {
                    None => Value::String(name),
                    Some(StructBody::Tuple(t)) if t.elements.len() == 1 => {
                        let v = self.expr(&t.elements[0].expr, inner_ptr, inner_key);
                        single(name, v)
                    }
                    Some(StructBody::Tuple(t)) => {
                        let items = t.elements.iter().map(|e| &e.expr);
                        let v = self.array(items, &inner_ptr);
                        let body_span = range(&t.open_paren).start..range(&t.close_paren).end;
                        self.spans.insert(
                            inner_ptr,
                            ValueSpan {
                                value: body_span,
                                key: inner_key,
                            },
                        );
                        single(name, v)
                    }
                    Some(StructBody::Fields(f)) => {
                        let v = self.fields(&f.fields, &inner_ptr);
                        let body_span = range(&f.open_brace).start..range(&f.close_brace).end;
                        self.spans.insert(
                            inner_ptr,
                            ValueSpan {
                                value: body_span,
                                key: inner_key,
                            },
                        );
                        single(name, v)
                    }
                }
            }
            Expr::Error(e) => {
                self.issues.push(syntax_issue(self.text, &e.error));
                Value::Null
            }
        };
        self.spans.insert(pointer, ValueSpan { value: span, key });
        value
    }

    fn array<'e, 'a: 'e>(
        &mut self,
        items: impl Iterator<Item = &'e Expr<'a>>,
        pointer: &str,
    ) -> Value {
        let values = items
            .enumerate()
            .map(|(i, e)| self.expr(e, child(pointer, &i.to_string()), None))
            .collect();
        Value::Array(values)
    }

    fn fields(&mut self, fields: &[ast::StructField<'_>], pointer: &str) -> Value {
        let mut obj = Map::new();
        for field in fields {
            let name = field.name.name.to_string();
            let key_span = range(&field.name.span);
            if obj.contains_key(&name) {
                self.duplicate(&name, key_span.clone());
            }
            let v = self.expr(&field.value, child(pointer, &name), Some(key_span));
            obj.insert(name, v);
        }
        Value::Object(obj)
    }

    fn duplicate(&mut self, name: &str, span: Range<usize>) {
        self.issues.push(SyntaxIssue {
            span,
            message: format!("`{name}` is given twice"),
            help: Some("keep one of them; the last one given is used".into()),
        });
    }

    fn number(&mut self, n: &ast::NumberExpr<'_>, span: &Range<usize>) -> Value {
        let raw: String = n.raw.chars().filter(|&c| c != '_').collect();
        let parsed = match n.kind {
            NumberKind::Integer | NumberKind::NegativeInteger => parse_integer(&raw),
            NumberKind::Float => raw
                .parse::<f64>()
                .ok()
                .and_then(Number::from_f64)
                .map(Value::Number),
            NumberKind::SpecialFloat => None,
        };
        parsed.unwrap_or_else(|| {
            self.issues.push(SyntaxIssue {
                span: span.clone(),
                message: format!("`{}` is not a number this tool can read", n.raw),
                help: Some("use a whole number or a finite decimal number".into()),
            });
            Value::Null
        })
    }
}

fn single(name: String, v: Value) -> Value {
    let mut m = Map::new();
    m.insert(name, v);
    Value::Object(m)
}

fn parse_integer(raw: &str) -> Option<Value> {
    let (neg, digits) = match raw.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, raw.strip_prefix('+').unwrap_or(raw)),
    };
    let (radix, digits) = match digits.get(..2) {
        Some("0x") => (16, &digits[2..]),
        Some("0b") => (2, &digits[2..]),
        Some("0o") => (8, &digits[2..]),
        _ => (10, digits),
    };
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let v = i64::try_from(magnitude).ok()?.checked_neg()?;
        Some(Value::from(v))
    } else {
        Some(Value::from(magnitude))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn conv(text: &str) -> Parsed {
        let (p, issues) = parse(text).expect("parses");
        assert!(issues.is_empty(), "{issues:?}");
        p
    }

    #[test]
    fn keeps_variant_names_and_unwraps_options() {
        let p = conv(
            r#"(a: Limit(3), b: Unlimited, c: Some("x"), d: None, e: [1, -2, 0x10], f: ("p", "q"), g: {"k": 1.5})"#,
        );
        assert_eq!(
            p.value,
            json!({"a": {"Limit": 3}, "b": "Unlimited", "c": "x", "d": null, "e": [1, -2, 16], "f": ["p", "q"], "g": {"k": 1.5}})
        );
    }

    #[test]
    fn some_of_an_empty_struct_is_not_none() {
        let p = conv("(sea_supply: Some(()), other: ())");
        assert_eq!(p.value, json!({"sea_supply": {}, "other": null}));
    }

    #[test]
    fn indexes_values_and_keys() {
        let text = "(\n  spaces: [\n    (id: \"paris\"),\n  ],\n)";
        let p = conv(text);
        let s = p.spans.get("/spaces/0/id").unwrap();
        assert_eq!(&text[s.value.clone()], "\"paris\"");
        assert_eq!(&text[s.key.clone().unwrap()], "id");
        assert_eq!(
            &text[p.spans.value("/spaces/0/missing").unwrap()],
            "(id: \"paris\")"
        );
    }

    #[test]
    fn top_level_struct_name_is_ignored() {
        assert_eq!(conv("Game(id: \"x\")").value, json!({"id": "x"}));
    }

    #[test]
    fn reports_syntax_errors_with_offsets() {
        let err = parse("(a: 1,\n b: )").unwrap_err();
        assert!(err.span.start >= 7, "{err:?}");
    }

    #[test]
    fn reports_duplicate_fields() {
        let (_, issues) = parse("(a: 1, a: 2)").unwrap();
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].message, "`a` is given twice");
    }
}
