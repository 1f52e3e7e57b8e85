//! O002: a unit of a faction the scenario does not field.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit of a faction the scenario does not field
    ///
    /// A scenario that lists its `factions` places only units of those factions.
    ///
    /// Bad: `factions: ["fr", "ge"]` and a British unit placed.
    /// Good: add `br` to `factions`, or remove the placement.
    pub static O002 = {
        name: "faction-not-fielded",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O002, check);

/// Only for scenarios that list their `factions`.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for placements in cx.placements() {
        let (doc, s) = (placements.doc, &placements.doc.value);
        if s.factions.is_empty() {
            continue;
        }
        for pl in &placements.placed {
            let (i, p, unit) = (pl.index, pl.placement, pl.unit);
            if !s.factions.contains(&unit.faction) {
                out.push(
                    Diagnostic::new(
                        &O002,
                        format!(
                            "`{}` belongs to `{}`, which this scenario does not field",
                            p.unit, unit.faction
                        ),
                        doc.at(&format!("/placements/{i}/unit")),
                    )
                    .with_help(format!(
                        "add `{}` to the scenario's `factions`, or remove the placement",
                        unit.faction
                    )),
                );
            }
        }
    }
}
