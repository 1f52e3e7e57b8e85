//! T002: a language lacks translations of source entries.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;
use crate::words::list_some;

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
    let Some(verdicts) = cx.verdicts() else {
        return;
    };
    for l in verdicts.languages.iter().filter(|l| !l.missing.is_empty()) {
        let done = l.total - l.missing.len();
        out.push(
            Diagnostic::new(
                &T002,
                format!(
                    "text.{}.ron translates {done} of {} entries ({}%)",
                    l.lang,
                    l.total,
                    done * 100 / l.total.max(1)
                ),
                l.doc.at("/entries"),
            )
            .with_label(format!("{} missing", l.missing.len()))
            .with_help(format!("missing: {}", list_some(&l.missing, 10))),
        );
    }
}
