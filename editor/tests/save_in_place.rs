//! Saving Paths of Glory after a few edits rewrites those entities' lines only: every comment
//! (the rulebook citations) stays, and so does every other line, whether the edits come
//! through the document or through the window (kittest). Every save merges into the text as
//! loaded, so undoing a saved deletion brings its comments back.

use std::collections::HashSet;
use std::path::PathBuf;

mod common;

use orbat_editor::document::{Document, FileId};
use orbat_editor::edit::Edit;
use orbat_editor::session::Session;
use orbat_validator::file_kind::FileValue;

fn copy_of_paths_of_glory() -> (tempfile::TempDir, PathBuf) {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scenarios/paths-of-glory");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("paths-of-glory");
    std::fs::create_dir(&dir).unwrap();
    for entry in std::fs::read_dir(&from).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    (tmp, dir)
}

/// The original's lines that the saved text no longer has, and the saved text's new lines.
fn diff(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let (b, a): (HashSet<&str>, HashSet<&str>) =
        (before.lines().collect(), after.lines().collect());
    (
        before
            .lines()
            .filter(|l| !a.contains(l))
            .map(str::to_owned)
            .collect(),
        after
            .lines()
            .filter(|l| !b.contains(l))
            .map(str::to_owned)
            .collect(),
    )
}

fn comments(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.contains("//")).collect()
}

#[test]
fn a_save_after_four_edits_changes_only_those_entities_lines() {
    let (_tmp, dir) = copy_of_paths_of_glory();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (map0, units0, cards0) = (read("map.ron"), read("text.en.ron"), read("cards.ron"));
    let mut doc = Document::open(&dir).unwrap();

    // move a space, delete a link
    let FileValue::Map(map) = doc.file(&FileId::Map).unwrap().value.clone().unwrap() else {
        panic!("no map")
    };
    let moved = map.spaces[10].id.to_string();
    let link = &map.links[20];
    let (a, b) = (link.a.to_string(), link.b.to_string());
    Edit::MoveSpaces {
        moves: vec![(10, [123.0, 456.0])],
    }
    .apply(&mut doc)
    .unwrap();
    Edit::RemoveLink { index: 20 }.apply(&mut doc).unwrap();

    // rename a unit (its English name), add a card
    let english = FileId::Text("en".into());
    let FileValue::Text(mut text) = doc.file(&english).unwrap().value.clone().unwrap() else {
        panic!("no English text")
    };
    let unit = "unit:ge-2-army";
    text.entries.get_mut(unit).unwrap().name = "Renamed army".into();
    Edit::SetFile {
        id: english.clone(),
        value: Box::new(FileValue::Text(text)),
        label: "rename a unit".into(),
    }
    .apply(&mut doc)
    .unwrap();
    let FileValue::Cards(mut cards) = doc.file(&FileId::Cards).unwrap().value.clone().unwrap()
    else {
        panic!("no cards")
    };
    let mut card = cards.cards[0].clone();
    card.id = "new-card".into();
    card.number = 999;
    cards.cards.push(card);
    Edit::SetFile {
        id: FileId::Cards,
        value: Box::new(FileValue::Cards(cards)),
        label: "add a card".into(),
    }
    .apply(&mut doc)
    .unwrap();

    let report = orbat_editor::save::save(&mut doc, &[]);
    assert!(report.is_complete(), "{report:?}");

    let (map1, units1, cards1) = (read("map.ron"), read("text.en.ron"), read("cards.ron"));
    let (gone, new) = diff(&map0, &map1);
    // the moved space's position (on one line or, as here, its own lines) and the link's line
    let link_line = |l: &String| l.contains(&format!("\"{a}\"")) && l.contains(&format!("\"{b}\""));
    assert_eq!(gone.iter().filter(|l| link_line(l)).count(), 1, "{gone:#?}");
    assert!(
        gone.iter()
            .all(|l| link_line(l) || l.contains("x: ") || l.contains("y: ")),
        "{gone:#?}"
    );
    assert!(gone.len() <= 3, "{gone:#?}");
    assert!(
        new.iter()
            .all(|l| l.contains("123.0") || l.contains("456.0"))
            && !new.is_empty(),
        "{new:#?} (moved: {moved})"
    );
    let (gone, new) = diff(&units0, &units1);
    assert_eq!(gone.len(), 1, "{gone:#?}");
    assert!(gone[0].contains(&format!("\"{unit}\"")));
    assert!(
        new.len() == 1 && new[0].contains("Renamed army"),
        "{new:#?}"
    );
    let (gone, new) = diff(&cards0, &cards1);
    assert!(gone.is_empty(), "{gone:#?}");
    assert!(
        new.len() == 1 && new[0].contains("\"new-card\""),
        "{new:#?}"
    );
    for (before, after) in [(&map0, &map1), (&units0, &units1), (&cards0, &cards1)] {
        assert_eq!(comments(before), comments(after));
    }
    // and the folder reads back as the editor holds it
    let again = Document::open(&dir).unwrap();
    for id in [FileId::Map, english, FileId::Cards] {
        assert_eq!(again.file(&id).unwrap().value, doc.file(&id).unwrap().value);
    }
}

/// The fixture with comments on Udine: a line above its space, one at the end of its line,
/// one on a link of it, and one above its English name.
fn commented_fixture() -> (tempfile::TempDir, PathBuf) {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/alpine");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("alpine");
    std::fs::create_dir(&dir).unwrap();
    for entry in std::fs::read_dir(&from).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    let edit = |name: &str, from: &str, to: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(text.contains(from), "{name}: {from}");
        std::fs::write(dir.join(name), text.replacen(from, to, 1)).unwrap();
    };
    edit(
        "map.ron",
        "        (id: \"udine\",",
        "        // Udine: rule 6.3, the Friuli front\n        (id: \"udine\",",
    );
    edit(
        "map.ron",
        "control: Some(\"it\")),\n        (id: \"it-reserve\"",
        "control: Some(\"it\")), // errata 2\n        (id: \"it-reserve\"",
    );
    edit(
        "map.ron",
        "(a: \"udine\", b: \"trieste\", kind: \"normal\"),",
        "(a: \"udine\", b: \"trieste\", kind: \"normal\"), // the Isonzo",
    );
    edit(
        "text.en.ron",
        "        \"space:udine\"",
        "        // spelt as on the map\n        \"space:udine\"",
    );
    (tmp, dir)
}

#[test]
fn undoing_a_saved_deletion_brings_its_comments_back_byte_for_byte() {
    let (_tmp, dir) = commented_fixture();
    let before = common::snapshot(&dir);
    let mut s = Session::new(Document::open(&dir).unwrap());
    let udine: orbat_validator::model::Id = "udine".into();
    s.delete_everywhere(std::slice::from_ref(&udine), &[]);
    assert!(s.doc.is_dirty());
    let report = s.save(&[]);
    assert!(report.is_complete(), "{report:?}");
    let map = std::fs::read_to_string(dir.join("map.ron")).unwrap();
    assert!(!map.contains("udine") && !map.contains("Friuli") && !map.contains("Isonzo"));
    assert!(
        !map.contains("// errata 2"),
        "its line comment went with it"
    );
    let text = std::fs::read_to_string(dir.join("text.en.ron")).unwrap();
    assert!(!text.contains("spelt as on the map"));

    // another saved edit in between, then both undone
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(0, [1.0, 2.0])],
    }));
    assert!(s.save(&[]).is_complete());
    s.undo();
    s.undo();
    let report = s.save(&[]);
    assert!(report.is_complete(), "{report:?}");
    assert_eq!(
        common::snapshot(&dir),
        before,
        "every file as it was, comments and all"
    );
    assert!(!s.doc.is_dirty());
}

#[test]
fn the_same_content_saves_to_the_same_bytes_whatever_saves_came_between() {
    let (_tmp, dir) = commented_fixture();
    let moved = |s: &mut Session| {
        assert!(s.apply(Edit::MoveSpaces {
            moves: vec![(2, [7.0, 8.0])],
        }))
    };
    // straight to the move
    let mut s = Session::new(Document::open(&dir).unwrap());
    moved(&mut s);
    assert!(s.save(&[]).is_complete());
    let direct = std::fs::read(dir.join("map.ron")).unwrap();

    // the same move after a deletion saved and undone, on a fresh copy
    let (_tmp2, dir2) = commented_fixture();
    let mut s = Session::new(Document::open(&dir2).unwrap());
    s.delete_everywhere(&[orbat_validator::model::Id::from("udine")], &[]);
    assert!(s.save(&[]).is_complete());
    s.undo();
    moved(&mut s);
    assert!(s.save(&[]).is_complete());
    assert_eq!(std::fs::read(dir2.join("map.ron")).unwrap(), direct);
    let text = String::from_utf8(direct).unwrap();
    assert!(text.contains("// Udine: rule 6.3") && text.contains("// the Isonzo"));
}

#[test]
fn a_file_reloaded_from_disk_is_the_new_base() {
    let (_tmp, dir) = commented_fixture();
    let mut s = Session::new(Document::open(&dir).unwrap());
    // another program adds a comment and moves Innsbruck; the clean file is reloaded
    let theirs = std::fs::read_to_string(dir.join("map.ron"))
        .unwrap()
        .replace("x: 250.0", "x: 251.0")
        .replace("    links: [", "    // theirs\n    links: [");
    std::fs::write(dir.join("map.ron"), &theirs).unwrap();
    s.check_disk();
    assert_eq!(s.doc.map().unwrap().spaces[0].x, 251.0);
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [3.0, 4.0])],
    }));
    assert!(s.save(&[]).is_complete());
    let saved = std::fs::read_to_string(dir.join("map.ron")).unwrap();
    assert!(saved.contains("// theirs") && saved.contains("x: 251.0"));
    assert!(saved.contains("x: 3.0") && saved.contains("// Udine: rule 6.3"));
}

/// Issue 42's acceptance, through the window: on Paths of Glory a space is dragged, a unit
/// renamed in the counter mix, a card added in the Cards view and a link clicked and
/// deleted; saved with the keyboard, each file's diff holds only those entities' lines,
/// every comment stays, and every other file is byte-identical.
#[test]
fn saving_paths_of_glory_from_the_window_changes_only_the_edited_entities_lines() {
    use common::{click_at, drag, harness, new_app, screen_pos};
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;

    let (tmp, dir) = copy_of_paths_of_glory();
    // the Caucasus crossing spread over lines, as a designer may write it (the shipped file is
    // in the canonical form, one link a line): deleting it takes all its lines
    let one_line = "        (a: \"caucasus\", b: \"grozny\", kind: \"caucasus-crossing\", attrs: {\"armies_barred\": true, \"corps_per_turn\": 1, \"movement_closed_after\": \"cp-52\"}),\n";
    let spread = "        (\n            a: \"caucasus\",\n            b: \"grozny\",\n            kind: \"caucasus-crossing\",\n            attrs: {\"armies_barred\": true, \"corps_per_turn\": 1, \"movement_closed_after\": \"cp-52\"},\n        ),\n";
    let shipped = std::fs::read_to_string(dir.join("map.ron")).unwrap();
    assert!(shipped.contains(one_line));
    std::fs::write(dir.join("map.ron"), shipped.replace(one_line, spread)).unwrap();
    let before = common::snapshot(&dir);
    let mut h = harness(new_app(&tmp.path().join("state")));
    h.run();
    h.state_mut().path_input = dir.display().to_string();
    h.get_by_label("Open").click();
    h.run();
    h.run();
    let map = |h: &egui_kittest::Harness<'_, orbat_editor::EditorApp>| {
        h.state()
            .session
            .as_ref()
            .unwrap()
            .doc
            .map()
            .unwrap()
            .clone()
    };
    let map0 = map(&h);

    // a space dragged on the map: Mulhouse, at the map's edge, away from its neighbours
    let moved = "mulhouse";
    let from = screen_pos(&h, moved);
    drag(&mut h, from, from + egui::vec2(30.0, 20.0));
    let map1 = map(&h);
    let changed: Vec<&str> = map0
        .spaces
        .iter()
        .zip(&map1.spaces)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.id.as_str())
        .collect();
    assert_eq!(changed, [moved]);

    // a link with comments of its own, on several lines (the Caucasus crossing), clicked at
    // its middle and deleted with the Delete key
    let s = h.state().session.as_ref().unwrap();
    let at = |id: &str| {
        let sp = map1.spaces.iter().find(|s| s.id == id).unwrap();
        egui::pos2(sp.x, sp.y)
    };
    let (a, b) = ("caucasus", "grozny");
    let index = map1
        .links
        .iter()
        .position(|l| l.a == a && l.b == b)
        .unwrap();
    let middle = s
        .camera
        .to_screen(s.canvas.view, at(a) + (at(b) - at(a)) * 0.5);
    click_at(&mut h, middle);
    let selected = &h.state().session.as_ref().unwrap().selection.links;
    assert_eq!(selected.iter().copied().collect::<Vec<_>>(), [index]);
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(map(&h).links.len(), map1.links.len() - 1);

    // a unit renamed in the counter mix
    h.get_by_label("Counter mix").click();
    h.run();
    let field = |h: &egui_kittest::Harness<'static, orbat_editor::EditorApp>, label: &str| {
        h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some(label))
            .click();
    };
    field(&h, "Filter");
    h.run();
    h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some("Filter"))
        .type_text("ge-2-army");
    h.run();
    h.get_by_label_contains("ge-2-army  ×").click();
    h.run();
    field(&h, "Name (en)");
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by(|n| n.role() == Role::TextInput && n.label().as_deref() == Some("Name (en)"))
        .type_text("Renamed army");
    h.run();

    // a card added in the Cards view, its title typed
    h.get_by_label("Cards").click();
    h.run();
    h.get_by_label("Add card").click();
    h.run();
    h.get_by(|n| n.role() != Role::Label && n.label().as_deref() == Some("Title"))
        .type_text("Isonzo");
    h.run();

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(!s.doc.is_dirty(), "{:?}", s.message);

    let after = common::snapshot(&dir);
    let text = |files: &[(String, Vec<u8>)], name: &str| {
        let (_, bytes) = files.iter().find(|(n, _)| n == name).unwrap();
        String::from_utf8(bytes.clone()).unwrap()
    };
    for ((name, b), (_, a)) in before.iter().zip(&after) {
        let edited = ["map.ron", "text.en.ron", "cards.ron"].contains(&name.as_str());
        assert_eq!(b == a, !edited, "{name} changed: {edited}");
    }
    // the deleted link's lines, with the comments above it, go; every other comment stays,
    // in order
    let map_before = text(&before, "map.ron");
    let lines: Vec<&str> = map_before.lines().collect();
    let first = (1..lines.len())
        .find(|&i| {
            lines[i].trim() == format!("a: \"{a}\",")
                && lines[i + 1].trim() == format!("b: \"{b}\",")
        })
        .unwrap();
    let last = first
        + lines[first..]
            .iter()
            .position(|l| l.trim() == "),")
            .unwrap();
    let above = lines[..first - 1]
        .iter()
        .rev()
        .take_while(|l| l.trim_start().starts_with("//"))
        .count();
    let its_lines = &lines[first - 1 - above..=last];
    let its_comments: Vec<&str> = its_lines
        .iter()
        .copied()
        .filter(|l| l.contains("//"))
        .collect();
    assert_eq!(its_comments.len(), 2, "{its_lines:#?}");
    for name in ["map.ron", "text.en.ron", "cards.ron"] {
        let (b, a) = (text(&before, name), text(&after, name));
        let kept: Vec<&str> = comments(&b)
            .into_iter()
            .filter(|c| name != "map.ron" || !its_comments.contains(c))
            .collect();
        assert_eq!(kept, comments(&a), "{name} keeps every other comment");
    }
    // map.ron: the moved space's position and the deleted link, nothing else
    let (gone, new) = diff(&map_before, &text(&after, "map.ron"));
    let position = |l: &String| l.contains("x: ") || l.contains("y: ");
    assert!(
        gone.iter()
            .all(|l| position(l) || its_lines.contains(&l.as_str())),
        "{gone:#?}"
    );
    assert!(
        its_comments.iter().all(|c| gone.iter().any(|l| l == c)),
        "{gone:#?}"
    );
    assert!(!new.is_empty() && new.iter().all(position), "{new:#?}");
    // text.en.ron: the unit's name, and the new card's title
    let (gone, new) = diff(&text(&before, "text.en.ron"), &text(&after, "text.en.ron"));
    assert!(
        gone.len() == 1 && gone[0].contains("\"unit:ge-2-army\""),
        "{gone:#?}"
    );
    assert_eq!(new.len(), 2, "{new:#?}");
    assert!(new.iter().any(|l| l.contains("Renamed army")));
    assert!(
        new.iter()
            .any(|l| l.contains("\"card:card-1\"") && l.contains("Isonzo"))
    );
    // cards.ron: one card's lines added, in one block
    let (b, a) = (text(&before, "cards.ron"), text(&after, "cards.ron"));
    let (gone, new) = diff(&b, &a);
    assert!(gone.is_empty(), "{gone:#?}");
    assert!(new.iter().any(|l| l.contains("\"card-1\"")), "{new:#?}");
    let lines: Vec<&str> = a.lines().collect();
    let first = lines
        .iter()
        .position(|l| new.iter().any(|n| n == l))
        .unwrap();
    assert!(
        lines[first..first + new.len()]
            .iter()
            .all(|l| new.iter().any(|n| n == l)),
        "the new card's lines stand together: {new:#?}"
    );
    // and the folder reads back as the editor holds it
    let again = Document::open(&dir).unwrap();
    let s = h.state().session.as_ref().unwrap();
    assert!(again.values() == s.doc.values());
}
