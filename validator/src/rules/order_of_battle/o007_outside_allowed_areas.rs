//! O007: a unit starts outside the areas its flags restrict it to.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::Id;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::words::list_some;

declare_rule! {
    /// a unit starts outside the areas its flags restrict it to
    ///
    /// A unit flag (declared in game.ron's `unit_flags`) may restrict the units that carry it to some areas (an expeditionary force to its theatre, a tribe to its homeland). A unit placed on the map outside every area of such a flag breaks that restriction; boxes off the map are exempt.
    ///
    /// Bad: `(id: "bef", only_in: ["france", "belgium"])` in game.ron, and a unit flagged `bef` placed at `trieste`.
    /// Good: place it in a space of `france` or `belgium`.
    pub static O007 = {
        name: "outside-allowed-areas",
        severity: Error,
        family: OrderOfBattle,
        allow: Never,
        fires: &["invalid/O007_1"],
        silent: &["valid/minimal", "valid/conditional-source"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&O007, check);

/// Each placement on the map of a unit with a flag that has `only_in` areas.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    if w.game.unit_flags.iter().all(|f| f.only_in.is_empty()) {
        return;
    }
    for placements in cx.placements() {
        for pl in &placements.placed {
            let Some(space) = pl.space.filter(|&s| w.on_map(s)) else {
                continue;
            };
            let areas = &w.map.value.spaces[space].areas;
            let broken = pl
                .unit
                .flags
                .iter()
                .filter_map(|f| w.ids.unit_flags.index(f).map(|k| &w.game.unit_flags[k]))
                .find(|flag| {
                    !flag.only_in.is_empty() && !areas.iter().any(|a| flag.only_in.contains(a))
                });
            if let Some(flag) = broken {
                let allowed: Vec<&str> = flag.only_in.iter().map(Id::as_str).collect();
                out.push(
                    Diagnostic::new(
                        &O007,
                        format!(
                            "`{}` is a `{}` unit, which may stand only in {}, but starts in `{}`",
                            pl.placement.unit,
                            flag.id,
                            list_some(&allowed, 6),
                            w.space_id(space)
                        ),
                        placements.doc.at(&format!("/placements/{}/at", pl.index)),
                    )
                    .with_label("outside the flag's areas")
                    .with_help(format!(
                        "place it in a space of {}, or correct the flag's `only_in` in game.ron",
                        list_some(&allowed, 6)
                    )),
                );
            }
        }
    }
}
