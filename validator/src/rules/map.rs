//! Map and connectivity: M001 self-links, M002 duplicate links, M003 disconnected map,
//! M004 spaces no link reaches, M005 areas without spaces.

use rustc_hash::FxHashMap as HashMap;

use petgraph::unionfind::UnionFind;
use petgraph::visit::EdgeRef;

use crate::diagnostic::Diagnostic;

use super::world::{World, list_some};

pub fn check(w: &World<'_>, out: &mut Vec<Diagnostic>) {
    self_and_duplicate_links(w, out);
    connectivity(w, out);
    empty_areas(w, out);
}

/// M001 and M002: a link joins two distinct spaces, and at most once per kind and restriction.
fn self_and_duplicate_links(w: &World<'_>, out: &mut Vec<Diagnostic>) {
    let links = &w.map.value.links;
    let mut seen: HashMap<(&str, &str, &str, Vec<&str>), usize> =
        HashMap::with_capacity_and_hasher(links.len(), Default::default());
    for (i, link) in links.iter().enumerate() {
        if link.a == link.b {
            out.push(
                Diagnostic::new(
                    "M001",
                    format!("this link joins `{}` to itself", link.a),
                    w.map.at(&format!("/links/{i}")),
                )
                .with_label("both ends are the same space")
                .with_help("a link joins two different spaces: fix one end, or delete the link"),
            );
            continue;
        }
        let (a, b) = if link.a <= link.b {
            (&link.a, &link.b)
        } else {
            (&link.b, &link.a)
        };
        let mut only: Vec<&str> = link.only_for.iter().map(String::as_str).collect();
        only.sort_unstable();
        let key = (a.as_str(), b.as_str(), link.kind.as_str(), only);
        if let Some(&first) = seen.get(&key) {
            out.push(
                Diagnostic::new("M002", format!("`{}` and `{}` are already linked by a `{}` link", link.a, link.b, link.kind), w.map.at(&format!("/links/{i}")))
                    .with_label("duplicate link")
                    .with_related(w.map.at(&format!("/links/{first}")), "first link")
                    .with_help("delete one of them; parallel links are allowed only with a different kind or restriction"),
            );
        } else {
            seen.insert(key, i);
        }
    }
}

/// M003 and M004: the on-map graph is one piece; every on-map space has a link.
fn connectivity(w: &World<'_>, out: &mut Vec<Diagnostic>) {
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
    for i in (0..n).filter(|&i| w.on_map(i)) {
        if !linked[i] {
            out.push(
                Diagnostic::new("M004", format!("no link reaches `{}`", w.space_id(i)), w.map.at(&format!("/spaces/{i}/id")))
                    .with_label("isolated space")
                    .with_help("add links to its neighbours, or make it a box (a location kind with `on_map: false`)"),
            );
            continue;
        }
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
                "M003",
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

/// M005: an area no space belongs to.
fn empty_areas(w: &World<'_>, out: &mut Vec<Diagnostic>) {
    let Some(game) = &w.folder.game else { return };
    for (i, area) in w.game.areas.iter().enumerate() {
        if !w
            .map
            .value
            .spaces
            .iter()
            .any(|s| s.areas.contains(&area.id))
        {
            out.push(
                Diagnostic::new(
                    "M005",
                    format!("no space belongs to area `{}`", area.id),
                    game.at(&format!("/areas/{i}/id")),
                )
                .with_label("empty area")
                .with_help("list the area in the `areas` of its spaces in map.ron, or remove it"),
            );
        }
    }
}
