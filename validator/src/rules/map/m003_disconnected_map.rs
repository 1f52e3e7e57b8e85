//! M003: the on-map graph falls apart into pieces.

use rustc_hash::FxHashMap as HashMap;

use petgraph::unionfind::UnionFind;
use petgraph::visit::EdgeRef;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::words::list_some;

declare_rule! {
    /// the on-map graph falls apart into pieces
    ///
    /// Every space on the map should be reachable from every other along links; a piece cut off is usually a forgotten link. Boxes (location kinds with `on_map: false`) are exempt. A map that is knowingly an excerpt may allow this warning in game.ron.
    ///
    /// Bad: spaces `a`-`b` linked, `c`-`d` linked, and no link between the two pairs.
    /// Good: add the link `b`-`c`, or `allow: [(rule: "M003", reason: "excerpt of the map")]`.
    pub static M003 = {
        name: "disconnected-map",
        severity: Warning,
        family: Map,
        allow: Yes,
        fires: &["invalid/M003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&M003, check);

/// The on-map spaces that have a link fall into pieces: each piece but the largest is
/// reported once. Spaces with no link at all are M004's.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    let n = w.map.value.spaces.len();
    let mut uf = UnionFind::<usize>::new(n);
    let mut linked = vec![false; n];
    for e in w.graph.edge_references() {
        let (a, b) = (e.source().index(), e.target().index());
        linked[a] = true;
        linked[b] = true;
        if w.on_map(a) && w.on_map(b) {
            uf.union(a, b);
        }
    }
    let mut components: HashMap<usize, Vec<usize>> = HashMap::default();
    for i in (0..n).filter(|&i| w.on_map(i) && linked[i]) {
        components.entry(uf.find(i)).or_default().push(i);
    }
    if components.len() < 2 {
        return;
    }
    let mut parts: Vec<Vec<usize>> = components.into_values().collect();
    parts.sort_by_key(|p| (std::cmp::Reverse(p.len()), p[0]));
    let main = &parts[0];
    for part in &parts[1..] {
        let names: Vec<&str> = part.iter().map(|&i| w.space_id(i)).collect();
        out.push(
            Diagnostic::new(
                &M003,
                format!(
                    "{} {} cut off from the rest of the map: {}",
                    part.len(),
                    if part.len() == 1 {
                        "space is"
                    } else {
                        "spaces are"
                    },
                    list_some(&names, 8)
                ),
                w.map.at(&format!("/spaces/{}/id", part[0])),
            )
            .with_label("first space of the cut-off part")
            .with_related(
                w.map.at(&format!("/spaces/{}/id", main[0])),
                format!("the main part ({} spaces) starts here", main.len()),
            )
            .with_help(
                "link this part to the rest, or allow M003 in game.ron if the map is an excerpt",
            ),
        );
    }
}
