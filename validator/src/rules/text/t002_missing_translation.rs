//! T002: a language lacks translations of source entries.

use rustc_hash::FxHashSet as HashSet;

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
/// name and no text: nothing to show a player), or parts of entries (a card's title without
/// its text), with its coverage. What is missing prints in the source language. A source key
/// naming nothing (R002's) is not an entry to translate: not counted, not asked for.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(verdicts) = cx.verdicts() else {
        return;
    };
    let unresolved: HashSet<&str> = cx.source_keys().map_or_else(HashSet::default, |k| {
        (k.doc.value.entries.keys().zip(&k.resolved))
            .filter(|(_, resolved)| !**resolved)
            .map(|(key, _)| key.as_str())
            .collect()
    });
    for l in &verdicts.languages {
        let missing: Vec<&str> = (l.missing.iter().copied())
            .filter(|k| !unresolved.contains(k))
            .collect();
        if missing.is_empty() && l.incomplete.is_empty() {
            continue;
        }
        let total = l.total - unresolved.len().min(l.total);
        let done = total - missing.len().min(total);
        let mut message = format!(
            "text.{}.ron translates {done} of {total} entries ({}%)",
            l.lang,
            done * 100 / total.max(1)
        );
        let mut label = format!("{} missing", missing.len());
        let mut help = Vec::new();
        if !missing.is_empty() {
            help.push(format!("missing: {}", list_some(&missing, 10)));
        }
        if !l.incomplete.is_empty() {
            message.push_str(&format!(", {} of them in part", l.incomplete.len()));
            label.push_str(&format!(", {} in part", l.incomplete.len()));
            let mut parts: Vec<String> = l
                .incomplete
                .iter()
                .take(10)
                .map(|(key, part)| format!("`{key}` (no {part})"))
                .collect();
            if l.incomplete.len() > 10 {
                parts.push(format!("and {} more", l.incomplete.len() - 10));
            }
            help.push(format!(
                "in part: {}; the part missing prints in the {} language",
                parts.join(", "),
                verdicts.source_lang
            ));
        }
        out.push(
            Diagnostic::new(&T002, message, l.doc.at("/entries"))
                .with_label(label)
                .with_help(help.join("; ")),
        );
    }
}
