#![allow(dead_code)]
//! Shared by the CLI tests: the freshly built `orbat-validate` (and `orbat-po`) binaries, the
//! outside tools they compare with, a game a German translator works on, and every shipped
//! and valid fixture game file, for the tests that run over them all.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Builds the validator's binaries once per test process (cargo does not build a dependency's binaries
/// for another package's tests) and returns its path.
pub fn validator_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| built_binary("orbat", "orbat-validate"))
        .clone()
}

/// The `orbat-po` under test, built on first use: `cargo test` builds only the binaries of the
/// package whose tests run, and orbat-po belongs to the validator package.
pub fn po_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| built_binary("orbat-validator", "orbat-po"))
        .clone()
}

/// Builds `bin` of `package` in the profile the tests run in and returns its path.
fn built_binary(package: &str, bin: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let profile_release = cfg!(not(debug_assertions));
    let mut cmd = std::process::Command::new(cargo);
    cmd.args(["build", "-q", "-p", package, "--bin", bin]);
    if profile_release {
        cmd.arg("--release");
    }
    let status = cmd.status().expect("cargo runs");
    assert!(status.success(), "building {bin} failed");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target
        .join(if profile_release { "release" } else { "debug" })
        .join(bin)
}

/// Whether an outside tool a test compares with is here: `probe` (its `--version`, say) runs
/// and succeeds. Where `CI` is set a missing tool fails the test, since CI installs it
/// (.ci/run); elsewhere the test prints that it checked nothing with the tool, and goes on.
pub fn tool_present(
    test: &str,
    tool: &str,
    probe: &mut std::process::Command,
    install: &str,
) -> bool {
    match probe.output() {
        Ok(out) if out.status.success() => true,
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: `{tool}` is not installed, and CI must check with it"
            );
            println!(
                "SKIPPED {test}: `{tool}` is not installed ({install}); nothing was checked with it"
            );
            false
        }
    }
}

/// northern-war, copied, declaring German.
pub fn german_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/northern-war");
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.path().join(e.file_name())).unwrap();
    }
    let game = dir.path().join("game.ron");
    let text = std::fs::read_to_string(&game).unwrap().replacen(
        "languages: [\n        \"en\",",
        "languages: [\n        \"en\", \"de\",",
        1,
    );
    assert!(text.contains("\"de\""));
    std::fs::write(game, text).unwrap();
    dir
}

/// Sets the msgstr of the message whose msgctxt is `ctx` (with or without its record), in
/// the file's own line ends, as a PO editor does.
pub fn translate(file: &Path, ctx: &str, msgstr: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut out = String::new();
    let mut lines = text.split_inclusive('\n').peekable();
    let mut found = false;
    while let Some(line) = lines.next() {
        out.push_str(line);
        let l = line.trim_end();
        let is_ctx = l == format!("msgctxt \"{ctx}\"")
            || l.strip_prefix(&format!("msgctxt \"{ctx} @"))
                .is_some_and(|r| r.len() == 9);
        if !is_ctx {
            continue;
        }
        found = true;
        // msgid and its strings
        while let Some(l) = lines.next_if(|l| !l.starts_with("msgstr")) {
            out.push_str(l);
        }
        lines.next();
        while lines.next_if(|l| l.starts_with('"')).is_some() {}
        out.push_str(&format!("msgstr \"{}\"{nl}", msgstr.replace('"', "\\\"")));
    }
    assert!(found, "no message `{ctx}` in {}", file.display());
    std::fs::write(file, out).unwrap();
}

/// Every game file shipped or used as a valid fixture, with its text.
pub fn game_files() -> Vec<(PathBuf, orbat_validator::file_kind::FileKind, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    for dir in ["scenarios", "tests/fixtures/valid"] {
        for game in std::fs::read_dir(root.join(dir)).unwrap() {
            let game = game.unwrap().path();
            if !game.is_dir() {
                continue;
            }
            for file in std::fs::read_dir(&game).unwrap() {
                let path = file.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if let Some(kind) = orbat_validator::file_kind::FileKind::of(&name) {
                    out.push((path.clone(), kind, std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
