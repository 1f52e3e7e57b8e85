//! The layout of the code base: every rule file is listed by its family (so it runs and is
//! documented), and no source file grows past 500 lines without saying why in its header.

use std::path::{Path, PathBuf};

use orbat_validator::registry;

/// Every `.rs` file under `dir` (relative to the workspace root), `target` folders left out.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_rule_file_is_listed_by_its_family() {
    let mut files = Vec::new();
    for dir in ["validator/src/rules", "validator/src/load/codes"] {
        rust_files(&root().join(dir), &mut files);
    }
    let listed: Vec<&str> = registry::rules().iter().map(|r| r.source).collect();
    let mut missing = Vec::new();
    let mut rule_files = 0;
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        // a rule's file is named for its code: `r002_unresolved_reference.rs`
        let bytes = name.as_bytes();
        let is_rule = bytes.len() > 5
            && bytes[0].is_ascii_lowercase()
            && bytes[1..4].iter().all(u8::is_ascii_digit)
            && bytes[4] == b'_';
        if !is_rule {
            continue;
        }
        rule_files += 1;
        let relative = file
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if !listed.iter().any(|s| *s == relative) {
            missing.push(relative);
        }
    }
    assert!(rule_files > 50, "only {rule_files} rule files found");
    assert!(
        missing.is_empty(),
        "rule files no family lists (add the rule to its family's CHECKS or the loading codes):\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_file_over_500_lines_says_why_in_its_header() {
    let mut files = Vec::new();
    for dir in [
        "validator",
        "editor",
        "lsp",
        "gen",
        "print",
        "tests",
        "fuzz/src",
        "fuzz/fuzz_targets",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut unexplained = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        if text.lines().count() <= 500 {
            continue;
        }
        let header = text
            .lines()
            .take_while(|l| l.starts_with("//"))
            .collect::<Vec<_>>();
        if !header.iter().any(|l| l.contains("Over 500 lines:")) {
            unexplained.push(file.strip_prefix(root()).unwrap().display().to_string());
        }
    }
    assert!(
        unexplained.is_empty(),
        "files over 500 lines with no `Over 500 lines: <why>` in their header (split them, or say why not):\n{}",
        unexplained.join("\n")
    );
}
