//! O004: a one-step unit is placed on its reduced side.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a one-step unit is placed on its reduced side
    ///
    /// Only units with a `reduced` side can start reduced.
    ///
    /// Bad:
    /// ```ron
    /// (unit: "br-bef", at: "calais", reduced: true)   // br-bef has no reduced values
    /// ```
    /// Good:
    /// ```ron
    /// (unit: "br-bef", at: "calais")
    /// ```
    pub static O004 = {
        name: "reduced-one-step",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O004_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O004, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for placements in cx.placements() {
        let doc = placements.doc;
        for pl in &placements.placed {
            let (i, p, unit) = (pl.index, pl.placement, pl.unit);
            if p.reduced && unit.reduced.is_none() {
                out.push(
                    Diagnostic::new(
                        &O004,
                        format!("`{}` is placed reduced but has no reduced side", p.unit),
                        doc.at(&format!("/placements/{i}/reduced")),
                    )
                    .with_help(format!(
                        "remove `reduced: true`, or give `{}` its `reduced` values in units.ron",
                        p.unit
                    )),
                );
            }
        }
    }
}
