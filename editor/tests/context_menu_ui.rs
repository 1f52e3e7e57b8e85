//! Right-click menus on the map and panning with the middle button or Space+drag, in the real
//! UI (kittest).

mod common;

use common::{click_at, counts, drag, map, opened, screen_pos, selected_space_id};
use egui::{Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::canvas::state::Tool;

fn right_click(h: &mut Harness<'_, EditorApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    h.run();
}

#[test]
fn a_space_added_deleted_and_linked_from_its_menu() {
    let (_tmp, mut h) = opened();
    let (spaces, links) = counts(&h);
    // empty map: add a space there
    let empty = screen_pos(&h, "verona") + egui::vec2(0.0, 90.0);
    right_click(&mut h, empty);
    h.get_by_label("Add a space here").click();
    h.run();
    assert_eq!(counts(&h), (spaces + 1, links));
    let new_id = selected_space_id(&h);
    // its menu: a link from it, finished by a click on Verona
    let at = screen_pos(&h, &new_id);
    right_click(&mut h, at);
    h.get_by_label("Start a link here").click();
    h.run();
    assert_eq!(
        h.state().session.as_ref().unwrap().canvas.tool,
        Tool::AddLink
    );
    let verona = screen_pos(&h, "verona");
    click_at(&mut h, verona);
    assert_eq!(counts(&h), (spaces + 1, links + 1));
    // and delete it (nothing else names it: at once, with its link)
    h.key_press(Key::V);
    h.run();
    let at = screen_pos(&h, &new_id);
    right_click(&mut h, at);
    h.get_by_label("Delete this space").click();
    h.run();
    assert_eq!(counts(&h), (spaces, links));
}

#[test]
fn a_link_is_deleted_from_its_menu() {
    let (_tmp, mut h) = opened();
    let (spaces, links) = counts(&h);
    let (a, b) = (screen_pos(&h, "verona"), screen_pos(&h, "milano"));
    right_click(&mut h, a + (b - a) * 0.5);
    h.get_by_label("Delete this link").click();
    h.run();
    assert_eq!(counts(&h), (spaces, links - 1));
}

#[test]
fn space_and_drag_pans_and_moves_nothing() {
    let (_tmp, mut h) = opened();
    let before = h.state().session.as_ref().unwrap().camera.center;
    let map_before = map(&h).clone();
    let from = screen_pos(&h, "verona");
    h.event(egui::Event::Key {
        key: Key::Space,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    drag(&mut h, from, from + egui::vec2(120.0, 40.0));
    h.event(egui::Event::Key {
        key: Key::Space,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!((s.camera.center - before).length() > 10.0, "the map moved");
    assert_eq!(s.doc.map().unwrap(), &map_before, "no space moved");
}

#[test]
fn rename_from_the_menu_puts_the_keyboard_in_the_id_field() {
    let (_tmp, mut h) = opened();
    let verona = screen_pos(&h, "verona");
    right_click(&mut h, verona);
    // verona is named elsewhere (a card's text): the menu says how often
    h.get_by_label_contains("Used in");
    h.get_by_label("Rename…").click();
    h.run();
    h.run();
    assert!(h.get_by_label("Id").is_focused());
    h.get_by_label("Id").type_text("verona-town");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(s.doc.space_index("verona-town").is_some());
    assert!(s.doc.space_index("verona").is_none());
}
