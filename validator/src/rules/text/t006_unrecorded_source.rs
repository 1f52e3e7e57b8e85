//! T006: a translation does not record the source text it was made from.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;

use super::entries::{side_by_side, source, translations};
use super::judge::{Staleness, Status, status};

declare_rule! {
    /// a translation does not record the source text it was made from
    ///
    /// Without the recorded source, a later change of the source cannot be detected as stale.
    ///
    /// Bad:
    /// ```ron
    /// "space:paris": (name: "Parigi"),
    /// ```
    /// Good:
    /// ```ron
    /// "space:paris": (name: "Parigi", source: (name: "Paris")),
    /// ```
    pub static T006 = {
        name: "unrecorded-source",
        severity: Warning,
        family: Text,
        allow: Yes,
        fires: &["invalid/T006_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T006, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some((source_lang, source)) = source(cx.folder) else {
        return;
    };
    for (_, doc) in translations(cx.folder, source_lang) {
        for (key, src, tr) in side_by_side(&source.value, &doc.value) {
            if status(src, tr) == Status::Stale(Staleness::NotRecorded) {
                out.push(
                    Diagnostic::new(&T006, format!("the translation of `{key}` does not record its source text"), doc.at_key(&child("/entries", key)))
                        .with_help(format!("add `source: (name: \"{}\"...)` with the {source_lang} text it was made from, so later changes show up as stale", src.name)),
                );
            }
        }
    }
}
