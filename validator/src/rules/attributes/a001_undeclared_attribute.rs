//! A001: an entity carries an attribute its game does not declare for its kind.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::suggest::did_you_mean;

use crate::analysis::carriers::declared;

declare_rule! {
    /// an entity carries an attribute its game does not declare for its kind
    ///
    /// Attribute values (`attrs`) are the game's own vocabulary: each must be declared in game.ron `attributes`, for the kind of entity that carries it, so that a typo in an attribute's name is not silently ignored by every check that reads it.
    ///
    /// Bad: `attrs: {"comand": 3}` on a unit, with `attributes: [(id: "command", on: [Unit], type: Int)]`.
    /// Good: `attrs: {"command": 3}`.
    pub static A001 = {
        name: "undeclared-attribute",
        severity: Error,
        family: Attributes,
        allow: Never,
        fires: &["invalid/A001_1"],
        silent: &["valid/attributes"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&A001, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(game) = &cx.folder.game else { return };
    let game = &game.value;
    for c in cx.carriers() {
        for (key, _) in c.attrs {
            if declared(game, c.holder, key).is_some() {
                continue;
            }
            let other: Vec<String> = game
                .attributes
                .iter()
                .filter(|d| d.id == *key)
                .flat_map(|d| d.on.iter().map(|h| h.to_string()))
                .collect();
            let (message, help) = if other.is_empty() {
                let names = game
                    .attributes
                    .iter()
                    .filter(|d| d.on.contains(&c.holder))
                    .map(|d| d.id.as_str());
                let help = match did_you_mean(key, names) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None => format!(
                        "declare it in game.ron `attributes`: (id: \"{key}\", on: [{:?}], type: ...)",
                        c.holder
                    ),
                };
                (format!("the game declares no attribute `{key}`"), help)
            } else {
                (
                    format!(
                        "attribute `{key}` is declared for {}, not for {}s",
                        other.join(", "),
                        c.holder
                    ),
                    format!(
                        "add {:?} to its `on` in game.ron `attributes`, or move the value",
                        c.holder
                    ),
                )
            };
            out.push(
                Diagnostic::new(&A001, message, c.at_key(key))
                    .with_label(format!("on {} `{}`", c.holder, c.id))
                    .with_help(help),
            );
        }
    }
}
