//! R004: an `allow` entry names an error, an unknown code or a warning that cannot be allowed.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::{Allowability, Rule};
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::suggest::{did_you_mean, short};

declare_rule! {
    /// an `allow` entry names an error, an unknown code or a warning that cannot be allowed
    ///
    /// A game folder may allow the warnings its own checks raise (with a reason), never errors: an error means the data cannot be used as it is. Warnings raised before any game.ron is read (L004, L009: while the folders are searched) cannot be allowed by one, nor can R006; `orbat-validate --list-rules --format json` says of each code whether it is `allowable`.
    ///
    /// Bad:
    /// ```ron
    /// allow: [(rule: "R002", reason: "later"), (rule: "L004", reason: "notes file")]
    /// ```
    /// Good:
    /// ```ron
    /// allow: [(rule: "M003", reason: "the map is an excerpt")]
    /// ```
    pub static R004 = {
        name: "bad-allowance",
        severity: Error,
        family: References,
        allow: Never,
        fires: &["invalid/R004_1", "invalid/R004_2", "invalid/R004_3"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R004, check);

/// What game.ron's `allow` may do with `code` (case-insensitive), given every rule.
pub fn allowability(code: &str, rules: &[&'static Rule]) -> Allowability {
    rules
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(code))
        .map_or(Allowability::Unknown, |r| r.allowability())
}

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(game) = &cx.folder.game else { return };
    for (i, allow) in game.value.allow.iter().enumerate() {
        let at = game.at(&format!("/allow/{i}/rule"));
        let code = short(&allow.rule);
        let judged = crate::rules::game::allowability(cx.folder, &allow.rule)
            .unwrap_or_else(|| allowability(&allow.rule, cx.rules));
        let d = match judged {
            Allowability::Allowable(_) => continue,
            Allowability::Unknown => {
                let near = did_you_mean(&allow.rule, cx.rules.iter().map(|r| r.code));
                Diagnostic::new(&R004, format!("`{code}` is not a rule code"), at)
                    .with_label("no such code")
                    .with_help(match near {
                        Some(c) => format!(
                            "did you mean `{c}`? `orbat-validate --list-rules` lists the codes"
                        ),
                        None => "`orbat-validate --list-rules` lists the codes".to_owned(),
                    })
            }
            Allowability::Error(c) => Diagnostic::new(
                &R004,
                format!("`{c}` is an error and cannot be allowed"),
                at,
            )
            .with_help("fix the data instead; only warnings may be allowed"),
            Allowability::NotAllowable(c, why, help) => {
                Diagnostic::new(&R004, format!("`{c}` cannot be allowed: {why}"), at)
                    .with_label("allows nothing")
                    .with_help(help)
            }
        };
        out.push(d);
    }
}
