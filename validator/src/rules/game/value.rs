//! The values a declared check's expressions compute with. An entity is a reference into the
//! model ([`Obj`]) and a list of ids written in a file is that list itself: a field is read
//! where it is written, when an expression reads it (no view of the game is built first).

use std::cmp::Ordering;
use std::sync::Arc;

use crate::model::{Attrs, Holder, Id, Scope};

/// One entity of the game: its kind, its index in the model's list (a placement's, a
/// stack's and a scenario's within the scenario `scenario`), and whether a unit is reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obj {
    pub kind: Scope,
    pub index: u32,
    pub scenario: u16,
    pub reduced: bool,
}

impl Obj {
    pub fn new(kind: Scope, index: usize) -> Obj {
        Obj {
            kind,
            index: index as u32,
            scenario: 0,
            reduced: false,
        }
    }

    pub fn in_scenario(kind: Scope, index: usize, scenario: usize) -> Obj {
        Obj {
            scenario: scenario as u16,
            ..Obj::new(kind, index)
        }
    }
}

/// A value: CEL's null, bool, int, uint, double, string, list and map, and the game's own
/// entities and attributes.
#[derive(Debug, Clone)]
pub enum Val<'d> {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    /// A text as written in the model or the expression.
    Str(&'d str),
    /// A text made while evaluating.
    Text(Arc<str>),
    /// A list made while evaluating.
    List(Arc<Vec<Val<'d>>>),
    /// A list of ids as written in the model.
    Ids(&'d [Id]),
    /// A list of entities held by the model (a stack's units; `None` names no unit).
    Objs(&'d [Option<Obj>]),
    /// Every entity of a kind: `spaces()`, `units()`... (the count of them).
    All(Scope, u32),
    /// A map (keys are texts, numbers or bools), in the order written.
    Map(Arc<Vec<(Val<'d>, Val<'d>)>>),
    Obj(Obj),
    /// An entity's attributes: those it writes, then the declared defaults.
    Attrs(Holder, &'d Attrs),
}

impl<'d> Val<'d> {
    pub fn text(s: &str) -> Val<'d> {
        Val::Text(Arc::from(s))
    }

    pub fn list(items: Vec<Val<'d>>) -> Val<'d> {
        Val::List(Arc::new(items))
    }

    pub fn map(entries: Vec<(Val<'d>, Val<'d>)>) -> Val<'d> {
        Val::Map(Arc::new(entries))
    }

    pub fn opt_str(s: Option<&'d Id>) -> Val<'d> {
        s.map_or(Val::Null, |s| Val::Str(s))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Val::Str(s) => Some(s),
            Val::Text(s) => Some(s),
            _ => None,
        }
    }

    /// The length of a list, or None for a value that is not one.
    pub fn len(&self) -> Option<usize> {
        Some(match self {
            Val::List(l) => l.len(),
            Val::Ids(l) => l.len(),
            Val::Objs(l) => l.len(),
            Val::All(_, n) => *n as usize,
            _ => return None,
        })
    }

    /// Item `i` of a list (`i` below its length).
    pub fn item(&self, i: usize) -> Val<'d> {
        match self {
            Val::List(l) => l[i].clone(),
            Val::Ids(l) => Val::Str(&l[i]),
            Val::Objs(l) => l[i].map_or(Val::Null, Val::Obj),
            Val::All(kind, _) => Val::Obj(Obj::new(*kind, i)),
            _ => Val::Null,
        }
    }

    /// What kind of value this is, in a designer's words.
    pub fn describe(&self) -> &'static str {
        match self {
            Val::Null => "null",
            Val::Bool(_) => "true or false",
            Val::Int(_) | Val::UInt(_) | Val::Float(_) => "a number",
            Val::Str(_) | Val::Text(_) => "a text",
            Val::List(_) | Val::Ids(_) | Val::Objs(_) | Val::All(..) => "a list",
            Val::Map(_) => "a map",
            Val::Obj(o) => match o.kind {
                Scope::Space => "a space",
                Scope::Link => "a link",
                Scope::Area => "an area",
                Scope::Unit => "a unit",
                Scope::Card => "a card",
                Scope::Deck => "a deck",
                Scope::Faction => "a faction",
                Scope::Placement => "a placement",
                Scope::Stack => "a stack",
                Scope::Scenario => "a scenario",
            },
            Val::Attrs(..) => "attributes",
        }
    }

    /// CEL's `type()` of the value, as a text.
    pub fn type_name(&self) -> &'static str {
        match self {
            Val::Null => "null_type",
            Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::UInt(_) => "uint",
            Val::Float(_) => "double",
            Val::Str(_) | Val::Text(_) => "string",
            Val::List(_) | Val::Ids(_) | Val::Objs(_) | Val::All(..) => "list",
            Val::Map(_) | Val::Obj(_) | Val::Attrs(..) => "map",
        }
    }

    fn number(&self) -> Option<f64> {
        match self {
            Val::Int(i) => Some(*i as f64),
            Val::UInt(u) => Some(*u as f64),
            Val::Float(f) => Some(*f),
            _ => None,
        }
    }
}

/// CEL's `==` on two values (numbers of different kinds compare by value; values of
/// different kinds are unequal).
pub fn equal(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Null, Val::Null) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Int(x), Val::Int(y)) => x == y,
        (Val::Obj(x), Val::Obj(y)) => x == y,
        (Val::Map(x), Val::Map(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter()
                        .find(|(k2, _)| equal(k, k2))
                        .is_some_and(|(_, v2)| equal(v, v2))
                })
        }
        _ => {
            if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
                return x == y;
            }
            if let (Some(x), Some(y)) = (a.number(), b.number()) {
                return match (a, b) {
                    (Val::Int(i), Val::UInt(u)) | (Val::UInt(u), Val::Int(i)) => {
                        *i >= 0 && *i as u64 == *u
                    }
                    _ => x == y,
                };
            }
            match (a.len(), b.len()) {
                (Some(n), Some(m)) => n == m && (0..n).all(|i| equal(&a.item(i), &b.item(i))),
                _ => false,
            }
        }
    }
}

/// CEL's ordering of two values: numbers, texts and bools; None when they cannot be compared.
pub fn order(a: &Val<'_>, b: &Val<'_>) -> Option<Ordering> {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => Some(x.cmp(y)),
        (Val::Bool(x), Val::Bool(y)) => Some(x.cmp(y)),
        _ => {
            if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
                return Some(x.cmp(y));
            }
            a.number()?.partial_cmp(&b.number()?)
        }
    }
}

/// An attribute value as a check reads it.
pub fn attr_value(v: &crate::model::AttrValue) -> Val<'_> {
    match v {
        crate::model::AttrValue::Bool(b) => Val::Bool(*b),
        crate::model::AttrValue::Int(i) => Val::Int(*i),
        crate::model::AttrValue::Number(f) => Val::Float(*f),
        crate::model::AttrValue::Text(t) => Val::Str(t),
        crate::model::AttrValue::List(l) => Val::list(l.iter().map(attr_value).collect()),
        crate::model::AttrValue::Map(m) => Val::map(
            m.iter()
                .map(|(k, v)| (Val::Str(k), attr_value(v)))
                .collect(),
        ),
    }
}
