//! `orbat-gen stages` times a clean game folder, and says what is wrong with any other folder
//! (exit status 2 and a message, never a panic).

use std::process::Command;

fn stages(dir: &std::path::Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_orbat-gen"))
        .arg("stages")
        .arg(dir)
        .output()
        .expect("runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

#[test]
fn a_clean_game_is_timed_stage_by_stage() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/paths-of-glory");
    let (code, out, err) = stages(&dir);
    assert_eq!(code, 0, "{err}");
    // every rule timed, then what they found (the allowed warnings too: no levels apply here)
    assert!(out.contains("rule R002 unresolved-reference"), "{out}");
    assert!(out.trim_end().ends_with(" diagnostics"), "{out}");
}

#[test]
fn a_folder_that_is_not_a_clean_game_is_an_error_not_a_panic() {
    let missing = std::path::Path::new("/no/such/folder");
    let (code, _, err) = stages(missing);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: /no/such/folder:") && !err.contains("panicked"),
        "{err}"
    );

    // a folder of game folders, not a game: nothing to build a map from
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let (code, _, err) = stages(&root);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no game.ron and map.ron that load") && !err.contains("panicked"),
        "{err}"
    );

    // a game file that does not parse
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("game.ron"), "(id: \"x\", ").expect("write");
    let (code, _, err) = stages(dir.path());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("game.ron: does not parse") && !err.contains("panicked"),
        "{err}"
    );
}
