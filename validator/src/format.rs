//! `--check-format` and `--format-write`: is each game file in the canonical form the editor
//! writes ([`crate::canonical`]), and rewriting it in that form.
//!
//! The canonical form is printed from the model, so it holds no comments: a file with comments
//! is compared with the canonical form carrying its comments where they belong
//! ([`crate::in_place::with_comments`]: each above the element it precedes or at the end of
//! its line, a value written on one line spread over lines for a comment inside it), and
//! rewritten so; no comment is lost. A file that does not load is reported, not formatted
//! (`orbat-validate` says why it does not load).

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::CheckError;
use crate::comment::first_comment;
use crate::file_kind::FileKind;
use crate::load;
use crate::render::display_path;

/// A file not in the canonical form.
#[derive(Debug)]
pub struct Unformatted {
    pub path: PathBuf,
    pub before: String,
    pub after: String,
    /// The line of the file's first comment when its comments could not be carried onto the
    /// canonical form (never expected: the file is then shown against the plain canonical form
    /// and not rewritten).
    pub comment_line: Option<usize>,
}

/// The outcome of a format check.
#[derive(Debug, Default)]
pub struct FormatReport {
    /// Game files found.
    pub files: usize,
    pub unformatted: Vec<Unformatted>,
    /// Files that did not load, so have no canonical form.
    pub not_loaded: Vec<PathBuf>,
}

impl FormatReport {
    /// Unified diffs of every unformatted file against its canonical form.
    pub fn diff(&self) -> String {
        let mut out = String::new();
        for u in &self.unformatted {
            let name = display_path(&u.path);
            out.push_str(&unified_diff(
                &u.before,
                &u.after,
                &name,
                &format!("{name} (canonical)"),
            ));
        }
        out
    }
}

/// A unified diff of two texts, line by line, with two lines of context (`--fix --dry-run`
/// and `--check-format` print these).
pub fn unified_diff(before: &str, after: &str, old_name: &str, new_name: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(old_name, new_name)
        .to_string()
}

/// Checks the form of every game file under `paths`.
pub fn check(paths: &[PathBuf]) -> Result<FormatReport, CheckError> {
    let found = load::discover::discover(paths).map_err(|m| CheckError::MissingPath(m.0))?;
    let per_folder: Vec<FormatReport> = found
        .folders
        .par_iter()
        .map(|(dir, files)| folder(dir, files))
        .collect();
    let mut report = FormatReport::default();
    for r in per_folder {
        report.files += r.files;
        report.unformatted.extend(r.unformatted);
        report.not_loaded.extend(r.not_loaded);
    }
    Ok(report)
}

fn folder(dir: &Path, files: &[PathBuf]) -> FormatReport {
    let mut diagnostics = Vec::new();
    let loaded = load::load_folder(dir, files, &mut diagnostics);
    let mut report = FormatReport {
        files: files.len(),
        ..FormatReport::default()
    };
    for path in files {
        let source = loaded.sources.iter().find(|s| &s.path == path);
        let value = loaded.value_of(path);
        let kind = value.as_ref().map(|v| v.kind());
        let canonical = value.and_then(|v| v.to_text().ok());
        let (Some(source), Some(canonical), Some(kind)) = (source, canonical, kind) else {
            report.not_loaded.push(path.clone());
            continue;
        };
        let (after, comment_line) = match canonical_with_comments(kind, &source.text, &canonical) {
            Ok(after) => (after, None),
            Err((plain, line)) => (plain, Some(line)),
        };
        if source.text != after {
            report.unformatted.push(Unformatted {
                path: path.clone(),
                before: source.text.clone(),
                comment_line,
                after,
            });
        }
    }
    report
}

/// `text` (a game file of `kind` whose model's canonical text is `canonical`) in the canonical
/// form, its comments kept and its line endings and final newline its own: what
/// `--format-write` writes. When the comments cannot be carried over (never expected), the
/// plain canonical form and the line of the first comment.
pub fn canonical_with_comments(
    kind: FileKind,
    text: &str,
    canonical: &str,
) -> Result<String, (String, usize)> {
    // line endings and the final newline are the designer's (and their platform's), not a
    // matter of format
    let plain = crate::text_style::TextStyle::of(text).apply(canonical);
    let Some(at) = first_comment(text) else {
        return Ok(plain);
    };
    match crate::in_place::with_comments(text, &plain) {
        // it must read as the same model (it is the canonical text plus comments)
        Ok(with) if crate::in_place::reread(kind, &with).as_deref() == Some(canonical) => Ok(with),
        _ => Err((plain, text[..at].matches('\n').count() + 1)),
    }
}

/// `text`, a game file of `kind`, as `--format-write` writes it (None when it does not read as
/// one): the editor's new games are written so.
pub fn format_text(kind: FileKind, text: &str) -> Option<String> {
    let canonical = crate::in_place::reread(kind, text)?;
    canonical_with_comments(kind, text, &canonical).ok()
}
