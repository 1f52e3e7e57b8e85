//! rustc-like text with source snippets, coloured on request.

use std::collections::HashMap;
use std::path::Path;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config, Styles};
use std::io::Write;
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
    let mut out = Vec::new();
    let config = Config::default();
    for d in &report.diagnostics {
        // each diagnostic is rendered on its own, so one that fails leaves no half behind
        let mut one = buffer(color);
        let rendered = if has_snippet(d, &ids) {
            term::emit_to_write_style(&mut one, &config, &files, &to_codespan(d, &ids)).is_ok()
        } else {
            with_file_locus(&mut one, color, &config, &files, &ids, d).is_ok()
        };
        if !rendered {
            // a span that does not fit its file: the file's name without the snippet
            let mut plain = d.clone();
            plain.location.span = None;
            plain.related.clear();
            one = buffer(color);
            let _ = with_file_locus(&mut one, color, &config, &files, &ids, &plain);
        }
        out.extend_from_slice(one.as_slice());
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn buffer(color: bool) -> Buffer {
    if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    }
}

/// Whether the diagnostic points into a file whose text the report holds.
fn has_snippet(d: &Diagnostic, ids: &HashMap<&Path, usize>) -> bool {
    d.location.span.is_some() && ids.contains_key(d.location.file.as_path())
}

/// A finding about a whole file (missing, a folder, unreadable, too large) has no snippet to
/// show; it gets the locus line a snippet would start with, `┌─ path`, under its header, so
/// that it reads (and is found by tools) like every other finding.
fn with_file_locus(
    out: &mut Buffer,
    color: bool,
    config: &Config,
    files: &SimpleFiles<String, &str>,
    ids: &HashMap<&Path, usize>,
    d: &Diagnostic,
) -> std::io::Result<()> {
    let mut one = buffer(color);
    let cs = to_codespan(d, ids);
    term::emit_to_write_style(&mut one, config, files, &cs).map_err(std::io::Error::other)?;
    let text = one.as_slice();
    let header_end = text
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| i + 1);
    out.write_all(&text[..header_end])?;
    out.write_all(b" ")?;
    out.set_color(&Styles::default().source_border)?;
    out.write_all(config.chars.snippet_start.as_bytes())?;
    out.reset()?;
    writeln!(out, " {}", display_path(&d.location.file))?;
    out.write_all(&text[header_end..])
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
    // without a span the file is named on a locus line of its own (`with_file_locus`)
    if let (Some(&id), Some(span)) = (ids.get(d.location.file.as_path()), &d.location.span) {
        cs = cs.with_labels(vec![
            Label::primary(id, span.clone()).with_message(d.label.clone().unwrap_or_default()),
        ]);
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::render;
    use crate::load::SourceFile;
    use crate::{Diagnostic, Location, Report};

    fn report(diagnostic: Diagnostic) -> Report {
        let text = "(\n    spaces: [],\n)\n".to_owned();
        Report {
            diagnostics: vec![diagnostic],
            sources: vec![Arc::new(SourceFile::new("g/map.ron".into(), text))],
            files: 1,
            games: 1,
        }
    }

    #[test]
    fn a_finding_about_a_whole_file_names_it_on_a_locus_line() {
        let d = Diagnostic::new("L004", "not a game file", Location::file("g/notes.ron"));
        let out = render(&report(d), false);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].ends_with("not a game file"), "{out}");
        assert_eq!(lines[1], " ┌─ g/notes.ron", "{out}");
    }
}
