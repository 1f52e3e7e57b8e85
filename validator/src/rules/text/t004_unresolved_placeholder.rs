//! T004: a placeholder names nothing.

use crate::analysis::ids::Ids;
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;

use crate::analysis::text::entries::placeholder_slices;

declare_rule! {
    /// a placeholder names nothing
    ///
    /// Card text may refer to things with placeholders (`{card:<id>}`, `{space:<id>}`, `{unit:<id>}`, `{marker:<id>}`...), which the editor renders with the name in each language. One that names nothing renders as garbage.
    ///
    /// Bad: "Cancels {card:kaiserschlact}."
    /// Good: "Cancels {card:kaiserschlacht}."
    pub static T004 = {
        name: "unresolved-placeholder",
        severity: Error,
        family: Text,
        allow: Never,
        fires: &["invalid/T004_1", "invalid/T004_2", "invalid/T004_3"],
        silent: &["valid/minimal", "valid/in-enemy-space"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T004, check);

/// Every placeholder of every text, in every language.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    // as the other text rules: only once the source language's file is there
    if crate::analysis::text::entries::source(cx.folder).is_none() {
        return;
    }
    for (_, doc) in &cx.folder.texts {
        for (key, entry) in &doc.value.entries {
            for ph in placeholder_slices(entry.text.as_deref().unwrap_or_default()) {
                if resolves(ph, cx.ids) == Some(false) {
                    out.push(
                        Diagnostic::new(&T004, format!("placeholder `{{{ph}}}` names nothing"), doc.at(&child(&child("/entries", key), "text")))
                            .with_help("placeholders are `{card:<id>}`, `{space:<id>}`, `{unit:<id>}`, `{faction:<id>}`, `{side:<id>}`, `{area:<id>}`, `{deck:<id>}`, `{track:<id>}` or `{marker:<id>}` (a marker kind), with an existing id"),
                    );
                }
            }
        }
    }
}

/// Whether a placeholder names something: None when its kind's file did not load.
fn resolves(ph: &str, ids: &Ids<'_>) -> Option<bool> {
    let Some((kind, id)) = ph.split_once(':') else {
        return Some(false);
    };
    let table = match kind {
        "card" => &ids.cards,
        "space" => &ids.spaces,
        "unit" => &ids.units,
        "faction" => &ids.factions,
        "side" => &ids.sides,
        "area" => &ids.areas,
        "deck" => &ids.decks,
        "track" => &ids.tracks,
        "marker" => &ids.marker_kinds,
        _ => return Some(false),
    };
    table.loaded.then(|| table.contains(id))
}
