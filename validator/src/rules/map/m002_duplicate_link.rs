//! M002: two links with the same ends, kind and restriction.

use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Fix};
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
    let mut seen: HashMap<(&str, &str, &str, Vec<&str>), usize> =
        HashMap::with_capacity_and_hasher(links.len(), Default::default());
    for (i, link) in links.iter().enumerate() {
        if link.a == link.b {
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
                Diagnostic::new(&M002, format!("`{}` and `{}` are already linked by a `{}` link", link.a, link.b, link.kind), w.map.at(&format!("/links/{i}")))
                    .with_label("duplicate link")
                    .with_related(w.map.at(&format!("/links/{first}")), "first link")
                    .with_help("delete one of them; parallel links are allowed only with a different kind or restriction")
                    .with_fix(Fix::DeleteItem),
            );
        } else {
            seen.insert(key, i);
        }
    }
}
