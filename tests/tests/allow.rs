//! game.ron's `allow`: which warnings it may allow (exactly those the per-folder checks raise),
//! what it does with them (kept aside with their reason, never counted), and what it says
//! about entries that cannot work (R004) or that allowed nothing (R006).

use std::path::Path;

use orbat_validator::rule::Allow;
use orbat_validator::{Inputs, Report, Settings, Severity, check, engine, load, registry};

/// The warnings a game folder may allow.
fn allowable() -> Vec<&'static str> {
    registry::rules()
        .iter()
        .filter(|r| r.allow == Allow::Yes)
        .map(|r| r.code)
        .collect()
}

/// The warnings that cannot be allowed, with why (as R004 says it).
fn not_allowable() -> Vec<(&'static str, &'static str)> {
    registry::rules()
        .iter()
        .filter_map(|r| match r.allow {
            Allow::No { why, .. } => Some((r.code, why)),
            _ => None,
        })
        .collect()
}

/// A copy of a fixture folder (symbolic links copied as links, not followed).
fn copy_of(fixture: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(Path::new("fixtures").join(fixture)).unwrap() {
        let entry = entry.unwrap();
        let to = dir.path().join(entry.file_name());
        if entry.file_type().unwrap().is_symlink() {
            // the link's target, resolved now (relative links would break in the copy)
            let target = std::fs::canonicalize(entry.path()).unwrap();
            #[cfg(unix)]
            std::os::unix::fs::symlink(target, to).unwrap();
            #[cfg(not(unix))]
            let _ = (target, to);
        } else if entry.file_name() != "expected.snap" {
            std::fs::copy(entry.path(), to).unwrap();
        }
    }
    dir
}

/// Puts `entries` first in the `allow` list of the folder's game.ron (adding the list as the
/// last field if there is none).
fn allow(dir: &Path, entries: &str) {
    let path = dir.join("game.ron");
    let mut text = std::fs::read_to_string(&path).unwrap();
    if text.contains("allow: [") {
        text = text.replacen("allow: [", &format!("allow: [{entries}, "), 1);
        std::fs::write(&path, text).unwrap();
        return;
    }
    let close = text.rfind(')').unwrap();
    let before = text[..close].trim_end();
    let comma = if before.ends_with(',') || before.ends_with('(') {
        ""
    } else {
        ","
    };
    text = format!(
        "{before}{comma}\n    allow: [{entries}],\n{}",
        &text[close..]
    );
    std::fs::write(&path, text).unwrap();
}

fn run(dir: &Path) -> Report {
    check(&[dir.to_owned()]).expect("the folder exists")
}

fn has(report: &Report, code: &str) -> bool {
    report.diagnostics.iter().any(|d| d.code == code)
}

#[test]
fn every_allowable_warning_is_kept_aside_with_its_reason() {
    for code in allowable() {
        let dir = copy_of(&format!("invalid/{code}_1"));
        let before = run(dir.path());
        let raised = before.diagnostics.iter().filter(|d| d.code == code).count();
        assert!(raised > 0, "{code}_1 does not raise {code}");
        allow(
            dir.path(),
            &format!("(rule: \"{code}\", reason: \"expected in this fixture\")"),
        );
        let after = run(dir.path());
        assert!(!has(&after, code), "{code} was not allowed");
        assert!(
            !has(&after, "R004") && !has(&after, "R006"),
            "{code}: {:?}",
            after.diagnostics
        );
        assert_eq!(
            after.allowed.len(),
            raised,
            "{code}: every {code} kept aside"
        );
        for a in &after.allowed {
            assert_eq!(a.diagnostic.code, code);
            assert_eq!(a.reason, "expected in this fixture");
            assert!(a.allowance.file.ends_with("game.ron"));
            assert!(a.allowance.start.is_some(), "the allowance is located");
        }
        // the counts and the exit status are those of the findings that remain
        assert_eq!(
            after.count(Severity::Warning) + raised,
            before.count(Severity::Warning)
        );
        assert_eq!(after.count(Severity::Error), before.count(Severity::Error));
    }
}

#[test]
fn a_warning_that_cannot_be_allowed_is_rejected_with_r004_and_still_reported() {
    for (code, why) in not_allowable() {
        let dir = copy_of(&format!("invalid/{code}_1"));
        allow(
            dir.path(),
            &format!("(rule: \"{}\", reason: \"hoping\")", code.to_lowercase()),
        );
        let report = run(dir.path());
        let r004: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.code == "R004")
            .collect();
        assert_eq!(r004.len(), 1, "{code}: {:?}", report.diagnostics);
        assert_eq!(
            r004[0].message,
            format!("`{code}` cannot be allowed: {why}")
        );
        assert!(
            r004[0]
                .help
                .as_deref()
                .unwrap()
                .contains("remove this entry")
        );
        assert_eq!(r004[0].location.pointer.as_deref(), Some("/allow/0/rule"));
        assert!(has(&report, code), "{code} is still reported");
        assert!(report.allowed.is_empty());
        assert_eq!(report.exit_status(false), 1, "R004 is an error");
    }
}

#[test]
fn errors_and_unknown_codes_cannot_be_allowed() {
    let dir = copy_of("invalid/R002_1");
    allow(
        dir.path(),
        r#"(rule: "R002", reason: "later"), (rule: "M03", reason: "typo")"#,
    );
    let report = run(dir.path());
    let messages: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "R004")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "`R002` is an error and cannot be allowed",
            "`M03` is not a rule code"
        ]
    );
    assert!(has(&report, "R002"), "the error stays");
}

#[test]
fn allowed_warnings_are_not_findings_but_are_kept() {
    let report = run(Path::new("fixtures/valid/allowed"));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    assert_eq!(report.allowed.len(), 1);
    assert_eq!(report.allowed[0].diagnostic.code, "M003");
    assert!(
        report.allowed[0]
            .reason
            .starts_with("the map is an excerpt")
    );
    assert_eq!(report.exit_status(true), 0, "even with --deny warnings");
}

#[test]
fn a_loaded_folder_has_its_allowed_warnings_set_aside_as_on_disk() {
    let dir = Path::new("fixtures/valid/allowed");
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let mut found = Vec::new();
    let folder = load::load_folder(dir, &files, &mut found);
    let loaded = engine::check(
        Inputs::Loaded {
            folder: &folder,
            found,
        },
        &Settings::default(),
    )
    .unwrap();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(loaded.allowed, run(dir).allowed);
}

#[test]
fn an_allowance_that_allows_nothing_is_reported_once_per_entry() {
    let report = run(Path::new("fixtures/invalid/R006_1"));
    let r006: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "R006")
        .collect();
    assert_eq!(r006.len(), 1);
    assert_eq!(r006[0].severity, Severity::Warning);
    assert_eq!(r006[0].location.pointer.as_deref(), Some("/allow/0"));
    // a second entry for a code already allowed allows nothing either
    let report = run(Path::new("fixtures/invalid/R006_2"));
    let r006: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "R006")
        .collect();
    assert_eq!(r006.len(), 1);
    assert_eq!(r006[0].location.pointer.as_deref(), Some("/allow/1"));
    assert_eq!(report.allowed.len(), 1, "the first entry allows the M003");
}

#[test]
fn no_unused_allowance_is_reported_when_a_file_did_not_load() {
    // with map.ron broken, the map checks did not run: M004's allowance may well be needed
    let dir = copy_of("invalid/R006_1");
    std::fs::write(dir.path().join("map.ron"), "(spaces: [").unwrap();
    let report = run(dir.path());
    assert!(has(&report, "L003"));
    assert!(!has(&report, "R006"), "{:?}", report.diagnostics);
    // nor when a file the checks need is missing
    let dir = copy_of("invalid/R006_1");
    std::fs::remove_file(dir.path().join("map.ron")).unwrap();
    let report = run(dir.path());
    assert!(has(&report, "L008"));
    assert!(!has(&report, "R006"), "{:?}", report.diagnostics);
}
