//! O005: a unit placed in an area closed to its faction.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit placed in an area closed to its faction
    ///
    /// Areas may be closed to some factions (neutral countries, restricted zones).
    ///
    /// Bad: a German unit in a space of area `switzerland`, with `closed_to: ["ge"]`.
    /// Good: place it outside the area.
    pub static O005 = {
        name: "closed-area",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O005_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&O005, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    if w.game.areas.iter().all(|a| a.closed_to.is_empty()) {
        return;
    }
    for placements in cx.placements() {
        let doc = placements.doc;
        for pl in &placements.placed {
            let (i, p, unit) = (pl.index, pl.placement, pl.unit);
            let Some(space) = pl.space else { continue };
            let sp = &w.map.value.spaces[space];
            // the space's own areas, looked up by id (not every area of the game per unit)
            let closed = sp
                .areas
                .iter()
                .filter_map(|a| w.ids.areas.index(a).map(|k| &w.game.areas[k]))
                .filter(|a| a.closed_to.contains(&unit.faction));
            for area in closed {
                out.push(
                    Diagnostic::new(&O005, format!("`{}` ({}) is in `{}`, inside area `{}`, which is closed to its faction", p.unit, unit.faction, sp.id, area.id), doc.at(&format!("/placements/{i}/at")))
                        .with_help(format!("place it outside `{}`", area.id)),
                );
            }
        }
    }
}
