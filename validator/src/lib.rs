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
        if self.diagnostics.iter().any(|d| d.code == "L001") {
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

/// The warnings a game folder may allow: exactly those the per-folder checks raise (in
/// [`check_loaded`], where the folder's game.ron is known). Every other warning is in
/// [`NOT_ALLOWABLE`], with the reason; a unit test keeps the two lists covering the registry.
pub const ALLOWABLE: &[&str] = &[
    "M003", "M004", "M005", "P003", "P004", "C002", "T002", "T003", "T006",
];

/// Warnings that cannot be allowed: `(code, why, what to do instead)`, as R004 says them.
pub const NOT_ALLOWABLE: &[(&str, &str, &str)] = &[
    (
        "L004",
        "it is reported while the folders are searched, before any game.ron is read, so no game folder can allow it",
        "rename the file to a game file kind (e.g. `1914.scenario.ron`) or move it out of the game folder, then remove this entry",
    ),
    (
        "L009",
        "symbolic links are skipped while the folders are searched, before any game.ron is read, so no game folder can allow it",
        "replace the link with the file it points to, or remove the link, then remove this entry",
    ),
    (
        "R006",
        "it reports an `allow` entry that allowed nothing, so allowing it would hide the entries it is about",
        "remove the entries it reports, then remove this entry",
    ),
];

/// Whether game.ron may allow `code` (case-insensitive), and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowability {
    /// A warning the per-folder checks raise.
    Allowable(&'static str),
    /// No rule has this code.
    Unknown,
    /// An error: errors are never allowed.
    Error(&'static str),
    /// A warning that cannot be allowed: its code, why, and what to do instead.
    NotAllowable(&'static str, &'static str, &'static str),
}

/// What game.ron's `allow` may do with `code`.
pub fn allowability(code: &str) -> Allowability {
    let Some(rule) = registry::rule(code) else {
        return Allowability::Unknown;
    };
    if rule.severity == Severity::Error {
        return Allowability::Error(rule.code);
    }
    if let Some(&(c, why, help)) = NOT_ALLOWABLE.iter().find(|(c, ..)| *c == rule.code) {
        return Allowability::NotAllowable(c, why, help);
    }
    if ALLOWABLE.contains(&rule.code) {
        Allowability::Allowable(rule.code)
    } else {
        // a warning added to the registry but to neither list (the unit test catches it)
        Allowability::NotAllowable(
            rule.code,
            "this warning is not among those a game folder may allow",
            "fix what it reports, then remove this entry",
        )
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
    let results: Vec<FolderResult> = found
        .folders
        .par_iter()
        .map(|(dir, files)| {
            let mut out = Vec::new();
            let folder = load::load_folder(dir, files, &mut out);
            let mut sources = folder.sources.clone();
            let mut allowed = Vec::new();
            check_loaded_keeping_allowed(&folder, &mut out, &mut allowed);
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
    if folder.game.is_none() && !folder.has_failed(FileKind::Game) {
        out.push(
            Diagnostic::new("L006", "this folder has game files but no game.ron", Location::file(folder.dir.join("game.ron")))
                .with_help("add a game.ron declaring the game's sides, factions and kinds, or move these files into their game's folder"),
        );
    }
    rules::check_folder(folder, out);
    let Some(game) = &folder.game else { return };
    let entries = &game.value.allow;
    if entries.is_empty() {
        return;
    }
    // each allowable code is allowed by the first entry naming it; entries R004 rejects
    // allow nothing
    let allows: Vec<Option<&'static str>> = entries
        .iter()
        .map(|a| match allowability(&a.rule) {
            Allowability::Allowable(code) => Some(code),
            _ => None,
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
    for (i, code) in allows.iter().enumerate() {
        let Some(code) = *code else { continue };
        if used[i] {
            continue;
        }
        let first = allows[..i].iter().position(|c| *c == Some(code));
        let d = match first {
            Some(j) => Diagnostic::new(
                "R006",
                format!("`{code}` is allowed twice; entry {} already allows it", j + 1),
                game.at(&format!("/allow/{i}")),
            )
            .with_label("allows nothing")
            .with_related(game.at(&format!("/allow/{j}")), "first allowed here")
            .with_help("remove this entry, or merge its reason into the first one"),
            None => Diagnostic::new(
                "R006",
                format!("`{code}` is allowed but this game folder raises no {code} warning"),
                game.at(&format!("/allow/{i}")),
            )
            .with_label("allows nothing")
            .with_help(format!(
                "remove this entry: nothing here needs it, and it would hide the next {code}, which may be a real mistake"
            )),
        };
        out.push(d);
    }
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
    fn every_warning_is_either_allowable_or_says_why_not() {
        for r in registry::RULES {
            let allowable = ALLOWABLE.contains(&r.code);
            let not = NOT_ALLOWABLE.iter().any(|(c, ..)| *c == r.code);
            match r.severity {
                Severity::Error => assert!(
                    !allowable && !not,
                    "{} is an error: errors are never allowable",
                    r.code
                ),
                Severity::Warning => assert!(
                    allowable != not,
                    "{} is a warning: put it in exactly one of ALLOWABLE and NOT_ALLOWABLE",
                    r.code
                ),
            }
        }
        for code in ALLOWABLE
            .iter()
            .chain(NOT_ALLOWABLE.iter().map(|(c, ..)| c))
        {
            assert!(
                registry::rule(code).is_some(),
                "{code} is not in the registry"
            );
        }
    }

    #[test]
    fn allowability_is_case_insensitive_and_names_the_registry_code() {
        assert_eq!(allowability("m003"), Allowability::Allowable("M003"));
        assert_eq!(allowability("r002"), Allowability::Error("R002"));
        assert!(matches!(
            allowability("l004"),
            Allowability::NotAllowable("L004", ..)
        ));
        assert_eq!(allowability("Z999"), Allowability::Unknown);
    }

    #[test]
    fn exit_status_ignores_allowed_warnings() {
        let warning = Diagnostic::new("M003", "split", Location::file("g/map.ron"));
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
            "L001",
            "unreadable",
            Location::file("g/units.ron"),
        ));
        assert_eq!(report.exit_status(false), 2);
    }
}
