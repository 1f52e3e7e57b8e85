//! The PO round-trip: export then import with no edits changes nothing; a PO file edited by
//! hand imports exactly the expected changes, and never silently overwrites a newer translation.

use std::path::Path;
use std::process::Command;

mod common;

fn po_binary() -> std::path::PathBuf {
    common::validator_binary().with_file_name("orbat-po")
}

fn copy_game(src: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(src).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    dir
}

fn po(args: &[&str]) -> (i32, String) {
    let out = Command::new(po_binary()).args(args).output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn export_then_import_changes_no_byte_in_any_shipped_game() {
    for game in [
        "italian-front",
        "paths-of-glory",
        "pursuit-of-glory",
        "fitna",
        "triumph-of-chaos",
        "../tests/fixtures/valid/minimal",
    ] {
        let dir = copy_game(&Path::new("../scenarios").join(game));
        let before = std::fs::read(dir.path().join("text.it.ron")).unwrap();
        let po_file = dir.path().join("it.po");
        let (code, out) = po(&[
            "export",
            dir.path().to_str().unwrap(),
            "--lang",
            "it",
            "-o",
            po_file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{game}: {out}");
        let (code, out) = po(&[
            "import",
            dir.path().to_str().unwrap(),
            "--lang",
            "it",
            po_file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{game}: {out}");
        assert!(
            out.contains("0 changed, 0 reviewed, 0 skipped"),
            "{game}: {out}"
        );
        assert_eq!(
            std::fs::read(dir.path().join("text.it.ron")).unwrap(),
            before,
            "{game}: text.it.ron changed"
        );
    }
}

fn edited_game() -> tempfile::TempDir {
    let dir = copy_game(Path::new("fixtures/valid/minimal"));
    let en = dir.path().join("text.en.ron");
    let text = std::fs::read_to_string(&en).unwrap().replace(
        "The BEF arrives in {space:calais}.",
        "The BEF lands in {space:calais} at once.",
    );
    std::fs::write(&en, text).unwrap();
    dir
}

#[test]
fn a_hand_edited_po_file_imports_the_expected_changes() {
    let dir = edited_game();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        "fixtures/po/minimal-it-edited.po",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("changed  card:bef#text: \"Il BEF arriva a {space:calais}.\" -> \"Il BEF sbarca subito a {space:calais}.\""), "{out}");
    assert!(out.contains("reviewed card:bef#text"), "{out}");
    assert!(
        out.contains("changed  space:paris: \"Parigi\" -> \"Parigi (capitale)\""),
        "{out}"
    );
    assert!(
        out.contains("changed  space:metz: \"Metz\" -> \"Metz (fortezza)\""),
        "{out}"
    );
    assert!(out.contains("3 changed, 1 reviewed, 0 skipped"), "{out}");
    // the result validates clean: the stale card is now current, placeholders kept
    let report = orbat_validator::check(&[dir.path().to_owned()]).unwrap();
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let it = std::fs::read_to_string(dir.path().join("text.it.ron")).unwrap();
    assert!(it.contains("Parigi (capitale)"));
}

#[test]
fn a_translation_changed_since_the_export_is_not_overwritten() {
    let dir = edited_game();
    let it = dir.path().join("text.it.ron");
    let text = std::fs::read_to_string(&it).unwrap().replace(
        "(name: \"Metz\", source: (name: \"Metz\"))",
        "(name: \"Metz la Pucelle\", source: (name: \"Metz\"))",
    );
    std::fs::write(&it, text).unwrap();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        "fixtures/po/minimal-it-edited.po",
    ]);
    assert_eq!(code, 1, "a skipped message makes the exit status 1: {out}");
    assert!(out.contains("skipped  space:metz: the translation was changed in text.it.ron since the export; not overwritten (use --force)"), "{out}");
    assert!(
        std::fs::read_to_string(&it)
            .unwrap()
            .contains("Metz la Pucelle")
    );
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        "--force",
        "fixtures/po/minimal-it-edited.po",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        std::fs::read_to_string(&it)
            .unwrap()
            .contains("Metz (fortezza)")
    );
}

#[test]
fn a_source_changed_since_the_export_is_skipped() {
    let dir = edited_game();
    let en = dir.path().join("text.en.ron");
    let text = std::fs::read_to_string(&en)
        .unwrap()
        .replace("(name: \"Paris\")", "(name: \"Paris, capital of France\")");
    std::fs::write(&en, text).unwrap();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        "fixtures/po/minimal-it-edited.po",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("skipped  space:paris: the source text changed since this PO file was exported: export again"), "{out}");
}

#[test]
fn a_text_file_that_does_not_parse_is_never_written() {
    let dir = edited_game();
    let it = dir.path().join("text.it.ron");
    std::fs::write(&it, "(language: \"it\", entries: {").unwrap();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        "fixtures/po/minimal-it-edited.po",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("a file that does not load is never written"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&it).unwrap(),
        "(language: \"it\", entries: {"
    );
}
