//! A state of play judged in the folder its scenario shares (reduced to what an event
//! changed) finds what the same state judged in a folder of its own finds: on every shipped
//! game and every fixture (generated games: gen/tests/events.rs).

use std::path::{Path, PathBuf};

use orbat_validator::{Diagnostic, GameFolder};

fn folders() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let mut dirs = vec![root.join("scenarios"), root.join("tests/fixtures")];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("a folder of the repository")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        if entries.iter().any(|p| p.ends_with("game.ron")) {
            out.push(dir);
        } else {
            dirs.extend(entries.into_iter().filter(|p| p.is_dir()));
        }
    }
    out
}

fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a game folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn judged(
    folder: &GameFolder,
    found: &[Diagnostic],
    judge: fn(&GameFolder, &mut Vec<Diagnostic>),
) -> Vec<String> {
    let mut out = found.to_vec();
    judge(folder, &mut out);
    let mut shown: Vec<String> = out[found.len()..]
        .iter()
        .map(|d| format!("{d:?}"))
        .collect();
    shown.sort();
    shown
}

#[test]
fn shared_and_whole_states_find_the_same_in_every_game_and_fixture() {
    let mut with_states = 0;
    for dir in folders() {
        let mut found = Vec::new();
        let folder = orbat_validator::load::load_folder(&dir, &ron_files(&dir), &mut found);
        orbat_validator::rules::check_folder(
            &folder,
            orbat_validator::registry::rules(),
            &mut found,
        );
        let shared = judged(&folder, &found, orbat_validator::engine::states::judge);
        let whole = judged(
            &folder,
            &found,
            orbat_validator::engine::states::judge_whole,
        );
        assert_eq!(shared, whole, "{}", dir.display());
        with_states += usize::from(!whole.is_empty());
    }
    // the comparison is not empty: some folders' states find something
    assert!(
        with_states >= 3,
        "only {with_states} folders found anything in their states"
    );
}
