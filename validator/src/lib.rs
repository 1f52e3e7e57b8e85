//! Orbat's validator: load game folders, check them, and return diagnostics as data.
//!
//! ```no_run
//! let report = orbat_validator::check(&["scenarios".into()]).expect("paths exist");
//! assert_eq!(report.count(orbat_validator::Severity::Error), 0);
//! ```

pub mod atomic;
pub mod canonical;
pub mod diagnostic;
pub mod file_kind;
pub mod fix;
pub mod format;
pub mod levels;
pub mod load;
pub mod model;
pub mod po;
pub mod registry;
pub mod render;
pub mod rule;
pub mod rules;
pub mod schema;
pub mod spread;
pub mod stats;
pub mod suggest;

use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

pub use diagnostic::{Diagnostic, LineCol, Location, Severity};
pub use file_kind::{FileKind, FileValue};
pub use load::{GameFolder, SourceFile};
pub use rule::{Allowability, Rule};

/// The outcome of a run: every diagnostic (sorted by file and position) and the sources they
/// point into.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
    pub sources: Vec<Arc<SourceFile>>,
    /// Game files found.
    pub files: usize,
    /// Every game file checked, in order (also those with no finding: a JUnit report lists
    /// them as passed tests).
    pub checked: Vec<PathBuf>,
    /// Game folders found.
    pub games: usize,
    /// The warnings their game folder allows (sorted as `diagnostics`): not findings, so not
    /// counted in [`Report::count`] nor in the exit status, but kept so that renderers can
    /// show them as suppressed (SARIF `suppressions`, the JSON `allowed` array).
    pub allowed: Vec<Allowed>,
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

    /// The exit status of `orbat-validate` for this report: 2 when a file could not be read
    /// (L001), 1 when there are errors (or warnings, with `deny_warnings`), else 0. Allowed
    /// warnings never count.
    pub fn exit_status(&self, deny_warnings: bool) -> u8 {
        if self
            .diagnostics
            .iter()
            .any(|d| d.code == load::codes::L001.code)
        {
            2
        } else if self.count(Severity::Error) > 0
            || (deny_warnings && self.count(Severity::Warning) > 0)
        {
            1
        } else {
            0
        }
    }
}

/// A warning that its game folder allows in game.ron's `allow`, with the reason given there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// The warning, as it would have been reported.
    pub diagnostic: Diagnostic,
    /// Why the game expects it (the entry's `reason`).
    pub reason: String,
    /// The `allow` entry that allows it (in game.ron).
    pub allowance: Location,
}

/// What game.ron's `allow` may do with `code` (case-insensitive): each rule's file says.
pub fn allowability(code: &str) -> Allowability {
    registry::allowability(code)
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

/// One folder's findings, the warnings it allows, and the sources the findings point into.
type FolderResult = (Vec<Diagnostic>, Vec<Allowed>, Vec<Arc<SourceFile>>);

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
    report.checked = found.folders.values().flatten().cloned().collect();
    report.games = found.folders.len();
    if found.folders.is_empty() {
        let at = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
        report.diagnostics.push(
            Diagnostic::new(&load::codes::L005, "no game files found here", Location::file(at))
                .with_help("give the folder that holds game folders (e.g. `scenarios/`), or a game folder with its game.ron"),
        );
    }
    let total = found.folders.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    // with two folders or more for each core, each folder's own work is done in turn on the
    // thread that took it ([`spread`])
    let many = total >= 2 * rayon::current_num_threads();
    let results: Vec<FolderResult> = found
        .folders
        .par_iter()
        .map(|(dir, files)| {
            let mut out = Vec::new();
            let mut allowed = Vec::new();
            let mut check = || {
                let folder = load::load_folder_to_check(dir, files, &mut out);
                check_loaded_keeping_allowed(&folder, &mut out, &mut allowed);
                folder.sources.clone()
            };
            let mut sources = if many {
                spread::in_turn(check)
            } else {
                check()
            };
            // the report keeps only the sources a diagnostic points into, for rendering
            // snippets: a clean corpus of hundreds of folders then costs no memory to hold
            sources.retain(|src| out.iter().any(|d| d.location.file == src.path));
            // the span index serves only while checking (diagnostics hold their locations);
            // the text is for showing the lines findings point at
            for src in &mut sources {
                if let Some(src) = Arc::get_mut(src) {
                    src.forget_spans();
                    src.unstow();
                }
            }
            progress(
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                total,
            );
            (out, allowed, sources)
        })
        .collect();
    for (diags, allowed, sources) in results {
        report.diagnostics.extend(diags);
        report.allowed.extend(allowed);
        report.sources.extend(sources);
    }
    sort(&mut report.diagnostics);
    report
        .allowed
        .sort_by(|a, b| cmp(&a.diagnostic, &b.diagnostic));
    Ok(report)
}

/// Runs every check on a folder already loaded (the editor calls this after each edit); the
/// warnings its game allows are left out of `out`.
pub fn check_loaded(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    check_loaded_keeping_allowed(folder, out, &mut Vec::new());
}

/// [`check_loaded`], moving the warnings its game allows into `allowed` (with the reason)
/// rather than dropping them. An allowance that allowed nothing is reported (R006) when the
/// checks that raise the allowable warnings all ran (every file loaded, none missing).
pub fn check_loaded_keeping_allowed(
    folder: &GameFolder,
    out: &mut Vec<Diagnostic>,
    allowed: &mut Vec<Allowed>,
) {
    let start = out.len();
    load::codes::check_folder(folder, out);
    rules::check_folder(folder, registry::rules(), out);
    let Some(game) = &folder.game else { return };
    let entries = &game.value.allow;
    if entries.is_empty() {
        return;
    }
    // each allowable code is allowed by the first entry naming it; entries R004 rejects
    // allow nothing
    let allows: Vec<Option<&'static str>> = entries
        .iter()
        .map(|a| {
            match rules::game::allowability(folder, &a.rule)
                .unwrap_or_else(|| allowability(&a.rule))
            {
                Allowability::Allowable(code) => Some(code),
                _ => None,
            }
        })
        .collect();
    let mut used = vec![false; entries.len()];
    let mut at: Vec<Option<Location>> = vec![None; entries.len()];
    let mut kept = Vec::with_capacity(out.len() - start);
    for d in out.drain(start..) {
        let by = (d.severity == Severity::Warning)
            .then(|| allows.iter().position(|c| *c == Some(d.code)))
            .flatten();
        match by {
            Some(i) => {
                used[i] = true;
                let allowance = at[i]
                    .get_or_insert_with(|| game.at(&format!("/allow/{i}")))
                    .clone();
                allowed.push(Allowed {
                    diagnostic: d,
                    reason: entries[i].reason.clone(),
                    allowance,
                });
            }
            None => kept.push(d),
        }
    }
    out.extend(kept);
    // with a file missing or not loaded, the checks that raise the warning may not have run
    let complete = folder.failed.is_empty()
        && folder.map.is_some()
        && folder.units.is_some()
        && folder.cards.is_some();
    if !complete {
        return;
    }
    rules::references::r006_unused_allowance::report(game, &allows, &used, out);
}

/// Sorts diagnostics by file, then position, then code.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(cmp);
}

fn cmp(a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    (&a.location.file, a.location.start, a.code, &a.message).cmp(&(
        &b.location.file,
        b.location.start,
        b.code,
        &b.message,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_ignores_allowed_warnings() {
        let warning = Diagnostic::new(
            &rules::map::m003_disconnected_map::M003,
            "split",
            Location::file("g/map.ron"),
        );
        let mut report = Report {
            allowed: vec![Allowed {
                diagnostic: warning.clone(),
                reason: "excerpt".into(),
                allowance: Location::file("g/game.ron"),
            }],
            ..Report::default()
        };
        assert_eq!(report.exit_status(true), 0);
        report.diagnostics.push(warning);
        assert_eq!(report.exit_status(false), 0);
        assert_eq!(report.exit_status(true), 1);
        report.diagnostics.push(Diagnostic::new(
            &load::codes::L001,
            "unreadable",
            Location::file("g/units.ron"),
        ));
        assert_eq!(report.exit_status(false), 2);
    }
}
