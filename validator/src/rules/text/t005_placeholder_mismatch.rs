//! T005: a translation's placeholders differ from its source's.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::check::Check;
use crate::rules::context::Context;

use super::entries::{placeholder_slices, side_by_side, source, translations};
use super::judge::placeholder_diff;

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
    let Some((source_lang, source)) = source(cx.folder) else {
        return;
    };
    for (_, doc) in translations(cx.folder, source_lang) {
        for (key, src, tr) in side_by_side(&source.value, &doc.value) {
            let Some(tr) = tr else { continue };
            let fields = [
                ("text", "text", src.text.as_deref(), tr.text.as_deref()),
                (
                    "name",
                    "name",
                    Some(src.name.as_str()),
                    Some(tr.name.as_str()),
                ),
            ];
            for (field, what, src_field, tr_field) in fields {
                if placeholder_diff(src_field, tr_field).is_empty() {
                    continue;
                }
                let (want, got) = (sorted(src_field), sorted(tr_field));
                let message = match field {
                    "text" => format!("the placeholders of `{key}` differ from the source text"),
                    _ => format!(
                        "the placeholders of the name of `{key}` differ from the source name"
                    ),
                };
                out.push(
                    Diagnostic::new(&T005, message, doc.at(&child(&child("/entries", key), field)))
                        .with_label(format!("has {}", show(&got)))
                        .with_help(format!("the {source_lang} {what} has {}; a translation keeps every placeholder of its source, and adds none", show(&want))),
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
