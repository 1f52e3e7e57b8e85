//! File > New game…: from an empty folder the editor could not open, a blank game is made
//! through the window and opens with no findings; a game started from a shipped game's
//! definition opens clean too; a folder that is not empty is refused with what to do.

mod common;

use common::{findings, harness, new_app};
use egui_kittest::kittest::Queryable;

#[test]
fn an_empty_folder_becomes_a_blank_game_that_opens_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("Border War");
    std::fs::create_dir(&dir).unwrap();
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    // opening the empty folder says why not, and where to start one
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    let e = h
        .state()
        .open_error
        .clone()
        .expect("the empty folder is refused");
    assert!(e.contains("File > New game"), "{e}");
    h.get_by_label("Start a new game…").click();
    h.run();
    assert!(h.state().new_game.open);
    // the folder tried is offered, the id follows its name
    assert_eq!(h.state().new_game.folder, dir.display().to_string());
    assert_eq!(h.state().new_game.id, "border-war");
    h.get_by_label("A blank game").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.run();
    let s = h.state().session.as_ref().expect("the new game is open");
    assert_eq!(s.doc.dir, std::fs::canonicalize(&dir).unwrap());
    assert_eq!(s.doc.game().unwrap().id, "border-war");
    assert!(!h.state().new_game.open);
    assert_eq!(findings(&mut h), Vec::<String>::new());
    let message = h.state().session.as_ref().unwrap().message.clone();
    assert!(message.unwrap().contains("created a new game of 5 files"));
}

#[test]
fn a_game_like_a_shipped_one_starts_from_its_definition() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("my-glory");
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("New game…").click();
    h.run();
    h.get_by_label("Folder").focus();
    h.run();
    h.get_by_label("Folder")
        .type_text(&dir.display().to_string());
    h.run();
    h.get_by_label("Game id").focus();
    h.run();
    h.get_by_label("Game id").type_text("my-glory");
    h.run();
    h.get_by_label("The definition of a shipped game").click();
    h.run();
    // Paths of Glory is offered first; its language is kept, not typed
    assert_eq!(h.state().new_game.template, "paths-of-glory");
    assert!(
        h.query_by_label_contains("a Paths of Glory-like game")
            .is_some()
    );
    h.get_by_label("Create").click();
    h.run();
    h.run();
    let s = h.state().session.as_ref().expect("the new game is open");
    assert_eq!(s.doc.game().unwrap().id, "my-glory");
    assert_eq!(s.doc.game().unwrap().source_language, "en");
    assert!(s.doc.map().unwrap().spaces.is_empty());
    assert!(s.doc.source_name("side:ap").is_some());
    assert_eq!(findings(&mut h), Vec::<String>::new());
}

#[test]
fn a_folder_that_is_not_empty_is_refused_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    h.get_by_label("Start a new game…").click();
    h.run();
    h.state_mut().new_game.folder = tmp.path().display().to_string();
    h.state_mut().new_game.id = "x".into();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().session.is_none());
    let e = h.state().new_game.error.clone().unwrap();
    assert!(e.contains("is not empty"), "{e}");
    assert!(h.query_by_label_contains("is not empty").is_some());
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("notes.txt")).unwrap(),
        "mine"
    );
}
