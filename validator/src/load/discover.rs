//! Finding game files under the paths given and grouping them into game folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::{FileKind, codes};
use crate::diagnostic::{Diagnostic, Location};

/// What a walk found: game files grouped by folder, and problems met on the way.
#[derive(Debug, Default)]
pub struct Found {
    /// Game files by the folder holding them.
    pub folders: BTreeMap<PathBuf, Vec<PathBuf>>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A path given on the command line that does not exist.
#[derive(Debug)]
pub struct MissingPath(pub PathBuf);

/// Directory names never searched: build output, dependencies, version control.
fn skipped_dir(name: &str) -> bool {
    name.starts_with('.') || name == "target" || name == "node_modules"
}

/// Walks every path. A file given directly brings its whole folder along, since its
/// references point into the other files of its game.
pub fn discover(paths: &[PathBuf]) -> Result<Found, MissingPath> {
    let mut found = Found::default();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|_| MissingPath(path.clone()))?;
        if meta.is_file() {
            // (a name that is not UTF-8 is reported by the walk below)
            let name = path.file_name().and_then(|n| n.to_str());
            if name.is_some_and(|n| FileKind::of(n).is_none()) {
                found.diagnostics.push(unknown_kind(path));
            }
            let dir = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            walk(dir, Some(1), &mut found);
        } else {
            walk(path, None, &mut found);
        }
    }
    for files in found.folders.values_mut() {
        files.sort();
        files.dedup();
    }
    found.diagnostics.dedup();
    Ok(found)
}

fn walk(root: &Path, max_depth: Option<usize>, found: &mut Found) {
    let mut walker = WalkDir::new(root).follow_links(false).sort_by_file_name();
    if let Some(d) = max_depth {
        walker = walker.max_depth(d);
    }
    let entries = walker.into_iter().filter_entry(|e| {
        e.depth() == 0 || !e.file_type().is_dir() || !skipped_dir(&e.file_name().to_string_lossy())
    });
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().map_or_else(|| root.to_owned(), Path::to_owned);
                found.diagnostics.push(
                    Diagnostic::new(
                        &codes::L001,
                        format!("cannot read this folder entry: {e}"),
                        Location::file(path),
                    )
                    .with_help("check that the folder exists and that you may read it"),
                );
                continue;
            }
        };
        let name = entry.file_name().to_string_lossy();
        if !name.ends_with(".ron") {
            continue;
        }
        if entry.file_name().to_str().is_none() && !entry.file_type().is_dir() {
            found.diagnostics.push(name_not_utf8(entry.path()));
            continue;
        }
        if entry.path_is_symlink() {
            found.diagnostics.push(
                Diagnostic::new(&codes::L009, "symbolic link not followed", Location::file(entry.path()))
                    .with_help("the validator reads only the files inside the folders it is given; copy the file here instead of linking it"),
            );
            continue;
        }
        if entry.file_type().is_dir() && FileKind::of(&name).is_some() {
            found.diagnostics.push(
                Diagnostic::new(
                    &codes::L001,
                    format!("`{name}` is a folder, not a file"),
                    Location::file(entry.path()),
                )
                .with_help("a game file must be a regular file; rename or remove this folder"),
            );
            continue;
        }
        if !entry.file_type().is_file() {
            continue;
        }
        if FileKind::of(&name).is_none() {
            if entry.depth() > 0 {
                found.diagnostics.push(unknown_kind(entry.path()));
            }
            continue;
        }
        let dir = entry.path().parent().unwrap_or(Path::new(".")).to_owned();
        found
            .folders
            .entry(dir)
            .or_default()
            .push(entry.path().to_owned());
    }
}

/// A `.ron` file whose name is not UTF-8: reported, never silently left out (its name would
/// give its kind and its id).
fn name_not_utf8(path: &Path) -> Diagnostic {
    Diagnostic::new(
        &codes::L011,
        "this file's name is not valid UTF-8, so the file was not checked",
        Location::file(path),
    )
    .with_help("rename the file with a UTF-8 name (game files are named game.ron, map.ron, units.ron, cards.ron, text.<lang>.ron or <id>.scenario.ron)")
}

fn unknown_kind(path: &Path) -> Diagnostic {
    Diagnostic::new(&codes::L004, "not a game file kind this tool knows", Location::file(path)).with_help(
        "game files are named game.ron, map.ron, units.ron, cards.ron, text.<lang>.ron or <id>.scenario.ron; rename the file or move it out of the game folder",
    )
}
