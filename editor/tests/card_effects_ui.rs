//! Issue 59 §4: the card editor's Event section edits a card's `effects` with pick lists of
//! the game's ids, through the document's edits (undoable) and its in-place writer (cards.ron
//! keeps its comments and layout; a card not touched is not rewritten). Driven with
//! egui_kittest by accessible labels, on copies of the shipped games.

mod common;

use std::path::Path;

use common::effects::{cards_ron, cards_view, effects, open_card, pick, save, session, undo};
use common::{click, game_copy, widget};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_validator::model::{AttrValue, Stance, Step};

/// The validator's findings on a folder, as `code file message` (the line left out: a line
/// added to cards.ron moves none, but a finding's line is not what is compared).
fn findings(dir: &Path) -> Vec<String> {
    let report = orbat_validator::check(&[dir.to_owned()]).expect("the folder checks");
    let mut out: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {} {}", d.code, d.location.file.display(), d.message))
        .collect();
    out.sort();
    out
}

#[test]
fn picking_a_space_for_a_place_step_changes_that_value_only_and_undo_restores_the_bytes() {
    let (tmp, dir) = game_copy("river-war");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    open_card(&mut h, "ironclads-come-down");
    h.get_by_label("Event");

    pick(&mut h, "Step 1 at", "vessburg", "vessburg");
    assert_eq!(
        effects(&h, "ironclads-come-down"),
        [Step::Place {
            units: vec!["flo-thunder".into()],
            at: "vessburg".into(),
            reduced: false
        }]
    );
    save(&mut h);
    let old = r#"effects: [Place(units: ["flo-thunder"], at: "hallam")]"#;
    let new = r#"effects: [Place(units: ["flo-thunder"], at: "vessburg")]"#;
    assert_eq!(before.matches(old).count(), 1, "the premise: one such step");
    assert_eq!(
        cards_ron(&dir),
        before.replace(old, new),
        "that value changed and nothing else (comments and layout kept)"
    );

    undo(&mut h);
    assert_eq!(
        effects(&h, "ironclads-come-down"),
        [Step::Place {
            units: vec!["flo-thunder".into()],
            at: "hallam".into(),
            reduced: false
        }]
    );
    save(&mut h);
    assert_eq!(cards_ron(&dir), before, "undone and saved: the same bytes");
}

#[test]
fn every_card_with_effects_opened_and_saved_untouched_leaves_cards_ron_byte_identical() {
    // every shipped game whose cards have effects: every kind of step they use is drawn
    for game in [
        "river-war",
        "italian-front",
        "northern-war",
        "paths-of-glory",
        "triumph-of-chaos",
    ] {
        let (tmp, dir) = game_copy(game);
        let before = cards_ron(&dir);
        let mut h = cards_view(&tmp, &dir);
        let values = session(&h).doc.values();
        let with_effects: Vec<String> = session(&h)
            .doc
            .cards()
            .unwrap()
            .cards
            .iter()
            .filter(|c| !c.effects.is_empty())
            .map(|c| c.id.to_string())
            .collect();
        assert!(!with_effects.is_empty(), "{game}: the premise");
        for id in &with_effects {
            open_card(&mut h, id);
            widget(&h, "Add step");
            assert!(
                session(&h).doc.values() == values,
                "{game}: showing the steps of {id} changed the game"
            );
        }
        assert!(!session(&h).doc.is_dirty(), "{game}: nothing to save");
        save(&mut h);
        assert_eq!(cards_ron(&dir), before, "{game}: cards.ron byte-identical");
    }
}

#[test]
fn a_step_added_to_a_card_without_effects_is_valid_and_written_only_then() {
    let (tmp, dir) = game_copy("italian-front");
    let before = cards_ron(&dir);
    let found = findings(&dir);
    let mut h = cards_view(&tmp, &dir);
    open_card(&mut h, "alpini");
    assert!(effects(&h, "alpini").is_empty(), "the premise");
    // an empty Event section with its Add step: nothing written
    h.get_by_label("no steps");
    widget(&h, "Add step");
    assert!(!session(&h).doc.is_dirty());

    pick(&mut h, "Add step", "", "ShiftTrack");
    let added = effects(&h, "alpini");
    let [Step::ShiftTrack { track, by: 1 }] = added.as_slice() else {
        panic!("one ShiftTrack step: {added:?}");
    };
    let track = track.to_string();
    save(&mut h);
    let after = cards_ron(&dir);
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(before.lines().count(), after.lines().count());
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].0.contains(r#"(id: "alpini""#));
    let step = format!(r#"effects: [ShiftTrack(track: "{track}", by: 1)]"#);
    assert!(changed[0].1.contains(&step), "{}", changed[0].1);
    assert_eq!(findings(&dir), found, "no new finding");

    // the last step removed: the card is as it was, byte for byte
    click(&mut h, "Step 1 menu");
    click(&mut h, "Remove step");
    assert!(effects(&h, "alpini").is_empty());
    save(&mut h);
    assert_eq!(cards_ron(&dir), before);
}

#[test]
fn nested_steps_are_moved_removed_added_and_edited_and_each_is_one_undo_step() {
    let (tmp, dir) = game_copy("river-war");
    let before = cards_ron(&dir);
    let mut h = cards_view(&tmp, &dir);
    let card = "fall-of-fort-hollis";
    open_card(&mut h, card);
    let original = effects(&h, card);
    let then_kinds = |h: &Harness<'_, EditorApp>| match &effects(h, card)[0] {
        Step::If { then, .. } => then.iter().map(step_kind).collect::<Vec<_>>(),
        other => panic!("not an If: {other:?}"),
    };
    assert_eq!(then_kinds(&h), ["Remove", "Control", "ShiftTrack"]);

    click(&mut h, "Step 1 then step 3 menu");
    click(&mut h, "Move up");
    assert_eq!(then_kinds(&h), ["Remove", "ShiftTrack", "Control"]);
    click(&mut h, "Step 1 otherwise step 1 menu");
    click(&mut h, "Remove step");
    let Step::If { otherwise, .. } = &effects(&h, card)[0] else {
        panic!()
    };
    assert!(otherwise.is_empty());
    pick(&mut h, "Add step to step 1 otherwise", "", "Relation");
    let Step::If { otherwise, .. } = &effects(&h, card)[0] else {
        panic!()
    };
    assert!(matches!(otherwise.as_slice(), [Step::Relation { .. }]));
    pick(&mut h, "Step 1 otherwise step 1 stance", "", "Allied");
    let Step::If { otherwise, .. } = &effects(&h, card)[0] else {
        panic!()
    };
    assert!(matches!(
        otherwise.as_slice(),
        [Step::Relation {
            stance: Stance::Allied,
            ..
        }]
    ));
    // the condition: a burst of typing is one undo step
    widget(&h, "Step 1 when").scroll_to_me();
    h.run();
    widget(&h, "Step 1 when").click();
    h.run();
    h.key_press(egui::Key::End);
    widget(&h, "Step 1 when").type_text(" && true");
    h.run();
    let Step::If { when, .. } = &effects(&h, card)[0] else {
        panic!()
    };
    assert!(when.ends_with("'lea-hollis-garrison') && true"), "{when}");
    h.key_press(egui::Key::Escape);
    h.run();

    for _ in 0..5 {
        undo(&mut h);
    }
    assert_eq!(effects(&h, card), original, "five edits, five undo steps");
    save(&mut h);
    assert_eq!(cards_ron(&dir), before);
}

#[test]
fn a_choice_of_a_one_of_is_removed_and_added() {
    let (tmp, dir) = game_copy("river-war");
    let mut h = cards_view(&tmp, &dir);
    let card = "gunboats-up-the-tessel";
    open_card(&mut h, card);
    let original = effects(&h, card);
    click(&mut h, "Remove step 1 choice 2");
    assert!(matches!(effects(&h, card).as_slice(), [Step::OneOf(c)] if c.len() == 1));
    click(&mut h, "Add choice to step 1");
    pick(&mut h, "Add step to step 1 choice 2", "", "PlaceMarker");
    let now = effects(&h, card);
    let [Step::OneOf(choices)] = now.as_slice() else {
        panic!("{now:?}")
    };
    assert_eq!(choices.len(), 2);
    assert!(matches!(choices[1].as_slice(), [Step::PlaceMarker { .. }]));
    // a unit of the first choice picked anew
    pick(
        &mut h,
        "Step 1 choice 1 step 1 units 1",
        "lea-avenger",
        "lea-avenger",
    );
    let now = effects(&h, card);
    let [Step::OneOf(choices)] = now.as_slice() else {
        panic!("{now:?}")
    };
    assert!(matches!(&choices[0][0], Step::Move { units, .. } if units == &["lea-avenger"]));
    for _ in 0..4 {
        undo(&mut h);
    }
    assert_eq!(effects(&h, card), original);
}

fn step_kind(s: &Step) -> &'static str {
    orbat_editor::steps::kind(s)
}

#[test]
fn links_come_from_the_map_and_attributes_from_the_declarations() {
    let (tmp, dir) = game_copy("italian-front");
    let mut h = cards_view(&tmp, &dir);
    open_card(&mut h, "alpini");
    let link = |a: &str, b: &str| (a.into(), b.into());

    // a new CloseLinks closes map.ron's first link; another is picked by its two ends
    pick(&mut h, "Add step", "", "CloseLinks");
    assert_eq!(
        effects(&h, "alpini"),
        [Step::CloseLinks {
            links: vec![link("milano", "brescia")],
            kind: None,
        }]
    );
    pick(&mut h, "Step 1 links 1", "brescia – salo", "brescia – salo");
    assert_eq!(
        effects(&h, "alpini"),
        [Step::CloseLinks {
            links: vec![link("brescia", "salo")],
            kind: None,
        }]
    );
    // a link written the other way round is shown as the map writes it, and stays as
    // written when another link is added
    let s = h.state_mut().session.as_mut().unwrap();
    s.change_cards("reverse", None, |f| {
        let card = f.cards.iter_mut().find(|c| c.id == "alpini").unwrap();
        card.effects = vec![Step::CloseLinks {
            links: vec![link("salo", "brescia")],
            kind: None,
        }];
    });
    h.run();
    assert_eq!(
        widget(&h, "Step 1 links 1").value().as_deref(),
        Some("brescia – salo")
    );
    click(&mut h, "Add to step 1 links");
    assert_eq!(
        effects(&h, "alpini"),
        [Step::CloseLinks {
            links: vec![link("salo", "brescia"), link("milano", "brescia")],
            kind: None,
        }]
    );
    // only the links of one kind between those ends: the kind from game.ron's link kinds
    pick(&mut h, "Step 1 kind", "", "lake");
    let Step::CloseLinks { kind, .. } = &effects(&h, "alpini")[0] else {
        panic!("still a CloseLinks");
    };
    assert_eq!(kind.as_deref(), Some("lake"));

    // a SetAttr names an attribute declared for its entity; a new attribute, its value
    pick(&mut h, "Add step", "", "SetAttr");
    let now = effects(&h, "alpini");
    let Step::SetAttr { of, attr, value } = &now[1] else {
        panic!("{now:?}")
    };
    assert_eq!((of.as_str(), attr.as_str()), ("scenario", "winter_start"));
    assert_eq!(*value, AttrValue::Bool(false));
    pick(&mut h, "Step 2 attr", "", "months_per_turn");
    let now = effects(&h, "alpini");
    let Step::SetAttr { attr, value, .. } = &now[1] else {
        panic!("{now:?}")
    };
    assert_eq!(attr.as_str(), "months_per_turn");
    assert_eq!(
        *value,
        AttrValue::Int(1),
        "the least value the declaration allows"
    );
}
