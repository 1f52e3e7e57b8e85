//! T006: a translation does not record the source text it was made from.

use crate::analysis::text::judge::{Staleness, Status};
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;

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
    let Some(verdicts) = cx.verdicts() else {
        return;
    };
    for l in &verdicts.languages {
        for v in &l.verdicts {
            if v.status == Status::Stale(Staleness::NotRecorded) {
                out.push(
                    Diagnostic::new(&T006, format!("the translation of `{}` does not record its source text", v.key), l.doc.at_key(&child("/entries", v.key)))
                        .with_help(format!("add `source: (name: \"{}\"...)` with the {} text it was made from, so later changes show up as stale", v.src.name, verdicts.source_lang)),
                );
            }
        }
    }
}
