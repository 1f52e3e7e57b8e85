//! M004: an on-map space that no link reaches.

use petgraph::visit::EdgeRef;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// an on-map space that no link reaches
    ///
    /// A space with no link can never be entered or left. Boxes off the map are exempt.
    ///
    /// Bad:
    /// ```ron
    /// (id: "lemberg", x: 10, y: 10, kind: "space")   // and no link names it
    /// ```
    /// Good:
    /// ```ron
    /// (a: "lemberg", b: "przemysl", kind: "normal")
    /// ```
    pub static M004 = {
        name: "unlinked-space",
        severity: Warning,
        family: Map,
        allow: Yes,
        fires: &["invalid/M004_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&M004, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    let mut linked = vec![false; w.map.value.spaces.len()];
    for e in w.graph.edge_references() {
        linked[e.source().index()] = true;
        linked[e.target().index()] = true;
    }
    for (i, _) in linked
        .iter()
        .enumerate()
        .filter(|&(i, l)| !l && w.on_map(i))
    {
        out.push(
            Diagnostic::new(&M004, format!("no link reaches `{}`", w.space_id(i)), w.map.at(&format!("/spaces/{i}/id")))
                .with_label("isolated space")
                .with_help("add links to its neighbours, or make it a box (a location kind with `on_map: false`)"),
        );
    }
}
