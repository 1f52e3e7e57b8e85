//! One verdict: every valid and invalid fixture, with no orbat.toml and with one that denies a
//! warning and allows another, checked by the real `orbat-validate --format json`, by the
//! language server's analysis (its findings as LSP diagnostics) and by the editor's document
//! (its diagnostics list): the three must find the same codes, at the same places, with the
//! same severities.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use lsp_types::{DiagnosticSeverity, NumberOrString};
use orbat_lsp::analysis::analyse;
use orbat_lsp::position::Encoding;
use orbat_lsp::workspace::Workspace;
use orbat_validator::Severity;
use serde_json::Value;

mod common;
use common::validator_binary;

/// One finding as all three front ends can say it: code, severity, file name, and the start
/// as a 1-based line and a column in characters (0: the whole file).
type Finding = (String, &'static str, String, usize, usize);

fn fixtures() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for kind in ["valid", "invalid"] {
        for e in std::fs::read_dir(Path::new("fixtures").join(kind)).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            }
        }
    }
    dirs.sort();
    dirs
}

/// A copy of `from` at `to`: folders, files and symbolic links as they are.
fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (src, dst) = (e.path(), to.join(e.file_name()));
        let kind = e.file_type().unwrap();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&src).unwrap(), &dst).unwrap();
        } else if kind.is_dir() {
            copy(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

fn name_of(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn severity(s: Severity) -> &'static str {
    s.as_str()
}

fn cli(dir: &Path) -> BTreeSet<Finding> {
    let out = std::process::Command::new(validator_binary())
        .args(["--format", "json"])
        .arg(dir)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{}: not JSON ({e})", dir.display()));
    let field = |d: &Value, k: &str| d[k].as_u64().unwrap_or(0) as usize;
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let sev = match d["severity"].as_str().unwrap() {
                "error" => "error",
                _ => "warning",
            };
            let file = name_of(Path::new(d["file"].as_str().unwrap()));
            let code = d["code"].as_str().unwrap().to_owned();
            (code, sev, file, field(d, "line"), field(d, "column"))
        })
        .collect()
}

/// The language server's findings, as it publishes them (UTF-16 positions turned back into
/// characters through the text it read).
fn lsp(dir: &Path) -> BTreeSet<Finding> {
    let ws = Workspace::new(Encoding::Utf16, vec![dir.to_owned()]);
    let analysis = analyse(dir, ws.texts_of(dir));
    let mut found = BTreeSet::new();
    let all = analysis
        .diagnostics
        .values()
        .flatten()
        .chain(&analysis.folder_diagnostics);
    for d in all {
        let lsp = orbat_lsp::convert::diagnostic(d, &analysis, Encoding::Utf16);
        let Some(NumberOrString::String(code)) = lsp.code else {
            panic!("a finding with no code")
        };
        let sev = if lsp.severity == Some(DiagnosticSeverity::ERROR) {
            "error"
        } else {
            "warning"
        };
        let (line, column) = match (d.location.start, analysis.texts.get(&d.location.file)) {
            (None, _) => (0, 0),
            (Some(_), Some(text)) => {
                let p = lsp.range.start;
                let line_text = text.lines().nth(p.line as usize).unwrap_or_default();
                let mut units = 0;
                let chars = line_text
                    .chars()
                    .take_while(|c| {
                        units += c.len_utf16();
                        units <= p.character as usize
                    })
                    .count();
                (p.line as usize + 1, chars + 1)
            }
            (Some(start), None) => (start.line, start.column),
        };
        found.insert((code, sev, name_of(&d.location.file), line, column));
    }
    found
}

/// The editor's diagnostics list, or `None` when it cannot open the folder (it then says why
/// instead of listing findings).
fn editor(dir: &Path) -> Option<BTreeSet<Finding>> {
    let doc = orbat_editor::document::Document::open(dir).ok()?;
    Some(
        doc.diagnostics
            .iter()
            .map(|d| {
                let (line, column) = d.location.start.map_or((0, 0), |s| (s.line, s.column));
                let file = name_of(&d.location.file);
                (d.code.to_owned(), severity(d.severity), file, line, column)
            })
            .collect(),
    )
}

/// An orbat.toml that denies the first warning `found` has and allows the second (or, for a
/// folder with no warning, denies one it does not raise).
fn config(found: &BTreeSet<Finding>) -> String {
    let mut warnings: Vec<&str> = found
        .iter()
        .filter(|f| f.1 == "warning" && !f.0.starts_with("game/"))
        .map(|f| f.0.as_str())
        .collect();
    warnings.dedup();
    let deny = warnings.first().copied().unwrap_or("P004");
    let allow = warnings
        .get(1)
        .map_or(String::new(), |c| format!("allow = [\"{c}\"]\n"));
    format!("[rules]\ndeny = [\"{deny}\"]\n{allow}")
}

#[test]
fn the_cli_the_language_server_and_the_editor_give_one_verdict() {
    let root = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(root.path()).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut by_the_editor = 0;
    for fixture in fixtures() {
        let name = format!(
            "{}-{}",
            name_of(fixture.parent().unwrap()),
            name_of(&fixture)
        );
        let plain = root.join("plain").join(&name);
        copy(&fixture, &plain);
        let before = cli(&plain);
        let configured_root = root.join("configured").join(&name);
        let configured = configured_root.join(&name);
        copy(&fixture, &configured);
        std::fs::write(configured_root.join("orbat.toml"), config(&before)).unwrap();
        for (dir, with) in [(plain, "no orbat.toml"), (configured, "an orbat.toml")] {
            let by_cli = if with == "no orbat.toml" {
                before.clone()
            } else {
                cli(&dir)
            };
            // the language server analyses only folders that hold a game file (L005: none)
            let by_lsp = if by_cli.iter().any(|f| f.0 == "L005") {
                by_cli.clone()
            } else {
                lsp(&dir)
            };
            let by_editor = editor(&dir);
            compared += 1;
            if by_lsp != by_cli {
                failures.push(format!(
                    "{name} with {with}: the language server differs from the CLI\n  cli: {by_cli:?}\n  lsp: {by_lsp:?}"
                ));
            }
            by_the_editor += usize::from(by_editor.is_some());
            if let Some(by_editor) = by_editor
                && by_editor != by_cli
            {
                failures.push(format!(
                    "{name} with {with}: the editor differs from the CLI\n  cli:    {by_cli:?}\n  editor: {by_editor:?}"
                ));
            }
        }
    }
    assert!(compared > 100, "only {compared} runs compared");
    // the editor opens every folder but those with no game files or no game.ron
    assert!(
        by_the_editor + 6 >= compared,
        "the editor opened {by_the_editor} of {compared}"
    );
    eprintln!("{compared} runs compared; the editor opened {by_the_editor}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_level_set_in_orbat_toml_is_seen_alike_by_all_three() {
    // P004_1 raises the out-of-supply warning; denied in orbat.toml it is an error everywhere
    let root = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(root.path()).unwrap();
    let dir = root.join("game");
    copy(Path::new("fixtures/invalid/P004_1"), &dir);
    std::fs::write(root.join("orbat.toml"), "[rules]\ndeny = [\"P004\"]\n").unwrap();
    let p004 = |found: &BTreeSet<Finding>| {
        found
            .iter()
            .filter(|f| f.0 == "P004")
            .map(|f| f.1)
            .collect::<BTreeSet<_>>()
    };
    let errors = BTreeSet::from(["error"]);
    assert_eq!(p004(&cli(&dir)), errors);
    assert_eq!(p004(&lsp(&dir)), errors);
    let doc = orbat_editor::document::Document::open(&dir).unwrap();
    let denied = doc.diagnostics.iter().find(|d| d.code == "P004").unwrap();
    assert_eq!(denied.severity, Severity::Error);
    // the editor says where the level came from
    let row = orbat_editor::panels::diagnostics::row_text(denied, &doc.dir);
    assert!(
        row.contains("denied in") && row.contains("orbat.toml"),
        "{row}"
    );
}
