//! Shared test helpers: a fresh copy of the fixture game in a temporary folder.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::document::Document;

pub mod effects;

pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/alpine")
}

/// Copies the fixture into a new temporary folder (kept alive by the returned guard).
pub fn fixture_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("alpine");
    std::fs::create_dir(&dir).expect("create dir");
    for entry in std::fs::read_dir(fixture_dir()).expect("fixture exists") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    (tmp, dir)
}

pub fn open_copy() -> (tempfile::TempDir, Document) {
    let (tmp, dir) = fixture_copy();
    let doc = Document::open(&dir).expect("fixture opens");
    (tmp, doc)
}

/// Every file's bytes in a folder, by name.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| {
            let e = e.expect("entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect();
    files.sort();
    files
}

/// A fresh copy of the Italian Front sample game (richer than the fixture: two languages,
/// 30 cards, two scenarios with piles and hands), in a temporary folder.
pub fn sample_copy() -> (tempfile::TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/italian-front");
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("italian-front");
    std::fs::create_dir(&dir).expect("create dir");
    for entry in std::fs::read_dir(src).expect("sample game exists") {
        let entry = entry.expect("entry");
        if entry.path().is_file() {
            std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
        }
    }
    (tmp, dir)
}

/// The app with no native dialogs (they would block a test), its state in `state`.
pub fn new_app(state: &Path) -> EditorApp {
    let mut app = EditorApp::new(None, state.to_owned());
    app.native_dialogs = false;
    app
}

/// The real UI in a 1280×800 window, driven by kittest.
pub fn harness(app: EditorApp) -> Harness<'static, EditorApp> {
    harness_sized(app, egui::vec2(1280.0, 800.0))
}

pub fn harness_sized(app: EditorApp, size: egui::Vec2) -> Harness<'static, EditorApp> {
    Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app)
}

/// Where a space is drawn on screen right now.
pub fn screen_pos(h: &Harness<'_, EditorApp>, id: &str) -> Pos2 {
    let s = h.state().session.as_ref().expect("a folder is open");
    let i = s
        .doc
        .space_index(id)
        .unwrap_or_else(|| panic!("no space {id}"));
    let sp = &s.doc.map().expect("map").spaces[i];
    s.camera.to_screen(s.canvas.view, pos2(sp.x, sp.y))
}

/// Presses at `from`, moves in steps to `to`, releases there: a drag as a hand does it.
/// (Not `drop_at`: it also takes the pointer away in the same frame, and a drop zone only
/// takes what is released while the pointer is over it.)
pub fn drag(h: &mut Harness<'_, EditorApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for t in 1..=5 {
        h.hover_at(from + (to - from) * (t as f32 / 5.0));
        h.run();
    }
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    h.run();
}

/// A press and release at one point.
pub fn click_at(h: &mut Harness<'_, EditorApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

/// The fixture copied and opened through the start screen, as a user does.
pub fn opened() -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    opened_with(|_| {})
}

/// [`opened`], the copy first changed on disk by `change`.
pub fn opened_with(change: impl FnOnce(&Path)) -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, dir) = fixture_copy();
    change(&dir);
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().session.is_some());
    (tmp, h)
}

/// The diagnostics of the open document as it is now, `code message` each.
pub fn findings(h: &mut Harness<'static, EditorApp>) -> Vec<String> {
    let s = h.state_mut().session.as_mut().expect("open");
    s.validate_if_stale();
    s.doc
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

/// The id of the one space selected (the test's premise: exactly one is).
pub fn selected_space_id(h: &Harness<'_, EditorApp>) -> String {
    let s = h.state().session.as_ref().unwrap();
    let i = s
        .selection
        .single_space()
        .expect("the new space is selected");
    s.doc.map().unwrap().spaces[i].id.to_string()
}

/// The open document's map (the test's premise: it loaded).
pub fn map<'h>(h: &'h Harness<'_, EditorApp>) -> &'h orbat_validator::model::MapFile {
    h.state().session.as_ref().unwrap().doc.map().unwrap()
}

/// How many spaces and links the open document's map has.
pub fn counts(h: &Harness<'_, EditorApp>) -> (usize, usize) {
    let m = map(h);
    (m.spaces.len(), m.links.len())
}

/// The one widget named `label` that is not the text naming another (a field's label names
/// its widget too).
pub fn widget<'a>(h: &'a Harness<'static, EditorApp>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() != Role::Label && n.label().as_deref() == Some(label))
}

/// Clicks the widget named `label`, scrolled into view first.
pub fn click(h: &mut Harness<'static, EditorApp>, label: &str) {
    widget(h, label).scroll_to_me();
    h.run();
    widget(h, label).click();
    h.run();
}

/// Replaces what the text field named `label` holds by `text`.
pub fn type_into(h: &mut Harness<'static, EditorApp>, label: &str, text: &str) {
    let field = |h: &Harness<'static, EditorApp>| {
        h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some(label))
            .click();
    };
    field(h);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some(label))
        .type_text(text);
    h.run();
}

/// Picks `option` in the drop-down named `label`.
pub fn pick(h: &mut Harness<'static, EditorApp>, label: &str, option: &str) {
    fn combo<'a>(h: &'a Harness<'static, EditorApp>, label: &'a str) -> egui_kittest::Node<'a> {
        h.get_by(move |n| n.role() == Role::ComboBox && n.label().as_deref() == Some(label))
    }
    combo(h, label).scroll_to_me();
    h.run();
    combo(h, label).click();
    h.run();
    h.get_by(|n| {
        !matches!(n.role(), Role::ComboBox | Role::CheckBox) && n.label().as_deref() == Some(option)
    })
    .click();
    h.run();
}

/// A fresh copy of the shipped game `scenarios/<name>`, in a temporary folder.
pub fn game_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios")
        .join(name);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(name);
    std::fs::create_dir(&dir).expect("create dir");
    for entry in std::fs::read_dir(src).expect("the shipped game exists") {
        let entry = entry.expect("entry");
        if entry.path().is_file() {
            std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
        }
    }
    (tmp, dir)
}

/// `dir` opened through the start screen, as a user does.
pub fn open_dir(tmp: &Path, dir: &Path) -> Harness<'static, EditorApp> {
    let mut h = harness(new_app(&tmp.join("state")));
    h.run();
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().session.is_some(), "{} opens", dir.display());
    h
}
