//! Issue 45's acceptance: a designer's first game made in the editor from an empty folder,
//! driven by accessible labels with egui_kittest. New game (blank); two factions, a terrain,
//! an area and a deck of one group in the Definition view, named in the Names view; a
//! backdrop (the view fits it); three spaces and two links on the map, one space held, a
//! supply source and in the area; a unit, a card, a scenario with a placement. The game then
//! has no finding; undo walks back through every step to the game as created, and redo
//! forward again; saved, the validator finds the folder clean on disk. After the save, undo
//! walks back again but will not delete the scenario file now on disk, and says so.

mod common;

use std::path::Path;

use common::{click, click_at, drag, findings, harness, new_app, pick, type_into, widget};
use egui::accesskit::Role;
use egui::{Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::document::FileValue;
use orbat_editor::file_id::FileId;
use orbat_editor::session::Session;

type Values = Vec<(FileId, Option<FileValue>)>;

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn values(h: &Harness<'_, EditorApp>) -> Values {
    session(h).doc.values()
}

/// Clicks the one check box named `label`.
fn check(h: &mut Harness<'static, EditorApp>, label: &str) {
    h.get_by(|n| n.role() == Role::CheckBox && n.label().as_deref() == Some(label))
        .click();
    h.run();
}

/// Where a point of the map (in backdrop pixels) is on screen now.
fn on_screen(h: &Harness<'_, EditorApp>, x: f32, y: f32) -> Pos2 {
    let s = session(h);
    s.camera.to_screen(s.canvas.view, pos2(x, y))
}

fn space_at(h: &Harness<'_, EditorApp>, id: &str) -> Pos2 {
    let m = session(h).doc.map().expect("map.ron loaded");
    let sp = m.spaces.iter().find(|s| s.id == id).expect("the space");
    on_screen(h, sp.x, sp.y)
}

fn png(path: &Path, w: u32, h: u32) {
    image::RgbImage::from_pixel(w, h, image::Rgb([200, 190, 150]))
        .save(path)
        .expect("png written");
}

/// Each step's state is kept: undo must pass back through every one of them.
struct Steps(Vec<(String, Values)>);

impl Steps {
    fn done(&mut self, h: &mut Harness<'static, EditorApp>, what: &str) {
        let now = values(h);
        assert_ne!(
            self.0.last().map(|(_, v)| v),
            Some(&now),
            "{what} changed nothing"
        );
        self.0.push((what.to_owned(), now));
    }
}

#[test]
fn an_empty_folder_becomes_a_checked_game_and_undo_walks_every_step_back() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("border-war");
    std::fs::create_dir(&dir).unwrap();
    let pics = tmp.path().join("pics");
    std::fs::create_dir(&pics).unwrap();
    png(&pics.join("border.png"), 800, 600);
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();

    // New game (blank) in the empty folder
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label("Start a new game…").click();
    h.run();
    h.get_by_label("A blank game").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.run();
    assert_eq!(findings(&mut h), Vec::<String>::new());
    let mut steps = Steps(vec![("created".into(), values(&h))]);

    // the Definition view: two factions, one on each side; a terrain; an area
    click(&mut h, "Definition");
    click(&mut h, "Factions");
    for (id, side) in [("faction-1", "side-a"), ("faction-2", "side-b")] {
        click(&mut h, "Add faction");
        click(&mut h, "side");
        pick(&mut h, "side", side);
        let g = session(&h).doc.game().unwrap();
        let f = g.factions.iter().find(|f| f.id == id).expect("added");
        assert_eq!(f.side.as_deref(), Some(side));
        steps.done(&mut h, id);
    }
    click(&mut h, "Terrains");
    click(&mut h, "Add terrain");
    assert_eq!(session(&h).doc.game().unwrap().terrains.len(), 2);
    steps.done(&mut h, "terrain");
    click(&mut h, "Areas");
    click(&mut h, "Add area");
    assert_eq!(session(&h).doc.game().unwrap().areas.len(), 1);
    steps.done(&mut h, "area");
    click(&mut h, "Decks");
    click(&mut h, "Add deck");
    steps.done(&mut h, "deck");
    // a card belongs to one of its deck's groups
    click(&mut h, "Add to groups");
    let g = session(&h).doc.game().unwrap();
    assert_eq!(g.decks[0].groups[0].id, "group-1");
    steps.done(&mut h, "deck group");
    // of one card
    click(&mut h, "group-1");
    click(&mut h, "count");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    widget(&h, "count").type_text("1");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(session(&h).doc.game().unwrap().decks[0].groups[0].count, 1);
    steps.done(&mut h, "deck group of one card");

    // what the definition added is named in the Names view
    click(&mut h, "Names");
    for (what, name) in [
        ("faction faction-1", "Highlanders"),
        ("faction faction-2", "Lowlanders"),
        ("area area-1", "The Marches"),
        ("deck deck-1", "Strategy"),
    ] {
        type_into(&mut h, &format!("Name of {what}"), name);
        steps.done(&mut h, &format!("{what} named"));
    }

    // the backdrop, its size read from the image
    h.get_all_by_label("Map").next().unwrap().click();
    h.run();
    h.get_by_label("Backdrop…").click();
    h.run();
    h.run();
    h.state_mut().backdrop.image = pics.join("border.png").display().to_string();
    h.run();
    h.get_by_label("Use the image's size").click();
    h.run();
    h.get_by_label("Set the backdrop").click();
    h.run();
    assert_eq!(h.state().backdrop.error, None);
    let b = session(&h).doc.map().unwrap().backdrop.clone().unwrap();
    assert_eq!(
        (b.image.as_str(), b.width, b.height),
        ("border.png", 800, 600)
    );
    steps.done(&mut h, "backdrop");
    if h.state().backdrop.open {
        h.get_by_label("Close window").click();
        h.run();
    }

    // the map: three spaces, named; two links
    // (the menu bar's Map comes first, then the toolbar's view button)
    h.get_all_by_label("Map").nth(1).unwrap().click();
    h.run();
    assert_eq!(session(&h).view, orbat_editor::views::View::Map);
    for (i, (x, y, name)) in [
        (200.0, 200.0, "Northgate"),
        (500.0, 220.0, "Eastmarch"),
        (350.0, 450.0, "Southford"),
    ]
    .into_iter()
    .enumerate()
    {
        h.get_by_label("Add space").click();
        h.run();
        let p = on_screen(&h, x, y);
        click_at(&mut h, p);
        let id = format!("space-{}", i + 1);
        h.get_by_label(&format!("Space {id}"));
        steps.done(&mut h, &id);
        type_into(&mut h, "Name (en)", name);
        assert_eq!(session(&h).doc.space_name(&id), Some(name));
        steps.done(&mut h, &format!("{id} named"));
    }
    // the last space, still selected: faction-a holds it, draws supply from it; in the area
    pick(&mut h, "Control at start", "Faction A (faction-a)");
    steps.done(&mut h, "space-3 held");
    click(&mut h, "Areas");
    check(&mut h, "area-1");
    steps.done(&mut h, "space-3 in the area");
    click(&mut h, "Supply source for");
    check(&mut h, "faction-a");
    steps.done(&mut h, "space-3 a supply source");
    for (a, b) in [("space-1", "space-2"), ("space-2", "space-3")] {
        h.get_by_label("Add link").click();
        h.run();
        let (from, to) = (space_at(&h, a), space_at(&h, b));
        drag(&mut h, from, to);
        let last = session(&h)
            .doc
            .map()
            .unwrap()
            .links
            .last()
            .cloned()
            .unwrap();
        assert_eq!((last.a.as_str(), last.b.as_str()), (a, b));
        steps.done(&mut h, &format!("link {a}-{b}"));
    }
    h.get_by_label("Select").click();
    h.run();

    // a unit in the counter mix, named
    h.get_by_label("Counter mix").click();
    h.run();
    type_into(&mut h, "New unit id", "guard");
    h.get_by_label("Add unit").click();
    h.run();
    h.get_by_label("Unit guard");
    steps.done(&mut h, "unit");
    type_into(&mut h, "Name (en)", "Border Guard");
    steps.done(&mut h, "unit named");

    // a card, titled
    h.get_by_label("Cards").click();
    h.run();
    h.get_by_label("Add card").click();
    h.run();
    h.get_by_label("Card card-1");
    steps.done(&mut h, "card");

    // a scenario, and the unit placed on the first space
    h.get_by_label("Set-up").click();
    h.run();
    type_into(&mut h, "New", "opening");
    h.get_by_label("Create scenario").click();
    h.run();
    assert_eq!(
        session(&h).scenario.as_deref(),
        Some("opening.scenario.ron")
    );
    steps.done(&mut h, "scenario");
    let item = h.get_by_label_contains("guard (").rect().center();
    let to = space_at(&h, "space-3");
    drag(&mut h, item, to);
    let sc = session(&h).current_scenario().unwrap().clone();
    assert!(
        sc.placements
            .iter()
            .any(|p| p.unit == "guard" && p.at == "space-3"),
        "{:?}",
        sc.placements
    );
    steps.done(&mut h, "placement");

    // nothing to fix: the validator finds nothing in the game as the editor holds it
    let s = h.state_mut().session.as_mut().unwrap();
    s.validate_if_stale();
    assert!(s.doc.diagnostics.is_empty(), "{:#?}", s.doc.diagnostics);
    let done = values(&h);

    // undo passes back through every step, in order, to the game as it was created
    let visited = undo_all(&mut h);
    let mut back = visited.iter();
    for (what, state) in steps.0.iter().rev().skip(1) {
        assert!(
            back.any(|v| v == state),
            "undo never came back to the game as it was after `{what}`"
        );
    }
    assert_eq!(
        visited.last(),
        Some(&steps.0[0].1),
        "undo ends at the new game"
    );
    // and redo brings it all back
    while session(&h).history.can_redo() {
        h.state_mut().session.as_mut().unwrap().redo();
        h.run();
    }
    assert!(values(&h) == done, "redo ends at the finished game");

    // saved with the keyboard, then judged by the validator itself, on disk
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!session(&h).doc.is_dirty(), "{:?}", session(&h).message);
    let report = orbat_validator::check(std::slice::from_ref(&dir)).expect("the folder is checked");
    let all: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(all.is_empty(), "{all:#?}");

    // after the save, undo still walks back, but stops short of deleting the scenario file
    // now on disk, and says so
    let visited = undo_all(&mut h);
    let scenario_made = &steps.0.iter().find(|(w, _)| w == "scenario").unwrap().1;
    assert_eq!(visited.last(), Some(scenario_made));
    let message = session(&h).message.clone().unwrap_or_default();
    assert!(
        message.contains("opening.scenario.ron is on disk"),
        "{message}"
    );
}

/// Undoes until nothing is left to undo or an undo is refused; the game after each one.
fn undo_all(h: &mut Harness<'static, EditorApp>) -> Vec<Values> {
    let mut visited = Vec::new();
    while session(h).history.can_undo() {
        h.state_mut().session.as_mut().unwrap().undo();
        h.run();
        let now = values(h);
        if visited.last() == Some(&now) {
            break;
        }
        visited.push(now);
    }
    visited
}
