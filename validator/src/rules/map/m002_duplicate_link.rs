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
    // each link's key hashed, sorted: 16 bytes a link where a map of keys took 100 (a
    // 100,000-space game's links made 21 MB of it); equal hashes are compared in full
    let mut hashed: Vec<(u64, usize)> = links
        .iter()
        .enumerate()
        .filter(|(_, link)| link.a != link.b)
        .map(|(i, link)| (hash_key(link), i))
        .collect();
    hashed.sort_unstable();
    let mut found: Vec<(usize, usize)> = Vec::new();
    for group in hashed.chunk_by(|x, y| x.0 == y.0) {
        for (j, &(_, i)) in group.iter().enumerate().skip(1) {
            let same = |&&(_, earlier): &&(u64, usize)| key(&links[earlier]) == key(&links[i]);
            if let Some(&(_, first)) = group[..j].iter().find(same) {
                found.push((i, first));
            }
        }
    }
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

/// What makes two links the same: their ends in order, kind, and restriction sorted.
fn key(link: &Link) -> (&str, &str, &str, Vec<&str>) {
    let (a, b) = ends(link);
    let mut only: Vec<&str> = link.only_for.iter().map(Id::as_str).collect();
    only.sort_unstable();
    (a, b, &link.kind, only)
}

/// The link's ends, in order: a link from `x` to `y` is one from `y` to `x`.
fn ends(link: &Link) -> (&str, &str) {
    let (a, b) = (link.a.as_str(), link.b.as_str());
    if a <= b { (a, b) } else { (b, a) }
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
    FxBuildHasher.hash_one((a, b, link.kind.as_str(), only.as_slice()))
}
