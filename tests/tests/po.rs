//! The PO round-trip: export then import with no edits changes nothing; a PO file edited by
//! hand imports exactly the expected changes, and never silently overwrites a newer translation.

use std::path::Path;
use std::process::Command;

mod common;

/// The `orbat-po` under test; `ORBAT_PO=/path/to/orbat-po` runs these tests on another build
/// (how they were shown to fail on the polib reader).
fn po_binary() -> std::path::PathBuf {
    std::env::var_os("ORBAT_PO")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(common::po_binary)
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

/// A copy of a PO fixture in the game's folder: an import records what it imported in the
/// PO file it reads, and the fixtures stay as they are.
fn fixture(dir: &tempfile::TempDir, name: &str) -> String {
    let copy = dir.path().join(name);
    std::fs::copy(Path::new("fixtures/po").join(name), &copy).unwrap();
    copy.to_str().unwrap().to_owned()
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
        &fixture(&dir, "minimal-it-edited.po"),
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
        &fixture(&dir, "minimal-it-edited.po"),
    ]);
    assert_eq!(code, 1, "a skipped message makes the exit status 1: {out}");
    assert!(out.contains("skipped  space:metz: the translation was changed in text.it.ron since the export (it now holds \"Metz la Pucelle\") and in the PO file too: yours is not written over it; to write yours, import again with --force"), "{out}");
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
        &fixture(&dir, "minimal-it-edited.po"),
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
        &fixture(&dir, "minimal-it-edited.po"),
    ]);
    assert_eq!(code, 1, "{out}");
    // the fixture predates the `#. orbat-source:` note, so the import cannot tell which
    assert!(out.contains("skipped  space:paris: the msgid is not today's source text (the source text changed since this PO file was exported, or the msgid was edited): export again with -o onto this PO file"), "{out}");
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
        &fixture(&dir, "minimal-it-edited.po"),
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

/// gettext leaves fuzzy messages out: a translation still marked fuzzy is a draft. The polib
/// reader imported both drafts below, the second as a current translation (its source record
/// was already today's), so nothing showed it was never reviewed.
#[test]
fn a_translation_still_marked_fuzzy_is_never_imported_as_current() {
    let dir = edited_game();
    let it = dir.path().join("text.it.ron");
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        &fixture(&dir, "minimal-it-fuzzy.po"),
    ]);
    assert_eq!(code, 1, "a skipped message makes the exit status 1: {out}");
    for ctx in ["card:bef#text", "space:paris"] {
        assert!(
            out.contains(&format!("skipped  {ctx}: still marked fuzzy (not reviewed): clear the fuzzy flag in your PO tool once the translation is checked, then import again")),
            "{ctx}: {out}"
        );
    }
    assert!(
        out.contains("changed  space:metz: \"Metz\" -> \"Metz (fortezza)\""),
        "{out}"
    );
    assert!(out.contains("1 changed, 0 reviewed, 2 skipped"), "{out}");
    let text = std::fs::read_to_string(&it).unwrap();
    assert!(!text.contains("bozza"), "a draft was imported:\n{text}");
    assert!(text.contains("Metz (fortezza)"));
    // the stale card text is still reported stale (T003), as it still is
    let report = orbat_validator::check(&[dir.path().to_owned()]).unwrap();
    assert!(
        report.diagnostics.iter().any(|d| d.code == "T003"),
        "{:#?}",
        report.diagnostics
    );
}

/// A game declaring French too, so only the header check stands between an Italian file and
/// text.fr.ron.
fn game_with_french() -> tempfile::TempDir {
    let dir = copy_game(Path::new("fixtures/valid/minimal"));
    let game = dir.path().join("game.ron");
    let text = std::fs::read_to_string(&game).unwrap().replace(
        "languages: [\"en\", \"it\"]",
        "languages: [\"en\", \"it\", \"fr\"]",
    );
    std::fs::write(&game, text).unwrap();
    dir
}

#[test]
fn a_po_file_of_another_language_is_refused_naming_both() {
    let dir = game_with_french();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "fr",
        "fixtures/po/minimal-it.po",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("error: fixtures/po/minimal-it.po:9:1: this PO file is in `it` (its header says Language: it) but it is imported into `fr` (--lang fr)"), "{out}");
    assert!(
        out.contains("help: import it with --lang it, or import the PO file of `fr`"),
        "{out}"
    );
    assert!(!dir.path().join("text.fr.ron").exists());
}

#[test]
fn a_po_file_whose_header_names_no_language_is_refused() {
    let dir = copy_game(Path::new("fixtures/valid/minimal"));
    let file = dir.path().join("it.po");
    let text = std::fs::read_to_string("fixtures/po/minimal-it-edited.po")
        .unwrap()
        .replace("\"Language: it\\n\"\n", "");
    std::fs::write(&file, text).unwrap();
    let before = std::fs::read(dir.path().join("text.it.ron")).unwrap();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(":2:1: the header names no language (no `Language:` line)"),
        "{out}"
    );
    assert!(
        out.contains("add the line \"Language: it\\n\" to the header"),
        "{out}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("text.it.ron")).unwrap(),
        before
    );
}

/// The polib reader wrote text.fr.ron from an Italian file, and the validator then failed it
/// (R002: a language the game does not declare).
#[test]
fn a_language_the_game_does_not_declare_is_refused_saying_how_to_declare_it() {
    let dir = copy_game(Path::new("fixtures/valid/minimal"));
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "fr",
        "fixtures/po/minimal-it.po",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("the game does not declare the language `fr`: add it to `languages` in"),
        "{out}"
    );
    assert!(
        out.contains(
            "game.ron (languages: [\"en\", \"it\", \"fr\"]), then import again; nothing was written"
        ),
        "{out}"
    );
    assert!(!dir.path().join("text.fr.ron").exists());
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "../it",
        "fixtures/po/minimal-it.po",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("`../it` is not a language code"), "{out}");
}

/// A translation holding a line break and a workflow command, imported: what the import
/// prints stays on its lines (a CI log would run a line starting `::warning::`).
#[test]
fn what_the_import_prints_cannot_write_lines_of_its_own() {
    let dir = copy_game(Path::new("fixtures/valid/minimal"));
    let file = dir.path().join("it.po");
    let text = std::fs::read_to_string("fixtures/po/minimal-it.po")
        .unwrap()
        .replace(
            "msgstr \"Parigi\"",
            "msgstr \"Parigi\\n::warning::INJECTED\\033]0;x\\a\"",
        );
    std::fs::write(&file, text).unwrap();
    let (code, out) = po(&[
        "import",
        dir.path().to_str().unwrap(),
        "--lang",
        "it",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "changed  space:paris: \"Parigi\" -> \"Parigi\\n::warning::INJECTED\\u{1b}]0;x\\u{7}\""
        ),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.starts_with("::")), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");
}
