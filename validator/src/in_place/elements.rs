//! A RON container (list, map, struct, tuple) seen as what an in-place edit moves: its
//! elements, each with the text it owns (the comments above it, the rest of its line).

use ron2::ast::{Expr, StructBody};

/// What kind of container, for deciding whether two can be merged element by element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    List,
    Map,
    Fields,
    Tuple,
}

/// One element: a list item, a map entry, a struct field or a tuple element.
pub struct Element<'e, 'a> {
    /// Where the element's own text starts (its key or field name, or the item itself).
    pub start: usize,
    /// Where its value starts and ends.
    pub value: &'e Expr<'a>,
    /// Its key: a field's name, a map key's text; None for list items and tuple elements.
    pub key: Option<String>,
    /// Where its comma ends, if it has one.
    pub comma_end: Option<usize>,
}

/// A container's elements, and where its inside starts (after the opening bracket).
pub struct Container<'e, 'a> {
    pub kind: Kind,
    /// A named struct's or variant's name (must agree to merge).
    pub name: Option<&'e str>,
    pub open_end: usize,
    pub elements: Vec<Element<'e, 'a>>,
}

/// `Some(x)` seen as `x`.
pub fn unwrap_some<'e, 'a>(e: &'e Expr<'a>) -> &'e Expr<'a> {
    match e {
        Expr::Option(o) => match &o.value {
            Some(inner) => unwrap_some(&inner.expr),
            None => e,
        },
        _ => e,
    }
}

/// The container `e` is, if it is one.
pub fn container<'e, 'a>(e: &'e Expr<'a>) -> Option<Container<'e, 'a>> {
    let item = |value: &'e Expr<'a>, comma: &Option<ron2::Span>| Element {
        start: value.span().start_offset,
        value,
        key: None,
        comma_end: comma.as_ref().map(|c| c.end_offset),
    };
    let field = |f: &'e ron2::ast::StructField<'a>| Element {
        start: f.name.span.start_offset,
        value: &f.value,
        key: Some(f.name.name.to_string()),
        comma_end: f.comma.as_ref().map(|c| c.end_offset),
    };
    Some(match e {
        Expr::Seq(s) => Container {
            kind: Kind::List,
            name: None,
            open_end: s.open_bracket.end_offset,
            elements: s.items.iter().map(|i| item(&i.expr, &i.comma)).collect(),
        },
        Expr::Tuple(t) => Container {
            kind: Kind::Tuple,
            name: None,
            open_end: t.open_paren.end_offset,
            elements: t.elements.iter().map(|i| item(&i.expr, &i.comma)).collect(),
        },
        Expr::Map(m) => Container {
            kind: Kind::Map,
            name: None,
            open_end: m.open_brace.end_offset,
            elements: m
                .entries
                .iter()
                .map(|en| Element {
                    start: en.key.span().start_offset,
                    value: &en.value,
                    key: Some(key_text(&en.key)),
                    comma_end: en.comma.as_ref().map(|c| c.end_offset),
                })
                .collect(),
        },
        Expr::AnonStruct(s) => Container {
            kind: Kind::Fields,
            name: None,
            open_end: s.open_paren.end_offset,
            elements: s.fields.iter().map(field).collect(),
        },
        Expr::Struct(s) => match &s.body {
            Some(StructBody::Fields(b)) => Container {
                kind: Kind::Fields,
                name: Some(&s.name.name),
                open_end: b.open_brace.end_offset,
                elements: b.fields.iter().map(field).collect(),
            },
            Some(StructBody::Tuple(t)) => Container {
                kind: Kind::Tuple,
                name: Some(&s.name.name),
                open_end: t.open_paren.end_offset,
                elements: t.elements.iter().map(|i| item(&i.expr, &i.comma)).collect(),
            },
            None => return None,
        },
        _ => return None,
    })
}

/// A map key as the value it stands for (a string's contents, or the key's text).
fn key_text(e: &Expr<'_>) -> String {
    match e {
        Expr::String(s) => s.value.clone(),
        other => format!("{other:?}"),
    }
}

/// Which entity a list item is, so that it is found again after an edit: its `id`, or else
/// its first two fields when both are texts (a link's ends, a placement's unit and place).
pub fn identity(e: &Expr<'_>) -> Option<String> {
    let c = container(unwrap_some(e)).filter(|c| c.kind == Kind::Fields)?;
    let text = |el: &Element<'_, '_>| match unwrap_some(el.value) {
        Expr::String(s) => Some(s.value.clone()),
        _ => None,
    };
    if let Some(id) = c.elements.iter().find(|el| el.key.as_deref() == Some("id")) {
        return text(id).map(|t| format!("id\u{0}{t}"));
    }
    let (a, b) = (c.elements.first()?, c.elements.get(1)?);
    Some(format!(
        "{}\u{0}{}\u{0}{}\u{0}{}",
        a.key.as_deref()?,
        text(a)?,
        b.key.as_deref()?,
        text(b)?
    ))
}
