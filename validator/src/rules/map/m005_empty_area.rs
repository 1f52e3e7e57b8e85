//! M005: an area that no space belongs to.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// an area that no space belongs to
    ///
    /// Areas (countries, regions) are sets of spaces; an area with no space is either unfinished or misspelled in the spaces that should list it.
    ///
    /// Bad: game.ron declares area `serbia`; no space lists `serbia` in its `areas`.
    /// Good:
    /// ```ron
    /// (id: "belgrade", ..., areas: ["serbia"])
    /// ```
    pub static M005 = {
        name: "empty-area",
        severity: Warning,
        family: Map,
        allow: Yes,
        fires: &["invalid/M005_1", "invalid/M005_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&M005, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let (Some(w), Some(game)) = (cx.world, &cx.folder.game) else {
        return;
    };
    // one pass over the spaces, marking the areas they list
    let mut used = vec![false; w.game.areas.len()];
    for s in &w.map.value.spaces {
        for a in &s.areas {
            if let Some(k) = w.ids.areas.index(a) {
                used[k] = true;
            }
        }
    }
    for (i, area) in w.game.areas.iter().enumerate() {
        if !used[i] {
            out.push(
                Diagnostic::new(
                    &M005,
                    format!("no space belongs to area `{}`", area.id),
                    game.at(&format!("/areas/{i}/id")),
                )
                .with_label("empty area")
                .with_help("list the area in the `areas` of its spaces in map.ron, or remove it"),
            );
        }
    }
}
