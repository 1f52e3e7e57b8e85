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
        // one folder's files share their parent: comparing their paths' bytes orders them
        // as `Path` does, without its comparison a component at a time (the walk gives them
        // in order already, unless the same folder was given twice)
        if !files.is_sorted_by(|a, b| a.as_os_str() < b.as_os_str()) {
            files.sort();
            files.dedup();
        }
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
    // the files of the folder being walked, gathered before going into the map: the walk
    // gives a folder's files one after another, and looking each file's folder up in the map
    // (paths compared a component at a time) took most of the serial start of a large run
    let mut current: Option<(PathBuf, Vec<PathBuf>)> = None;
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
        let dir = entry.path().parent().unwrap_or(Path::new("."));
        match &mut current {
            Some((folder, files)) if folder.as_os_str() == dir.as_os_str() => {
                files.push(entry.path().to_owned());
            }
            _ => {
                file_away(current.take(), found);
                current = Some((dir.to_owned(), vec![entry.path().to_owned()]));
            }
        }
    }
    file_away(current, found);
}

/// Adds one folder's files to what was found (a folder met again adds to its list).
fn file_away(folder: Option<(PathBuf, Vec<PathBuf>)>, found: &mut Found) {
    if let Some((dir, files)) = folder {
        found.folders.entry(dir).or_default().extend(files);
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::discover;

    #[test]
    fn files_are_grouped_by_folder_in_order_once_each_around_subfolders() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        // `b/` sorts between a game folder's files, so the walk leaves the folder and
        // comes back to it
        for file in [
            "g/game.ron",
            "g/map.ron",
            "g/b/game.ron",
            "g/units.ron",
            "h/game.ron",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, "()").expect("write");
        }
        // the tree, and one folder of it again: each file once
        let found = discover(&[root.to_owned(), root.join("g")]).expect("found");
        let folders: Vec<(PathBuf, Vec<PathBuf>)> = found.folders.into_iter().collect();
        let names = |files: &[PathBuf]| -> Vec<String> {
            let name = |f: &PathBuf| f.file_name().map(|n| n.to_string_lossy().into_owned());
            files.iter().filter_map(name).collect()
        };
        let listed: Vec<(PathBuf, Vec<String>)> = folders
            .iter()
            .map(|(dir, files)| {
                (
                    dir.strip_prefix(root).expect("under root").to_owned(),
                    names(files),
                )
            })
            .collect();
        assert_eq!(
            listed,
            [
                (
                    PathBuf::from("g"),
                    vec!["game.ron".into(), "map.ron".into(), "units.ron".into()]
                ),
                (PathBuf::from("g/b"), vec!["game.ron".to_owned()]),
                (PathBuf::from("h"), vec!["game.ron".to_owned()]),
            ]
        );
        assert!(
            folders
                .iter()
                .all(|(dir, files)| files.iter().all(|f| f.parent() == Some(dir)))
        );
    }
}
