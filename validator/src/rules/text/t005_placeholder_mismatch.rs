//! T005: a translation's placeholders differ from its source's.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::spans::child;
use crate::rules::{Check, Context};

use super::{placeholder_slices, side_by_side, source, translations};

declare_rule! {
    /// a translation's placeholders differ from its source's
    ///
    /// A translation must keep every placeholder of its source, no more and no fewer, or it says something else.
    ///
    /// Bad: en "Cancels {card:greece}." / it "Annulla la carta."
    /// Good: it "Annulla {card:greece}."
    pub static T005 = {
        name: "placeholder-mismatch",
        severity: Error,
        family: Text,
        allow: Never,
        fires: &["invalid/T005_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T005, check);

/// A translation has the same placeholders as its source, in any order.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some((source_lang, source)) = source(cx.folder) else {
        return;
    };
    for (_, doc) in translations(cx.folder, source_lang) {
        for (key, src, tr) in side_by_side(&source.value, &doc.value) {
            let Some(tr) = tr else { continue };
            let (src_text, tr_text) = (
                src.text.as_deref().unwrap_or_default(),
                tr.text.as_deref().unwrap_or_default(),
            );
            // most translations keep the source's order, so only a difference in order
            // costs the sorted lists
            if placeholder_slices(src_text).eq(placeholder_slices(tr_text)) {
                continue;
            }
            let mut want: Vec<&str> = placeholder_slices(src_text).collect();
            let mut got: Vec<&str> = placeholder_slices(tr_text).collect();
            want.sort_unstable();
            got.sort_unstable();
            if want != got {
                out.push(
                    Diagnostic::new(&T005, format!("the placeholders of `{key}` differ from the source text"), doc.at(&child(&child("/entries", key), "text")))
                        .with_label(format!("has {}", show(&got)))
                        .with_help(format!("the {source_lang} text has {}; a translation keeps every placeholder of its source", show(&want))),
                );
            }
        }
    }
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
