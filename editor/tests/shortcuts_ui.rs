//! Tool hotkeys and the Help > Keyboard shortcuts sheet, in the real UI (kittest).

mod common;

use common::{click_at, map, opened, screen_pos};
use egui::Key;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::canvas::state::Tool;

fn tool(h: &egui_kittest::Harness<'_, EditorApp>) -> Tool {
    h.state().session.as_ref().unwrap().canvas.tool
}

#[test]
fn letters_pick_the_map_tools_and_a_new_space_can_be_placed_with_them() {
    let (_tmp, mut h) = opened();
    assert_eq!(tool(&h), Tool::Select);
    h.key_press(Key::P);
    h.run();
    assert_eq!(tool(&h), Tool::AddSpace);
    let spaces = map(&h).spaces.len();
    let target = screen_pos(&h, "verona") + egui::vec2(0.0, 80.0);
    click_at(&mut h, target);
    let now = map(&h).spaces.len();
    assert_eq!(now, spaces + 1, "P then a click adds a space");
    h.key_press(Key::L);
    h.run();
    assert_eq!(tool(&h), Tool::AddLink);
    h.key_press(Key::V);
    h.run();
    assert_eq!(tool(&h), Tool::Select);
    // with Ctrl the letter is not the tool's
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::P);
    h.run();
    assert_eq!(tool(&h), Tool::Select);
}

#[test]
fn the_help_sheet_lists_every_shortcut_and_f1_opens_it() {
    let (_tmp, mut h) = opened();
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label_contains("Keyboard shortcuts").click();
    h.run();
    assert!(h.state().shortcuts_open);
    h.get_by_label("Ctrl+S");
    h.get_by_label("save the game");
    for tool in Tool::ALL {
        h.get_by_label(tool.key_name());
    }
    h.state_mut().shortcuts_open = false;
    h.run();
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().shortcuts_open, "F1 opens it");
}
