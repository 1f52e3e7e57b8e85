//! What every run is checked for: the pipeline over a folder loaded from memory with every
//! renderer, and each span (of a diagnostic, of a JSON pointer) inside its text.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use orbat_validator::load;
use orbat_validator::{Diagnostic, Inputs, Report, Settings, SourceFile, engine, render};

use crate::known;
use crate::names::DIR;

/// Loads and checks a folder from memory, renders the report every way, and checks that each
/// diagnostic points inside its file.
pub fn run_folder(files: &[(PathBuf, String)]) {
    run_folder_then(files, |_, _| {});
}

/// [`run_folder`], with `each` also checking every diagnostic, beside the texts it may point in.
pub(crate) fn run_folder_then(
    files: &[(PathBuf, String)],
    each: impl Fn(&Diagnostic, &[Arc<SourceFile>]),
) {
    if known::SKIP_DEEP_NESTING && files.iter().any(|(_, t)| known::deeply_nested(t)) {
        return;
    }
    let dir = Path::new(DIR);
    let mut found = Vec::new();
    let folder = load::load_texts(dir, files, &mut found);
    let inputs = Inputs::Loaded {
        folder: &folder,
        found,
    };
    // (only paths that do not exist fail a check: a loaded folder never does)
    let report = engine::check(inputs, &Settings::default()).unwrap_or_default();
    for d in &report.diagnostics {
        check_diagnostic(d, &folder.sources);
        each(d, &folder.sources);
    }
    let human = render::human::render(&report, false);
    assert!(report.diagnostics.is_empty() || !human.is_empty());
    let json = render::json::render(&report);
    assert!(
        serde_json::from_str::<serde_json::Value>(&json).is_ok(),
        "the JSON report is not JSON:\n{json}"
    );
    let _ = render::sarif::render(&report);
    let github = render::github::render(&report);
    assert!(
        github
            .lines()
            .all(|l| l.starts_with("::error ") || l.starts_with("::warning ")),
        "a GitHub annotation line of the file's making:\n{github}"
    );
    let gitlab = render::gitlab::render(&report);
    assert!(
        serde_json::from_str::<serde_json::Value>(&gitlab).is_ok_and(|v| v.is_array()),
        "the GitLab report is not a JSON array:\n{gitlab}"
    );
    let junit = render::junit::render(&report);
    assert!(
        !junit.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in the JUnit XML:\n{junit}"
    );
    let _ = render::summary(&report);
    fixes_keep_the_syntax(files, &report);
}

/// `--fix` made in memory: a file it changes reads as well after as before (its edits never
/// break the syntax, and never lean on the guard that drops edits that would), and fixes only
/// what was found.
fn fixes_keep_the_syntax(files: &[(PathBuf, String)], report: &Report) {
    let plan = orbat_validator::fix::plan_with(report, |path| {
        files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, t)| t.clone())
    });
    for fixed in &plan.files {
        let syntax_errors = |text: &str| {
            let mut d = Vec::new();
            load::load_texts(
                Path::new(DIR),
                &[(fixed.path.clone(), text.to_owned())],
                &mut d,
            );
            d.iter().filter(|d| d.code == "L003").count()
        };
        assert!(
            syntax_errors(&fixed.after) <= syntax_errors(&fixed.before),
            "--fix broke the syntax of {}:\n{}",
            fixed.path.display(),
            plan.diff()
        );
    }
    // the guard in `fix` drops such a file; its edits should never need it
    assert!(
        !plan.skipped.iter().any(|s| s.contains("unreadable")),
        "a fix needed the last guard: {:?}",
        plan.skipped
    );
    assert!(plan.fixed() <= report.diagnostics.len());
}

fn check_diagnostic(d: &Diagnostic, sources: &[Arc<SourceFile>]) {
    let Some(src) = sources.iter().find(|s| s.path == d.location.file) else {
        return;
    };
    if !(known::L003_SPANS_MAY_SPLIT_CHARACTERS && d.code == "L003") {
        check_span(&src.text, d.location.span.as_ref(), d.code);
    } else if let Some(span) = &d.location.span {
        assert!(
            span.start <= span.end && span.end <= src.text.len(),
            "L003: span {span:?}"
        );
    }
    if let (Some(start), Some(end)) = (d.location.start, d.location.end) {
        assert!(
            start <= end,
            "{}: start {start:?} after end {end:?}",
            d.code
        );
    }
}

/// A span lies inside its text, on character boundaries, start before end.
pub(crate) fn check_span(text: &str, span: Option<&std::ops::Range<usize>>, what: &str) {
    let Some(span) = span else { return };
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

pub(crate) fn pointers_of(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    if out.len() > 10_000 {
        return;
    }
    match v {
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers_of(item, load::spans::child(&at, &i.to_string()), out);
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                pointers_of(item, load::spans::child(&at, k), out);
            }
        }
        _ => {}
    }
    out.push(at);
}
