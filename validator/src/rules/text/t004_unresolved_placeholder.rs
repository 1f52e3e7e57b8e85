//! T004: a placeholder names nothing.

use crate::analysis::ids::Ids;
use crate::analysis::text_keys::{KeyKind, Named, named};
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
        fires: &["invalid/T004_1", "invalid/T004_2", "invalid/T004_3", "invalid/T004_4"],
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
                        Diagnostic::new(
                            &T004,
                            format!("placeholder `{{{ph}}}` names nothing"),
                            doc.at(&child(&child("/entries", key), "text")),
                        )
                        .with_help(help()),
                    );
                }
            }
        }
    }
}

/// What a placeholder may be: every kind a text key may name.
fn help() -> String {
    let kinds: Vec<&str> = KeyKind::ALL.iter().map(|k| k.prefix()).collect();
    format!(
        "a placeholder is `{{<kind>:<id>}}` with an existing id, the kind one of {} (`marker`: a marker kind)",
        kinds.join(", ")
    )
}

/// Whether a placeholder names something: None when its kind's file did not load.
fn resolves(ph: &str, ids: &Ids<'_>) -> Option<bool> {
    let Named::Thing(kind, id) = named(ph) else {
        return Some(false);
    };
    let table = kind.table(ids);
    table.loaded.then(|| table.contains(id))
}
