//! P004: a unit cannot trace supply at the start of a scenario.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit cannot trace supply at the start of a scenario
    ///
    /// From each unit on the map, supply is traced along links its faction may use (link kinds that carry supply, restrictions that include it), through spaces controlled at start by friendly factions (or as the faction's supply rule says), to a source valid for its faction. The unit's own space need not be friendly (a unit stands where it stands; the path begins at its neighbours). Boxes, always-supplied areas and unit kinds that need no supply are exempt. The message names the unit, its space and where the trace broke.
    ///
    /// Bad: a French army in `verdun` whose only way to `paris` runs through German-held `metz`.
    /// Good: place it where a chain of French-controlled spaces leads to `paris`, or fix the control at start.
    pub static P004 = {
        name: "out-of-supply-at-start",
        severity: Warning,
        family: Supply,
        allow: Yes,
        fires: &["invalid/P004_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&P004, check);

/// Every unit on the map that the supply traces (`trace.rs`) found cut off.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for traces in cx.traces() {
        for cut in &traces.out_of_supply {
            out.push(
                Diagnostic::new(
                    &P004,
                    format!(
                        "unit `{}` ({}) in `{}` is out of supply at start",
                        cut.unit,
                        cut.faction,
                        w.space_id(cut.space)
                    ),
                    traces.doc.at(&format!("/placements/{}/at", cut.placement)),
                )
                .with_label("cannot trace supply from here")
                .with_help(format!(
                    "{}; change control at start, links, or the unit's space",
                    cut.why
                )),
            );
        }
    }
}
