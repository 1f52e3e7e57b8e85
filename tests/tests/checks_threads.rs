//! A game's own checks judge their entities in parts shared out to several threads: the
//! findings do not depend on how many there are, and one thread (RAYON_NUM_THREADS=1) does
//! not wait for itself.

use std::path::Path;

use serde_json::Value;

mod common;
use common::validator_binary;

/// A generated game of 3,000 spaces (three parts of entities per check) with two checks: one
/// failing on every space whose vp is 0, one that cannot be judged where `fort` is null.
fn game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    orbat_gen::generate(&orbat_gen::Params::scaled(3_000), 7)
        .write(dir.path(), orbat_gen::Format::Ron)
        .unwrap();
    std::fs::write(
        dir.path().join("checks.ron"),
        r#"(checks: [
    (id: "vp-set", for_each: Space, assert: "space.vp > 0", severity: Warning,
     message: "{id} has no vp", fires: [(on: "sp-00000", with: {"vp": "0"})],
     silent: [(on: "sp-00000", with: {"vp": "3"})]),
    (id: "fort-small", for_each: Space, assert: "space.fort < 9", severity: Warning,
     message: "{id} has a large fort", fires: [(on: "sp-00000", with: {"fort": "9"})],
     silent: [(on: "sp-00000", with: {"fort": "1"})]),
])"#,
    )
    .unwrap();
    dir
}

/// The findings of `orbat-validate --format json` on `dir` with `threads` threads: (code,
/// message), sorted.
fn findings(dir: &Path, threads: &str) -> Vec<(String, String)> {
    let out = assert_cmd::Command::new(validator_binary())
        .env("RAYON_NUM_THREADS", threads)
        .args(["--format", "json"])
        .arg(dir)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let mut found: Vec<(String, String)> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_owned(),
                d["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn the_findings_are_the_same_on_one_thread_and_on_several() {
    let dir = game();
    let one = findings(dir.path(), "1");
    let count = |code: &str| one.iter().filter(|(c, _)| c == code).count();
    // both checks fire, or fail to be judged, somewhere in each part
    assert!(count("game/vp-set") > 3, "{one:#?}");
    assert!(count("G002") > 3, "{one:#?}");
    assert_eq!(
        one.len(),
        count("game/vp-set") + count("G002") + count("game/fort-small")
    );
    assert_eq!(findings(dir.path(), "3"), one);
    assert_eq!(findings(dir.path(), "8"), one);
}
