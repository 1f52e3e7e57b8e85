//! Finding game files under the paths given and grouping them into game folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
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
            walk(dir, false, &mut found);
        } else {
            walk(path, true, &mut found);
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

/// Walks one tree: a file given directly walks its folder alone (`descend` false), a folder
/// given walks everything below it.
fn walk(root: &Path, descend: bool, found: &mut Found) {
    let walked = walk_folder(root, true, descend);
    walked.file_away(found);
}

/// What the walk of one folder found: its own game files, the problems met in their order,
/// and what each subfolder's walk found, in name order.
struct Walked {
    dir: PathBuf,
    files: Vec<PathBuf>,
    /// Problems and subfolders in the order of the walk, so that the problems keep the order
    /// a walk of the whole tree at once would give them.
    items: Vec<Item<Walked>>,
}

/// A problem met, or a subfolder: its path while listing, then what its walk found.
enum Item<B> {
    Problem(Box<Diagnostic>),
    Below(B),
}

impl Walked {
    fn file_away(self, found: &mut Found) {
        if !self.files.is_empty() {
            found
                .folders
                .entry(self.dir)
                .or_default()
                .extend(self.files);
        }
        for item in self.items {
            match item {
                Item::Problem(d) => found.diagnostics.push(*d),
                Item::Below(walked) => walked.file_away(found),
            }
        }
    }
}

/// Lists one folder in name order, then walks its subfolders in parallel: a corpus of
/// hundreds of game folders spent most of its serial start (before any folder was checked)
/// in the kernel, reading one folder after another. `root` is the folder given, whose own
/// entry the listing reports on; each subfolder's entry was reported by its parent's.
fn walk_folder(dir: &Path, root: bool, descend: bool) -> Walked {
    let mut files = Vec::new();
    let mut listed: Vec<Item<PathBuf>> = Vec::new();
    if !root || given_folder(dir, &mut files, &mut listed) {
        list_folder(dir, descend, &mut files, &mut listed);
    }
    let walk_below = |item: Item<PathBuf>| match item {
        Item::Problem(d) => Item::Problem(d),
        Item::Below(sub) => Item::Below(walk_folder(&sub, false, true)),
    };
    // (a folder with one subfolder or none, most game folders, needs no task handed over;
    // rayon's collect keeps the order)
    let subfolders = listed
        .iter()
        .filter(|i| matches!(i, Item::Below(_)))
        .count();
    let items = if subfolders < 2 {
        listed.into_iter().map(walk_below).collect()
    } else {
        listed.into_par_iter().map(walk_below).collect()
    };
    Walked {
        dir: dir.to_owned(),
        files,
        items,
    }
}

/// The path given, as an entry of its own (a link, a folder named like a game file), as
/// walkdir sees it. Whether it is a folder to list.
fn given_folder(dir: &Path, files: &mut Vec<PathBuf>, listed: &mut Vec<Item<PathBuf>>) -> bool {
    // (no sorting: walkdir opens the folder, as it opens every folder it meets, but does not
    // read it)
    match WalkDir::new(dir)
        .follow_links(false)
        .max_depth(0)
        .into_iter()
        .next()
    {
        Some(Ok(e)) => {
            let entry = Entry {
                path: e.path().to_owned(),
                name: e.file_name().to_owned(),
                file_type: e.file_type(),
                given: true,
            };
            match seen(&entry) {
                Seen::Nothing => {}
                Seen::GameFile => files.push(entry.path),
                Seen::Problem(d) => listed.push(Item::Problem(d)),
            }
            // walkdir follows the path given when it is a link
            std::fs::metadata(dir).is_ok_and(|m| m.is_dir())
        }
        Some(Err(e)) => {
            let path = e.path().map_or_else(|| dir.to_owned(), Path::to_owned);
            let why = e
                .io_error()
                .map_or_else(|| e.to_string(), ToString::to_string);
            listed.push(Item::Problem(Box::new(unreadable(&path, "folder", &why))));
            false
        }
        None => false,
    }
}

/// One folder's entries in name order: its game files, its problems, and (when `descend`)
/// its subfolders to walk. Listed with `read_dir`, one level: walkdir told to stop at one
/// level still opens and reads each subfolder (and each is read again by its own walk).
fn list_folder(
    dir: &Path,
    descend: bool,
    files: &mut Vec<PathBuf>,
    listed: &mut Vec<Item<PathBuf>>,
) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            listed.push(Item::Problem(Box::new(unreadable(dir, "folder", &e))));
            return;
        }
    };
    let mut entries: Vec<Result<Entry, (PathBuf, std::io::Error)>> = entries
        .map(|entry| {
            let entry = entry.map_err(|e| (dir.to_owned(), e))?;
            let file_type = entry.file_type().map_err(|e| (entry.path(), e))?;
            Ok(Entry {
                path: entry.path(),
                name: entry.file_name(),
                file_type,
                given: false,
            })
        })
        .collect();
    // in name order, entries that could not be read first (as walkdir's sorted listing)
    entries.sort_by(|a, b| match (a, b) {
        (Ok(a), Ok(b)) => a.name.cmp(&b.name),
        _ => a.is_ok().cmp(&b.is_ok()),
    });
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err((path, e)) => {
                listed.push(Item::Problem(Box::new(unreadable(
                    &path,
                    "folder entry",
                    &e,
                ))));
                continue;
            }
        };
        let is_dir = entry.file_type.is_dir();
        if is_dir && skipped_dir(&entry.name.to_string_lossy()) {
            continue;
        }
        match seen(&entry) {
            Seen::Nothing => {}
            // (a file: nothing to walk below it)
            Seen::GameFile => {
                files.push(entry.path);
                continue;
            }
            Seen::Problem(d) => listed.push(Item::Problem(d)),
        }
        if descend && is_dir {
            listed.push(Item::Below(entry.path));
        }
    }
}

/// One entry of a listing, or the path given.
struct Entry {
    path: PathBuf,
    name: std::ffi::OsString,
    /// The entry's own type: a link is a link, not what it points to.
    file_type: std::fs::FileType,
    /// The path given, not an entry found in a listing.
    given: bool,
}

/// What one entry of a listing is to the walk.
enum Seen {
    Nothing,
    GameFile,
    Problem(Box<Diagnostic>),
}

fn seen(entry: &Entry) -> Seen {
    let name = entry.name.to_string_lossy();
    if !name.ends_with(".ron") {
        return Seen::Nothing;
    }
    if entry.name.to_str().is_none() && !entry.file_type.is_dir() {
        return Seen::Problem(Box::new(name_not_utf8(&entry.path)));
    }
    if entry.file_type.is_symlink() {
        return Seen::Problem(Box::new(
            Diagnostic::new(&codes::L009, "symbolic link not followed", Location::file(&entry.path))
                .with_help("the validator reads only the files inside the folders it is given; copy the file here instead of linking it"),
        ));
    }
    if entry.file_type.is_dir() && FileKind::of(&name).is_some() {
        return Seen::Problem(Box::new(
            Diagnostic::new(
                &codes::L001,
                format!("`{name}` is a folder, not a file"),
                Location::file(&entry.path),
            )
            .with_help("a game file must be a regular file; rename or remove this folder"),
        ));
    }
    if !entry.file_type.is_file() {
        return Seen::Nothing;
    }
    if FileKind::of(&name).is_none() {
        if !entry.given {
            return Seen::Problem(Box::new(unknown_kind(&entry.path)));
        }
        return Seen::Nothing;
    }
    Seen::GameFile
}

/// A folder that cannot be listed, or an entry of one that cannot be read (`what` says which).
fn unreadable(path: &Path, what: &str, e: &dyn std::fmt::Display) -> Diagnostic {
    Diagnostic::new(
        &codes::L001,
        format!("cannot read this {what}: {e}"),
        Location::file(path),
    )
    .with_help("check that the folder exists and that you may read it")
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

    use super::{Item, discover, walk_folder};

    /// A scratch folder holding each of these files (with its folders), each written `()`.
    fn tree(files: &[&str]) -> tempfile::TempDir {
        let tmp = tempfile::tempdir().expect("temp dir");
        for file in files {
            let path = tmp.path().join(file);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, "()").expect("write");
        }
        tmp
    }

    #[test]
    fn files_are_grouped_by_folder_in_order_once_each_around_subfolders() {
        // `b/` sorts between a game folder's files, so the walk leaves the folder and
        // comes back to it
        let tmp = tree(&[
            "g/game.ron",
            "g/map.ron",
            "g/b/game.ron",
            "g/units.ron",
            "h/game.ron",
        ]);
        let root = tmp.path();
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

    #[test]
    fn problems_come_in_walk_order_and_subfolders_are_walked_once() {
        let tmp = tree(&[
            "a/game.ron",
            "a/notes.ron",
            "a/map.ron/game.ron",
            "a/m/stray.ron",
            "b/game.ron",
            ".git/game.ron",
            "target/game.ron",
            "c/deep/er/game.ron",
        ]);
        let root = tmp.path();
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("a/game.ron"), root.join("b/units.ron"))
            .expect("symlink");
        let found = discover(&[root.to_owned()]).expect("found");
        let relative = |p: &std::path::Path| {
            p.strip_prefix(root)
                .expect("under root")
                .to_string_lossy()
                .into_owned()
        };
        let problems: Vec<(String, String)> = found
            .diagnostics
            .iter()
            .map(|d| (d.code.to_owned(), relative(&d.location.file)))
            .collect();
        let mut expected = vec![
            // `m/` sorts before `map.ron`: its problems come first
            ("L004".to_owned(), "a/m/stray.ron".to_owned()),
            ("L001".to_owned(), "a/map.ron".to_owned()),
            ("L004".to_owned(), "a/notes.ron".to_owned()),
        ];
        if cfg!(unix) {
            expected.push(("L009".to_owned(), "b/units.ron".to_owned()));
        }
        assert_eq!(problems, expected);
        // a folder named like a game file is reported and still walked; hidden and build
        // folders are not
        let folders: Vec<String> = found.folders.keys().map(|d| relative(d)).collect();
        assert_eq!(folders, ["a", "a/map.ron", "b", "c/deep/er"]);
    }

    #[test]
    fn a_folder_that_cannot_be_listed_is_reported_and_one_that_can_is_not() {
        let tmp = tree(&["g/game.ron"]);
        // gone between its parent's listing and its own (what a folder one may not read
        // gives too, but root, which runs the tests, may read every folder)
        let gone = walk_folder(&tmp.path().join("gone"), false, true);
        let problems: Vec<String> = gone
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Problem(d) => Some(d.message.clone()),
                Item::Below(_) => None,
            })
            .collect();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("cannot read this folder: "),
            "{problems:?}"
        );
        let listed = walk_folder(&tmp.path().join("g"), false, true);
        assert!(listed.items.is_empty() && listed.files.len() == 1);
    }
}
