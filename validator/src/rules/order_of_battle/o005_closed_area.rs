//! O005: a unit placed in an area closed to its faction.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit placed in an area closed to its faction
    ///
    /// Areas may be closed to some factions (restricted zones, `closed_to`), or to every faction but one nation's while that nation is neutral (`closed_while_neutral`, with the nation in the scenario's `neutral`); and no unit may stand with the units of a nation in limited entry (the scenario's `limited_entry`).
    ///
    /// Bad: a German unit in a space of area `switzerland`, with `closed_to: ["ge"]`; an Austrian corps in `udine` while Italy, whose area `italy` is `closed_while_neutral: Some("it")`, is neutral.
    /// Good: place it outside the area, or list the nation as at war (remove it from `neutral`).
    pub static O005 = {
        name: "closed-area",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O005_1", "invalid/O005_2"],
        silent: &["valid/minimal", "valid/neutral-nation"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O005, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for (placements, start) in cx.placements().iter().zip(cx.starts()) {
        let doc = placements.doc;
        for pl in &placements.placed {
            let (i, p, unit) = (pl.index, pl.placement, pl.unit);
            let Some(space) = pl.space else { continue };
            let sp = &w.map.value.spaces[space];
            let at = || doc.at(&format!("/placements/{i}/at"));
            if let Some(nation) = start.closed_by[space].filter(|n| *n != pl.faction) {
                out.push(
                    Diagnostic::new(&O005, format!("`{}` ({}) is in `{}`, closed to everyone while `{nation}` is neutral", p.unit, unit.faction, sp.id), at())
                        .with_help(format!("place it outside `{nation}`'s neutral land, or remove `{nation}` from the scenario's `neutral` if it is at war")),
                );
            }
            if let Some(nation) = start.limited_by[space].filter(|n| *n != pl.faction) {
                out.push(
                    Diagnostic::new(&O005, format!("`{}` ({}) is in `{}` with units of `{nation}`, neutral in limited entry", p.unit, unit.faction, sp.id), at())
                        .with_help(format!("no unit may stand with `{nation}`'s units while it is in limited entry: place it elsewhere")),
                );
            }
            let closed = w
                .closed_areas
                .of(space)
                .iter()
                .map(|&k| &w.game.areas[k])
                .filter(|a| a.closed_to.iter().any(|f| f == pl.faction));
            for area in closed {
                out.push(
                    Diagnostic::new(&O005, format!("`{}` ({}) is in `{}`, inside area `{}`, which is closed to its faction", p.unit, unit.faction, sp.id, area.id), at())
                        .with_help(format!("place it outside `{}`", area.id)),
                );
            }
        }
    }
}
