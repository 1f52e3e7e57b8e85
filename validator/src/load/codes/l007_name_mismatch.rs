//! L007: a file's name disagrees with its content.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::load::{GameFolder, scenario_id};

declare_rule! {
    /// a file's name disagrees with its content
    ///
    /// A text file's language and a scenario's id are given twice, in the file name and inside the file; they must agree, or references go to the wrong place.
    ///
    /// Bad: `text.it.ron` containing `language: "fr"`
    /// Good: `text.it.ron` containing `language: "it"`
    pub static L007 = {
        name: "name-mismatch",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L007_1", "invalid/L007_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

/// A text file's language and a scenario's id agree with the file's name.
pub fn check(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    for (lang, doc) in &folder.texts {
        if &doc.value.language != lang {
            out.push(
                Diagnostic::new(
                    &L007,
                    format!(
                        "text.{lang}.ron says its language is `{}`",
                        doc.value.language
                    ),
                    doc.at("/language"),
                )
                .with_help(format!(
                    "write `language: \"{lang}\"`, or rename the file to text.{}.ron",
                    doc.value.language
                )),
            );
        }
    }
    for doc in &folder.scenarios {
        let s = &doc.value;
        let file_id = doc
            .src
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(scenario_id)
            .unwrap_or_default();
        if s.id != file_id {
            out.push(
                Diagnostic::new(
                    &L007,
                    format!("the scenario's id `{}` differs from its file name", s.id),
                    doc.at("/id"),
                )
                .with_help(format!(
                    "write `id: \"{file_id}\"`, or rename the file to {}.scenario.ron",
                    s.id
                )),
            );
        }
    }
}
