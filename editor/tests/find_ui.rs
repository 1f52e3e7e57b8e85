//! Find (Ctrl+F) in the real UI (kittest): a space by its name is selected and centred on the
//! map, a unit and a card are shown in their views.

mod common;

use common::opened;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::views::View;

fn find(h: &mut Harness<'_, EditorApp>, query: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.run();
    assert!(h.state().find.open, "Ctrl+F opens Find");
    h.run();
    h.get_by_label("Name or id").type_text(query);
    h.run();
}

#[test]
fn a_space_found_by_its_name_is_selected_and_centred() {
    let (_tmp, mut h) = opened();
    // from another view: Find goes back to the map
    h.state_mut().session.as_mut().unwrap().view = View::Cards;
    h.run();
    find(&mut h, "vero");
    h.get_by_label("Verona — space verona");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.view, View::Map);
    let i = s.doc.space_index("verona").unwrap();
    assert_eq!(s.selection.single_space(), Some(i));
    let space = &s.doc.map().unwrap().spaces[i];
    assert!((s.camera.center - egui::pos2(space.x, space.y)).length() < 1.0);
    assert!(!h.state().find.open, "the window closes on a choice");
}

#[test]
fn a_unit_and_a_card_are_shown_in_their_views() {
    let (_tmp, mut h) = opened();
    find(&mut h, "italian 1st");
    h.get_by_label("Italian 1st Army — unit it-1").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.view, View::Units);
    assert_eq!(s.views.units.selected.as_deref(), Some("it-1"));

    find(&mut h, "cadorna");
    h.get_by_label("Cadorna — card cadorna").click();
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.view, View::Cards);
    assert_eq!(s.views.cards.selected.as_deref(), Some("cadorna"));

    // nothing found says so
    find(&mut h, "zzz");
    h.get_by_label("nothing has this name or id");
}
