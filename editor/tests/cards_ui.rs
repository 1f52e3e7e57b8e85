//! The Cards view driven by its accessible labels with egui_kittest: the card table (sort,
//! filter), the card editor's pick lists and text completion, deleting a card that is used,
//! and moving cards between a scenario's decks and hands.

mod common;

use common::{drag, harness_sized, new_app, sample_copy as italian_front};

use std::path::Path;

use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Action;
use orbat_editor::session::Session;
use orbat_editor::views::View;
use orbat_validator::model::{Card, Scenario};

/// The editor open on the sample game, showing the Cards view.
fn cards_view(tmp: &tempfile::TempDir, dir: &Path) -> Harness<'static, EditorApp> {
    let mut app = new_app(&tmp.path().join("state"));
    app.open(dir);
    let mut h = harness_sized(app, egui::vec2(1600.0, 1100.0));
    h.run();
    h.get_by_label("Cards").click();
    h.run();
    assert_eq!(session(&h).view, View::Cards);
    h
}

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn card(h: &Harness<'_, EditorApp>, id: &str) -> Card {
    let cards = session(h).doc.cards().expect("cards.ron loaded");
    cards
        .cards
        .iter()
        .find(|c| c.id == id)
        .cloned()
        .unwrap_or_else(|| panic!("no card {id}"))
}

fn scenario(h: &Harness<'_, EditorApp>) -> Scenario {
    session(h)
        .current_scenario()
        .cloned()
        .expect("a scenario is chosen")
}

fn card_text(h: &Harness<'_, EditorApp>, id: &str) -> Option<String> {
    let t = session(h).doc.text("en").expect("text.en.ron loaded");
    t.entries
        .get(format!("card:{id}").as_str())?
        .text
        .as_deref()
        .map(str::to_owned)
}

/// The one widget (not a plain label) with this label: a pick list's option, a button.
fn click_widget(h: &mut Harness<'_, EditorApp>, label: &str) {
    h.get_by(|n| n.role() != Role::Label && n.label().as_deref() == Some(label))
        .click();
    h.run();
}

fn has_widget(h: &Harness<'_, EditorApp>, label: &str) -> bool {
    h.query_by(|n| n.role() != Role::Label && n.label().as_deref() == Some(label))
        .is_some()
}

fn rect_of(h: &Harness<'_, EditorApp>, label: &str) -> Rect {
    h.get_by_label(label).rect()
}

fn undo(h: &mut Harness<'_, EditorApp>) {
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
}

#[test]
fn pick_list_adds_a_reference_and_undo_takes_it_back() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("boroevic").click();
    h.run();
    h.get_by_label("Card boroevic");
    assert!(card(&h, "boroevic").requires.is_empty());

    // Requires: open the pick list, search it (it is long), pick a card
    h.get_by_label("Requires").click();
    h.run();
    h.get_by_label("Search the list").focus();
    h.run();
    h.get_by_label("Search the list").type_text("kaiser");
    h.run();
    assert!(
        h.query_by_label("alpini — Alpini").is_none(),
        "the search hides what does not match"
    );
    click_widget(&mut h, "kaiserjaeger — Kaiserjäger");
    assert_eq!(card(&h, "boroevic").requires, ["kaiserjaeger"]);
    // the card itself and cards already named are not offered again
    h.get_by_label("Requires").click();
    h.run();
    assert!(!has_widget(&h, "kaiserjaeger — Kaiserjäger"));
    assert!(!has_widget(&h, "boroevic — Boroević Holds"));
    assert!(has_widget(&h, "alpini — Alpini"));
    h.key_press(egui::Key::Escape);
    h.run();

    // Spaces: remove one with its button, add one from the list
    assert_eq!(
        card(&h, "boroevic").spaces,
        ["gorizia", "tolmino", "san-michele"]
    );
    h.get_by_label("Remove tolmino from spaces").click();
    h.run();
    assert_eq!(card(&h, "boroevic").spaces, ["gorizia", "san-michele"]);

    // undo, step by step: the removed space, then the added requirement
    undo(&mut h);
    assert_eq!(
        card(&h, "boroevic").spaces,
        ["gorizia", "tolmino", "san-michele"]
    );
    assert_eq!(card(&h, "boroevic").requires, ["kaiserjaeger"]);
    h.get_by_label("Undo").click();
    h.run();
    assert!(card(&h, "boroevic").requires.is_empty());
    assert!(!session(&h).doc.is_dirty(), "back to what is on disk");
}

#[test]
fn the_card_editor_shows_the_cards_own_problems() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("boroevic").click();
    h.run();
    assert!(h.query_by_label_contains("C001: ").is_none());
    // the number of another card of its deck: the validator says so, in the editor too
    let s = h.state_mut().session.as_mut().unwrap();
    assert!(s.change_cards("renumber", None, |f| {
        f.cards
            .iter_mut()
            .find(|c| c.id == "boroevic")
            .unwrap()
            .number = 1;
    }));
    h.run();
    h.get_by_label("C001: card number 1 is used twice in deck `central`");
    // another card's editor does not show it
    h.get_by_label("tyrol-forts").click();
    h.run();
    assert!(h.query_by_label_contains("C001: ").is_none());
}

#[test]
fn filter_and_sort_change_the_rows() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("30 of 30 cards shown");

    // the text filter searches ids and titles
    h.get_by_label("Filter").focus();
    h.run();
    h.get_by_label("Filter").type_text("gor");
    h.run();
    h.get_by_label("1 of 30 cards shown");
    h.get_by_label("fall-of-gorizia");
    assert!(h.query_by_label("alpini").is_none());
    assert!(h.query_by_label("boroevic").is_none());
    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .views
        .cards
        .query
        .text
        .clear();
    h.run();

    // the deck filter
    h.get_by_label("Deck shown").click();
    h.run();
    click_widget(&mut h, "entente");
    h.get_by_label("15 of 30 cards shown");
    assert!(h.query_by_label("boroevic").is_none());
    h.get_by_label("alpini");

    // sorting by ops: low first, then reversed
    h.get_by_label("Sort by ops").click();
    h.run();
    let (low, high) = (rect_of(&h, "alpini"), rect_of(&h, "vittorio-veneto"));
    assert!(low.top() < high.top(), "{low:?} {high:?}");
    h.get_by_label("Sort by ops").click();
    h.run();
    let (low, high) = (rect_of(&h, "alpini"), rect_of(&h, "vittorio-veneto"));
    assert!(low.top() > high.top(), "{low:?} {high:?}");
    // by number: the printed order
    h.get_by_label("Sort by number").click();
    h.run();
    let tops: Vec<f32> = ["radiant-may", "alpini", "cableways"]
        .iter()
        .map(|id| rect_of(&h, id).top())
        .collect();
    assert!(tops.windows(2).all(|w| w[0] < w[1]), "{tops:?}");
}

#[test]
fn event_text_completes_placeholders_and_flags_unknown_ones() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("emperor-karl").click();
    h.run();
    let before = card_text(&h, "emperor-karl").expect("a text");
    h.get_by_label("Event text").focus();
    h.run();
    h.get_by_label("Event text").type_text(" See {card:capo");
    h.run();
    assert_eq!(
        card_text(&h, "emperor-karl").as_deref(),
        Some(format!("{before} See {{card:capo").as_str())
    );
    // the completion names only what matches, and closes the placeholder
    assert!(h.query_by_label("card:diaz").is_none());
    h.get_by_label("card:caporetto").click();
    h.run();
    let done = format!("{before} See {{card:caporetto}}");
    assert_eq!(
        card_text(&h, "emperor-karl").as_deref(),
        Some(done.as_str())
    );
    assert!(h.query_by_label("card:caporetto").is_none());

    // a placeholder that names nothing is shown at once
    h.get_by_label("Event text").focus();
    h.run();
    h.get_by_label("Event text").type_text(" {space:atlantis}");
    h.run();
    h.get_by_label("{space:atlantis} names nothing in this game");

    // the title is edited the same way
    h.get_by_label("Title").focus();
    h.run();
    h.get_by_label("Title").type_text("!");
    h.run();
    let name = &session(&h).doc.text("en").unwrap().entries["card:emperor-karl"].name;
    assert_eq!(name, "Emperor Karl's Peace Feelers!");
    // a second burst while the field keeps its focus: still one undo step
    h.get_by_label("Title").type_text("?");
    h.run();
    let name = &session(&h).doc.text("en").unwrap().entries["card:emperor-karl"].name;
    assert_eq!(name, "Emperor Karl's Peace Feelers!?");
    undo(&mut h);
    let name = &session(&h).doc.text("en").unwrap().entries["card:emperor-karl"].name;
    assert_eq!(name, "Emperor Karl's Peace Feelers");
}

#[test]
fn add_duplicate_and_delete_a_used_card_after_asking() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    let n = |h: &Harness<'_, EditorApp>| session(h).doc.cards().unwrap().cards.len();

    // a new card gets a fresh id, the next number of its deck and a title
    h.get_by_label("Add card").click();
    h.run();
    assert_eq!(n(&h), 31);
    let added = card(&h, "card-1");
    h.get_by_label("Card card-1");
    let text = session(&h).doc.text("en").unwrap();
    assert_eq!(text.entries["card:card-1"].name, "New card");
    // its stand-in title is selected and has the keyboard: typing replaces it (issue 19)
    h.run();
    let title_field = |h: &Harness<'_, EditorApp>| {
        h.get_by(|n| n.role() != Role::Label && n.label().as_deref() == Some("Title"))
            .is_focused()
    };
    assert!(title_field(&h), "the new card's title has the keyboard");
    h.get_by(|n| n.role() != Role::Label && n.label().as_deref() == Some("Title"))
        .type_text("Isonzo");
    h.run();
    let text = session(&h).doc.text("en").unwrap();
    assert_eq!(text.entries["card:card-1"].name, "Isonzo");
    undo(&mut h);
    let text = session(&h).doc.text("en").unwrap();
    assert_eq!(text.entries["card:card-1"].name, "New card");
    undo(&mut h);
    assert_eq!(n(&h), 30, "card and title were one step");
    assert!(
        !session(&h)
            .doc
            .text("en")
            .unwrap()
            .entries
            .contains_key("card:card-1")
    );
    let _ = added;

    // duplicate diaz: a copy right after it
    h.get_by_label("Filter").focus();
    h.run();
    h.get_by_label("Filter").type_text("diaz");
    h.run();
    h.get_by_label("diaz").click();
    h.run();
    h.get_by_label("Duplicate").click();
    h.run();
    let copy = card(&h, "diaz-copy");
    assert_eq!(
        (copy.ops, copy.requires.clone()),
        (3, vec!["caporetto".into()])
    );
    undo(&mut h);

    // deleting diaz asks first, listing where it is used
    h.get_by_label("diaz").click();
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert_eq!(n(&h), 30, "nothing deleted before the answer");
    h.get_by_label_contains("Card diaz is used in");
    h.get_by_label("• card vittorio-veneto requires it");
    h.get_by_label("• caporetto-1917.scenario.ron: Draw pile: Entente deck");
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(n(&h), 30);
    h.get_by_label("Delete").click();
    h.run();
    h.get_by_label("Delete it everywhere").click();
    h.run();
    assert_eq!(n(&h), 29);
    assert!(card(&h, "vittorio-veneto").requires.is_empty());
    let sc = session(&h)
        .doc
        .scenario("caporetto-1917.scenario.ron")
        .unwrap();
    assert!(sc.decks.iter().all(|d| !d.cards.contains(&"diaz".into())));
    // one undo step brings everything back
    undo(&mut h);
    assert_eq!(card(&h, "vittorio-veneto").requires, ["diaz"]);
    assert!(!session(&h).doc.is_dirty());
}

#[test]
fn moving_a_card_to_a_hand_changes_the_scenario_and_the_composition() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("In this scenario").click();
    h.run();
    assert_eq!(
        session(&h).scenario.as_deref(),
        Some("caporetto-1917.scenario.ron")
    );
    // every mobilization card of both decks is somewhere in this scenario
    assert_eq!(
        h.get_all_by_label("mobilization: 5 of 5, complete").count(),
        2
    );
    assert!(h.query_by_label("(1 in the pile, 4 elsewhere)").is_none());
    h.get_by_label("Draw pile: Entente deck (7)");
    h.get_by_label("Hand: Entente (2)");

    // the card's menu: move to the entente hand
    h.get_by_label("Move alpini").click();
    h.run();
    assert!(
        h.query_by_label("Draw pile: Central Powers deck").is_none(),
        "only its own deck's pile is offered"
    );
    click_widget(&mut h, "Hand: Entente");
    let sc = scenario(&h);
    assert!(!sc.decks[0].cards.contains(&"alpini".into()));
    assert_eq!(sc.hands[0].cards, ["isonzo-offensive", "rapallo", "alpini"]);
    // still complete, now one fewer in the pile and one more elsewhere
    h.get_by_label("(1 in the pile, 4 elsewhere)");
    assert_eq!(
        h.get_all_by_label("mobilization: 5 of 5, complete").count(),
        2
    );
    h.get_by_label("Draw pile: Entente deck (6)");
    h.get_by_label("Hand: Entente (3)");

    // undo puts it back in the pile
    undo(&mut h);
    assert!(scenario(&h).decks[0].cards.contains(&"alpini".into()));
    assert!(h.query_by_label("(1 in the pile, 4 elsewhere)").is_none());

    // an unassigned card can be dealt from the menu too
    h.get_by_label_contains("Unassigned (");
    h.get_by_label("Move kaiserjaeger").click();
    h.run();
    click_widget(&mut h, "Unassigned");
    assert!(orbat_editor::decks::place_of(&scenario(&h), "kaiserjaeger").is_none());
    // a card left out of the scenario is counted as such
    h.get_by_label("mobilization: 4 of 5, 1 not in this scenario");
}

#[test]
fn dragging_a_card_onto_another_list_moves_it() {
    let (tmp, dir) = italian_front();
    let mut h = cards_view(&tmp, &dir);
    h.get_by_label("In this scenario").click();
    h.run();
    let from = h.get_by_label("storm-troops").rect().center();
    let to = h.get_by_label("Removed (7)").rect().center() + egui::vec2(0.0, 40.0);
    drag(&mut h, from, to);
    let sc = scenario(&h);
    assert!(
        sc.removed.contains(&"storm-troops".into()),
        "{:?}",
        sc.removed
    );
    assert!(!sc.hands[1].cards.contains(&"storm-troops".into()));
    h.get_by_label("Removed (8)");
}
