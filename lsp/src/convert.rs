//! The validator's findings as LSP diagnostics: same code, message, severity and help, with
//! a link to the rule's documentation and the related places.

use std::str::FromStr;

use lsp_types::{
    CodeDescription, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    Location as LspLocation, NumberOrString, Position, Range, Uri,
};
use orbat_validator::render::sarif::help_uri;
use orbat_validator::{Diagnostic, Location, Severity};

use crate::analysis::Analysis;
use crate::position::{Encoding, Lines};
use crate::uri;

/// Where a validator location is, as an LSP range in the text it was found in.
pub fn range(location: &Location, lines: Option<&Lines<'_>>) -> Range {
    match (&location.span, lines) {
        (Some(span), Some(lines)) => lines.range(span),
        // a line and column with no span: counted in characters, close enough for a start
        _ => match location.start {
            Some(start) => {
                let p = Position::new(
                    start.line.saturating_sub(1) as u32,
                    start.column.saturating_sub(1) as u32,
                );
                Range::new(p, p)
            }
            None => Range::default(),
        },
    }
}

pub fn diagnostic(d: &Diagnostic, analysis: &Analysis, encoding: Encoding) -> LspDiagnostic {
    let lines_of = |loc: &Location| analysis.texts.lines(&loc.file, encoding);
    let mut message = d.message.clone();
    if let Some(label) = &d.label {
        message.push_str(&format!(" ({label})"));
    }
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let related = d
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: LspLocation::new(
                uri::from_path(&r.location.file),
                range(&r.location, lines_of(&r.location).as_ref()),
            ),
            message: r.message.clone(),
        })
        .collect::<Vec<_>>();
    LspDiagnostic {
        range: range(&d.location, lines_of(&d.location).as_ref()),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_owned())),
        code_description: Uri::from_str(&help_uri(d.code))
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some("orbat".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// One workspace edit from text edits by file.
// lsp-types keys the map by `Uri`, whose parsed form caches lazily: clippy calls that a
// mutable key, but its hash and order use only the string
#[allow(clippy::mutable_key_type)]
pub fn workspace_edit(
    edits: impl IntoIterator<Item = (std::path::PathBuf, lsp_types::TextEdit)>,
) -> Option<lsp_types::WorkspaceEdit> {
    let mut changes: std::collections::HashMap<Uri, Vec<lsp_types::TextEdit>> =
        std::collections::HashMap::new();
    for (path, edit) in edits {
        changes.entry(uri::from_path(&path)).or_default().push(edit);
    }
    (!changes.is_empty()).then(|| lsp_types::WorkspaceEdit::new(changes))
}
