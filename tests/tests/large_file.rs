//! The large-game hooks (`load::on_large_game`), which orbat-validate uses to have freed memory
//! handed back at once while a large game is read, and not while it is checked: `reading` runs
//! before each file of `LARGE_FILE_BYTES` or more is parsed, `read` once its folder is read,
//! and neither for a smaller file. One test in its own binary: the hooks are process-wide.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use orbat_validator::load::{
    LARGE_FILE_BYTES, LargeGameHooks, load_folder_to_check, on_large_game,
};

static READING: AtomicUsize = AtomicUsize::new(0);
static READ: AtomicUsize = AtomicUsize::new(0);

/// How often each hook has run: (reading, read).
fn calls() -> (usize, usize) {
    (READING.load(Ordering::SeqCst), READ.load(Ordering::SeqCst))
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
fn the_hooks_run_for_large_files_only_reading_before_read() {
    on_large_game(LargeGameHooks {
        reading: || {
            // the folder is not read yet when a file of it is being read
            assert_eq!(READING.load(Ordering::SeqCst), READ.load(Ordering::SeqCst));
            READING.fetch_add(1, Ordering::SeqCst);
        },
        read: || {
            READ.fetch_add(1, Ordering::SeqCst);
        },
    });
    let dir = tempfile::tempdir().unwrap();
    write_units(dir.path(), LARGE_FILE_BYTES - 1);
    load(dir.path());
    assert_eq!(calls(), (0, 0), "a file one byte short is not large");
    write_units(dir.path(), LARGE_FILE_BYTES);
    load(dir.path());
    assert_eq!(calls(), (1, 1));
    load(dir.path());
    assert_eq!(calls(), (2, 2), "every large game read runs both");
    write_units(dir.path(), 100);
    load(dir.path());
    assert_eq!(
        calls(),
        (2, 2),
        "a small game after a large one runs neither"
    );
}
