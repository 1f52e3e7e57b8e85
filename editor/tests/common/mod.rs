//! Shared test helpers: a fresh copy of the fixture game in a temporary folder.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use orbat_editor::document::Document;

pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/alpine")
}

/// Copies the fixture into a new temporary folder (kept alive by the returned guard).
pub fn fixture_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("alpine");
    std::fs::create_dir(&dir).expect("create dir");
    for entry in std::fs::read_dir(fixture_dir()).expect("fixture exists") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    (tmp, dir)
}

pub fn open_copy() -> (tempfile::TempDir, Document) {
    let (tmp, dir) = fixture_copy();
    let doc = Document::open(&dir).expect("fixture opens");
    (tmp, doc)
}

/// Every file's bytes in a folder, by name.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| {
            let e = e.expect("entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect();
    files.sort();
    files
}
