//! Interoperability with the `ron` crate (issue 20, item 6): designers load our files from
//! their own programs with serde + `ron`. Every file Orbat accepts (every shipped game and
//! valid fixture) reads with `ron` into the same model value as our own loader gives (with
//! `ron`'s `implicit_some` extension: Orbat, like hand-written files, lets an optional value go
//! without its `Some(..)`), and what the canonical printer writes, which always writes
//! `Some(..)`, reads back through plain `ron::from_str` unchanged.

use std::path::{Path, PathBuf};

use orbat_validator::file_kind::{FileKind, FileValue, GameFile, PerKind};
use orbat_validator::load::load_folder;

/// Every game folder the repository ships or tests as valid.
fn accepted_folders() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut folders = Vec::new();
    for parent in ["scenarios", "tests/fixtures/valid"] {
        let mut here: Vec<PathBuf> = std::fs::read_dir(root.join(parent))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("game.ron").is_file())
            .collect();
        here.sort();
        folders.extend(here);
    }
    assert!(folders.len() >= 5, "found only {folders:?}");
    folders
}

/// Reads `text` with the `ron` crate as the model type of `kind`; `implicit_some` as
/// `ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)` sets it.
struct ReadWithRon<'t> {
    text: &'t str,
    implicit_some: bool,
}

impl PerKind for ReadWithRon<'_> {
    type Out = Result<FileValue, String>;
    fn run<T: GameFile>(self) -> Self::Out {
        let read = if self.implicit_some {
            ron::Options::default()
                .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
                .from_str::<T>(self.text)
        } else {
            ron::from_str::<T>(self.text)
        };
        read.map(Into::into).map_err(|e| e.to_string())
    }
}

/// Each accepted file, with what our loader made of it.
fn accepted_files() -> Vec<(PathBuf, FileKind, FileValue)> {
    let mut out = Vec::new();
    for dir in accepted_folders() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        let mut diagnostics = Vec::new();
        let folder = load_folder(&dir, &files, &mut diagnostics);
        for f in files {
            let name = f.file_name().unwrap().to_str().unwrap().to_owned();
            let kind = FileKind::of(&name).unwrap();
            let value = folder
                .value_of(&f)
                .unwrap_or_else(|| panic!("{} did not load: {diagnostics:?}", f.display()));
            out.push((f, kind, value));
        }
    }
    out
}

#[test]
fn the_ron_crate_reads_every_accepted_file_into_the_same_values() {
    let files = accepted_files();
    for (path, kind, ours) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let theirs = kind
            .with_type(ReadWithRon {
                text: &text,
                implicit_some: true,
            })
            .unwrap_or_else(|e| panic!("ron cannot read {}: {e}", path.display()));
        assert!(
            theirs == *ours,
            "ron reads {} into other values than Orbat's loader",
            path.display()
        );
    }
    assert!(files.len() >= 40, "only {} files", files.len());
}

#[test]
fn the_ron_crate_reads_back_what_the_canonical_printer_writes() {
    for (path, kind, ours) in accepted_files() {
        let canonical = ours.to_text().unwrap();
        let theirs = kind
            .with_type(ReadWithRon {
                text: &canonical,
                implicit_some: false,
            })
            .unwrap_or_else(|e| panic!("ron cannot read the canonical {}: {e}", path.display()));
        assert!(
            theirs == ours,
            "ron reads the canonical text of {} into other values",
            path.display()
        );
    }
}

/// Why the canonical printer is ours and not `ron`'s pretty printer (its header says so): with
/// the closest configuration `ron` has, its text differs from ours on shipped files. When this
/// test fails, `ron` writes our layout everywhere and the hand-written printer can go.
#[test]
fn rons_pretty_printer_does_not_give_the_canonical_layout() {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .indentor("    ".to_owned());
    let mut differ = 0;
    let mut total = 0;
    for (_, _, value) in accepted_files() {
        let ours = value.to_text().unwrap();
        let theirs = match &value {
            FileValue::Game(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Map(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Units(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Cards(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Text(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Scenario(v) => ron::ser::to_string_pretty(v, config.clone()),
            FileValue::Checks(v) => ron::ser::to_string_pretty(v, config.clone()),
        }
        .unwrap()
            + "\n";
        total += 1;
        if theirs != ours {
            differ += 1;
        }
    }
    assert!(differ > 0, "ron's pretty printer gave all {total} files");
}

/// `ron` reads `text` (written for the file at `path`) into `value`.
fn ron_reads_as(path: &Path, kind: FileKind, text: &str, value: &FileValue, what: &str) {
    let theirs = kind
        .with_type(ReadWithRon {
            text,
            implicit_some: true,
        })
        .unwrap_or_else(|e| panic!("ron cannot read {} as {what}: {e}\n{text}", path.display()));
    assert!(
        theirs == *value,
        "ron reads {} as {what} into other values",
        path.display()
    );
}

/// Every file `--format-write` writes for the shipped games and valid fixtures (the canonical
/// form with the designer's comments carried onto it) reads with `ron` into the model.
#[test]
fn the_ron_crate_reads_what_format_write_writes() {
    let report = orbat_validator::format::check(&accepted_folders()).unwrap();
    assert!(report.not_loaded.is_empty(), "{:?}", report.not_loaded);
    let files = accepted_files();
    let mut read = 0;
    for u in report
        .unformatted
        .iter()
        .filter(|u| u.comment_line.is_none())
    {
        let (_, kind, value) = files.iter().find(|(p, ..)| *p == u.path).unwrap();
        ron_reads_as(&u.path, *kind, &u.after, value, "--format-write wrote it");
        read += 1;
    }
    assert!(read >= 10, "only {read} files reformatted");
}

/// Every file the editor's save writes for the shipped games and valid fixtures after an edit
/// of each file's model (its first list reversed, the last element of its longest list
/// removed) reads with `ron` into the model saved.
#[test]
fn the_ron_crate_reads_what_the_editors_save_writes() {
    use serde_json::Value;
    // the first list of two or more met walking the value, reversed
    fn reverse_first(v: &mut Value) -> bool {
        match v {
            Value::Array(a) if a.len() >= 2 => {
                a.reverse();
                true
            }
            Value::Array(a) => a.iter_mut().any(reverse_first),
            Value::Object(o) => o.values_mut().any(reverse_first),
            _ => false,
        }
    }
    fn longest(v: &Value) -> usize {
        match v {
            Value::Array(a) => a.iter().map(longest).max().unwrap_or(0).max(a.len()),
            Value::Object(o) => o.values().map(longest).max().unwrap_or(0),
            _ => 0,
        }
    }
    // the last element of the first list `n` long, removed
    fn pop_from(v: &mut Value, n: usize) -> bool {
        match v {
            Value::Array(a) if a.len() == n => a.pop().is_some(),
            Value::Array(a) => a.iter_mut().any(|x| pop_from(x, n)),
            Value::Object(o) => o.values_mut().any(|x| pop_from(x, n)),
            _ => false,
        }
    }
    let mut saved = 0;
    for (path, kind, was) in accepted_files() {
        let original = std::fs::read_to_string(&path).unwrap();
        let mut json = was.to_json().unwrap();
        reverse_first(&mut json);
        let n = longest(&json);
        if n > 0 {
            pop_from(&mut json, n);
        }
        let Ok(now) = FileValue::from_json(kind, json) else {
            continue;
        };
        if now == was {
            continue;
        }
        let text = orbat_validator::in_place::save_text(&original, &was, &now)
            .unwrap_or_else(|r| panic!("{}: refused: {r}", path.display()));
        ron_reads_as(&path, kind, &text, &now, "the editor saved it");
        saved += 1;
    }
    assert!(saved >= 40, "only {saved} files saved after an edit");
}
