//! Orbat's validator: load game folders, check them, and return diagnostics as data.
//!
//! ```no_run
//! let report = orbat_validator::check(&["scenarios".into()]).expect("paths exist");
//! assert_eq!(report.count(orbat_validator::Severity::Error), 0);
//! ```

pub mod atomic;
pub mod canonical;
pub mod diagnostic;
pub mod load;
pub mod model;
pub mod po;
pub mod registry;
pub mod render;
pub mod rules;
pub mod schema;
pub mod stats;
pub mod suggest;

use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

pub use diagnostic::{Diagnostic, LineCol, Location, Severity};
pub use load::{FileKind, GameFolder, SourceFile};

/// The outcome of a run: every diagnostic (sorted by file and position) and the sources they
/// point into.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
    pub sources: Vec<Arc<SourceFile>>,
    /// Game files found.
    pub files: usize,
    /// Game folders found.
    pub games: usize,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The source text of a file, if a diagnostic points into it.
    pub fn source(&self, path: &std::path::Path) -> Option<&SourceFile> {
        self.sources.iter().find(|s| s.path == path).map(|s| &**s)
    }
}

/// A path that cannot be checked at all (a usage error, exit code 2).
#[derive(Debug)]
pub enum CheckError {
    MissingPath(PathBuf),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::MissingPath(p) => write!(f, "no such file or folder: {}", p.display()),
        }
    }
}

impl std::error::Error for CheckError {}

/// Checks every game folder under `paths`.
pub fn check(paths: &[PathBuf]) -> Result<Report, CheckError> {
    check_with_progress(paths, &|_, _| {})
}

/// [`check`], calling `progress(done, total)` as each game folder is finished (from any
/// thread), so a long run can show how far it is.
pub fn check_with_progress(
    paths: &[PathBuf],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, CheckError> {
    let found = load::discover::discover(paths).map_err(|m| CheckError::MissingPath(m.0))?;
    let mut report = Report {
        diagnostics: found.diagnostics,
        ..Report::default()
    };
    report.files = found.folders.values().map(Vec::len).sum();
    report.games = found.folders.len();
    if found.folders.is_empty() {
        let at = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
        report.diagnostics.push(
            Diagnostic::new("L005", "no game files found here", Location::file(at))
                .with_help("give the folder that holds game folders (e.g. `scenarios/`), or a game folder with its game.ron"),
        );
    }
    let total = found.folders.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(Vec<Diagnostic>, Vec<Arc<SourceFile>>)> = found
        .folders
        .par_iter()
        .map(|(dir, files)| {
            let mut out = Vec::new();
            let folder = load::load_folder(dir, files, &mut out);
            let mut sources = folder.sources.clone();
            check_loaded(&folder, &mut out);
            drop(folder);
            // the report keeps only the sources a diagnostic points into, for rendering
            // snippets: a clean corpus of hundreds of folders then costs no memory to hold
            sources.retain(|src| out.iter().any(|d| d.location.file == src.path));
            // the span index serves only while checking (diagnostics hold their locations)
            for src in &mut sources {
                if let Some(src) = Arc::get_mut(src) {
                    src.forget_spans();
                }
            }
            progress(
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                total,
            );
            (out, sources)
        })
        .collect();
    for (diags, sources) in results {
        report.diagnostics.extend(diags);
        report.sources.extend(sources);
    }
    sort(&mut report.diagnostics);
    Ok(report)
}

/// Runs every check on a folder already loaded (the editor calls this after each edit), then
/// drops the warnings its game allows.
pub fn check_loaded(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let start = out.len();
    if folder.game.is_none() && !folder.has_failed(FileKind::Game) {
        out.push(
            Diagnostic::new("L006", "this folder has game files but no game.ron", Location::file(folder.dir.join("game.ron")))
                .with_help("add a game.ron declaring the game's sides, factions and kinds, or move these files into their game's folder"),
        );
    }
    rules::check_folder(folder, out);
    if let Some(game) = &folder.game {
        let allowed: Vec<&str> = game.value.allow.iter().map(|a| a.rule.as_str()).collect();
        let mut i = start;
        while i < out.len() {
            if out[i].severity == Severity::Warning
                && allowed.iter().any(|a| a.eq_ignore_ascii_case(out[i].code))
            {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// Sorts diagnostics by file, then position, then code.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        (&a.location.file, a.location.start, a.code, &a.message).cmp(&(
            &b.location.file,
            b.location.start,
            b.code,
            &b.message,
        ))
    });
}
