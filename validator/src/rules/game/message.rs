//! A declared check's message and help: the `{field}` placeholders they may name (those of
//! the scope's view), and the text with each filled in from the entity that failed.

use super::data::{Data, F};
use super::eval::field_of;
use super::value::Val;
use crate::model::GameCheck;

/// A message's `{placeholder}` naming no field of the scope's view, if any.
pub(super) fn placeholders(check: &GameCheck) -> Option<String> {
    let fields = super::types::fields(check.for_each.var());
    for text in [&check.message, &check.help] {
        for part in text.split('{').skip(1) {
            let name = part.split('}').next().unwrap_or_default();
            let first = name.split('.').next().unwrap_or_default();
            if !fields.iter().any(|(f, _)| *f == first) {
                return Some(format!(
                    "the message names `{{{name}}}`, which is no field of a {}",
                    check.for_each.var()
                ));
            }
        }
    }
    None
}

/// The message with each `{path}` replaced by that field of the entity.
pub(super) fn fill<'d>(text: &str, data: &'d Data<'_>, entity: &Val<'d>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('}') else { break };
        let path = &rest[i + 1..i + j];
        let mut v = Some(entity.clone());
        for seg in path.split('.') {
            v = v.and_then(|v| field_of(data, &v, seg, F::parse(seg)));
        }
        out.push_str(&match v {
            Some(Val::Int(n)) => n.to_string(),
            Some(Val::UInt(n)) => n.to_string(),
            Some(Val::Float(n)) => n.to_string(),
            Some(Val::Bool(b)) => b.to_string(),
            Some(Val::Obj(o)) => match data.field(o, F::Id) {
                Some(id) => format!("`{}`", id.as_str().unwrap_or_default()),
                None => "(none)".into(),
            },
            Some(v) => match (v.as_str(), v.len()) {
                (Some(s), _) => format!("`{s}`"),
                (None, Some(n)) => n.to_string(),
                _ => "(none)".into(),
            },
            None => "(none)".into(),
        });
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}
