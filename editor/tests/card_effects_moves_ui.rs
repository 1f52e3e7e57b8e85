//! Issue 59 §4, the Event section's gestures beyond editing a field: a step moved into another
//! list (out of an `If`'s `then`, into another choice), a `OneOf`'s choices reordered, a
//! step's kind changed in place keeping what carries over, and a `SetAttr` of a list attribute
//! edited item by item. Each is one undo step through the card editor's edit path: saving
//! rewrites only that card's text, undo gives back the bytes.

mod common;

use common::effects::{cards_ron, cards_view, effects, open_card, pick, save, session, undo};
use common::{click, game_copy, widget};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use orbat_validator::model::{AttrValue, Id, Step};

/// The lines of `after` that differ from `before` (the same number of lines in both).
fn changed_lines(before: &str, after: &str) -> Vec<String> {
    assert_eq!(before.lines().count(), after.lines().count());
    before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .map(|(_, b)| b.to_owned())
        .collect()
}

fn kinds(steps: &[Step]) -> Vec<&'static str> {
    steps.iter().map(orbat_editor::steps::kind).collect()
}

#[test]
fn a_step_moves_out_of_a_then_and_into_an_otherwise_one_undo_step_each() {
    let (tmp, dir) = game_copy("river-war");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    let card = "fall-of-fort-hollis";
    open_card(&mut h, card);
    let original = effects(&h, card);

    // out of the If's then: it lands right after the If
    click(&mut h, "Step 1 then step 2 menu");
    click(&mut h, "Move to");
    click(&mut h, "The event's own steps");
    let now = effects(&h, card);
    assert_eq!(kinds(&now), ["If", "Control"]);
    let Step::If {
        then, otherwise, ..
    } = &now[0]
    else {
        panic!("{now:?}")
    };
    assert_eq!(kinds(then), ["Remove", "ShiftTrack"]);
    assert_eq!(kinds(otherwise), ["PlaceMarker"]);

    // into the If's otherwise, at its end
    click(&mut h, "Step 2 menu");
    click(&mut h, "Move to");
    // the menu offers neither the list it is in nor any list inside it
    assert!(h.query_by_label("The event's own steps").is_none());
    click(&mut h, "Step 1 otherwise");
    let now = effects(&h, card);
    assert_eq!(kinds(&now), ["If"]);
    let Step::If { otherwise, .. } = &now[0] else {
        panic!("{now:?}")
    };
    assert_eq!(kinds(otherwise), ["PlaceMarker", "Control"]);

    save(&mut h);
    let after = cards_ron(&dir);
    let changed = changed_lines(&before, &after);
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].contains(&format!(r#"(id: "{card}""#)));
    assert!(
        changed[0].contains(r#"otherwise: [PlaceMarker(kind: "siege", at: "fort-hollis"), Control(space: "fort-hollis", faction: Some("fed"))]"#),
        "{}",
        changed[0]
    );

    undo(&mut h);
    let now = effects(&h, card);
    assert_eq!(kinds(&now), ["If", "Control"], "one undo step per move");
    undo(&mut h);
    assert_eq!(effects(&h, card), original);
    save(&mut h);
    assert_eq!(cards_ron(&dir), before, "undone: the same bytes");
}

#[test]
fn a_step_moves_into_another_choice_and_choices_are_reordered() {
    let (tmp, dir) = game_copy("river-war");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    let card = "gunboats-up-the-tessel";
    open_card(&mut h, card);
    let original = effects(&h, card);
    let choices = |h: &_| match effects(h, card).as_slice() {
        [Step::OneOf(c)] => c.iter().map(|c| kinds(c)).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };

    click(&mut h, "Step 1 choice 2 menu");
    click(&mut h, "Move choice up");
    assert_eq!(choices(&h), [vec!["PlaceMarker"], vec!["Move"]]);
    save(&mut h);
    let old = r#"effects: [OneOf([[Move(units: ["flo-sentinel"], to: "hallam")], [PlaceMarker(kind: "siege", at: "fort-donal")]])]"#;
    let new = r#"effects: [OneOf([[PlaceMarker(kind: "siege", at: "fort-donal")], [Move(units: ["flo-sentinel"], to: "hallam")]])]"#;
    assert_eq!(before.matches(old).count(), 1, "the premise");
    assert_eq!(cards_ron(&dir), before.replace(old, new));

    // the first choice's step into the second: the first is left empty ("nothing happens")
    click(&mut h, "Step 1 choice 1 step 1 menu");
    click(&mut h, "Move to");
    click(&mut h, "Step 1 choice 2");
    assert_eq!(choices(&h), [vec![], vec!["Move", "PlaceMarker"]]);
    click(&mut h, "Step 1 choice 1 menu");
    click(&mut h, "Move choice down");
    assert_eq!(choices(&h), [vec!["Move", "PlaceMarker"], vec![]]);

    for _ in 0..3 {
        undo(&mut h);
    }
    assert_eq!(
        effects(&h, card),
        original,
        "three gestures, three undo steps"
    );
    save(&mut h);
    assert_eq!(cards_ron(&dir), before);
}

#[test]
fn a_step_changes_kind_keeping_what_carries_over() {
    let (tmp, dir) = game_copy("river-war");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    let card = "ironclads-come-down";
    open_card(&mut h, card);

    click(&mut h, "Step 1 menu");
    click(&mut h, "Change kind to");
    // its own kind is not offered (the row's kind is a plain label)
    let offered = |h: &egui_kittest::Harness<'static, orbat_editor::EditorApp>, k: &str| {
        h.query_by(|n| n.role() != Role::Label && n.label().as_deref() == Some(k))
            .is_some()
    };
    assert!(!offered(&h, "Place"));
    assert!(offered(&h, "Remove"));
    click(&mut h, "Move");
    assert_eq!(
        effects(&h, card),
        [Step::Move {
            units: vec!["flo-thunder".into()],
            to: "hallam".into()
        }]
    );
    click(&mut h, "Step 1 menu");
    click(&mut h, "Change kind to");
    click(&mut h, "Remove");
    assert_eq!(
        effects(&h, card),
        [Step::Remove {
            units: vec!["flo-thunder".into()]
        }]
    );
    save(&mut h);
    let old = r#"effects: [Place(units: ["flo-thunder"], at: "hallam")]"#;
    let new = r#"effects: [Remove(units: ["flo-thunder"])]"#;
    assert_eq!(cards_ron(&dir), before.replace(old, new));

    // an If as a OneOf: its then and otherwise are the two choices, every step kept
    let card = "fall-of-fort-hollis";
    open_card(&mut h, card);
    let Step::If {
        then, otherwise, ..
    } = effects(&h, card).remove(0)
    else {
        panic!("an If")
    };
    click(&mut h, "Step 1 menu");
    click(&mut h, "Change kind to");
    click(&mut h, "OneOf");
    assert_eq!(effects(&h, card), [Step::OneOf(vec![then, otherwise])]);

    for _ in 0..3 {
        undo(&mut h);
    }
    save(&mut h);
    assert_eq!(cards_ron(&dir), before, "three changes, three undo steps");
}

#[test]
fn a_list_attribute_is_set_item_by_item() {
    let (tmp, dir) = game_copy("fitna");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    let card = "counter_insurgency";
    open_card(&mut h, card);
    assert!(effects(&h, card).is_empty(), "the premise");
    let value = |h: &_| match effects(h, card).as_slice() {
        [Step::SetAttr { value, .. }] => value.clone(),
        other => panic!("{other:?}"),
    };
    let ids = |items: &[&str]| {
        AttrValue::List(
            items
                .iter()
                .map(|s| AttrValue::Text(Id::from(*s)))
                .collect(),
        )
    };

    pick(&mut h, "Add step", "", "SetAttr");
    pick(&mut h, "Step 1 of", "war_in_lebanon", "card:war_in_lebanon");
    pick(&mut h, "Step 1 attr", "", "acts_on");
    assert_eq!(value(&h), ids(&[]), "a list starts empty");
    // a list of factions: each item picked from the game's factions
    click(&mut h, "Add to step 1 value");
    let factions = session(&h).doc.game().unwrap().factions.clone();
    let (first, other) = (factions[0].id.as_str(), factions[2].id.as_str());
    assert_eq!(value(&h), ids(&[first]));
    pick(&mut h, "Step 1 value 1", other, other);
    click(&mut h, "Add to step 1 value");
    assert_eq!(value(&h), ids(&[other, first]));
    click(&mut h, "Remove step 1 value 1");
    assert_eq!(value(&h), ids(&[first]));
    widget(&h, "Step 1 value 1");

    // a list of texts: each item a line of text
    pick(&mut h, "Step 1 attr", "", "valid_in");
    assert_eq!(value(&h), ids(&[]));
    click(&mut h, "Add to step 1 value");
    widget(&h, "Step 1 value 1").click();
    h.run();
    widget(&h, "Step 1 value 1").type_text("s01-syrian-civil-war");
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(value(&h), ids(&["s01-syrian-civil-war"]));
    save(&mut h);
    let changed = changed_lines(&before, &cards_ron(&dir));
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(
        changed[0].contains(r#"effects: [SetAttr(of: "card:war_in_lebanon", attr: "valid_in", value: ["s01-syrian-civil-war"])]"#),
        "{}",
        changed[0]
    );

    // ten gestures (the typing one), ten undo steps
    for _ in 0..10 {
        undo(&mut h);
    }
    assert!(effects(&h, card).is_empty());
    save(&mut h);
    assert_eq!(cards_ron(&dir), before);
}
