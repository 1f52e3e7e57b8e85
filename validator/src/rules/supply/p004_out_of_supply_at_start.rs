//! P004: a unit cannot trace supply at the start of a scenario.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit cannot trace supply at the start of a scenario
    ///
    /// From each unit on the map, supply is traced along links its faction may use for supply (link kinds that carry supply, restrictions that include it in `only_for` or `supply_for`, conditions in `only_while` that hold; a `one_way` link only from its `a` to its `b`), through spaces controlled at start by friendly factions (or as the faction's supply rule says) and not closed by a neutral nation or a nation in limited entry, to a source valid for its faction (and active at start: `source_while`). Where the game has `sea_supply`, the line may sail from a usable port to another (the faction's `by_sea`, `ports_in`, `ports_not_in`, the port's `port_limits`), with at most `max_ports` ports in one line; a marker kind with `port_for` makes its spaces ports for those units only. The unit's own space need not be friendly (a unit stands where it stands; the line begins at its neighbours). Boxes, neutral nations' units, always-supplied factions, flags, areas and spaces, and unit kinds that need no supply are exempt. The message names the unit, its space and where and why the trace stops (enemy control, a neutral nation, limited entry, a link closed to the faction, a port it may not use, the limit on ports).
    ///
    /// Bad: a French army in `verdun` whose only way to `paris` runs through German-held `metz`.
    /// Good: place it where a chain of French-controlled spaces leads to `paris`, or fix the control at start.
    pub static P004 = {
        name: "out-of-supply-at-start",
        severity: Warning,
        family: Supply,
        allow: Yes,
        fires: &["invalid/P004_1", "invalid/P004_2", "invalid/P004_3", "invalid/P004_4", "invalid/P004_5", "invalid/P004_6", "invalid/P004_7", "invalid/P004_8"],
        silent: &["valid/minimal", "valid/sea-supply", "valid/neutral-nation", "valid/supply-only-link", "valid/conditional-source", "valid/one-way-links"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&P004, check);

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
