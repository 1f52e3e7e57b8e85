//! T003: a translation was made from an older source text.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::model::{SourceRecord, TextEntry};
use crate::rules::check::Check;
use crate::rules::context::Context;

use super::entries::{side_by_side, source, translations};
use super::judge::{Staleness, Status, status};

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
    let Some((source_lang, source)) = source(cx.folder) else {
        return;
    };
    for (_, doc) in translations(cx.folder, source_lang) {
        for (key, src, tr) in side_by_side(&source.value, &doc.value) {
            let Status::Stale(Staleness::Changed { .. }) = status(src, tr) else {
                continue;
            };
            if let Some(recorded) = tr.and_then(|t| t.source.as_ref()) {
                out.push(
                    Diagnostic::new(
                        &T003,
                        format!(
                            "the translation of `{key}` is stale: its {source_lang} source changed"
                        ),
                        doc.at_key(&child("/entries", key)),
                    )
                    .with_label("translated from an older source")
                    .with_help(format!(
                        "{}; update the translation, then its `source`",
                        diff(recorded, src)
                    )),
                );
            }
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
