//! The large-game hook (`load::on_large_file`), which orbat-validate uses to have freed memory
//! handed back at once: it runs the first time a file of `LARGE_FILE_BYTES` or more is read,
//! once, and never for a smaller file. One test in its own binary: the hook is process-wide.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use orbat_validator::load::{LARGE_FILE_BYTES, load_folder_to_check, on_large_file};

static CALLS: AtomicUsize = AtomicUsize::new(0);

fn count() {
    CALLS.fetch_add(1, Ordering::SeqCst);
}

/// A units.ron of exactly `bytes` bytes: an empty list, padded by a comment.
fn write_units(dir: &Path, bytes: u64) {
    let head = "(units: [])\n// ";
    let pad = usize::try_from(bytes).unwrap() - head.len() - 1;
    std::fs::write(
        dir.join("units.ron"),
        format!("{head}{}\n", "x".repeat(pad)),
    )
    .unwrap();
    assert_eq!(
        std::fs::metadata(dir.join("units.ron")).unwrap().len(),
        bytes
    );
}

fn load(dir: &Path) {
    let mut out = Vec::new();
    let folder = load_folder_to_check(dir, &[dir.join("units.ron")], &mut out);
    assert!(out.is_empty(), "{out:?}");
    assert!(folder.units.is_some());
}

#[test]
fn the_hook_runs_once_from_the_first_large_file_on() {
    on_large_file(count);
    let dir = tempfile::tempdir().unwrap();
    write_units(dir.path(), LARGE_FILE_BYTES - 1);
    load(dir.path());
    assert_eq!(
        CALLS.load(Ordering::SeqCst),
        0,
        "a file one byte short is not large"
    );
    write_units(dir.path(), LARGE_FILE_BYTES);
    load(dir.path());
    assert_eq!(CALLS.load(Ordering::SeqCst), 1);
    load(dir.path());
    assert_eq!(CALLS.load(Ordering::SeqCst), 1, "the hook runs once");
}
