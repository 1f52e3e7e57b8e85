//! A declared check's message and help: each `{expression}` in them is an expression of the
//! check's scope (`{control(placement.at)}`, `{size(stack.units)}`), compiled with the check
//! and worked out on the entity that failed. A name of the scope's view alone keeps its old
//! short form: `{at}` is `{placement.at}`.

use super::compile::{Compiled, For, Problem, compile};
use super::data::{Data, F};
use super::entities::scenario_of;
use super::eval::Eval;
use super::value::{Obj, Val};

/// A message or help made ready: its text, each `{expression}` compiled.
pub(super) struct Text {
    pieces: Vec<Piece>,
}

enum Piece {
    Written(String),
    Value(Compiled),
}

/// Compiles the `{expressions}` of `text`, held at `pointer` of checks.ron.
pub(super) fn compile_text(
    target: &For<'_>,
    pointer: &str,
    text: &str,
) -> Result<Text, Box<Problem>> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        pieces.push(Piece::Written(rest[..i].to_owned()));
        let Some(j) = rest[i..].find('}') else {
            return Err(Box::new(Problem {
                location: target.file.at(pointer),
                message: format!(
                    "the text has a `{{` with no `}}` after it: `{}`",
                    &rest[i..]
                ),
                help: Some("close it (`{placement.at}`), or leave the braces out".into()),
            }));
        };
        let expression = short_form(target, &rest[i + 1..i + j]);
        let compiled = compile(target, pointer, &expression).map_err(|mut p| {
            // a name alone is most often a field misspelt: list those a message may name
            if p.message.starts_with("unknown name") {
                p.message = format!(
                    "the text names `{{{}}}`, which is neither a field of a {} nor a name the check knows",
                    expression.trim(),
                    target.scope.var(),
                );
                p.help = Some(fields_help(target.scope.var(), &expression));
            }
            p
        })?;
        pieces.push(Piece::Value(compiled));
        rest = &rest[i + j + 1..];
    }
    pieces.push(Piece::Written(rest.to_owned()));
    Ok(Text { pieces })
}

/// `expression` with the entity's name put first when it starts with one of its view's
/// fields rather than a name in scope (`at` is `placement.at`).
fn short_form(target: &For<'_>, expression: &str) -> String {
    let var = target.scope.var();
    let written = expression.trim_start();
    let first: String = written
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let in_scope = first == var || (first == "scenario" && target.scope.in_scenario());
    // (`control(at)` calls a function, whatever field shares its name)
    let call = written[first.len()..].trim_start().starts_with('(');
    let field = super::types::fields(var).iter().any(|(f, _)| *f == first);
    match field && !in_scope && !call {
        true => format!("{var}.{written}"),
        false => expression.to_owned(),
    }
}

/// The help for an unknown name in a message: the field it may mean, or all of them.
fn fields_help(var: &str, expression: &str) -> String {
    let fields = super::types::fields(var).iter().map(|(f, _)| *f);
    match crate::suggest::did_you_mean(expression.trim(), fields.clone()) {
        Some(f) => format!("did you mean `{{{f}}}`?"),
        None => format!(
            "a {var}'s fields: {}; or any expression of the check, as `{{{var}.id}}`",
            fields.collect::<Vec<_>>().join(", ")
        ),
    }
}

impl Text {
    /// The text with each expression worked out on entity `o`.
    pub(super) fn fill(&self, data: &Data<'_>, o: Obj) -> String {
        let mut ev = Eval::new(data, scenario_of(o), Val::Obj(o));
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Written(s) => out.push_str(s),
                Piece::Value(c) => {
                    ev.set_entity(scenario_of(o), Val::Obj(o));
                    out.push_str(&shown(data, ev.eval(&c.node).ok()));
                }
            }
        }
        out
    }
}

/// A value as a message shows it: ids and texts in backticks, a list by its size (as it
/// always has: `{x.join(", ")}` shows its items).
fn shown(data: &Data<'_>, v: Option<Val<'_>>) -> String {
    match v {
        Some(Val::Int(n)) => n.to_string(),
        Some(Val::UInt(n)) => n.to_string(),
        Some(Val::Float(n)) => n.to_string(),
        Some(Val::Bool(b)) => b.to_string(),
        Some(Val::Null) | None => "(none)".into(),
        Some(Val::Obj(o)) => match data.field(o, F::Id) {
            Some(id) => format!("`{}`", id.as_str().unwrap_or_default()),
            None => "(none)".into(),
        },
        Some(v) => match (v.as_str(), v.len()) {
            (Some(s), _) => format!("`{s}`"),
            (None, Some(n)) => n.to_string(),
            _ => "(none)".into(),
        },
    }
}
