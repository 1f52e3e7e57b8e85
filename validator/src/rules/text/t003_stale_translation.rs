//! T003: a translation was made from an older source text.

use crate::analysis::text::judge::{Staleness, Status};
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::model::{SourceRecord, TextEntry};
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a translation was made from an older source text
    ///
    /// Each translation records the source text it was made from; when the source changes, the translation is stale until it is reviewed. The message shows what changed.
    ///
    /// Bad: text.en.ron says "Cancels {card:x} at once."; text.it.ron's `source` still says "Cancels {card:x}."
    /// Good: update the Italian text and its `source`.
    pub static T003 = {
        name: "stale-translation",
        severity: Warning,
        family: Text,
        allow: Yes,
        fires: &["invalid/T003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T003, check);

/// A translation whose recorded source differs from today's source (one that records none
/// is T006's).
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(verdicts) = cx.verdicts() else {
        return;
    };
    for l in &verdicts.languages {
        for v in &l.verdicts {
            let (Status::Stale(Staleness::Changed { .. }), Some(recorded)) =
                (v.status, v.tr.source.as_ref())
            else {
                continue;
            };
            out.push(
                Diagnostic::new(
                    &T003,
                    format!(
                        "the translation of `{}` is stale: its {} source changed",
                        v.key, verdicts.source_lang
                    ),
                    l.doc.at_key(&child("/entries", v.key)),
                )
                .with_label("translated from an older source")
                .with_help(format!(
                    "{}; update the translation, then its `source`",
                    diff(recorded, v.src)
                )),
            );
        }
    }
}

/// What changed between the recorded source and today's.
fn diff(recorded: &SourceRecord, now: &TextEntry) -> String {
    let mut parts = Vec::new();
    if recorded.name != now.name {
        parts.push(format!(
            "name was \"{}\", now \"{}\"",
            recorded.name, now.name
        ));
    }
    if recorded.text != now.text {
        parts.push(format!(
            "text was \"{}\", now \"{}\"",
            recorded.text.as_deref().unwrap_or_default(),
            now.text.as_deref().unwrap_or_default()
        ));
    }
    parts.join("; ")
}
