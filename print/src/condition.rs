//! An event's condition (an `If`'s `when`, CEL) in the players' words, for the common shapes
//! of the checks language: who controls a space, whether a nation is neutral, whether a space
//! is empty or holds a marker, a track or a declared attribute compared with a value, and these
//! joined by `&&` and `||`. The words are the game's `label:event-when-*` entries (English
//! without them). Any other expression is None: the caller prints the CEL, and says so.

use cel::common::ast::{CallExpr, Expr, LiteralValue};

use crate::text::{Texts, fill};

/// `when` in words, or None when some part of it has no shape this module knows.
pub fn in_words(when: &str, texts: &Texts<'_>) -> Option<String> {
    let parsed = cel::parser::Parser::new().parse(when).ok()?;
    words(&parsed.expr, texts)
}

fn call<'e>(e: &'e Expr, name: &str) -> Option<&'e [cel::IdedExpr]> {
    match e {
        Expr::Call(CallExpr {
            func_name,
            target: None,
            args,
        }) if func_name == name => Some(args),
        _ => None,
    }
}

/// The one string argument of `name('x')`.
fn of(e: &Expr, name: &str) -> Option<String> {
    match call(e, name)? {
        [arg] => text(&arg.expr),
        _ => None,
    }
}

fn text(e: &Expr) -> Option<String> {
    match e {
        Expr::Literal(LiteralValue::String(s)) => Some(s.inner().to_owned()),
        _ => None,
    }
}

/// A number or a text written in the expression, as printed.
fn literal(e: &Expr) -> Option<String> {
    match e {
        Expr::Literal(LiteralValue::Int(n)) => Some(n.inner().to_string()),
        Expr::Literal(LiteralValue::UInt(n)) => Some(n.inner().to_string()),
        Expr::Literal(LiteralValue::Double(x)) => Some(x.inner().to_string()),
        other => text(other),
    }
}

fn words(e: &Expr, texts: &Texts<'_>) -> Option<String> {
    let l = |id: &'static str| texts.label(id);
    let name = |kind: &str, id: &str| texts.name(kind, id);
    if let Some((what, _)) = quantity(e, texts) {
        // a declared attribute that is true or false
        return Some(fill(&l("event-when-true"), &[("what", &what)]));
    }
    let Expr::Call(c) = e else { return None };
    let args = &c.args;
    let two = || match args.as_slice() {
        [a, b] => Some((&a.expr, &b.expr)),
        _ => None,
    };
    match c.func_name.as_str() {
        "_&&_" | "_||_" => {
            let (a, b) = two()?;
            let joined = if c.func_name == "_&&_" {
                "event-when-and"
            } else {
                "event-when-or"
            };
            let (a, b) = (words(a, texts)?, words(b, texts)?);
            Some(fill(&l(joined), &[("a", &a), ("b", &b)]))
        }
        "!_" => {
            let [x] = args.as_slice() else { return None };
            if let Some(f) = neutral(&x.expr) {
                return Some(fill(
                    &l("event-when-not-neutral"),
                    &[("faction", &name("faction", &f))],
                ));
            }
            if let Some((m, s)) = marker(&x.expr) {
                let slots = [("marker", name("marker", &m)), ("space", name("space", &s))];
                return Some(fill_owned(&l("event-when-no-marker"), &slots));
            }
            if let Expr::Call(inner) = &x.expr
                && let [a, b] = inner.args.as_slice()
                && let Some(op) = negated(&inner.func_name)
            {
                // `!(a > b)` is `a <= b`
                let (a, b) = (&a.expr, &b.expr);
                return compare(op, a, b, texts).or_else(|| compare(flipped(op), b, a, texts));
            }
            let (what, _) = quantity(&x.expr, texts)?;
            Some(fill(&l("event-when-false"), &[("what", &what)]))
        }
        "@in" => {
            if let Some(f) = neutral(e) {
                return Some(fill(
                    &l("event-when-neutral"),
                    &[("faction", &name("faction", &f))],
                ));
            }
            let (m, s) = marker(e)?;
            let slots = [("marker", name("marker", &m)), ("space", name("space", &s))];
            Some(fill_owned(&l("event-when-marker"), &slots))
        }
        op @ ("_==_" | "_!=_" | "_>=_" | "_>_" | "_<=_" | "_<_") => {
            let (a, b) = two()?;
            compare(op, a, b, texts).or_else(|| compare(flipped(op), b, a, texts))
        }
        _ => None,
    }
}

fn fill_owned(template: &str, slots: &[(&str, String)]) -> String {
    let slots: Vec<(&str, &str)> = slots.iter().map(|(k, v)| (*k, v.as_str())).collect();
    fill(template, &slots)
}

/// The operator with its two sides swapped (`1 < x` is `x > 1`).
fn flipped(op: &str) -> &str {
    match op {
        "_>=_" => "_<=_",
        "_>_" => "_<_",
        "_<=_" => "_>=_",
        "_<_" => "_>_",
        same => same,
    }
}

/// The comparison that holds when `op` does not.
fn negated(op: &str) -> Option<&'static str> {
    Some(match op {
        "_==_" => "_!=_",
        "_!=_" => "_==_",
        "_>=_" => "_<_",
        "_>_" => "_<=_",
        "_<=_" => "_>_",
        "_<_" => "_>=_",
        _ => return None,
    })
}

/// `a op b` with `a` the thing and `b` a value.
fn compare(op: &str, a: &Expr, b: &Expr, texts: &Texts<'_>) -> Option<String> {
    let l = |id: &'static str| texts.label(id);
    let name = |kind: &str, id: &str| texts.name(kind, id);
    let null = matches!(b, Expr::Literal(LiteralValue::Null));
    if let Some(space) = of(a, "control") {
        let space = name("space", &space);
        let (id, slots) = match (op, null) {
            ("_==_", true) => ("event-when-uncontrolled", vec![("space", space)]),
            ("_!=_", true) => ("event-when-controlled", vec![("space", space)]),
            ("_==_" | "_!=_", false) => {
                let f = text(b)?;
                let id = if op == "_==_" {
                    "event-when-control"
                } else {
                    "event-when-not-control"
                };
                let faction = match name("faction", &f) {
                    n if n == f => name("side", &f),
                    n => n,
                };
                (id, vec![("faction", faction), ("space", space)])
            }
            _ => return None,
        };
        return Some(fill_owned(&l(id), &slots));
    }
    if let Some(space) = call(a, "size")
        .and_then(|x| x.first())
        .and_then(|x| of(&x.expr, "units_at"))
    {
        let n = literal(b)?;
        let empty = match (op, n.as_str()) {
            ("_==_", "0") | ("_<=_", "0") | ("_<_", "1") => true,
            ("_!=_", "0") | ("_>_", "0") | ("_>=_", "1") => false,
            _ => return None,
        };
        let id = if empty {
            "event-when-empty"
        } else {
            "event-when-occupied"
        };
        return Some(fill(&l(id), &[("space", &name("space", &space))]));
    }
    let (what, attr) = quantity(a, texts)?;
    let mut value = literal(b)?;
    if let (Some(attr), Expr::Literal(LiteralValue::String(_))) = (attr, b) {
        // a named value of a `OneOf` attribute, by its name when the text gives one
        let key = format!("{attr}.{value}");
        let named = name("value", &key);
        if named != key {
            value = named;
        }
    }
    let id = match op {
        "_==_" => "event-when-is",
        "_!=_" => "event-when-is-not",
        "_>=_" => "event-when-at-least",
        "_>_" => "event-when-more-than",
        "_<=_" => "event-when-at-most",
        _ => "event-when-less-than",
    };
    Some(fill(&l(id), &[("what", &what), ("value", &value)]))
}

/// `'f' in neutral()` or `'f' in scenario.neutral`: the faction.
fn neutral(e: &Expr) -> Option<String> {
    let [f, list] = call(e, "@in")? else {
        return None;
    };
    let listed = call(&list.expr, "neutral").is_some_and(|a| a.is_empty())
        || matches!(&list.expr, Expr::Select(s) if s.field == "neutral" && is_ident(&s.operand.expr, "scenario"));
    listed.then(|| text(&f.expr)).flatten()
}

/// `'m' in markers_at('s')`: the marker kind and the space.
fn marker(e: &Expr) -> Option<(String, String)> {
    let [m, list] = call(e, "@in")? else {
        return None;
    };
    Some((text(&m.expr)?, of(&list.expr, "markers_at")?))
}

fn is_ident(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Ident(n) if n == name)
}

/// A track's value (`scenario.tracks['vp']`) or a declared attribute (`scenario.attrs.x`,
/// `faction('it').attrs.x`) by its name, with the attribute's id.
fn quantity(e: &Expr, texts: &Texts<'_>) -> Option<(String, Option<String>)> {
    let (holder, field) = match e {
        Expr::Select(s) if !s.test => (&s.operand.expr, s.field.clone()),
        Expr::Call(c) if c.func_name == "_[_]" && c.args.len() == 2 => {
            (&c.args[0].expr, text(&c.args[1].expr)?)
        }
        _ => return None,
    };
    let Expr::Select(list) = holder else {
        return None;
    };
    let owner = &list.operand.expr;
    match list.field.as_str() {
        "tracks" if is_ident(owner, "scenario") => Some((texts.name("track", &field), None)),
        "attrs" => {
            let attr = texts.name("attr", &field);
            let what = if is_ident(owner, "scenario") {
                attr
            } else {
                let kinds = ["space", "unit", "faction", "card", "area"];
                let kind = kinds.into_iter().find(|k| of(owner, k).is_some())?;
                let entity = texts.name(kind, &of(owner, kind)?);
                let slots = [("attr", attr.as_str()), ("entity", entity.as_str())];
                fill(&texts.label("event-attr-of"), &slots)
            };
            Some((what, Some(field)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::in_words;
    use crate::text::{Texts, Warnings};

    /// `when` in words in an empty game: names are ids (no attribute declared either), words
    /// English.
    fn words(when: &str) -> Option<String> {
        let folder = orbat_validator::GameFolder::default();
        let warnings = Warnings::default();
        let texts = Texts::new(&folder, None, &warnings).unwrap();
        in_words(when, &texts)
    }

    #[test]
    fn common_shapes_read_as_words() {
        let cases = [
            ("control('trento') == 'it'", "it controls trento"),
            ("'it' != control(\"trento\")", "it does not control trento"),
            ("control('trento') == null", "trento is uncontrolled"),
            ("!('sax' in neutral())", "sax is not neutral"),
            ("'sax' in scenario.neutral", "sax is neutral"),
            ("size(units_at('x')) == 0", "x is empty"),
            ("0 < size(units_at('x'))", "x is occupied"),
            ("'trench' in markers_at('x')", "a trench marker is at x"),
            ("scenario.tracks['vp'] >= 10", "vp is at least 10"),
            ("10 > scenario.tracks['vp']", "vp is less than 10"),
            ("!(scenario.tracks['vp'] > 3)", "vp is at most 3"),
            ("scenario.attrs.winter_start", "winter_start holds"),
            (
                "!scenario.attrs['winter_start']",
                "winter_start does not hold",
            ),
            (
                "space('trento').attrs.front == 'trentino'",
                "front of trento is trentino",
            ),
            (
                "faction('it').attrs.seat_of_three != 2 && control('a') == 'b'",
                "seat_of_three of it is not 2 and b controls a",
            ),
        ];
        for (when, said) in cases {
            assert_eq!(words(when).as_deref(), Some(said), "{when}");
        }
    }

    #[test]
    fn any_other_shape_is_none() {
        for when in [
            "units_at('x').exists(u, u.kind == 'corps')",
            "control('a') == 'b' && size(units_at('x')) > 2",
            "scenario.placements > 3",
            "not cel (",
            "true",
        ] {
            assert_eq!(words(when), None, "{when}");
        }
    }
}
