//! Issue 19, defect 1: what game.ron declares (sides, factions, areas, decks, tracks, marker
//! kinds) is named in the source language in the Names view. Driven by its accessible labels
//! with egui_kittest on a copy of the fixture from which names were taken (or to which unnamed
//! things were added) on disk; saved, the folder passes `orbat-validate`.

mod common;

use std::path::Path;

use common::{findings, opened_with};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::session::Session;
use orbat_editor::views::View;

/// A copy of the fixture, changed on disk by `change`, opened through the start screen and
/// shown in the Names view.
fn names_view(change: impl FnOnce(&Path)) -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, mut h) = opened_with(change);
    h.get_by_label("Names").click();
    h.run();
    assert_eq!(session(&h).view, View::Names);
    (tmp, h)
}

/// Replaces `from` by `to` in one file of the folder (the test's premise: it must be there).
fn edit_file(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("fixture file");
    assert!(text.contains(from), "{file} holds {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// The fixture's change for the tests of a missing name: faction `ah` loses its English name.
fn without_the_name_of_ah(dir: &Path) {
    edit_file(
        dir,
        "text.en.ron",
        "\"faction:ah\": (name: \"Austria-Hungary\"),",
        "",
    );
}

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn name_field<'a>(h: &'a Harness<'static, EditorApp>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some(label))
}

/// Scrolls the text field named `label` into view (the marker kinds come last, below the
/// window's height).
fn scroll_to(h: &mut Harness<'static, EditorApp>, label: &str) {
    name_field(h, label).scroll_to_me();
    h.run();
}

/// Types into the text field named `label`.
fn type_into(h: &mut Harness<'static, EditorApp>, label: &str, text: &str) {
    scroll_to(h, label);
    name_field(h, label).click();
    h.run();
    name_field(h, label).type_text(text);
    h.run();
}

/// Types at the end of what the text field named `label` holds.
fn append_to(h: &mut Harness<'static, EditorApp>, label: &str, text: &str) {
    scroll_to(h, label);
    name_field(h, label).click();
    h.run();
    h.key_press(egui::Key::End);
    h.run();
    name_field(h, label).type_text(text);
    h.run();
}

fn name(h: &Harness<'_, EditorApp>, key: &str) -> Option<String> {
    session(h).doc.source_name(key).map(str::to_owned)
}

/// Saves with the keyboard, then runs the validator itself on the folder on disk.
fn save_and_check(h: &mut Harness<'static, EditorApp>) -> Vec<String> {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!session(h).doc.is_dirty(), "{:?}", session(h).message);
    let dir = session(h).doc.dir.clone();
    let report = orbat_validator::check(&[dir]).expect("the folder is checked");
    report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

#[test]
fn a_faction_without_a_name_is_named_in_the_names_view_and_saved() {
    let (_tmp, mut h) = names_view(without_the_name_of_ah);
    let t001 = "T001 `faction:ah` has no text in the source language `en`".to_owned();
    assert_eq!(findings(&mut h), vec![t001]);
    // the view says which thing lacks its name, and where to type it
    h.get_by_label("Factions (2, 1 without a name)");
    h.get_by_label("no name (T001)");
    assert!(
        name_field(&h, "Name of faction ah")
            .value()
            .unwrap_or_default()
            .is_empty()
    );

    type_into(&mut h, "Name of faction ah", "Austria-Hungary");
    assert_eq!(name(&h, "faction:ah").as_deref(), Some("Austria-Hungary"));
    assert_eq!(findings(&mut h), Vec::<String>::new());
    h.get_by_label("Factions (2)");
    assert!(h.query_by_label("no name (T001)").is_none());

    assert_eq!(save_and_check(&mut h), Vec::<String>::new());
    let saved = std::fs::read_to_string(session(&h).doc.dir.join("text.en.ron")).unwrap();
    assert!(
        saved.contains("\"faction:ah\": (name: \"Austria-Hungary\"),"),
        "{saved}"
    );
}

#[test]
fn sides_areas_decks_tracks_and_marker_kinds_are_named_one_undo_step_per_burst() {
    let (_tmp, mut h) = names_view(|dir| {
        // a track and a marker kind nobody named yet, and a side whose name was lost
        edit_file(
            dir,
            "game.ron",
            "    decks: [",
            "    tracks: [\n        (id: \"vp\", min: 0, max: 20),\n    ],\n    \
             marker_kinds: [\n        (id: \"trench\"),\n    ],\n    decks: [",
        );
        edit_file(
            dir,
            "text.en.ron",
            "\"side:cp\": (name: \"Central Powers\"),",
            "",
        );
    });
    let mut before = findings(&mut h);
    before.sort();
    assert_eq!(
        before,
        [
            "T001 `marker:trench` has no text in the source language `en`",
            "T001 `side:cp` has no text in the source language `en`",
            "T001 `track:vp` has no text in the source language `en`",
        ]
    );
    h.get_by_label("Marker kinds (1, 1 without a name)");

    type_into(&mut h, "Name of side cp", "Central Powers");
    type_into(&mut h, "Name of track vp", "Victory points");
    type_into(&mut h, "Name of marker kind trench", "Trench");
    // existing names changed: the field holds them
    append_to(&mut h, "Name of area italy", " (Kingdom)");
    append_to(&mut h, "Name of deck ap", " of the Entente");
    assert_eq!(name(&h, "side:cp").as_deref(), Some("Central Powers"));
    assert_eq!(name(&h, "track:vp").as_deref(), Some("Victory points"));
    assert_eq!(name(&h, "marker:trench").as_deref(), Some("Trench"));
    assert_eq!(name(&h, "area:italy").as_deref(), Some("Italy (Kingdom)"));
    assert_eq!(
        name(&h, "deck:ap").as_deref(),
        Some("Allied deck of the Entente")
    );
    assert_eq!(findings(&mut h), Vec::<String>::new());

    // each burst of typing is one step: undo takes back the deck's, then the area's
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(name(&h, "deck:ap").as_deref(), Some("Allied deck"));
    assert_eq!(name(&h, "area:italy").as_deref(), Some("Italy (Kingdom)"));
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(name(&h, "area:italy").as_deref(), Some("Italy"));
    assert_eq!(name(&h, "track:vp").as_deref(), Some("Victory points"));

    // the marker kind is named like the rest (key `marker:<id>`)
    h.get_by_label("Marker kinds (1)");
    h.get_by_label("trench");
    assert_eq!(
        name_field(&h, "Name of marker kind trench")
            .value()
            .as_deref(),
        Some("Trench")
    );

    assert_eq!(save_and_check(&mut h), Vec::<String>::new());
    let saved = std::fs::read_to_string(session(&h).doc.dir.join("text.en.ron")).unwrap();
    for line in [
        "\"side:cp\": (name: \"Central Powers\"),",
        "\"track:vp\": (name: \"Victory points\"),",
        "\"marker:trench\": (name: \"Trench\"),",
        "\"area:italy\": (name: \"Italy\"),",
    ] {
        assert!(saved.contains(line), "{line} in {saved}");
    }
}

#[test]
fn the_filter_keeps_a_row_being_named_when_its_name_no_longer_matches() {
    let (_tmp, mut h) = names_view(|_| {});
    type_into(&mut h, "Filter", "austria");
    // the area by its id, the faction by its name; nothing else
    assert!(h.query_by_label("Name of area austria").is_some());
    assert!(h.query_by_label("Name of faction ah").is_some());
    assert!(h.query_by_label("Name of faction it").is_none());
    assert!(h.query_by_label("Name of side ap").is_none());

    // the whole name replaced by one that does not hold "austria"
    name_field(&h, "Name of faction ah").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    name_field(&h, "Name of faction ah").type_text("Habsburg Empire");
    h.run();
    assert_eq!(name(&h, "faction:ah").as_deref(), Some("Habsburg Empire"));
    assert!(h.query_by_label("Name of faction ah").is_some());
}

#[test]
fn a_name_cleared_is_no_name_and_undo_brings_it_back() {
    let (_tmp, mut h) = names_view(|_| {});
    name_field(&h, "Name of area austria").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    assert_eq!(name(&h, "area:austria"), None, "the entry is taken out");
    assert_eq!(
        findings(&mut h),
        ["T001 `area:austria` has no text in the source language `en`"]
    );
    h.get_by_label("Areas (2, 1 without a name)");
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(name(&h, "area:austria").as_deref(), Some("Austria"));
    assert_eq!(findings(&mut h), Vec::<String>::new());
}

#[test]
fn clicking_a_missing_name_in_the_diagnostics_shows_its_row_in_the_names_view() {
    let (_tmp, mut h) = names_view(without_the_name_of_ah);
    // the toolbar's Map view, drawn after the menu bar's Map menu
    h.get_all_by_label("Map")
        .last()
        .expect("the Map view")
        .click();
    h.run();
    assert_eq!(session(&h).view, View::Map);
    // the diagnostic points into game.ron, at the faction's id: nothing on the map
    h.get_by_label_contains("T001  game.ron:").click();
    h.run();
    assert_eq!(session(&h).view, View::Names);
    assert_eq!(session(&h).views.names.filter, "ah");
    // only that faction's row is shown (the other faction, `it`, is filtered out)
    name_field(&h, "Name of faction ah");
    assert!(h.query_by_label("Name of faction it").is_none());
}
