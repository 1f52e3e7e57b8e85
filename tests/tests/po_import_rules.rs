//! What an import writes and says, and what an export offers (issue 60, items 6-8): no title
//! written that the translator did not give; `--force` advised only where it helps, a
//! revised translation imported again, an edited msgid called so; the header's plural forms,
//! a cleared msgstr, the game's title alone, honest counts, an undeclared language, and
//! another game's PO file.

use std::path::Path;
use std::process::Command;

mod common;

use common::{german_game, translate};

fn po(args: &[&str]) -> (i32, String) {
    let out = Command::new(common::po_binary())
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// The German game and its exported PO file (path as a string).
fn exported() -> (tempfile::TempDir, String) {
    let game = german_game();
    let file = game.path().join("de.po").to_str().unwrap().to_owned();
    let (code, out) = po(&[
        "export",
        game.path().to_str().unwrap(),
        "--lang",
        "de",
        "-o",
        &file,
    ]);
    assert_eq!(code, 0, "{out}");
    (game, file)
}

fn import(game: &Path, file: &str) -> (i32, String) {
    po(&["import", game.to_str().unwrap(), "--lang", "de", file])
}

fn ron(game: &Path) -> String {
    std::fs::read_to_string(game.join("text.de.ron")).unwrap()
}

const POLTAVA: &str = "Kampfkarte, nur nach {card:lesnaya}. Ein russischer Angriff auf eine schwedische Armee bei {space:poltava} verschiebt zwei Spalten; wird sie vernichtet, geht {unit:swe-charles} nach {space:bender}. {card:king-stanislaw} und {card:altranstadt} dürfen nicht mehr gespielt werden.";

#[test]
fn a_text_translated_alone_gets_no_title() {
    let (game, file) = exported();
    translate(Path::new(&file), "card:poltava#text", POLTAVA);
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    let ron = ron(game.path());
    let line = ron
        .lines()
        .find(|l| l.contains("\"card:poltava\""))
        .unwrap();
    assert!(
        line.contains("(name: \"\", text: Some(\"Kampfkarte"),
        "{line}"
    );
    // counted as not translated yet, and printed in English with the usual warning
    let report = orbat_validator::check(&[game.path().to_owned()]).unwrap();
    let t002 = report
        .diagnostics
        .iter()
        .find(|d| d.code == "T002")
        .unwrap();
    assert!(
        t002.help
            .as_deref()
            .unwrap()
            .contains("`card:poltava` (no name)"),
        "{t002:?}"
    );
}

#[test]
fn force_is_advised_only_for_a_real_conflict_and_a_revision_imports_again() {
    let (game, file) = exported();
    let f = Path::new(&file);
    translate(f, "card:hango", "Hangö-Kap");
    translate(f, "card:lesnaya", "Lesnaja");
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    // the translator revises an imported translation in the same file
    translate(f, "card:hango", "Kap Hangö");
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("changed  card:hango: \"Hangö-Kap\" -> \"Kap Hangö\""),
        "{out}"
    );
    // the designer edits one the translator leaves alone: no skip, no advice
    let edited = ron(game.path()).replace("\"Lesnaja\"", "\"Lesnaja (1708)\"");
    std::fs::write(game.path().join("text.de.ron"), edited).unwrap();
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    assert!(
        !out.contains("--force") && !out.contains("skipped  "),
        "{out}"
    );
    assert!(ron(game.path()).contains("Lesnaja (1708)"));
    // both edit it: a conflict, where --force helps
    translate(f, "card:lesnaya", "Schlacht bei Lesnaja");
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("skipped  card:lesnaya: the translation was changed in text.de.ron since the export (it now holds \"Lesnaja (1708)\") and in the PO file too: yours is not written over it; to write yours, import again with --force"), "{out}");
}

#[test]
fn an_edited_msgid_is_called_so() {
    let (game, file) = exported();
    let text = std::fs::read_to_string(&file).unwrap().replace(
        "msgid \"Hangö Head\"\nmsgstr \"\"",
        "msgid \"Hango Head\"\nmsgstr \"Kap Hangö\"",
    );
    std::fs::write(&file, text).unwrap();
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("skipped  card:hango: the msgid was edited in the PO file"),
        "{out}"
    );
    // and a source changed since the export is called so
    let en = game.path().join("text.en.ron");
    let text = std::fs::read_to_string(&en)
        .unwrap()
        .replace("(name: \"Lesnaya\"", "(name: \"Lesnaya 1708\"");
    std::fs::write(&en, text).unwrap();
    translate(Path::new(&file), "card:lesnaya", "Lesnaja");
    let (_, out) = import(game.path(), &file);
    assert!(out.contains("skipped  card:lesnaya: the source text changed since this PO file was exported: export again with -o onto this PO file"), "{out}");
}

#[test]
fn the_header_cleared_messages_the_title_and_the_counts_say_what_is_true() {
    let (game, file) = exported();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\""),
        "{text}"
    );
    let f = Path::new(&file);
    translate(f, "game", "Der Große Nordische Krieg");
    translate(f, "area:finland", "Finnland");
    translate(f, "card:hango", "Kap Hangö");
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    // new translations are added, not also "reviewed"
    assert!(
        out.contains("3 added, 0 changed, 0 reviewed, 0 skipped"),
        "{out}"
    );
    // the game's title alone is not stale, nor fuzzy once exported again
    let report = orbat_validator::check(&[game.path().to_owned()]).unwrap();
    assert!(
        !report.diagnostics.iter().any(|d| d.code == "T003"),
        "{:#?}",
        report.diagnostics
    );
    let (code, out) = po(&[
        "export",
        game.path().to_str().unwrap(),
        "--lang",
        "de",
        "-o",
        &file,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(!std::fs::read_to_string(&file).unwrap().contains("#, fuzzy"));
    // a cleared msgstr: what happens is said
    translate(f, "area:finland", "");
    let (code, out) = import(game.path(), &file);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("kept     area:finland: the msgstr is empty, so text.de.ron keeps its translation \"Finnland\" (an import never deletes a translation: delete it in text.de.ron to remove it)"), "{out}");
    assert!(out.contains(", 1 kept"), "{out}");
}

#[test]
fn an_undeclared_language_and_another_games_file_are_said_once() {
    let game = german_game();
    let g = game.path().to_str().unwrap();
    let (code, out) = po(&["export", g, "--lang", "fr"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "warning: the game does not declare the language `fr`: add it to `languages` in"
        ),
        "{out}"
    );
    // an Italian PO file of the minimal game, imported into northern-war as Italian
    let game_ron = game.path().join("game.ron");
    let text = std::fs::read_to_string(&game_ron)
        .unwrap()
        .replace("\"de\",", "\"de\", \"it\",");
    std::fs::write(game_ron, text).unwrap();
    let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/po/minimal-it.po");
    let (code, out) = po(&["import", g, "--lang", "it", other.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        out.matches("this PO file is for the game `minimal`")
            .count(),
        1,
        "{out}"
    );
    assert!(out.contains("not `northern-war`"), "{out}");
    assert!(!out.contains("no such entry"), "{out}");
    assert!(!game.path().join("text.it.ron").exists());
}
