//! Helpers the newer end-to-end tests share: the shipped games, orbat-print run as a binary,
//! and poppler's tools (pdfinfo, pdftotext) reading its PDFs back.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::cargo_bin;

pub const MM: f64 = 72.0 / 25.4;

pub fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

pub fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name).args(args).output().unwrap_or_else(|e| {
        panic!("{name} is needed (Debian: apt-get install poppler-utils): {e}")
    });
    assert!(
        out.status.success(),
        "{name} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs orbat-print; returns (exit code, stdout and stderr).
pub fn print(args: &[&str]) -> (i32, String) {
    let out = Command::new(cargo_bin("orbat-print"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// Prints `game` (a folder) to `out` with `extra` options; panics on failure.
pub fn print_ok(game: &Path, out: &Path, extra: &[&str]) {
    let args = [game.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"];
    let (code, err) = print(&[&args[..], extra].concat());
    assert_eq!(code, 0, "{err}");
}

/// Each page's size in points.
pub fn page_sizes(pdf: &Path) -> Vec<(f64, f64)> {
    let info = tool("pdfinfo", &["-f", "1", "-l", "9999", pdf.to_str().unwrap()]);
    info.lines()
        .filter(|l| l.starts_with("Page") && l.contains(" size:"))
        .map(|l| {
            let v: Vec<f64> = l
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            (v[1], v[2])
        })
        .collect()
}

/// The text of each page, its white space collapsed.
pub fn page_texts(pdf: &Path) -> Vec<String> {
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    text.split('\u{c}')
        .map(collapse)
        .collect::<Vec<_>>()
        .into_iter()
        .take(page_sizes(pdf).len())
        .collect()
}

pub fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Copies a game folder's files.
pub fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Replaces `from` with `to` in `file`, which must hold it.
pub fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}
