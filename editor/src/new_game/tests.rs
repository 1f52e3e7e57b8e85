//! Unit tests of File > New game's logic: every start writes a folder the validator finds
//! clean, and every wrong request is refused with what to do.

use std::path::Path;

use super::{NewGame, Start, check_folder, create, create_with, files};
use crate::document::Document;
use crate::templates::TEMPLATES;

fn request(dir: &Path, start: Start, language: &str) -> NewGame {
    NewGame {
        dir: dir.to_owned(),
        id: "my-game".into(),
        language: language.into(),
        start,
    }
}

/// Opens the folder as the editor does and lists what the validator found.
fn findings(dir: &Path) -> Vec<String> {
    let doc = Document::open(dir).expect("the new game opens");
    let mut out: Vec<String> = doc
        .diagnostics
        .iter()
        .chain(&doc.load_diagnostics)
        .map(|d| format!("{} {}: {}", d.code, d.location.file.display(), d.message))
        .collect();
    out.dedup();
    out
}

#[test]
fn a_blank_game_opens_clean_in_any_language() {
    for lang in ["en", "fr", "pt-BR"] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("new").join("game");
        let n = create(&request(&dir, Start::Blank, lang)).unwrap();
        assert_eq!(n, 5);
        assert!(dir.join(format!("text.{lang}.ron")).is_file());
        assert_eq!(findings(&dir), Vec::<String>::new(), "{lang}");
        let doc = Document::open(&dir).unwrap();
        assert_eq!(doc.game().unwrap().id, "my-game");
        assert_eq!(doc.source_name("game"), Some("My game"));
    }
}

#[test]
fn the_definition_of_every_shipped_game_opens_clean() {
    for t in TEMPLATES {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("like");
        let lang = super::template_language(t).unwrap();
        create(&request(&dir, Start::Definition(t.folder), &lang)).unwrap();
        assert_eq!(findings(&dir), Vec::<String>::new(), "{}", t.folder);
        let doc = Document::open(&dir).unwrap();
        assert_eq!(doc.game().unwrap().id, "my-game");
        assert!(doc.map().unwrap().spaces.is_empty());
        assert!(doc.units().unwrap().units.is_empty());
        assert!(doc.scenario_files().is_empty());
        // the names of game.ron's ids are kept, none of the map's
        let text = doc.text(&lang).unwrap();
        assert!(text.entries.keys().any(|k| k.starts_with("side:")));
        assert!(!text.entries.keys().any(|k| k.starts_with("space:")));
    }
}

#[test]
fn a_copy_of_every_shipped_game_opens_clean_under_the_new_id() {
    for t in TEMPLATES {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("copy");
        let lang = super::template_language(t).unwrap();
        let n = create(&request(&dir, Start::Whole(t.folder), &lang)).unwrap();
        assert_eq!(n, t.files.len());
        assert_eq!(findings(&dir), Vec::<String>::new(), "{}", t.folder);
        let doc = Document::open(&dir).unwrap();
        assert_eq!(doc.game().unwrap().id, "my-game");
        for s in doc.scenario_files() {
            assert_eq!(doc.scenario(&s).unwrap().game, "my-game");
        }
        // comments kept: game.ron is the shipped one but for its id
        let game = std::fs::read_to_string(dir.join("game.ron")).unwrap();
        let shipped = t.text("game.ron").unwrap();
        assert_eq!(
            game,
            shipped.replacen(&format!("\"{}\"", t.folder), "\"my-game\"", 1)
        );
    }
}

/// The game files of `dir` not in the canonical form `orbat-validate --check-format` asks for
/// (or that do not load).
fn not_canonical(dir: &Path) -> Vec<String> {
    let report = orbat_validator::format::check(&[dir.to_owned()]).unwrap();
    let mut out: Vec<String> = report
        .unformatted
        .iter()
        .map(|u| orbat_validator::format::unified_diff(&u.before, &u.after, "made", "canonical"))
        .collect();
    out.extend(
        report
            .not_loaded
            .iter()
            .map(|p| format!("{} does not load", p.display())),
    );
    out
}

#[test]
fn every_start_passes_the_format_check_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    for lang in ["en", "pt-BR"] {
        let dir = tmp.path().join(format!("blank-{lang}"));
        create(&request(&dir, Start::Blank, lang)).unwrap();
        assert_eq!(not_canonical(&dir), Vec::<String>::new(), "blank, {lang}");
    }
    for t in TEMPLATES {
        let lang = super::template_language(t).unwrap();
        for (name, start) in [
            ("definition", Start::Definition(t.folder)),
            ("copy", Start::Whole(t.folder)),
        ] {
            let dir = tmp.path().join(format!("{name}-{}", t.folder));
            create(&request(&dir, start, &lang)).unwrap();
            assert_eq!(
                not_canonical(&dir),
                Vec::<String>::new(),
                "{name} of {}",
                t.folder
            );
        }
    }
}

#[test]
fn a_copy_keeps_its_source_language() {
    let tmp = tempfile::tempdir().unwrap();
    let e = files(&request(tmp.path(), Start::Whole("paths-of-glory"), "fr")).unwrap_err();
    assert!(e.contains("keeps `en`"), "{e}");
    let e = files(&request(tmp.path(), Start::Definition("fitna"), "de")).unwrap_err();
    assert!(e.contains("start a blank game"), "{e}");
}

#[test]
fn a_folder_that_is_not_empty_is_refused_and_left_alone() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let e = create(&request(tmp.path(), Start::Blank, "en")).unwrap_err();
    assert!(e.contains("is not empty"), "{e}");
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
    let file = tmp.path().join("notes.txt");
    assert!(check_folder(&file).unwrap_err().contains("is a file"));
    assert!(check_folder(Path::new("")).is_err());
    // an empty folder is fine
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert_eq!(create(&request(&empty, Start::Blank, "en")), Ok(5));
}

#[test]
fn wrong_ids_and_languages_say_what_to_type() {
    let tmp = tempfile::tempdir().unwrap();
    let mut r = request(&tmp.path().join("g"), Start::Blank, "en");
    r.id = "my game".into();
    assert!(files(&r).unwrap_err().contains("cannot be part of an id"));
    r.id = String::new();
    assert!(files(&r).unwrap_err().contains("type an id"));
    r.id = "ok".into();
    for bad in ["", "english", "EN", "en-", "e\"n"] {
        r.language = bad.into();
        assert!(
            files(&r).unwrap_err().contains("not a language code"),
            "{bad}"
        );
    }
    assert!(!tmp.path().join("g").exists());
}

#[test]
fn a_file_that_fails_leaves_no_half_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("deep").join("game");
    let mut n = 0;
    let e = create_with(&request(&dir, Start::Blank, "en"), |p, b| {
        n += 1;
        if n == 3 {
            return Err(std::io::Error::other("disk full"));
        }
        orbat_validator::atomic::write(p, b)
    })
    .unwrap_err();
    assert!(e.contains("disk full"), "{e}");
    assert!(e.contains("was removed again"), "{e}");
    assert!(!tmp.path().join("deep").exists(), "{e}");
    // an empty folder of the user's stays, emptied again
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let mut n = 0;
    create_with(&request(&empty, Start::Blank, "en"), |p, b| {
        n += 1;
        if n == 2 {
            return Err(std::io::Error::other("disk full"));
        }
        orbat_validator::atomic::write(p, b)
    })
    .unwrap_err();
    assert!(empty.is_dir());
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
}
