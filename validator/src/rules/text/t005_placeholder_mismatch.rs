//! T005: a translation's placeholders differ from its source's.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;

use crate::analysis::text::entries::placeholder_slices;
use crate::analysis::text::judge::placeholder_diff;

declare_rule! {
    /// a translation's placeholders differ from its source's
    ///
    /// A translation must keep every placeholder of its source, no more and no fewer, or it says something else. Names and texts are compared each with its source: a placeholder added to a translated name is as wrong as one dropped from a text.
    ///
    /// Bad: en "Cancels {card:greece}." / it "Annulla la carta."; en name "Strafexpedition" / it name "Spedizione punitiva {space:udine}"
    /// Good: it "Annulla {card:greece}."; it name "Spedizione punitiva"
    pub static T005 = {
        name: "placeholder-mismatch",
        severity: Error,
        family: Text,
        allow: Never,
        fires: &["invalid/T005_1", "invalid/T005_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T005, check);

/// A translation's name and text each have the placeholders of the source's, in any order:
/// none missing, none added.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(verdicts) = cx.verdicts() else {
        return;
    };
    let source_lang = verdicts.source_lang;
    for l in &verdicts.languages {
        for v in &l.verdicts {
            let fields = [
                (
                    "text",
                    v.text_placeholders_differ,
                    v.src.text.as_deref(),
                    v.tr.text.as_deref(),
                ),
                (
                    "name",
                    v.name_placeholders_differ,
                    Some(v.src.name.as_str()),
                    Some(v.tr.name.as_str()),
                ),
            ];
            for (field, differ, src_field, tr_field) in fields {
                // in another order they are the same placeholders
                if !differ || placeholder_diff(src_field, tr_field).is_empty() {
                    continue;
                }
                let (want, got) = (sorted(src_field), sorted(tr_field));
                let key = v.key;
                let message = match field {
                    "text" => format!("the placeholders of `{key}` differ from the source text"),
                    _ => format!(
                        "the placeholders of the name of `{key}` differ from the source name"
                    ),
                };
                out.push(
                    Diagnostic::new(&T005, message, l.doc.at(&child(&child("/entries", key), field)))
                        .with_label(format!("has {}", show(&got)))
                        .with_help(format!("the {source_lang} {field} has {}; a translation keeps every placeholder of its source, and adds none", show(&want))),
                );
            }
        }
    }
}

/// The placeholders of a text, sorted, for the message.
fn sorted(text: Option<&str>) -> Vec<&str> {
    let mut v: Vec<&str> = placeholder_slices(text.unwrap_or_default()).collect();
    v.sort_unstable();
    v
}

fn show(list: &[&str]) -> String {
    if list.is_empty() {
        "no placeholder".into()
    } else {
        list.iter()
            .map(|p| format!("`{{{p}}}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
