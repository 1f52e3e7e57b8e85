//! rustc-like text with source snippets, coloured on request.

use std::collections::HashMap;
use std::path::Path;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::term::{self, Config, Styles};
use rayon::prelude::*;
use std::io::Write;
use termcolor::{Buffer, WriteColor};

use super::display_path;
use super::escape::escape;
use super::excerpt::Excerpts;
use crate::load::SourceFile;
use crate::{Diagnostic, Report, Severity};

/// Renders every diagnostic of the report, followed by nothing (the summary is separate).
/// Text from the checked files (ids, names, paths, source lines) is escaped, and long source
/// lines are cut around what they point at: no file can write to the terminal or the log.
pub fn render(report: &Report, color: bool) -> String {
    let sources: HashMap<&Path, &SourceFile> = report
        .sources
        .iter()
        .map(|src| (src.path.as_path(), &**src))
        .collect();
    let config = Config::default();
    // each diagnostic is rendered on its own (on every core: thousands of findings took
    // longer to show than to find), then joined in order
    let rendered: Vec<Buffer> = report
        .diagnostics
        .par_iter()
        .map(|d| render_one(d, &sources, &config, color))
        .collect();
    let mut out = Vec::with_capacity(rendered.iter().map(|b| b.as_slice().len()).sum());
    for one in &rendered {
        out.extend_from_slice(one.as_slice());
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One diagnostic; one that fails to render leaves no half behind.
fn render_one(
    d: &Diagnostic,
    sources: &HashMap<&Path, &SourceFile>,
    config: &Config,
    color: bool,
) -> Buffer {
    let mut one = buffer(color);
    let (files, cs, has_snippet) = to_codespan(d, sources);
    let rendered = if has_snippet {
        term::emit_to_write_style(&mut one, config, &files, &cs).is_ok()
    } else {
        with_file_locus(&mut one, color, config, &files, &cs, d).is_ok()
    };
    if !rendered {
        // a span that does not fit its file: the file's name without the snippet
        let mut plain = d.clone();
        plain.location.span = None;
        plain.related.clear();
        let (files, cs, _) = to_codespan(&plain, sources);
        one = buffer(color);
        let _ = with_file_locus(&mut one, color, config, &files, &cs, &plain);
    }
    one
}

fn buffer(color: bool) -> Buffer {
    if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    }
}

/// A finding about a whole file (missing, a folder, unreadable, too large) has no snippet to
/// show; it gets the locus line a snippet would start with, `┌─ path`, under its header, so
/// that it reads (and is found by tools) like every other finding.
fn with_file_locus(
    out: &mut Buffer,
    color: bool,
    config: &Config,
    files: &Excerpts<'_>,
    cs: &CsDiagnostic<usize>,
    d: &Diagnostic,
) -> std::io::Result<()> {
    let mut one = buffer(color);
    term::emit_to_write_style(&mut one, config, files, cs).map_err(std::io::Error::other)?;
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
    writeln!(out, " {}", escape(&display_path(&d.location.file)))?;
    out.write_all(&text[header_end..])
}

/// The codespan diagnostic, the excerpts its labels point into, and whether the primary
/// location has a snippet to show.
fn to_codespan<'s>(
    d: &Diagnostic,
    sources: &HashMap<&Path, &'s SourceFile>,
) -> (Excerpts<'s>, CsDiagnostic<usize>, bool) {
    let severity = match d.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
    };
    let mut files = Excerpts::default();
    let mut add = |file: &Path, span: &Option<std::ops::Range<usize>>| {
        let (src, span) = (sources.get(file)?, span.as_ref()?);
        let id = files.add(escape(&display_path(file)).into_owned(), src, span.clone())?;
        Some((id, span.clone()))
    };
    // without a span the file is named on a locus line of its own (`with_file_locus`)
    let primary = add(&d.location.file, &d.location.span);
    let related: Vec<_> = d
        .related
        .iter()
        .map(|r| (add(&r.location.file, &r.location.span), r))
        .collect();
    files.build();
    let mut labels = Vec::new();
    if let Some((id, span)) = &primary {
        labels.push(
            Label::primary(*id, files.shown_range(*id, span))
                .with_message(escape(d.label.as_deref().unwrap_or_default())),
        );
    }
    let mut notes = Vec::new();
    for (at, r) in related {
        match at {
            Some((id, span)) => labels.push(
                Label::secondary(id, files.shown_range(id, &span)).with_message(escape(&r.message)),
            ),
            None => notes.push(format!(
                "{}: {}",
                escape(&display_path(&r.location.file)),
                escape(&r.message)
            )),
        }
    }
    if let Some(help) = &d.help {
        notes.push(format!("help: {}", escape(help)));
    }
    let cs = CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(escape(&d.message))
        .with_labels(labels)
        .with_notes(notes);
    (files, cs, primary.is_some())
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
            ..Report::default()
        }
    }

    #[test]
    fn a_finding_about_a_whole_file_names_it_on_a_locus_line() {
        let d = Diagnostic::new(
            &crate::load::codes::L004,
            "not a game file",
            Location::file("g/notes.ron"),
        );
        let out = render(&report(d), false);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].ends_with("not a game file"), "{out}");
        assert_eq!(lines[1], " ┌─ g/notes.ron", "{out}");
    }
}
