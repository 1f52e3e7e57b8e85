//! K001: more units in a location than its limit.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::Stacking;
use crate::model::compare::same;
use crate::rules::check::Check;
use crate::rules::context::Context;

use crate::analysis::stacks::{Placed, listing, per_word};

declare_rule! {
    /// more units in a location than its limit
    ///
    /// Each location kind has a stacking limit (e.g. 3 units per side in a space); units of kinds that do not count (HQs, leaders) are not counted, and a faction may have its own limit.
    ///
    /// Bad: four German corps in `metz` (a space holds 3).
    /// Good: three corps in `metz`, the fourth in `koblenz`.
    pub static K001 = {
        name: "over-stacked",
        severity: Error,
        family: Stacking,
        allow: Never,
        fires: &["invalid/K001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&K001, check);

/// Each group's counting units against the location's limit, or its faction's own limit
/// when every counting unit is that faction's; reported at the placement that goes over.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for stacks in cx.stacks() {
        for stack in stacks.stacks() {
            for (group, members) in stack.groups() {
                // lists are collected only for a finding's message
                let counting = || {
                    members
                        .iter()
                        .map(|&i| &stack.placed[i as usize])
                        .filter(|p| p.counts)
                };
                // u64: counts come from the files; a sum of them must not wrap
                let total: u64 = counting().map(|p| u64::from(p.count)).sum();
                let faction_limit = counting()
                    .next()
                    .map(|first| first.faction)
                    .filter(|&f| counting().all(|p| same(p.faction, f)))
                    .and_then(|f| {
                        w.game
                            .stacking
                            .faction_limits
                            .iter()
                            .find(|l| same(&l.faction, f))
                    });
                let limit = match (faction_limit, stack.kind.stacking) {
                    (Some(l), _) => l.limit,
                    (None, Stacking::Limit(n)) => n,
                    (None, Stacking::Unlimited) => continue,
                };
                let Some(last) = counting().next_back().filter(|_| total > u64::from(limit)) else {
                    continue;
                };
                let counting: Vec<&Placed<'_>> = counting().collect();
                let source = match faction_limit {
                    Some(l) => format!("faction `{}` stacks at most {}", l.faction, l.limit),
                    None => format!(
                        "a `{}` holds at most {limit} units per {}",
                        stack.kind.id,
                        per_word(w)
                    ),
                };
                out.push(
                    Diagnostic::new(
                        &K001,
                        format!(
                            "{total} units of `{group}` in `{}`, over the limit of {limit}",
                            stack.space_id
                        ),
                        stacks.at(last),
                    )
                    .with_label("this placement goes over the limit")
                    .with_help(format!(
                        "{source}; here: {}. Move {} elsewhere",
                        listing(&counting),
                        total - u64::from(limit)
                    )),
                );
            }
        }
    }
}
