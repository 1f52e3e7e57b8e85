//! One loaded game folder checked: the loading codes that need the whole folder, every rule
//! (the game's own checks among them), then the game's `allow`. A folder that ties data to
//! rulesets is checked once per ruleset's view ([`crate::load::ruleset_view`]) and the
//! findings merged: one found under some views only says under which.

use crate::diagnostic::Diagnostic;
use crate::file_kind::FileKind;
use crate::load::{self, GameFolder, ruleset_view};
use crate::model::{GameCheck, Id};
use crate::report::Allowed;
use crate::rule::Allowability;
use crate::{registry, rules};

/// Adds the folder's findings to `out`, moving the warnings its game allows into `allowed`;
/// returns the game's own checks as rules. `only`: check under that ruleset alone.
pub fn check(
    folder: &GameFolder,
    only: Option<&str>,
    out: &mut Vec<Diagnostic>,
    allowed: &mut Vec<Allowed>,
) -> Vec<GameCheck> {
    let start = out.len();
    if only.is_none() && ruleset_view::tied(folder).is_empty() {
        all_rules(folder, out);
    } else {
        if let Some(r) = only
            && !declares_ruleset(folder, r, out)
        {
            // its findings say why; a view of a ruleset the game does not have says nothing
            return Vec::new();
        }
        let views = ruleset_view::views(folder, only);
        let found: Vec<Vec<Diagnostic>> = views
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let view = ruleset_view::view(folder, r.as_deref(), i == 0);
                let mut found = Vec::new();
                all_rules(&view, &mut found);
                found
            })
            .collect();
        merge(&views, found, out);
    }
    replaced(folder, start, out);
    super::allow::apply(folder, start, out, allowed);
    let checks = folder.checks.iter().flat_map(|d| &d.value.checks);
    checks.cloned().collect()
}

/// Drops from `out[start..]` the built-in warnings the game's own checks stand in for
/// (`replaces`; those G001 refuses replace nothing).
fn replaced(folder: &GameFolder, start: usize, out: &mut Vec<Diagnostic>) {
    let codes = rules::game::replaces::replaced(folder);
    if codes.is_empty() {
        return;
    }
    let replaceable = |code: &str| {
        codes.iter().any(|c| c == code)
            && matches!(registry::allowability(code), Allowability::Allowable(_))
    };
    let kept: Vec<Diagnostic> = out
        .drain(start..)
        .filter(|d| !replaceable(d.code))
        .collect();
    out.extend(kept);
}

fn all_rules(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    load::codes::check_folder(folder, out);
    rules::check_folder(folder, registry::rules(), out);
    super::states::judge(folder, out);
    // examples that change the start, held back as the start's were when their data is faulty
    let mut examples = Vec::new();
    super::states::examples::judge(folder, &mut examples);
    rules::game::held::settle_examples(folder, &mut examples, out);
    out.extend(examples);
}

/// Whether the game declares the ruleset `--ruleset` names; R002 if it does not.
fn declares_ruleset(folder: &GameFolder, name: &str, out: &mut Vec<Diagnostic>) -> bool {
    let Some(game) = &folder.game else {
        return false;
    };
    let ids = crate::analysis::ids::Ids::build(folder);
    let at = || game.at_key("/rulesets");
    let known =
        rules::references::r002_unresolved_reference::reference(&ids.rulesets, name, &at, out);
    if !known && let Some(d) = out.last_mut() {
        let names: Vec<String> = game
            .value
            .rulesets
            .iter()
            .map(|r| format!("`{}`", r.id))
            .collect();
        d.help = Some(match names.is_empty() {
            true => "this game declares no ruleset: check it without `--ruleset`".to_owned(),
            false => format!(
                "`--ruleset` takes one of this game's rulesets: {}",
                names.join(", ")
            ),
        });
    }
    known
}

/// The findings of every view, each once: one that not every view raised says which raised it
/// (a finding in a scenario file needs no such note: a scenario is in one view).
fn merge(views: &[Option<Id>], found: Vec<Vec<Diagnostic>>, out: &mut Vec<Diagnostic>) {
    let key = |d: &Diagnostic| {
        (
            d.code,
            d.message.clone(),
            d.location.file.clone(),
            d.location.span.clone(),
        )
    };
    let mut merged: Vec<(Diagnostic, Vec<usize>)> = Vec::new();
    let mut index: std::collections::HashMap<_, usize> = std::collections::HashMap::new();
    for (v, list) in found.into_iter().enumerate() {
        for d in list {
            match index.get(&key(&d)) {
                Some(&i) => {
                    let seen: &mut Vec<usize> = &mut merged[i].1;
                    if !seen.contains(&v) {
                        seen.push(v);
                    }
                }
                None => {
                    index.insert(key(&d), merged.len());
                    merged.push((d, vec![v]));
                }
            }
        }
    }
    for (mut d, seen) in merged {
        let name = d.location.file.file_name().and_then(|n| n.to_str());
        let in_scenario = name.and_then(FileKind::of) == Some(FileKind::Scenario);
        if seen.len() < views.len() && !in_scenario {
            let names: Vec<String> = seen
                .iter()
                .map(|&v| match &views[v] {
                    Some(r) => format!("`{r}`"),
                    None => "no ruleset".to_owned(),
                })
                .collect();
            d.message = format!("{} (under {})", d.message, names.join(", "));
        }
        out.push(d);
    }
}
