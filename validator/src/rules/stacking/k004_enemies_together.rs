//! K004: enemy units share a location at start.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// enemy units share a location at start
    ///
    /// Opposing units cannot share a location, except in location kinds that allow it (Pursuit of Glory regions). Who is whose enemy follows the sides at the scenario's start: a faction a scenario `alignments` to another side stands with that side.
    ///
    /// Bad: a French and a German army both in `metz`.
    /// Good: the French army in `verdun`, or `opposing_may_share: true` on the location kind.
    pub static K004 = {
        name: "enemies-together",
        severity: Error,
        family: Stacking,
        allow: Never,
        fires: &["invalid/K004_1", "invalid/K004_2"],
        silent: &["valid/minimal", "valid/alignments"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&K004, check);

/// The first unit that is the enemy of one placed before it in the location, once per
/// location, unless its kind lets opposing units share it.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for stacks in cx.stacks() {
        let scenario = &stacks.doc.value;
        for stack in stacks.stacks().filter(|s| !s.kind.opposing_may_share) {
            let placed = stack.placed;
            'pairs: for (i, p) in placed.iter().enumerate() {
                for q in &placed[..i] {
                    if w.enemies(p.faction, q.faction, Some(scenario)) {
                        // a side the scenario gives anew is the likeliest surprise: say so
                        let realigned: Vec<String> = [q.faction, p.faction]
                            .iter()
                            .filter_map(|f| {
                                let a = scenario.alignments.iter().find(|a| a.faction == *f)?;
                                Some(format!("`{f}` is on side `{}` at this scenario's start (its `alignments`)", a.side))
                            })
                            .collect();
                        let why = if realigned.is_empty() {
                            String::new()
                        } else {
                            format!("; {}", realigned.join(", "))
                        };
                        out.push(
                            Diagnostic::new(&K004, format!("enemy units share `{}`: `{}` ({}) and `{}` ({})", stack.space_id, q.unit, q.faction, p.unit, p.faction), stacks.at(p))
                                .with_label("enemy of a unit already here")
                                .with_related(stacks.at(q), format!("`{}` is here", q.unit))
                                .with_help(format!("a `{}` cannot hold opposing units at start; move one of them, or set `opposing_may_share: true` on that location kind{why}", stack.kind.id)),
                        );
                        break 'pairs;
                    }
                }
            }
        }
    }
}
