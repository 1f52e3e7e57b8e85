//! A003: an attribute's declaration in game.ron cannot be used as written.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::AttrKind;
use crate::rules::check::Check;
use crate::rules::context::Context;

use super::judge::judge;

declare_rule! {
    /// an attribute's declaration cannot be used as written
    ///
    /// A `Ref` attribute must say what it names (`of`), a `OneOf` attribute its `values`, a range only fits `Int` and `Number` (and `min` must not exceed `max`), an attribute must be declared for at least one kind of entity and only once per kind, and its `default` must be one of its values.
    ///
    /// Bad: `(id: "home", on: [Unit], type: Ref)`.
    /// Good: `(id: "home", on: [Unit], type: Ref, of: Space)`.
    pub static A003 = {
        name: "bad-attribute-declaration",
        severity: Error,
        family: Attributes,
        allow: Never,
        fires: &["invalid/A003_1"],
        silent: &["valid/attributes"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&A003, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(g) = &cx.folder.game else { return };
    for (i, d) in g.value.attributes.iter().enumerate() {
        let at = |f: &str| g.at(&format!("/attributes/{i}{f}"));
        let mut say = |field: &str, message: String, help: &str| {
            out.push(Diagnostic::new(&A003, message, at(field)).with_help(help.to_owned()));
        };
        let id = &d.id;
        if d.on.is_empty() {
            say(
                "/on",
                format!("attribute `{id}` is declared for no kind of entity"),
                "list the kinds that carry it, e.g. `on: [Space, Unit]`",
            );
        }
        for (j, h) in d.on.iter().enumerate() {
            let earlier = g.value.attributes[..i]
                .iter()
                .any(|e| e.id == d.id && e.on.contains(h))
                || d.on[..j].contains(h);
            if earlier {
                say(
                    &format!("/on/{j}"),
                    format!("attribute `{id}` is declared twice for {h}s"),
                    "declare each attribute once per kind of entity",
                );
            }
        }
        match d.kind {
            AttrKind::Ref if d.of.is_none() => say(
                "/type",
                format!("attribute `{id}` names ids but not of what"),
                "add `of:` with the kind it names, e.g. `of: Space`",
            ),
            AttrKind::OneOf if d.values.is_empty() => say(
                "/type",
                format!("attribute `{id}` takes one of no values"),
                "list its values, e.g. `values: [\"catholic\", \"protestant\"]`",
            ),
            _ => {}
        }
        if d.of.is_some() && d.kind != AttrKind::Ref {
            say(
                "/of",
                format!("attribute `{id}` is not a `Ref`, so `of` has no use"),
                "remove `of`, or make its type `Ref`",
            );
        }
        if !d.values.is_empty() && d.kind != AttrKind::OneOf {
            say(
                "/values",
                format!("attribute `{id}` is not a `OneOf`, so `values` has no use"),
                "remove `values`, or make its type `OneOf`",
            );
        }
        let numeric = matches!(d.kind, AttrKind::Int | AttrKind::Number);
        for (field, v) in [("/min", d.min), ("/max", d.max)] {
            if v.is_some() && !numeric {
                say(
                    field,
                    format!("attribute `{id}` is not a number, so a range has no use"),
                    "remove the range, or make its type `Int` or `Number`",
                );
            }
        }
        if let (Some(a), Some(b)) = (d.min, d.max)
            && a > b
        {
            say(
                "/min",
                format!("attribute `{id}` has `min` {a} above `max` {b}"),
                "swap them",
            );
        }
        if let Some(v) = &d.default
            && let Some(p) = judge(d, v)
        {
            say(
                "/default",
                format!(
                    "the default of {}",
                    p.message.trim_start_matches("attribute ")
                ),
                &p.help,
            );
        }
    }
}
