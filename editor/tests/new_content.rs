//! Issue 19, defect 1: new content can be finished inside the editor. A space added on the map
//! and a unit added to the counter mix are named in the source language where they are edited,
//! linked and placed; saved, the folder passes `orbat-validate` with no finding.

mod common;

use common::{click_at, drag, findings, fixture_copy, harness, new_app, screen_pos, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::session::Session;

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

#[test]
fn a_new_space_and_unit_named_linked_placed_and_saved_pass_the_validator() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    assert!(findings(&mut h).is_empty(), "the fixture starts clean");

    // a space, named in the inspector, linked to Verona
    h.get_by_label("Add space").click();
    h.run();
    let target = screen_pos(&h, "verona") + egui::vec2(0.0, 80.0);
    click_at(&mut h, target);
    h.get_by_label("Space space-1");
    assert!(findings(&mut h).iter().any(|f| f.starts_with("T001")));
    type_into(&mut h, "Name (en)", "Mantova");
    assert_eq!(session(&h).doc.space_name("space-1"), Some("Mantova"));
    h.get_by_label("Add link").click();
    h.run();
    let (from, to) = (screen_pos(&h, "space-1"), screen_pos(&h, "verona"));
    drag(&mut h, from, to);
    h.get_by_label("Select").click();
    h.run();

    // a unit, named in the counter mix
    h.get_by_label("Counter mix").click();
    h.run();
    type_into(&mut h, "New unit id", "it-9");
    h.get_by_label("Add unit").click();
    h.run();
    h.get_by_label("Unit it-9");
    type_into(&mut h, "Name (en)", "9th Army");
    let text = session(&h).doc.text("en").unwrap();
    assert_eq!(text.entries["unit:it-9"].name, "9th Army");

    // placed on the new space in the set-up
    h.get_by_label("Set-up").click();
    h.run();
    let item = h.get_by_label_contains("it-9 (").rect().center();
    let space = screen_pos(&h, "space-1");
    drag(&mut h, item, space);
    let placed = session(&h)
        .current_scenario()
        .unwrap()
        .placements
        .iter()
        .any(|p| p.unit == "it-9" && p.at == "space-1");
    assert!(placed, "the new unit stands on the new space");
    assert_eq!(findings(&mut h), Vec::<String>::new());

    // saved with the keyboard, then checked by the validator itself
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!session(&h).doc.is_dirty(), "{:?}", session(&h).message);
    let report = orbat_validator::check(&[dir]).expect("the folder is checked");
    let all: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(all.is_empty(), "{all:#?}");
}
