//! The game's `allow` (game.ron): each allowable warning an entry names is set aside with the
//! entry's reason; an entry that set nothing aside is reported (R006) when every check that
//! could raise its warnings ran.

use crate::diagnostic::{Diagnostic, Location, Severity};
use crate::load::GameFolder;
use crate::report::Allowed;
use crate::rule::Allowability;
use crate::{registry, rules};

/// Moves the warnings of `out[start..]` that the folder's game allows into `allowed`.
pub fn apply(
    folder: &GameFolder,
    start: usize,
    out: &mut Vec<Diagnostic>,
    allowed: &mut Vec<Allowed>,
) {
    let Some(game) = &folder.game else { return };
    let entries = &game.value.allow;
    if entries.is_empty() {
        return;
    }
    // each allowable code is allowed by the first entry naming it; entries R004 rejects
    // allow nothing
    let allows: Vec<Option<&'static str>> = entries
        .iter()
        .map(|a| {
            match rules::game::allowability(folder, &a.rule)
                .unwrap_or_else(|| registry::allowability(&a.rule))
            {
                Allowability::Allowable(code) => Some(code),
                _ => None,
            }
        })
        .collect();
    let mut used = vec![false; entries.len()];
    let mut at: Vec<Option<Location>> = vec![None; entries.len()];
    let mut kept = Vec::with_capacity(out.len() - start);
    for d in out.drain(start..) {
        let by = (d.severity == Severity::Warning)
            .then(|| allows.iter().position(|c| *c == Some(d.code)))
            .flatten();
        match by {
            Some(i) => {
                used[i] = true;
                let allowance = at[i]
                    .get_or_insert_with(|| game.at(&format!("/allow/{i}")))
                    .clone();
                allowed.push(Allowed {
                    diagnostic: d,
                    reason: entries[i].reason.clone(),
                    allowance,
                });
            }
            None => kept.push(d),
        }
    }
    out.extend(kept);
    // with a file missing or not loaded, the checks that raise the warning may not have run
    let complete = folder.failed.is_empty()
        && folder.map.is_some()
        && folder.units.is_some()
        && folder.cards.is_some();
    if !complete {
        return;
    }
    rules::references::r006_unused_allowance::report(game, &allows, &used, out);
}
