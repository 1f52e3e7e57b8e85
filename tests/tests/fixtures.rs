//! Every folder under `fixtures/invalid/<CODE>_<n>/` must raise its code, with the whole
//! output pinned in `expected.snap` beside it; every folder under `fixtures/valid/` must be clean;
//! every rule code must have an invalid fixture.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use orbat_validator::{Severity, registry, render};

fn fixture_dirs(kind: &str) -> Vec<PathBuf> {
    let root = Path::new("fixtures").join(kind);
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn code_of(dir: &Path) -> String {
    let name = dir.file_name().unwrap().to_string_lossy();
    name.split('_').next().unwrap().to_owned()
}

/// What a user sees for a fixture: the human output without colour, then the summary.
fn human_output(dir: &Path) -> (String, BTreeSet<&'static str>) {
    let report = orbat_validator::check(&[dir.to_owned()]).expect("fixture exists");
    let codes = report.diagnostics.iter().map(|d| d.code).collect();
    let text = format!(
        "{}{}\n",
        render::human::render(&report, false),
        render::summary(&report)
    );
    (text, codes)
}

#[test]
fn invalid_fixtures_raise_their_code_and_match_their_snapshot() {
    let mut failures = Vec::new();
    for dir in fixture_dirs("invalid") {
        let code = code_of(&dir);
        let (output, codes) = human_output(&dir);
        if !codes.contains(code.as_str()) {
            failures.push(format!(
                "{}: expected {code}, got {codes:?}\n{output}",
                dir.display()
            ));
            continue;
        }
        insta::with_settings!({
            snapshot_path => std::env::current_dir().unwrap().join(&dir),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!("expected", output);
        });
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn valid_fixtures_are_clean() {
    for dir in fixture_dirs("valid") {
        let (output, codes) = human_output(&dir);
        assert!(
            codes.is_empty(),
            "{} should be clean:\n{output}",
            dir.display()
        );
    }
}

#[test]
fn every_rule_has_an_invalid_fixture() {
    // codes whose input cannot be committed as a fixture, and the test that covers each
    const TESTED_ELSEWHERE: &[(&str, &str)] = &[
        ("L010", "tests/tests/hostile.rs: a 100 MB file"),
        (
            "L011",
            "tests/tests/hostile.rs: a file name that is not UTF-8 (not portable in git)",
        ),
    ];
    let mut covered: BTreeSet<String> =
        fixture_dirs("invalid").iter().map(|d| code_of(d)).collect();
    covered.extend(TESTED_ELSEWHERE.iter().map(|(c, _)| c.to_string()));
    let missing: Vec<&str> = registry::RULES
        .iter()
        .map(|r| r.code)
        .filter(|c| !covered.contains(*c))
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a fixture in tests/fixtures/invalid/<CODE>_<n>/: {missing:?}"
    );
}

#[test]
fn every_fixture_names_a_known_code() {
    for dir in fixture_dirs("invalid") {
        assert!(
            registry::rule(&code_of(&dir)).is_some(),
            "{} does not start with a rule code",
            dir.display()
        );
    }
}

#[test]
fn messages_follow_the_style() {
    // clippy's rule: messages start lowercase and have no trailing period
    for dir in fixture_dirs("invalid") {
        let report = orbat_validator::check(std::slice::from_ref(&dir)).unwrap();
        for d in &report.diagnostics {
            assert!(
                !d.message.ends_with('.'),
                "{}: `{}` ends with a period",
                dir.display(),
                d.message
            );
            let first = d.message.chars().next().unwrap();
            assert!(
                !first.is_uppercase(),
                "{}: `{}` starts uppercase",
                dir.display(),
                d.message
            );
            assert!(d.severity == Severity::Warning || d.severity == Severity::Error);
        }
    }
}
