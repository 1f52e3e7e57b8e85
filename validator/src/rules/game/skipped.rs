//! The declared checks that are not run because a file they read failed to load: they would
//! fail or pass falsely on what is missing (its own findings say what is wrong: no cascades).
//! That is said once, as a note (G004); the other checks run.

use crate::diagnostic::{Diagnostic, Location};
use crate::file_kind::FileKind;
use crate::load::{Doc, GameFolder};
use crate::model::{ChecksFile, GameCheck};

use super::g004_checks_held_back::G004;
use super::reads::{file_name, reads};

/// Which of the checks of `file` are not run (by their place), with the note said once when
/// any is (not again in a state of play derived from the start).
pub(super) fn skipped(
    folder: &GameFolder,
    file: &Doc<ChecksFile>,
    out: &mut Vec<Diagnostic>,
) -> Vec<bool> {
    let skipped: Vec<bool> = file
        .value
        .checks
        .iter()
        .map(|c| reads(c).iter().any(|k| folder.has_failed(*k)))
        .collect();
    let derived = folder.view.as_ref().is_some_and(|v| v.derived);
    if skipped.contains(&true) && !derived {
        out.push(not_run(folder, file, &skipped));
    }
    skipped
}

/// The note on the checks not run (`skipped`) because a file they read failed to load.
fn not_run(folder: &GameFolder, file: &Doc<ChecksFile>, skipped: &[bool]) -> Diagnostic {
    let checks: Vec<&GameCheck> = file
        .value
        .checks
        .iter()
        .zip(skipped)
        .filter(|(_, s)| **s)
        .map(|(c, _)| c)
        .collect();
    let mut failed: Vec<FileKind> = Vec::new();
    for k in checks.iter().flat_map(|c| reads(c)) {
        if folder.has_failed(k) && !failed.contains(&k) {
            failed.push(k);
        }
    }
    const SHOWN: usize = 8;
    let mut names: Vec<String> = checks
        .iter()
        .take(SHOWN)
        .map(|c| format!("`{}`", c.id))
        .collect();
    if checks.len() > SHOWN {
        names.push(format!("{} more", checks.len() - SHOWN));
    }
    let files: Vec<&str> = failed.iter().map(|k| file_name(*k)).collect();
    let first = skipped.iter().position(|s| *s).unwrap_or(0);
    let mut d = Diagnostic::new(
        &G004,
        format!(
            "{} check{} not run ({}): {} failed to load",
            checks.len(),
            if checks.len() == 1 { "" } else { "s" },
            names.join(", "),
            files.join(" and ")
        ),
        file.at(&format!("/checks/{first}/id")),
    )
    .with_help(format!(
        "fix {} (its own findings say how): these checks read it, and run once it loads",
        files.join(" and ")
    ));
    for src in &folder.sources {
        let kind = src
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(FileKind::of);
        if kind.is_some_and(|k| failed.contains(&k)) {
            d = d.with_related(Location::file(&src.path), "failed to load");
        }
    }
    d
}
