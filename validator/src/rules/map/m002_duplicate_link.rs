//! M002: two links with the same ends, kind and restriction.

use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Fix};
use crate::model::{Id, Link};
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// two links with the same ends, kind and restriction
    ///
    /// Parallel links are real (a rail line beside a road, a link only some factions may use), but two links with the same ends, kind and restriction are one link typed twice.
    ///
    /// Bad:
    /// ```ron
    /// (a: "paris", b: "verdun", kind: "normal"),
    /// (a: "verdun", b: "paris", kind: "normal"),
    /// ```
    /// Good:
    /// ```ron
    /// (a: "paris", b: "verdun", kind: "normal"),
    /// (a: "paris", b: "verdun", kind: "rail"),
    /// ```
    pub static M002 = {
        name: "duplicate-link",
        severity: Error,
        family: Map,
        allow: Never,
        fires: &["invalid/M002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&M002, check);

/// Links are the same when they join the same two spaces (either way round), with the same
/// kind and the same restriction (in any order). Self-links are M001's.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    let links = &w.map.value.links;
    let mut found: Vec<(usize, usize)> = Vec::new();
    // the links whose ends the world resolved (its graph's edges), keyed by the indices of
    // their ends: two links can be the same only with the same two ends, and sorting by a
    // number made from two indices the world had found costs less than hashing three texts
    // a link (some 1.5% of a check of the corpus of real-sized games, BENCHMARKS.md session 23)
    let mut by_ends: Vec<(u64, usize)> = w
        .graph
        .raw_edges()
        .iter()
        .map(|e| {
            let (a, b) = (e.source().index() as u64, e.target().index() as u64);
            ((a.min(b) << 32) | a.max(b), e.weight)
        })
        .collect();
    same_links(&mut by_ends, links, &mut found);
    // the others, with an end that names no space (R002's to report), by their key's hash:
    // their ends are no space's id, so none of them is the same as a link of the graph
    let mut hashed: Vec<(u64, usize)> = w
        .links_with_unknown_ends
        .iter()
        .filter(|&&i| links[i].a != links[i].b)
        .map(|&i| (hash_key(&links[i]), i))
        .collect();
    same_links(&mut hashed, links, &mut found);
    found.sort_unstable();
    for (i, first) in found {
        let link = &links[i];
        out.push(
            Diagnostic::new(&M002, format!("`{}` and `{}` are already linked by a `{}` link", link.a, link.b, link.kind), w.map.at(&format!("/links/{i}")))
                .with_label("duplicate link")
                .with_related(w.map.at(&format!("/links/{first}")), "first link")
                .with_help("delete one of them; parallel links are allowed only with a different kind or restriction")
                .with_fix(Fix::DeleteItem),
        );
    }
}

/// Links given with a number that two same links share (and that few others do): each link
/// the same as an earlier one, with the first of them, pushed to `found`.
fn same_links(keyed: &mut [(u64, usize)], links: &[Link], found: &mut Vec<(usize, usize)>) {
    keyed.sort_unstable();
    for group in keyed.chunk_by(|x, y| x.0 == y.0) {
        for (j, &(_, i)) in group.iter().enumerate().skip(1) {
            let same = |&&(_, earlier): &&(u64, usize)| key(&links[earlier]) == key(&links[i]);
            if let Some(&(_, first)) = group[..j].iter().find(same) {
                found.push((i, first));
            }
        }
    }
}

/// What makes two links the same: their ends in order, way, kind, and restriction sorted.
fn key(link: &Link) -> (&str, &str, bool, &str, Vec<&str>) {
    let (a, b) = ends(link);
    let mut only: Vec<&str> = link.only_for.iter().map(Id::as_str).collect();
    only.sort_unstable();
    (a, b, link.one_way, &link.kind, only)
}

/// The link's ends, in order: a link from `x` to `y` is one from `y` to `x`, unless it is
/// one way (then the two ways are two links).
fn ends(link: &Link) -> (&str, &str) {
    let (a, b) = (link.a.as_str(), link.b.as_str());
    if a <= b || link.one_way {
        (a, b)
    } else {
        (b, a)
    }
}

/// The hash of [`key`], built without the list `key` makes when a link has at most one
/// restriction (most links have none): that list and its sort were most of this rule's time.
fn hash_key(link: &Link) -> u64 {
    if link.only_for.len() > 1 {
        return FxBuildHasher.hash_one(key(link));
    }
    let (a, b) = ends(link);
    let only: &[Id] = &link.only_for;
    let only = only.first().map(Id::as_str);
    FxBuildHasher.hash_one((a, b, link.one_way, link.kind.as_str(), only.as_slice()))
}

#[cfg(test)]
mod tests {
    /// M002's findings on the minimal game with `links` added after its five: (line of the
    /// link, line of the first link it repeats), sorted. Link `n` (from 0) is on line `11 + n`.
    fn duplicates(links: &[&str]) -> Vec<(usize, usize)> {
        let found = crate::rules::on_minimal::findings("M002", |name, body| {
            if name == "map.ron" {
                let added: String = links.iter().map(|l| format!("        {l},\n")).collect();
                *body = body.replacen("    ],\n)", &format!("{added}    ],\n)"), 1);
            }
        });
        let line = |l: &crate::diagnostic::Location| l.start.map_or(0, |p| p.line);
        let mut pairs: Vec<(usize, usize)> = found
            .iter()
            .map(|d| (line(&d.location), line(&d.related[0].location)))
            .collect();
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn only_links_with_the_same_ends_kind_and_restriction_are_reported() {
        assert!(duplicates(&[]).is_empty());
        let found = duplicates(&[
            // 5: link 0 the other way round
            r#"(a: "calais", b: "paris", kind: "normal")"#,
            // 6: the ends of link 3 with another kind
            r#"(a: "metz", b: "verdun", kind: "rail")"#,
            // 7, 8: link 2 with one restriction, twice in another order
            r#"(a: "paris", b: "verdun", kind: "rail", only_for: ["fr", "br"])"#,
            r#"(a: "verdun", b: "paris", kind: "rail", only_for: ["br", "fr"])"#,
            // 9, 10, 11: an end naming no space, twice, then with another kind
            r#"(a: "pariss", b: "calais", kind: "normal")"#,
            r#"(a: "calais", b: "pariss", kind: "normal")"#,
            r#"(a: "pariss", b: "calais", kind: "rail")"#,
            // 12, 13: a self-link twice (M001's)
            r#"(a: "metz", b: "metz", kind: "normal")"#,
            r#"(a: "metz", b: "metz", kind: "normal")"#,
            // 14: link 4 again
            r#"(a: "metz", b: "koblenz", kind: "normal")"#,
            // 15, 16, 17: one way each way (two links), then the first way again
            r#"(a: "calais", b: "koblenz", kind: "normal", one_way: true)"#,
            r#"(a: "koblenz", b: "calais", kind: "normal", one_way: true)"#,
            r#"(a: "calais", b: "koblenz", kind: "normal", one_way: true)"#,
        ]);
        let line = |n: usize| 11 + n;
        assert_eq!(
            found,
            [
                (line(5), line(0)),
                (line(8), line(7)),
                (line(10), line(9)),
                (line(14), line(4)),
                (line(17), line(15))
            ]
        );
    }
}
