//! O006: a unit starts in a space the enemy controls.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit starts in a space the enemy controls
    ///
    /// At the start every unit stands in a space its side controls, or at least in one no enemy controls. A unit in an enemy space is usually a typo in the space or in control at start, and would otherwise show only as out of supply. A unit the rules place there (besieging a fort, holding a contested massif) says why, and is then not reported.
    ///
    /// Bad: a German corps at `reims`, which France controls at start.
    /// Good: the corps at `metz`; or, when the set-up does put it there:
    /// ```ron
    /// (unit: "ge-7", at: "liege", in_enemy_space: Some("besieging the fort"))
    /// ```
    pub static O006 = {
        name: "placed-in-enemy-space",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O006_1"],
        silent: &["valid/minimal", "valid/in-enemy-space"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O006, check);

/// Each placement on the map, against who controls its space at start (after the scenario's
/// control overrides), unless the placement gives a reason.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for (placements, start) in cx.placements().iter().zip(cx.starts()) {
        let doc = placements.doc;
        for pl in &placements.placed {
            let Some(space) = pl.space else { continue };
            if !w.on_map(space) || pl.placement.in_enemy_space.is_some() {
                continue;
            }
            let Some(holder) = start.control[space] else {
                continue;
            };
            if w.enemies(pl.faction, holder, Some(start.scenario)) {
                out.push(
                    Diagnostic::new(
                        &O006,
                        format!(
                            "`{}` ({}) starts in `{}`, which `{holder}` controls at start",
                            pl.placement.unit,
                            pl.unit.faction,
                            w.space_id(space)
                        ),
                        doc.at(&format!("/placements/{}/at", pl.index)),
                    )
                    .with_label("an enemy space")
                    .with_help("place the unit in a space its side controls, or fix the control at start; if the set-up really puts it there, say why with `in_enemy_space: Some(\"...\")`"),
                );
            }
        }
    }
}
