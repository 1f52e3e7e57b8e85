//! O003: a unit placed in terrain its kind may not enter.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a unit placed in terrain its kind may not enter
    ///
    /// Unit kinds may forbid terrains (e.g. no Turkish corps in swamps).
    ///
    /// Bad: a `cavalry` unit in a `mountain` space, with `forbidden_terrains: ["mountain"]`.
    /// Good: place it in clear terrain.
    pub static O003 = {
        name: "forbidden-terrain",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O003, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for placements in cx.placements() {
        let doc = placements.doc;
        for pl in &placements.placed {
            let (i, p) = (pl.index, pl.placement);
            let Some(space) = pl.space else { continue };
            let sp = &w.map.value.spaces[space];
            if let (Some(kind), Some(terrain)) = (pl.kind, &sp.terrain)
                && kind.forbidden_terrains.contains(terrain)
            {
                out.push(
                    Diagnostic::new(&O003, format!("`{}` is a `{}`, which may not enter `{terrain}` terrain (`{}`)", p.unit, kind.id, sp.id), doc.at(&format!("/placements/{i}/at")))
                        .with_help(format!("place it elsewhere; unit kind `{}` lists `{terrain}` among its `forbidden_terrains`", kind.id)),
                );
            }
        }
    }
}
