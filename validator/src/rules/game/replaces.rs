//! A check's `replaces`: the built-in warnings it stands in for (a game's own supply trace for
//! P004). Each must name a built-in warning a game may allow (an error, or a warning the
//! game may not set aside, stays: G001 at the code). The engine drops what they replaced
//! (`engine/replaced.rs`).

use crate::diagnostic::Diagnostic;
use crate::load::{Doc, GameFolder};
use crate::model::ChecksFile;
use crate::rule::Allowability;
use crate::rules::context::Context;
use crate::suggest::did_you_mean;

use super::g001_bad_check_expression::G001;

/// G001 for each `replaces` entry that names no built-in warning a game may replace.
pub fn check(cx: &Context<'_>, file: &Doc<ChecksFile>, out: &mut Vec<Diagnostic>) {
    for (i, c) in file.value.checks.iter().enumerate() {
        for (j, code) in c.replaces.iter().enumerate() {
            let why = match judged(cx, code) {
                Allowability::Allowable(_) => continue,
                Allowability::Unknown => {
                    let near = did_you_mean(code, cx.rules.iter().map(|r| r.code));
                    (
                        format!("`{code}` is not a built-in rule's code"),
                        match near {
                            Some(c) => format!(
                                "did you mean `{c}`? `orbat-validate --list-rules` lists the codes"
                            ),
                            None => "`orbat-validate --list-rules` lists the codes".to_owned(),
                        },
                    )
                }
                Allowability::Error(c) => (
                    format!("`{c}` is an error, which no check may stand in for"),
                    "add the check beside it, without `replaces`".to_owned(),
                ),
                Allowability::NotAllowable(c, why, _) => (
                    format!("`{c}` cannot be replaced: {why}"),
                    "add the check beside it, without `replaces`".to_owned(),
                ),
            };
            out.push(
                Diagnostic::new(&G001, why.0, file.at(&format!("/checks/{i}/replaces/{j}")))
                    .with_label("not a warning a check may replace")
                    .with_help(why.1),
            );
        }
    }
}

fn judged(cx: &Context<'_>, code: &str) -> Allowability {
    (cx.rules.iter())
        .find(|r| r.code.eq_ignore_ascii_case(code))
        .map_or(Allowability::Unknown, |r| r.allowability())
}

/// The codes the folder's checks replace, as written (upper-cased).
pub fn replaced(folder: &GameFolder) -> Vec<String> {
    let checks = folder.checks.iter().flat_map(|d| &d.value.checks);
    let mut codes: Vec<String> = checks
        .flat_map(|c| &c.replaces)
        .map(|c| c.as_str().to_ascii_uppercase())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}
