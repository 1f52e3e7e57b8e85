//! Issue 62's acceptance: a designer's first hour, replayed from an empty folder with
//! egui_kittest by accessible labels. New game (blank); in the Definition view a location kind
//! whose absent `on_map` shows checked, a new one that does not start at a stacking limit of
//! 0, a faction's colour picked, a boolean attribute whose default is a check box; a backdrop,
//! two spaces (control picked by name) and a link; a unit, renamed; the game's first card,
//! which brings the first deck with it, renamed, and its deck's group renamed (with Enter);
//! the game and a scenario named; saved: `orbat-validate` finds the folder clean,
//! `--check-format` finds it canonical, and it prints.

mod common;

use common::{click, click_at, drag, findings, harness, new_app, pick, type_into};
use egui::accesskit::{Role, Toggled};
use egui::{Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orbat_editor::EditorApp;
use orbat_editor::session::Session;
use orbat_validator::model::{AttrValue, Game, Stacking};

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn game<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Game {
    session(h).doc.game().expect("game.ron loaded")
}

fn check_box<'a>(h: &'a Harness<'static, EditorApp>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() == Role::CheckBox && n.label().as_deref() == Some(label))
}

fn checked(h: &Harness<'static, EditorApp>, label: &str) -> bool {
    check_box(h, label).accesskit_node().toggled() == Some(Toggled::True)
}

fn on_screen(h: &Harness<'_, EditorApp>, x: f32, y: f32) -> Pos2 {
    let s = session(h);
    s.camera.to_screen(s.canvas.view, pos2(x, y))
}

fn space_at(h: &Harness<'_, EditorApp>, id: &str) -> Pos2 {
    let m = session(h).doc.map().expect("map.ron loaded");
    let sp = m.spaces.iter().find(|s| s.id == id).expect("the space");
    on_screen(h, sp.x, sp.y)
}

/// What the Definition view does in the first hour: items 2, 3, 4 and 7 of issue 62.
fn definition(h: &mut Harness<'static, EditorApp>) {
    click(h, "Definition");
    // the game's own name, in the General section
    click(h, "General");
    type_into(h, "Name (en)", "Border Troubles");
    assert_eq!(session(h).doc.source_name("game"), Some("Border Troubles"));
    click(h, "Location kinds");
    click(h, "space");
    // `on_map` is not written: it is true, and shown so
    assert!(checked(h, "on map"), "an absent on_map shows its default");
    click(h, "Add location kind");
    let kinds = &game(h).location_kinds;
    assert!(
        matches!(kinds[1].stacking, Stacking::Limit(n) if n > 0),
        "{:?}",
        kinds[1].stacking
    );

    // a faction's colour: set, it starts at the colour the faction is drawn in; then picked
    click(h, "Factions");
    click(h, "faction-a");
    check_box(h, "colour").click();
    h.run();
    let set = game(h).factions[0].colour.clone().expect("a colour is set");
    assert_eq!(set.as_str().len(), 7, "{set:?}");
    let said = session(h).message.clone().unwrap_or_default();
    assert!(!said.contains("cannot hold"), "{said}");
    // egui's colour popup has a copy button drawn as 📋, which the default fonts lack
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Tofu);
    h.get_by(|n| {
        !matches!(n.role(), Role::CheckBox | Role::Label) && n.label().as_deref() == Some("colour")
    })
    .click();
    h.run();
    let red = h.get_by(|n| n.value().is_some_and(|v| v.starts_with("R ")));
    red.set_value_accesskit(31.0);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    let picked = game(h).factions[0].colour.clone().expect("still set");
    assert!(picked.as_str().starts_with("#1f"), "{picked:?}");

    // a boolean attribute: its default is a check box, not a text the model refuses
    click(h, "Attributes");
    click(h, "Add attribute");
    click(h, "Add to on");
    click(h, "Set");
    let d = &game(h).attributes[0];
    assert_eq!(d.default, Some(AttrValue::Bool(false)));
    check_box(h, "default").click();
    h.run();
    assert_eq!(game(h).attributes[0].default, Some(AttrValue::Bool(true)));
}

#[test]
fn the_first_hour_from_an_empty_folder_ends_in_a_clean_game() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("border-war");
    std::fs::create_dir(&dir).unwrap();
    let image = tmp.path().join("border.png");
    image::RgbImage::from_pixel(800, 600, image::Rgb([200, 190, 150]))
        .save(&image)
        .unwrap();
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
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

    definition(&mut h);
    assert_eq!(findings(&mut h), Vec::<String>::new());

    // the backdrop
    h.get_all_by_label("Map").next().unwrap().click();
    h.run();
    h.get_by_label("Backdrop…").click();
    h.run();
    h.run();
    h.state_mut().backdrop.image = image.display().to_string();
    h.run();
    h.get_by_label("Use the image's size").click();
    h.run();
    h.get_by_label("Set the backdrop").click();
    h.run();
    if h.state().backdrop.open {
        h.get_by_label("Close window").click();
        h.run();
    }

    // two spaces, named; the second held by a faction picked by its name; a link
    h.get_all_by_label("Map").nth(1).unwrap().click();
    h.run();
    for (x, y, name) in [(200.0, 200.0, "Northgate"), (500.0, 300.0, "Eastmarch")] {
        h.get_by_label("Add space").click();
        h.run();
        let p = on_screen(&h, x, y);
        click_at(&mut h, p);
        type_into(&mut h, "Name (en)", name);
    }
    pick(&mut h, "Control at start", "Faction A (faction-a)");
    click(&mut h, "Supply source for");
    check_box(&h, "faction-a").click();
    h.run();
    h.get_by_label("Add link").click();
    h.run();
    let (a, b) = (space_at(&h, "space-1"), space_at(&h, "space-2"));
    drag(&mut h, a, b);
    assert_eq!(session(&h).doc.map().unwrap().links.len(), 1);
    h.get_by_label("Select").click();
    h.run();

    // a unit, renamed from the counter mix
    h.get_by_label("Counter mix").click();
    h.run();
    type_into(&mut h, "New unit id", "guard");
    h.get_by_label("Add unit").click();
    h.run();
    type_into(&mut h, "Name (en)", "Border Guard");
    type_into(&mut h, "Id", "border-guard");
    click(&mut h, "Rename");
    h.get_by_label("Unit border-guard");
    let doc = &session(&h).doc;
    assert_eq!(doc.units().unwrap().units[0].id, "border-guard");
    assert_eq!(doc.source_name("unit:border-guard"), Some("Border Guard"));

    // the first card brings the first deck, in one step; then renamed
    h.get_by_label("Cards").click();
    h.run();
    h.get_by_label("Add card").click();
    h.run();
    h.get_by_label("Card card-1");
    let g = game(&h);
    assert_eq!(g.decks.len(), 1, "the first deck comes with the first card");
    assert_eq!(
        (g.decks[0].id.as_str(), g.decks[0].groups[0].id.as_str()),
        ("deck-1", "group-1")
    );
    assert_eq!(findings(&mut h), Vec::<String>::new());
    type_into(&mut h, "Id", "mobilisation");
    click(&mut h, "Rename");
    h.get_by_label("Card mobilisation");

    // the deck's group, renamed in the Definition view, Enter confirming
    click(&mut h, "Definition");
    click(&mut h, "Decks");
    click(&mut h, "deck-1");
    click(&mut h, "group-1");
    click(&mut h, "Rename group-1…");
    type_into(&mut h, "New id", "early");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(game(&h).decks[0].groups[0].id, "early");
    let card = &session(&h).doc.cards().unwrap().cards[0];
    assert_eq!(
        (card.id.as_str(), card.group.as_str()),
        ("mobilisation", "early")
    );

    // a scenario, the unit placed
    h.get_by_label("Set-up").click();
    h.run();
    type_into(&mut h, "New", "opening");
    h.get_by_label("Create scenario").click();
    h.run();
    // the scenario's own name, the set-up chart's title
    type_into(&mut h, "Name (en)", "The Opening Moves");
    let named = session(&h).doc.source_name("scenario:opening");
    assert_eq!(named, Some("The Opening Moves"));
    let item = h.get_by_label_contains("border-guard (").rect().center();
    let to = space_at(&h, "space-2");
    drag(&mut h, item, to);

    assert_eq!(findings(&mut h), Vec::<String>::new());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!session(&h).doc.is_dirty(), "{:?}", session(&h).message);
    let report = orbat_validator::check(std::slice::from_ref(&dir)).expect("checked");
    let all: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(all.is_empty(), "{all:#?}");
    let text = std::fs::read_to_string(dir.join("game.ron")).unwrap();
    assert!(!text.contains("placeholders"), "{text}");
    // what the editor saved is in the canonical form (--check-format), and it prints
    let form = orbat_validator::format::check(std::slice::from_ref(&dir)).expect("checked");
    assert!(form.unformatted.is_empty(), "{}", form.diff());
    let pdf = dir.with_extension("pdf");
    let opts = orbat_print::Options::new(dir.clone(), pdf.clone());
    let printed = orbat_print::run(&opts, &|_| {}).expect("the first hour's game prints");
    assert!(
        printed.pages >= 3 && pdf.is_file(),
        "{} pages",
        printed.pages
    );
}

#[test]
fn the_map_has_a_legend_of_its_factions_colours_by_name() {
    let (tmp, dir) = common::game_copy("paths-of-glory");
    let h = common::open_dir(tmp.path(), &dir);
    h.get_by_label("Legend");
    let doc = &session(&h).doc;
    let shown = orbat_editor::canvas::legend::factions_shown(game(&h), doc.map().unwrap());
    assert!(shown.len() > 5, "{shown:?}");
    let names: Vec<String> = shown
        .iter()
        .map(|id| {
            doc.source_name(&format!("faction:{id}"))
                .unwrap()
                .to_owned()
        })
        .collect();
    for name in names {
        h.get_by_label(&name);
    }
}
