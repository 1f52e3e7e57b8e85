//! Saving keeps a file's line endings and its final newline (or its lack of one): a save on
//! Windows changes only what was edited, not every line's ending.

mod common;

use common::fixture_copy;
use orbat_editor::document::{Document, FileId};
use orbat_editor::edit::Edit;

#[test]
fn a_crlf_file_is_saved_in_crlf_and_a_file_without_final_newline_stays_without() {
    let (_tmp, dir) = fixture_copy();
    let map = dir.join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    let crlf = text.replace('\n', "\r\n");
    let crlf = crlf.strip_suffix("\r\n").unwrap_or(&crlf).to_owned();
    std::fs::write(&map, &crlf).unwrap();
    let mut doc = Document::open(&dir).unwrap();
    Edit::MoveSpaces {
        moves: vec![(0, [12.0, 34.0])],
    }
    .apply(&mut doc)
    .unwrap();
    let report = orbat_editor::save::save(&mut doc, &[]);
    assert!(report.is_complete(), "{report:?}");
    assert!(report.saved.iter().any(|p| p == &map));
    let saved = std::fs::read_to_string(&map).unwrap();
    assert!(!saved.ends_with('\n'), "no final newline, as before");
    assert!(
        saved.lines().count() > 10 && saved.matches('\n').count() == saved.matches("\r\n").count(),
        "every line in CRLF: {saved:?}"
    );
    // and it reads back to what the editor holds
    let again = Document::open(&dir).unwrap();
    assert_eq!(
        again.file(&FileId::Map).unwrap().value,
        doc.file(&FileId::Map).unwrap().value
    );
}
