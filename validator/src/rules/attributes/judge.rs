//! Whether one attribute value fits its declaration: the type, the range, the named values.
//! Whether an id names something is R002's (the reference walk follows `Ref` attributes).

use crate::model::{AttrDecl, AttrKind, AttrValue};
use crate::suggest::did_you_mean;

/// What is wrong with a value, and where inside it (`/2` for a list's third item).
pub struct Problem {
    pub inner: String,
    pub message: String,
    pub help: String,
}

/// The first problem of `value` under `decl`, if any.
pub fn judge(decl: &AttrDecl, value: &AttrValue) -> Option<Problem> {
    match (decl.keys, value) {
        (None, _) => entry(decl, value),
        (Some(_), AttrValue::Map(entries)) => entries.iter().find_map(|(k, v)| {
            entry(decl, v).map(|mut p| {
                p.inner = format!("/{}{}", crate::load::spans::escape_token(k), p.inner);
                p
            })
        }),
        (Some(keys), other) => Some(Problem {
            inner: String::new(),
            message: format!(
                "attribute `{}` takes {}, not {}",
                decl.id,
                decl.describe(),
                other.describe()
            ),
            help: format!(
                "write a map in braces, from {} ids to {}: `{{\"some-id\": ...}}`",
                keys.as_str(),
                decl.describe_entry()
            ),
        }),
    }
}

/// The problem of one value, or of one entry of a map.
fn entry(decl: &AttrDecl, value: &AttrValue) -> Option<Problem> {
    match (decl.list, value) {
        (true, AttrValue::List(items)) => items.iter().enumerate().find_map(|(i, v)| {
            item(decl, v).map(|mut p| {
                p.inner = format!("/{i}{}", p.inner);
                p
            })
        }),
        (true, other) => Some(Problem {
            inner: String::new(),
            message: format!(
                "attribute `{}` takes a list, not {}",
                decl.id,
                other.describe()
            ),
            help: format!(
                "write a list in brackets, each item {}",
                decl.describe_item()
            ),
        }),
        (false, v) => item(decl, v),
    }
}

/// The problem of one item (or of the whole value, for an attribute that is not a list).
fn item(decl: &AttrDecl, value: &AttrValue) -> Option<Problem> {
    let wrong = || Problem {
        inner: String::new(),
        message: format!(
            "attribute `{}` takes {}, not {}",
            decl.id,
            decl.describe_item(),
            value.describe()
        ),
        help: format!("write {}", decl.describe_item()),
    };
    let number = match (decl.kind, value) {
        (AttrKind::Bool, AttrValue::Bool(_)) => return None,
        (AttrKind::Int, AttrValue::Int(i)) => *i as f64,
        (AttrKind::Number, AttrValue::Int(i)) => *i as f64,
        (AttrKind::Number, AttrValue::Number(f)) => *f,
        (AttrKind::Text | AttrKind::Ref, AttrValue::Text(_)) => return None,
        (AttrKind::OneOf, AttrValue::Text(t)) => {
            if decl.values.iter().any(|v| v == t) {
                return None;
            }
            let names: Vec<String> = decl.values.iter().map(|v| format!("`{v}`")).collect();
            let help = match did_you_mean(t, decl.values.iter().map(|v| v.as_str())) {
                Some(close) => format!("did you mean `{close}`?"),
                None => format!("write one of {}", names.join(", ")),
            };
            return Some(Problem {
                inner: String::new(),
                message: format!(
                    "`{}` is not one of the values of attribute `{}`",
                    crate::suggest::short(t),
                    decl.id
                ),
                help,
            });
        }
        _ => return Some(wrong()),
    };
    let below = decl.min.is_some_and(|m| number < m);
    let above = decl.max.is_some_and(|m| number > m);
    (below || above).then(|| Problem {
        inner: String::new(),
        message: format!(
            "{} is out of the range of attribute `{}`: {}",
            number,
            decl.id,
            decl.describe_item()
        ),
        help: format!("write {}", decl.describe_item()),
    })
}
