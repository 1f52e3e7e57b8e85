//! O008: a unit starts in a space no link it may move along leads to.

use petgraph::graph::NodeIndex;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::{Link, Unit};
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit starts in a space no link it may move along leads to
    ///
    /// Some links may be used only by some factions or units (a channel crossing for the British, a dotted line for the Russians, a beach for one landing). A unit that starts in an on-map space whose every link is closed to it could never have moved there and can never leave; the rulebooks forbid it (PoG: Romanian and Serbian units may trace supply along the Russian dotted lines but not move along them). Spaces with no link at all are M004's.
    ///
    /// Bad: a Romanian corps at `to-kharkov`, whose only links are `only_for: ["ru"]` (with `supply_for: ["ro", "sb"]`).
    /// Good: the corps in a space of Romania.
    pub static O008 = {
        name: "unit-cannot-enter",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O008_1"],
        silent: &["valid/minimal", "valid/supply-only-link"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O008, check);

/// Each placement on the map, against the links of its space: one must let the unit move.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    let links = &w.map.value.links;
    // the spaces with a link open to every unit: any unit placed there may move, which is
    // known once per space (the links walked in order) rather than per placement (each
    // placement's links and unit read across a large game's memory: BENCHMARKS.md, session 21)
    let (open, all) = w.open_to_all();
    if all {
        return;
    }
    for placements in cx.placements() {
        for pl in &placements.placed {
            let Some(space) = pl.space.filter(|&s| !open[s] && w.on_map(s)) else {
                continue;
            };
            let mut edges = w.graph.edges(NodeIndex::new(space)).peekable();
            if edges.peek().is_none() {
                continue;
            }
            if edges.any(|e| may_move(&links[*e.weight()], pl.unit)) {
                continue;
            }
            out.push(
                Diagnostic::new(
                    &O008,
                    format!(
                        "`{}` ({}) starts in `{}`, but every link there is closed to it",
                        pl.placement.unit,
                        pl.unit.faction,
                        w.space_id(space)
                    ),
                    placements.doc.at(&format!("/placements/{}/at", pl.index)),
                )
                .with_label("no way in or out for this unit")
                .with_help("place it where a link its faction may move along leads, or open one of the space's links to it (`only_for`, `only_units`)"),
            );
        }
    }
}

/// Whether a unit may move along a link: its faction is among `only_for` (or that is empty),
/// and the unit or one of its flags among `only_units` (or that is empty).
fn may_move(link: &Link, unit: &Unit) -> bool {
    (link.only_for.is_empty() || link.only_for.contains(&unit.faction))
        && (link.only_units.is_empty()
            || link
                .only_units
                .iter()
                .any(|u| *u == unit.id || unit.flags.contains(u)))
}
