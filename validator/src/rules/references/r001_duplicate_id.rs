//! R001: two things of one kind share an id.

use rustc_hash::FxHashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::suggest::short;

declare_rule! {
    /// two things of one kind share an id
    ///
    /// Ids are how everything refers to everything; a repeated id makes every reference to it ambiguous.
    ///
    /// Bad: two spaces with `id: "sedan"`.
    /// Good: `id: "sedan"` and `id: "sedan-2"` (display names may repeat; ids may not).
    pub static R001 = {
        name: "duplicate-id",
        severity: Error,
        family: References,
        allow: Never,
        fires: &["invalid/R001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&R001, check);

/// Ids defined twice in one list (recorded while the id tables were built), deck groups
/// repeated within a deck, and scenario ids repeated across the folder.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for d in &cx.ids.duplicates {
        out.push(
            Diagnostic::new(
                &R001,
                format!("the {} id `{}` is used twice", d.kind, short(d.id)),
                d.src.at(&format!("{}/{}/id", d.list, d.index)),
            )
            .with_label("second definition")
            .with_related(
                d.src.at(&format!("{}/{}/id", d.list, d.first)),
                "first defined here",
            )
            .with_help(format!("give each {} its own id", d.kind)),
        );
    }
    if let Some(g) = &cx.folder.game {
        for (i, d) in g.value.decks.iter().enumerate() {
            let mut seen = rustc_hash::FxHashSet::default();
            for (j, grp) in d.groups.iter().enumerate() {
                if !seen.insert(grp.id.as_str()) {
                    out.push(
                        Diagnostic::new(
                            &R001,
                            format!(
                                "the deck group id `{}` is used twice in deck `{}`",
                                grp.id, d.id
                            ),
                            g.at(&format!("/decks/{i}/groups/{j}/id")),
                        )
                        .with_help("give each group of a deck its own id"),
                    );
                }
            }
        }
    }
    // the first file's location is built only for a duplicate (building it means indexing
    // that file's spans)
    let mut seen = FxHashMap::default();
    for doc in &cx.folder.scenarios {
        if let Some(first) = seen.insert(doc.value.id.as_str(), doc) {
            out.push(
                Diagnostic::new(
                    &R001,
                    format!("the scenario id `{}` is used twice", doc.value.id),
                    doc.at("/id"),
                )
                .with_related(first.at("/id"), "first used here"),
            );
        }
    }
}
