//! rustc-like text with source snippets, coloured on request.

use std::collections::HashMap;
use std::path::Path;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use termcolor::{Buffer, WriteColor};

use super::display_path;
use crate::{Diagnostic, Report, Severity};

/// Renders every diagnostic of the report, followed by nothing (the summary is separate).
pub fn render(report: &Report, color: bool) -> String {
    let mut files = SimpleFiles::new();
    let mut ids: HashMap<&Path, usize> = HashMap::new();
    for src in &report.sources {
        ids.insert(
            &src.path,
            files.add(display_path(&src.path), src.text.as_str()),
        );
    }
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = Config::default();
    for d in &report.diagnostics {
        let cs = to_codespan(d, &ids);
        if term::emit_to_write_style(&mut buffer, &config, &files, &cs).is_err() {
            // a span that does not fit its file: print without the snippet rather than fail
            let mut plain = d.clone();
            plain.location.span = None;
            plain.related.clear();
            let _ =
                term::emit_to_write_style(&mut buffer, &config, &files, &to_codespan(&plain, &ids));
        }
    }
    let _ = buffer.reset();
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

fn to_codespan(d: &Diagnostic, ids: &HashMap<&Path, usize>) -> CsDiagnostic<usize> {
    let severity = match d.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
    };
    let mut cs = CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(&d.message);
    let mut notes = Vec::new();
    match (ids.get(d.location.file.as_path()), &d.location.span) {
        (Some(&id), Some(span)) => {
            cs = cs.with_labels(vec![
                Label::primary(id, span.clone()).with_message(d.label.clone().unwrap_or_default()),
            ]);
        }
        _ => notes.push(format!("in {}", display_path(&d.location.file))),
    }
    for r in &d.related {
        match (ids.get(r.location.file.as_path()), &r.location.span) {
            (Some(&id), Some(span)) => cs
                .labels
                .push(Label::secondary(id, span.clone()).with_message(&r.message)),
            _ => notes.push(format!("{}: {}", display_path(&r.location.file), r.message)),
        }
    }
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    cs.with_notes(notes)
}
