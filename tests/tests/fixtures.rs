//! Every folder under `fixtures/invalid/<CODE>_<n>/` must raise its code, with the whole
//! output pinned in `expected.snap` beside it; every folder under `fixtures/valid/` must be clean;
//! every rule names the fixtures where it fires and where it stays silent.

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
fn every_rule_names_where_it_fires_and_where_it_stays_silent() {
    // each rule's file lists its fixtures: where it fires (or, for inputs git cannot hold,
    // the tests that show it firing) and where it stays silent
    let mut failures = Vec::new();
    let mut claimed = BTreeSet::new();
    for rule in registry::rules() {
        if rule.fires.is_empty() && rule.proven_by.is_empty() {
            failures.push(format!("{}: no fixture where it fires", rule.code));
        }
        if rule.silent.is_empty() {
            failures.push(format!("{}: no fixture where it stays silent", rule.code));
        }
        for fixture in rule.fires {
            claimed.insert(fixture.to_string());
            let dir = Path::new("fixtures").join(fixture);
            if !dir.is_dir() {
                failures.push(format!("{}: no fixture {fixture}", rule.code));
            } else if !human_output(&dir).1.contains(rule.code) {
                failures.push(format!("{}: does not fire in {fixture}", rule.code));
            }
        }
        for fixture in rule.silent {
            let dir = Path::new("fixtures").join(fixture);
            if !dir.is_dir() {
                failures.push(format!("{}: no fixture {fixture}", rule.code));
            } else if human_output(&dir).1.contains(rule.code) {
                failures.push(format!(
                    "{}: fires in {fixture}, listed as silent",
                    rule.code
                ));
            }
        }
        for test in rule.proven_by {
            let (file, function) = test.split_once("::").expect("file::function");
            let text = std::fs::read_to_string(Path::new("tests").join(file))
                .unwrap_or_else(|e| panic!("{}: {file}: {e}", rule.code));
            if !text.contains(&format!("fn {function}(")) {
                failures.push(format!("{}: no test {test}", rule.code));
            }
        }
    }
    for dir in fixture_dirs("invalid") {
        let name = format!("invalid/{}", dir.file_name().unwrap().to_string_lossy());
        if !claimed.contains(&name) {
            failures.push(format!(
                "{name} is not listed in the `fires` of rule {}",
                code_of(&dir)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
