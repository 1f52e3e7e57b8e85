//! Issue 45: the game's definition edited in the Definition view, driven by its accessible
//! labels with egui_kittest on a copy of the fixture: adding entries (a faction, a terrain, an
//! area, an attribute), picking ids from the game's own lists, renaming a faction used by
//! units, spaces and texts everywhere at once, deleting a terrain that spaces use (asked
//! first, with the uses listed), and undo walking every step back.

mod common;

use common::{click, findings, opened, opened_with, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::selection::Selection;
use orbat_editor::session::Session;
use orbat_editor::views::View;
use orbat_validator::model::Game;

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn game<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Game {
    session(h).doc.game().expect("game.ron loaded")
}

/// The fixture opened in the Definition view, on one section.
fn definition(section: &str) -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, mut h) = opened();
    h.get_by_label("Definition").click();
    h.run();
    assert_eq!(session(&h).view, View::Definition);
    h.get_by_label(section).click();
    h.run();
    (tmp, h)
}

fn text_field<'a>(h: &'a Harness<'static, EditorApp>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() == Role::TextInput && n.label().as_deref() == Some(label))
}

/// Replaces what the New id field holds by `text`.
fn type_new_id(h: &mut Harness<'static, EditorApp>, text: &str) {
    text_field(h, "New id").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    text_field(h, "New id").type_text(text);
    h.run();
}

fn undo(h: &mut Harness<'static, EditorApp>) {
    h.state_mut().session.as_mut().expect("open").undo();
    h.run();
}

#[test]
fn a_faction_added_in_the_form_takes_a_side_from_the_games_own_list_and_undo_removes_it() {
    let (_tmp, mut h) = definition("Factions");
    let before = game(&h).clone();
    click(&mut h, "Add faction");
    assert_eq!(game(&h).factions.len(), 3);
    let added = &game(&h).factions[2];
    assert_eq!(added.id, "faction-1");
    assert_eq!(added.side, None);
    // its form is open: set its side from the game's sides
    click(&mut h, "side");
    pick(&mut h, "side", "ap");
    assert_eq!(game(&h).factions[2].side.as_deref(), Some("ap"));
    click(&mut h, "non player");
    assert!(game(&h).factions[2].non_player);
    // four steps: the faction added, its side set, the side picked, not played
    for _ in 0..3 {
        undo(&mut h);
        assert_ne!(*game(&h), before);
    }
    undo(&mut h);
    assert_eq!(*game(&h), before, "undo walks each step back");
}

#[test]
fn renaming_a_faction_renames_it_in_every_file_and_the_folder_stays_clean() {
    let (_tmp, mut h) = definition("Factions");
    let clean = findings(&mut h);
    click(&mut h, "it");
    click(&mut h, "Rename…");
    type_new_id(&mut h, "italy");
    click(&mut h, "Rename everywhere");
    let doc = &session(&h).doc;
    assert!(doc.game().unwrap().factions.iter().any(|f| f.id == "italy"));
    assert!(
        doc.units()
            .unwrap()
            .units
            .iter()
            .any(|u| u.faction == "italy")
    );
    assert!(!doc.units().unwrap().units.iter().any(|u| u.faction == "it"));
    let text = doc.text("en").unwrap();
    assert!(text.entries.contains_key("faction:italy"));
    assert!(!text.entries.contains_key("faction:it"));
    assert_eq!(findings(&mut h), clean, "nothing dangles after the rename");
    undo(&mut h);
    let doc = &session(&h).doc;
    assert!(doc.units().unwrap().units.iter().any(|u| u.faction == "it"));
    assert!(doc.text("en").unwrap().entries.contains_key("faction:it"));
}

#[test]
fn a_rename_to_an_id_already_taken_is_refused_with_the_reason() {
    let (_tmp, mut h) = definition("Factions");
    click(&mut h, "it");
    click(&mut h, "Rename…");
    type_new_id(&mut h, "ah");
    click(&mut h, "Rename everywhere");
    h.get_by_label_contains("there is already a faction `ah`");
    assert!(game(&h).factions.iter().any(|f| f.id == "it"));
}

#[test]
fn deleting_a_terrain_that_spaces_use_lists_the_uses_first() {
    let (_tmp, mut h) = definition("Terrains");
    let used = session(&h)
        .doc
        .map()
        .unwrap()
        .spaces
        .iter()
        .filter(|s| s.terrain.as_deref() == Some("mountain"))
        .count();
    assert!(used > 0, "the fixture has mountain spaces");
    click(&mut h, "mountain");
    click(&mut h, "Delete");
    h.get_by_label_contains(&format!("is used in {used} place(s)"));
    assert_eq!(
        h.get_all_by_label_contains("map.ron: space").count(),
        used,
        "one line per space"
    );
    click(&mut h, "Cancel");
    assert_eq!(game(&h).terrains.len(), 2, "cancel keeps it");
    click(&mut h, "Delete");
    click(&mut h, "Delete anyway");
    assert_eq!(game(&h).terrains.len(), 1);
    assert!(
        findings(&mut h).iter().any(|f| f.starts_with("R002")),
        "the spaces that named it are findings now"
    );
    undo(&mut h);
    assert_eq!(game(&h).terrains.len(), 2);
}

#[test]
fn a_terrain_nothing_uses_is_deleted_at_once() {
    let (_tmp, mut h) = definition("Terrains");
    click(&mut h, "Add terrain");
    assert_eq!(game(&h).terrains.len(), 3);
    click(&mut h, "Delete");
    assert_eq!(game(&h).terrains.len(), 2);
}

#[test]
fn an_area_and_an_attribute_are_added_and_the_attribute_is_set_on_a_faction() {
    let (_tmp, mut h) = definition("Areas");
    click(&mut h, "Add area");
    assert_eq!(game(&h).areas.len(), 3);
    click(&mut h, "Attributes");
    click(&mut h, "Add attribute");
    let attr = game(&h).attributes[0].clone();
    assert_eq!(attr.id, "attribute-1");
    // declare it on factions, as a flag
    pick(&mut h, "type", "Bool");
    assert_eq!(format!("{:?}", game(&h).attributes[0].kind), "Bool");
    click(&mut h, "Add to on");
    pick(&mut h, "on", "Faction");
    assert_eq!(game(&h).attributes[0].on.len(), 1);
    assert_eq!(format!("{:?}", game(&h).attributes[0].on), "[Faction]");
    // the faction's form now shows its attributes, with the inspector's widgets
    click(&mut h, "Factions");
    click(&mut h, "ah");
    h.get_by_label("attrs");
}

#[test]
fn a_finding_in_game_ron_opens_its_entry_in_the_definition_view() {
    let (_tmp, mut h) = opened();
    let s = h.state_mut().session.as_mut().unwrap();
    let file = s.doc.dir.join("game.ron");
    assert!(s.focus(&file, "/unit_kinds/0/stacking"));
    assert_eq!(s.view, View::Definition);
    assert_eq!(s.views.definition.section, "unit_kinds");
    assert_eq!(s.views.definition.entry, Some(0));
    h.run();
    // the section's button and its heading
    assert_eq!(h.get_all_by_label("Unit kinds").count(), 2);
}

#[test]
fn a_faction_without_supply_goes_to_the_map_where_a_source_is_ticked() {
    // no space supplies anyone: every faction with units gets P001
    let (_tmp, mut h) = opened_with(|dir| {
        let mut map = std::fs::read_to_string(dir.join("map.ron")).unwrap();
        while let Some(at) = map.find("supply_source_for: [") {
            let end = at + map[at..].find(']').unwrap() + 1;
            let end = end + map[end..].find(|c: char| c != ',' && c != ' ').unwrap_or(0);
            map.replace_range(at..end, "");
        }
        std::fs::write(dir.join("map.ron"), map).unwrap();
    });
    let s = h.state_mut().session.as_mut().unwrap();
    s.validate_if_stale();
    let d = s.doc.diagnostics.iter().find(|d| d.code == "P001").cloned();
    let d = d.expect("P001 fires");
    let pointer = d.location.pointer.clone().unwrap();
    assert!(s.focus_fix(d.code, &d.location.file, &pointer));
    // not the faction's row of the Names view: the map, one of its spaces, the field named
    assert_eq!(s.view, View::Map);
    assert!(
        !s.selection.is_empty(),
        "a space of the faction is selected"
    );
    let message = s.message.clone().unwrap_or_default();
    assert!(message.contains("Supply source for"), "{message}");
    // any other code still goes where it points
    let file = s.doc.dir.join("game.ron");
    assert!(s.focus_fix("A001", &file, "/unit_kinds/0/stacking"));
    assert_eq!(s.view, View::Definition);
    // a placement's finding: that scenario's set-up, at the placement's space
    let name = s.doc.scenario_files()[0].clone();
    let file = s.doc.dir.join(&name);
    assert!(s.focus_fix("K001", &file, "/placements/0/unit"));
    assert_eq!(
        (s.view, s.scenario.as_deref()),
        (View::Setup, Some(name.as_str()))
    );
    let at = s.doc.scenario(&name).unwrap().placements[0].at.to_string();
    assert_eq!(
        s.selection,
        Selection::only_space(s.doc.space_index(&at).unwrap())
    );
    // a card's: the card table with that card open
    let file = s.doc.dir.join("cards.ron");
    assert!(s.focus_fix("C001", &file, "/cards/0/requires"));
    assert_eq!(s.view, View::Cards);
    let first = s.doc.cards().unwrap().cards[0].id.to_string();
    assert_eq!(s.views.cards.selected.as_deref(), Some(first.as_str()));
}

#[test]
fn a_unit_kinds_printed_symbol_shows_the_guess_and_is_picked_from_the_list() {
    let (_tmp, mut h) = definition("Unit kinds");
    click(&mut h, "army");
    // absent: the printout guesses infantry for an army, and the form says so
    h.get_by_label("prints Infantry (guessed from the id)");
    assert_eq!(game(&h).unit_kinds[0].symbol, None, "shown, not written");
    // set: it starts from the guess, so nothing printed changes until a symbol is picked
    click(&mut h, "symbol");
    assert_eq!(
        game(&h).unit_kinds[0].symbol,
        Some(orbat_validator::model::game::UnitSymbol::Infantry)
    );
    pick(&mut h, "symbol", "Armour");
    assert_eq!(
        game(&h).unit_kinds[0].symbol,
        Some(orbat_validator::model::game::UnitSymbol::Armour)
    );
    undo(&mut h);
    undo(&mut h);
    assert_eq!(game(&h).unit_kinds[0].symbol, None);
}
