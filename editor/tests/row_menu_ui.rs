//! Right-click menus on table rows (kittest): a unit row says where the unit is used, and
//! duplicates or deletes it.

mod common;

use common::{fixture_copy, harness, new_app};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::views::View;

fn units_view() -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    app.session.as_mut().expect("the fixture opens").view = View::Units;
    let mut h = harness(app);
    h.run();
    (tmp, h)
}

fn unit_ids(h: &Harness<'_, EditorApp>) -> Vec<String> {
    let s = h.state().session.as_ref().unwrap();
    s.doc
        .units()
        .unwrap()
        .units
        .iter()
        .map(|u| u.id.to_string())
        .collect()
}

#[test]
fn a_unit_rows_menu_lists_its_uses_and_duplicates_it() {
    let (_tmp, mut h) = units_view();
    h.get_by_label_contains("it-1  ×").click_secondary();
    h.run();
    // the opening scenario places it-1
    h.get_by_label_contains("opening.scenario.ron: 1 counter(s) placed");
    h.get_by_label("Duplicate unit").click();
    h.run();
    let ids = unit_ids(&h);
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(
        h.query_by_label("Duplicate unit").is_none(),
        "the menu closed"
    );
}

#[test]
fn a_used_unit_deleted_from_its_menu_asks_first() {
    let (_tmp, mut h) = units_view();
    h.get_by_label_contains("it-1  ×").click_secondary();
    h.run();
    h.get_by_label("Delete this unit").click();
    h.run();
    // used by a scenario: the editor asks, as the unit editor's Delete does
    h.get_by_label("Delete unit and its placements").click();
    h.run();
    assert_eq!(unit_ids(&h), ["ah-1"]);
}

#[test]
fn a_card_rows_menu_lists_its_uses_and_duplicates_or_deletes_it() {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    app.session.as_mut().expect("the fixture opens").view = View::Cards;
    let mut h = harness(app);
    h.run();
    let cards = |h: &Harness<'_, EditorApp>| {
        let s = h.state().session.as_ref().unwrap();
        s.doc.cards().unwrap().cards.len()
    };
    let before = cards(&h);
    h.get_by_label("cadorna").click_secondary();
    h.run();
    // the menu says where the card is used, or that nothing names it
    assert!(
        h.query_by_label("Used by:").is_some()
            || h.query_by_label("not named by any card, scenario or text")
                .is_some()
    );
    h.get_by_label("Duplicate card").click();
    h.run();
    assert_eq!(cards(&h), before + 1);
    // the copy is named by nothing: deleted from its menu at once
    let copy = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .views
        .cards
        .selected
        .clone()
        .unwrap();
    assert_ne!(copy, "cadorna");
    // (closed in the card editor, so that its id is only in the table)
    h.state_mut().session.as_mut().unwrap().views.cards.selected = None;
    h.run();
    h.get_by_label(copy.as_str()).click_secondary();
    h.run();
    h.get_by_label("not named by any card, scenario or text");
    h.get_by_label("Delete this card").click();
    h.run();
    assert_eq!(cards(&h), before);
}
