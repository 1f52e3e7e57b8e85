//! The one door into the engine: what to check ([`Inputs`]) and how ([`Settings`]) go in, a
//! [`Report`] comes out. The command line, the editor, the language server, orbat-gen and the
//! fuzz targets all call [`check`]; none of them applies rule levels or allowances itself, so
//! all of them give one verdict.
//!
//! A run, in order: find the game folders ([`crate::load::discover`]; or take the texts or
//! the loaded folder given) -> load each ([`crate::load`]) -> the loading codes, the rules and
//! the game's own checks ([`folder`]) -> the game's `allow` ([`allow`]) -> the user's rule
//! levels ([`Settings::levels`]) -> the report, sorted.

mod allow;
mod folder;
mod settings;
pub mod states;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Location};
use crate::load::{self, GameFolder, SourceFile};
use crate::report::{Allowed, Report, cmp, sort};
use crate::spread;
pub use settings::Settings;

/// What to check.
pub enum Inputs<'a> {
    /// Files and folders on disk: every game folder found under them (the command line).
    Paths(&'a [PathBuf]),
    /// One game folder's files as texts in memory, `(path, text)` each (a generator's
    /// output, a fuzz target's folder).
    Texts {
        dir: &'a Path,
        files: &'a [(PathBuf, String)],
    },
    /// One game folder already loaded (the editor's model; the language server's buffers,
    /// parsed again only where they changed), with the findings its loading raised.
    Loaded {
        folder: &'a GameFolder,
        found: Vec<Diagnostic>,
    },
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

/// Checks `inputs` under `settings`: every finding, sorted, with the user's levels applied.
pub fn check(inputs: Inputs<'_>, settings: &Settings) -> Result<Report, CheckError> {
    let mut report = match inputs {
        Inputs::Paths(paths) => check_paths(paths, settings)?,
        Inputs::Texts { dir, files } => {
            let mut found = Vec::new();
            let folder = load::load_texts(dir, files, &mut found);
            one_folder(&folder, found, files.len(), settings)
        }
        Inputs::Loaded { folder, found } => {
            let files = folder.sources.len();
            one_folder(folder, found, files, settings)
        }
    };
    report.applied = settings.levels.apply(&mut report.diagnostics);
    sort(&mut report.diagnostics);
    report
        .allowed
        .sort_by(|a, b| cmp(&a.diagnostic, &b.diagnostic));
    Ok(report)
}

/// The report of one folder in hand.
fn one_folder(
    folder: &GameFolder,
    mut found: Vec<Diagnostic>,
    files: usize,
    settings: &Settings,
) -> Report {
    let mut allowed = Vec::new();
    let only = settings.ruleset.as_deref();
    let declared = folder::check(folder, only, &mut found, &mut allowed);
    let mut sources = folder.sources.clone();
    sources.retain(|src| points_into(&found, src));
    Report {
        diagnostics: found,
        sources,
        files,
        checked: folder.sources.iter().map(|s| s.path.clone()).collect(),
        games: 1,
        allowed,
        declared,
        ..Report::default()
    }
}

/// One folder's findings, the warnings it allows, and the sources the findings point into.
type FolderResult = (
    Vec<Diagnostic>,
    Vec<Allowed>,
    Vec<Arc<SourceFile>>,
    Vec<crate::model::GameCheck>,
);

/// Every game folder under `paths`, each loaded and checked on the thread that took it.
fn check_paths(paths: &[PathBuf], settings: &Settings) -> Result<Report, CheckError> {
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
            let mut run = || {
                let folder = load::load_folder_to_check(dir, files, &mut out);
                let only = settings.ruleset.as_deref();
                let declared = folder::check(&folder, only, &mut out, &mut allowed);
                (folder.sources.clone(), declared)
            };
            let (mut sources, declared) = if many { spread::in_turn(run) } else { run() };
            // the report keeps only the sources a diagnostic points into, for rendering
            // snippets: a clean corpus of hundreds of folders then costs no memory to hold
            sources.retain(|src| points_into(&out, src));
            // the span index serves only while checking (diagnostics hold their locations);
            // the text is for showing the lines findings point at
            for src in &mut sources {
                if let Some(src) = Arc::get_mut(src) {
                    src.forget_spans();
                    src.unstow();
                }
            }
            if let Some(progress) = &settings.progress {
                progress(
                    done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                    total,
                );
            }
            (out, allowed, sources, declared)
        })
        .collect();
    for (diags, allowed, sources, declared) in results {
        report.diagnostics.extend(diags);
        report.allowed.extend(allowed);
        report.sources.extend(sources);
        for rule in declared {
            if !report.declared.iter().any(|r| r.id == rule.id) {
                report.declared.push(rule);
            }
        }
    }
    Ok(report)
}

/// Whether a finding points into `src`, or its fix changes it (a text entry added to another
/// file): the renderers show those lines and the changes.
fn points_into(found: &[Diagnostic], src: &SourceFile) -> bool {
    found.iter().any(|d| {
        d.location.file == src.path
            || matches!(&d.fix, Some(crate::diagnostic::Fix::AddText { file, .. }) if *file == src.path)
    })
}
