//! A large file's text is dropped once it is loaded and read again only when a finding points
//! into it (`SourceFile::stow`): the findings must be exactly those of a check that kept every
//! text, and a file changed on disk in between must never be quoted with another text's lines.

use std::path::{Path, PathBuf};

use orbat_tests::check_loaded;
use orbat_validator::Diagnostic;
use orbat_validator::load::{self, discover::discover};

/// Every game folder under `root`, with its files.
fn folders(root: &str) -> Vec<(PathBuf, Vec<PathBuf>)> {
    let found = discover(&[PathBuf::from(root)]).unwrap();
    found.folders.into_iter().collect()
}

fn findings(dir: &Path, files: &[PathBuf], stow_from: Option<u64>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let folder = load::load_folder_stowing(dir, files, stow_from, &mut out);
    out = check_loaded(&folder, out);
    orbat_validator::sort(&mut out);
    out
}

#[test]
fn stowing_every_text_changes_no_finding() {
    let mut compared = 0;
    for root in ["fixtures/invalid", "fixtures/valid", "../scenarios"] {
        for (dir, files) in folders(root) {
            let kept = findings(&dir, &files, None);
            let stowed = findings(&dir, &files, Some(0));
            assert_eq!(stowed, kept, "{}", dir.display());
            compared += kept.len();
        }
    }
    // the fixtures' findings, each located through a text read again
    assert!(compared > 50, "{compared}");
}

#[test]
fn a_file_changed_after_loading_is_named_without_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (src_dir, files) = folders("fixtures/invalid")
        .into_iter()
        .find(|(d, _)| d.ends_with("M002_1"))
        .unwrap();
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| {
            let to = dir.path().join(f.file_name().unwrap());
            std::fs::copy(f, &to).unwrap();
            to
        })
        .collect();
    let before = findings(&src_dir, &files, None);
    let located = before.iter().find(|d| d.code == "M002").unwrap();
    assert!(located.location.start.is_some());

    let mut out = Vec::new();
    let folder = load::load_folder_stowing(dir.path(), &files, Some(0), &mut out);
    // rewritten with two more lines on top: the duplicate link now sits two lines lower
    let map = dir.path().join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, format!("// edited\n// meanwhile\n{text}")).unwrap();
    out = check_loaded(&folder, out);
    let m002 = out.iter().find(|d| d.code == "M002").unwrap();
    assert_eq!(m002.location.file, map);
    assert_eq!(m002.location.start, None, "{m002:#?}");
    assert_eq!(m002.location.span, None);
    assert_eq!(m002.location.pointer, located.location.pointer);

    // and its text is not put back for showing lines either
    let mut sources = folder.sources.clone();
    drop(folder);
    let src = sources
        .iter_mut()
        .find(|s| s.path == map)
        .and_then(std::sync::Arc::get_mut)
        .unwrap();
    src.unstow();
    assert_eq!(src.text, "");
}

#[test]
fn a_finding_in_a_large_game_file_is_located_and_quoted() {
    let dir = tempfile::tempdir().unwrap();
    let game = orbat_gen::generate(&orbat_gen::Params::scaled(5_000), 3);
    game.write(dir.path(), orbat_gen::Format::Ron).unwrap();
    let map = dir.path().join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(text.len() as u64 >= load::STOW_FROM_BYTES, "{}", text.len());
    // the 4,000th space's kind misspelled
    let line = text
        .lines()
        .position(|l| l.contains("(id: \"sp-04000\""))
        .unwrap();
    let broken: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == line {
                l.replacen("kind: \"", "kind: \"x", 1)
            } else {
                l.to_owned()
            }
        })
        .collect();
    std::fs::write(&map, broken.join("\n") + "\n").unwrap();

    let report = orbat_validator::check(&[dir.path().to_owned()]).unwrap();
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "R002" && d.location.file == map)
        .unwrap_or_else(|| panic!("{:#?}", report.diagnostics));
    assert_eq!(d.location.start.map(|s| s.line), Some(line + 1));
    let human = orbat_validator::render::human::render(&report, false);
    assert!(human.contains(&broken[line]), "{human}");
}
