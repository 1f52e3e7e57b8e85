//! The set-up view, driven like a hand would: drag units from the "to place" list onto a
//! space, see the stacking finding appear with the fourth unit, undo it; flip and move
//! counters; paint control; the counter mix's delete asks when scenarios place the unit.

mod common;

use common::{click_at, drag, fixture_copy, harness, screen_pos};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Action;
use orbat_editor::views::View;

/// The fixture game open in the set-up view, with five counters of `it-1` to place.
fn setup_harness() -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, dir) = fixture_copy();
    let mut app = EditorApp::new(None, tmp.path().join("state"));
    app.native_dialogs = false;
    app.open(&dir);
    let s = app.session.as_mut().expect("the fixture opens");
    assert!(s.change_units("more counters", None, |u| {
        u.units.iter_mut().for_each(|u| u.count = 5);
    }));
    s.view = View::Setup;
    assert_eq!(s.scenario.as_deref(), Some("opening.scenario.ron"));
    let mut h = harness(app);
    h.run();
    (tmp, h)
}

/// Counters of `unit` placed at `space` in the open scenario.
fn placed(h: &Harness<'_, EditorApp>, unit: &str, space: &str) -> u32 {
    let s = h.state().session.as_ref().expect("open");
    s.current_scenario()
        .expect("scenario")
        .placements
        .iter()
        .filter(|p| p.unit == unit && p.at == space)
        .map(|p| p.count)
        .sum()
}

fn codes(h: &mut Harness<'_, EditorApp>) -> Vec<String> {
    let s = h.state_mut().session.as_mut().expect("open");
    s.validate_if_stale();
    s.doc
        .diagnostics
        .iter()
        .map(|d| d.code.to_owned())
        .collect()
}

#[test]
fn dragging_a_fourth_unit_onto_a_space_raises_the_stacking_finding_and_undo_clears_it() {
    let (_tmp, mut h) = setup_harness();
    let milano = screen_pos(&h, "milano");
    for n in 1..=4 {
        // the list item moves as counts change: find it again each time
        let item = h.get_by_label_contains("it-1 (army)").rect().center();
        drag(&mut h, item, milano);
        assert_eq!(placed(&h, "it-1", "milano"), n, "drag {n} placed a counter");
        let k001 = codes(&mut h).iter().filter(|c| *c == "K001").count();
        if n < 4 {
            assert_eq!(k001, 0, "{n} units are within the limit of 3");
        } else {
            assert_eq!(k001, 1, "the fourth unit breaks the limit of 3");
        }
    }
    h.run();
    // the space is marked and the message is there for the hover
    let s = h.state().session.as_ref().expect("open");
    let file = s
        .doc
        .file(&orbat_editor::document::FileId::Scenario(
            "opening.scenario.ron".into(),
        ))
        .expect("scenario file");
    let milano_ix = s.doc.space_index("milano").expect("milano");
    let marks = orbat_editor::setup::marks(
        &s.doc.diagnostics,
        &file.path,
        s.doc.map().expect("map"),
        s.current_scenario().expect("scenario"),
    );
    assert!(
        marks
            .get(&milano_ix)
            .is_some_and(|m| m.iter().any(|d| d.code == "K001")),
        "{marks:?}"
    );
    h.hover_at(milano);
    h.run();
    h.run();
    h.get_by_label_contains("error K001:");
    // undo the fourth placement: the finding goes
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
    assert_eq!(placed(&h, "it-1", "milano"), 3);
    assert!(!codes(&mut h).contains(&"K001".to_owned()));
}

#[test]
fn selecting_a_stack_then_flip_remove_and_move_it() {
    let (_tmp, mut h) = setup_harness();
    let verona = screen_pos(&h, "verona");
    click_at(&mut h, verona);
    h.get_by_label_contains("verona — controlled by it");
    h.get_by_label("Flip").click();
    h.run();
    {
        let s = h.state().session.as_ref().expect("open");
        let sc = s.current_scenario().expect("scenario");
        assert!(sc.placements.iter().any(|p| p.unit == "it-1" && p.reduced));
    }
    // drag the whole stack from verona to venezia
    let venezia = screen_pos(&h, "venezia");
    drag(&mut h, verona, venezia);
    assert_eq!(placed(&h, "it-1", "verona"), 0);
    assert_eq!(placed(&h, "it-1", "venezia"), 1);
    click_at(&mut h, venezia);
    h.get_by_label("Remove").click();
    h.run();
    assert_eq!(placed(&h, "it-1", "venezia"), 0);
    // three undo steps bring the counter back to verona, full side up
    let ctx = h.ctx.clone();
    for _ in 0..3 {
        h.state_mut().run(&ctx, Action::Undo);
    }
    h.run();
    let s = h.state().session.as_ref().expect("open");
    let sc = s.current_scenario().expect("scenario");
    assert!(
        sc.placements
            .iter()
            .any(|p| p.unit == "it-1" && p.at == "verona" && !p.reduced)
    );
}

#[test]
fn painting_control_writes_only_overrides() {
    let (_tmp, mut h) = setup_harness();
    h.state_mut()
        .session
        .as_mut()
        .expect("open")
        .views
        .setup
        .paint = Some(orbat_editor::setup::Paint::Faction("ah".into()));
    h.run();
    let udine = screen_pos(&h, "udine");
    click_at(&mut h, udine);
    let s = h.state().session.as_ref().expect("open");
    let sc = s.current_scenario().expect("scenario");
    assert_eq!(sc.control.len(), 1);
    assert_eq!(sc.control[0].space, "udine");
    assert_eq!(sc.control[0].faction.as_deref(), Some("ah"));
}

#[test]
fn deleting_a_placed_unit_asks_and_lists_where_it_is_used() {
    let (_tmp, mut h) = setup_harness();
    {
        let s = h.state_mut().session.as_mut().expect("open");
        s.view = View::Units;
        s.views.units.selected = Some("it-1".into());
    }
    h.run();
    h.get_by_label("Delete unit").click();
    h.run();
    h.get_by_label_contains("opening.scenario.ron: 1 counter(s) placed");
    h.get_by_label("Keep it").click();
    h.run();
    assert!(
        h.state()
            .session
            .as_ref()
            .expect("open")
            .doc
            .units()
            .expect("units")
            .units
            .iter()
            .any(|u| u.id == "it-1")
    );
    h.get_by_label("Delete unit").click();
    h.run();
    h.get_by_label("Delete unit and its placements").click();
    h.run();
    let s = h.state().session.as_ref().expect("open");
    assert!(
        !s.doc
            .units()
            .expect("units")
            .units
            .iter()
            .any(|u| u.id == "it-1")
    );
    assert_eq!(placed(&h, "it-1", "verona"), 0);
    // one undo brings back both the unit and its placement
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
    assert_eq!(placed(&h, "it-1", "verona"), 1);
}

#[test]
fn map_shortcuts_do_not_act_on_the_hidden_map_in_other_views() {
    let (_tmp, mut h) = setup_harness();
    {
        let s = h.state_mut().session.as_mut().expect("open");
        s.selection = orbat_editor::selection::Selection::only_space(0);
        s.view = View::Cards;
    }
    h.run();
    let spaces = |h: &Harness<'_, EditorApp>| {
        h.state()
            .session
            .as_ref()
            .expect("open")
            .doc
            .map()
            .expect("map")
            .spaces
            .len()
    };
    let before = spaces(&h);
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(
        spaces(&h),
        before,
        "Delete in the card table deletes no space"
    );
    h.state_mut().session.as_mut().expect("open").view = View::Map;
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(
        spaces(&h),
        before - 1,
        "on the map, Delete deletes the selection"
    );
}

#[test]
fn hovering_a_space_lists_its_stack_by_name() {
    let (_tmp, mut h) = setup_harness();
    let verona = screen_pos(&h, "verona");
    h.hover_at(verona);
    h.run();
    h.run();
    h.get_by_label("Stack in Verona");
    h.get_by_label("Italian 1st Army");
    // a space with no stack and no finding has no tooltip
    let milano = screen_pos(&h, "milano");
    h.hover_at(milano);
    h.run();
    h.run();
    assert!(h.query_by_label_contains("Stack in").is_none());
}

#[test]
fn a_stack_is_removed_from_its_right_click_menu() {
    let (_tmp, mut h) = setup_harness();
    assert_eq!(placed(&h, "it-1", "verona"), 1);
    let verona = screen_pos(&h, "verona");
    h.hover_at(verona);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: verona,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    h.run();
    h.get_by_label("it-1 ×1");
    h.get_by_label("Remove this stack").click();
    h.run();
    assert_eq!(placed(&h, "it-1", "verona"), 0);
}
