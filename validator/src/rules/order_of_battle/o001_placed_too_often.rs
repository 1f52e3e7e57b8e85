//! O001: a unit is placed more often than the counter mix holds.

use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit is placed more often than the counter mix holds
    ///
    /// Each unit id in units.ron stands for `count` counters (1 by default); a scenario cannot place more.
    ///
    /// Bad: `fr-5a` placed in `verdun` and again in `paris`.
    /// Good: one placement, or two different units.
    pub static O001 = {
        name: "placed-too-often",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O001, check);

/// Counts each unit's counters over the scenario's placements; every placement past the
/// counter mix's count is reported, pointing back at the first.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for placements in cx.placements() {
        let doc = placements.doc;
        // u64: counts come from the files, and two of u32::MAX must not wrap (or panic)
        let mut placed: HashMap<&str, (u64, usize)> =
            HashMap::with_capacity_and_hasher(placements.placed.len(), Default::default());
        for pl in &placements.placed {
            let (i, p, unit) = (pl.index, pl.placement, pl.unit);
            let entry = placed.entry(p.unit.as_str()).or_insert((0, i));
            entry.0 += u64::from(p.count);
            if entry.0 > u64::from(unit.count) {
                let mut d = Diagnostic::new(
                    &O001,
                    format!(
                        "`{}` is placed {} times, but the counter mix holds {}",
                        p.unit, entry.0, unit.count
                    ),
                    doc.at(&format!("/placements/{i}/unit")),
                )
                .with_label("one placement too many")
                .with_help(format!(
                    "remove a placement, or raise `count` of `{}` in units.ron",
                    p.unit
                ));
                if entry.1 != i {
                    d = d.with_related(
                        doc.at(&format!("/placements/{}/unit", entry.1)),
                        "first placed here",
                    );
                }
                out.push(d);
            }
        }
    }
}
