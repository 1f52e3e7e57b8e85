//! T002: a language lacks translations of source entries.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::rules::words::list_some;

use super::entries::{side_by_side, source, translations};
use super::judge::{Status, status};

declare_rule! {
    /// a language lacks translations of source entries
    ///
    /// Reports a language's coverage and the entries still missing.
    ///
    /// Bad: text.it.ron without `"card:bef"`, which text.en.ron has.
    /// Good:
    /// ```ron
    /// "card:bef": (name: "BEF", text: "...", source: (name: "BEF", text: "...")),
    /// ```
    pub static T002 = {
        name: "missing-translation",
        severity: Warning,
        family: Text,
        allow: Yes,
        fires: &["invalid/T002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T002, check);

/// One finding per language that lacks entries of the source (or has them with a blank
/// name: nothing to show a player), with its coverage.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some((source_lang, source)) = source(cx.folder) else {
        return;
    };
    for (lang, doc) in translations(cx.folder, source_lang) {
        let missing: Vec<&str> = side_by_side(&source.value, &doc.value)
            .filter(|(_, src, tr)| status(src, *tr) == Status::Missing)
            .map(|(key, _, _)| key.as_str())
            .collect();
        if missing.is_empty() {
            continue;
        }
        let total = source.value.entries.len();
        let done = total - missing.len();
        out.push(
            Diagnostic::new(
                &T002,
                format!(
                    "text.{lang}.ron translates {done} of {total} entries ({}%)",
                    done * 100 / total.max(1)
                ),
                doc.at("/entries"),
            )
            .with_label(format!("{} missing", missing.len()))
            .with_help(format!("missing: {}", list_some(&missing, 10))),
        );
    }
}
