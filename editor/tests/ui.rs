//! The real UI, driven by its accessible labels with egui_kittest (no display, no GPU):
//! open a folder, add a space, link it, undo, redo, save, reload, compare.

mod common;

use common::{
    click_at, counts, drag, fixture_copy, harness, map, new_app, screen_pos, selected_space_id,
};
use egui::pos2;
use egui_kittest::kittest::Queryable;
use orbat_editor::app::Dialog;
use orbat_editor::document::Document;

#[test]
fn open_add_link_undo_redo_save_reload() {
    let (tmp, dir) = fixture_copy();
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    // the start screen: type the path, press Open
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().session.is_some(), "{:?}", h.state().open_error);
    assert!(h.state().dialog.is_none());
    h.get_by_label("No problems found.");
    let (spaces, links) = counts(&h);

    // add a space with the Add space tool, between Verona and Venezia
    h.get_by_label("Add space").click();
    h.run();
    let target = screen_pos(&h, "verona")
        + (screen_pos(&h, "venezia") - screen_pos(&h, "verona")) * 0.5
        + egui::vec2(0.0, 60.0);
    click_at(&mut h, target);
    assert_eq!(counts(&h), (spaces + 1, links));
    let new_id = selected_space_id(&h);
    assert_eq!(new_id, "space-1");
    h.get_by_label("Space space-1");

    // link it to Verona by dragging with the Add link tool
    h.get_by_label("Add link").click();
    h.run();
    let (from, to) = (screen_pos(&h, "space-1"), screen_pos(&h, "verona"));
    drag(&mut h, from, to);
    assert_eq!(counts(&h), (spaces + 1, links + 1));
    let last = map(&h).links.last().cloned().unwrap();
    assert_eq!((last.a.as_str(), last.b.as_str()), ("space-1", "verona"));
    // the new space has no name in text.en.ron yet: the only finding, listed live
    let diags = &h.state().session.as_ref().unwrap().doc.diagnostics;
    assert!(
        !diags.is_empty() && diags.iter().all(|d| d.message.contains("space-1")),
        "{diags:?}"
    );

    // undo and redo with the toolbar buttons, then with the keyboard
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(counts(&h), (spaces + 1, links));
    h.get_by_label("Redo").click();
    h.run();
    assert_eq!(counts(&h), (spaces + 1, links + 1));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(counts(&h), (spaces + 1, links));
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(counts(&h), (spaces + 1, links + 1));
    assert!(h.state().session.as_ref().unwrap().title().starts_with('*'));

    // save, then load the folder afresh and compare
    h.get_by_label("Save").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(!s.doc.is_dirty(), "{:?}", s.message);
    let reloaded = Document::open(&dir).unwrap();
    assert_eq!(reloaded.values(), s.doc.values());
    let messages =
        |d: &[orbat_validator::Diagnostic]| d.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
    assert_eq!(
        messages(&reloaded.diagnostics),
        messages(&s.doc.diagnostics)
    );
}

#[test]
fn drag_moves_selected_space_in_one_undo_step() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    let from = screen_pos(&h, "milano");
    drag(&mut h, from, from + egui::vec2(40.0, 25.0));
    let s = h.state().session.as_ref().unwrap();
    let i = s.doc.space_index("milano").unwrap();
    let moved = &s.doc.map().unwrap().spaces[i];
    assert!(moved.x > 110.0 && moved.y > 380.0, "{moved:?}");
    assert_eq!(s.history.len(), 1, "the whole drag is one step");
    h.get_by_label("Undo").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    let back = &s.doc.map().unwrap().spaces[i];
    assert_eq!((back.x, back.y), (110.0, 380.0));
}

#[test]
fn rubber_band_selects_and_delete_key_deletes() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    // a band around Innsbruck and Bolzano only
    let (a, b) = (screen_pos(&h, "innsbruck"), screen_pos(&h, "bolzano"));
    let from = pos2(a.x.min(b.x) - 30.0, a.y.min(b.y) - 25.0);
    let to = pos2(a.x.max(b.x) + 30.0, a.y.max(b.y) + 15.0);
    drag(&mut h, from, to);
    let sel = h.state().session.as_ref().unwrap().selection.spaces.len();
    assert_eq!(sel, 2);
    h.get_by_label("2 spaces and 0 links selected");
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(counts(&h), (7, 6));
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(counts(&h), (9, 8));
}

#[test]
fn inspector_pick_list_and_rename() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    let udine = screen_pos(&h, "udine");
    click_at(&mut h, udine);
    h.get_by_label("Space Udine");
    // terrain: pick "mountain" from the list of the game's terrains
    h.get_by_label("Terrain").click();
    h.run();
    h.get_by_label("mountain").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    let i = s.doc.space_index("udine").unwrap();
    assert_eq!(
        s.doc.map().unwrap().spaces[i].terrain.as_deref(),
        Some("mountain")
    );
    // rename through the id field: every reference follows
    h.state_mut().inspector.new_id = "udine-2".into();
    h.run();
    h.get_by_label("Rename").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(s.doc.space_index("udine").is_none());
    assert!(
        s.doc
            .map()
            .unwrap()
            .links
            .iter()
            .any(|l| l.a == "udine-2" || l.b == "udine-2")
    );
    assert!(s.doc.diagnostics.is_empty(), "{:?}", s.doc.diagnostics);
    // a malformed id is refused with a message, nothing changes
    h.state_mut().inspector.new_id = "bad id".into();
    h.run();
    h.get_by_label("Rename").click();
    h.run();
    h.get_by_label_contains("cannot be part of an id");
}

#[test]
fn clicking_a_diagnostic_selects_and_centres_what_it_names() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    // make trieste's control an unknown faction by editing the file model directly
    {
        let s = h.state_mut().session.as_mut().unwrap();
        let i = s.doc.space_index("trieste").unwrap();
        let mut sp = s.doc.map().unwrap().spaces[i].clone();
        sp.control = Some("xx".into());
        assert!(s.apply(orbat_editor::edit::Edit::SetSpace {
            index: i,
            space: sp
        }));
        s.camera.center = pos2(-5000.0, -5000.0);
    }
    h.run();
    let row = h.get_by_label_contains("`xx`");
    row.click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    let i = s.doc.space_index("trieste").unwrap();
    assert_eq!(s.selection.single_space(), Some(i));
    assert!(
        s.camera.center.distance(pos2(600.0, 300.0)) < 0.01,
        "{:?}",
        s.camera.center
    );
    assert!(
        !h.get_all_by_label_contains("1 errors")
            .collect::<Vec<_>>()
            .is_empty()
    );
}

#[test]
fn quitting_with_unsaved_changes_asks_first() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    h.get_by_label("Add space").click();
    h.run();
    let above_milano = screen_pos(&h, "milano") + egui::vec2(0.0, -80.0);
    click_at(&mut h, above_milano);
    assert!(h.state().session.as_ref().unwrap().doc.is_dirty());
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Quit").click();
    h.run();
    assert!(matches!(h.state().dialog, Some(Dialog::UnsavedBeforeQuit)));
    assert!(!h.state().quitting);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().dialog.is_none());
}

#[test]
fn a_bad_path_says_why_and_opens_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    h.state_mut().path_input = tmp.path().join("nowhere").display().to_string();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().session.is_none());
    h.get_by_label_contains("is not a folder");
}

#[test]
fn unsaved_work_is_offered_back_after_a_crash() {
    let (tmp, dir) = fixture_copy();
    let state = tmp.path().join("state");
    {
        let mut app = new_app(&state);
        app.open(&dir);
        let s = app.session.as_mut().unwrap();
        assert!(s.apply(orbat_editor::edit::Edit::MoveSpaces {
            moves: vec![(0, [1.0, 2.0])]
        }));
        orbat_editor::recovery::autosave(&s.doc, &state).unwrap();
        // dropped without saving: a crash
    }
    let mut app = new_app(&state);
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    assert!(matches!(h.state().dialog, Some(Dialog::Recovery(_))));
    h.get_by_label("Recover").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(s.doc.is_dirty());
    assert_eq!(s.doc.map().unwrap().spaces[0].x, 1.0);
}

#[test]
fn zoomed_out_overview_still_selects_and_links() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    // far out: spaces are drawn as dots, names hidden
    h.state_mut().session.as_mut().unwrap().camera.zoom = 0.3;
    h.run();
    assert!(
        h.query_by_label("Verona").is_none(),
        "no names when zoomed out"
    );
    h.get_by_label("Add link").click();
    h.run();
    let (from, to) = (screen_pos(&h, "milano"), screen_pos(&h, "it-reserve"));
    drag(&mut h, from, to);
    let last = map(&h).links.last().cloned().unwrap();
    assert_eq!((last.a.as_str(), last.b.as_str()), ("milano", "it-reserve"));
}
