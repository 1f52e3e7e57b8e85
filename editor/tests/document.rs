//! The document without a UI: loading, edits and their undo, rename, saving, conflicts,
//! failed files and recovery.

mod common;

use common::{fixture_copy, open_copy, snapshot};
use orbat_editor::document::{Document, FileId, FileValue};
use orbat_editor::edit::{self, Edit};
use orbat_editor::history::History;
use orbat_editor::{recovery, save};
use orbat_validator::Severity;
use orbat_validator::model::{Id, Link};

fn errors(doc: &Document) -> Vec<String> {
    doc.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {} {:?}", d.code, d.message, d.location.pointer))
        .collect()
}

#[test]
fn fixture_loads_clean_and_is_canonical() {
    let (_tmp, doc) = open_copy();
    assert!(doc.diagnostics.is_empty(), "{:?}", doc.diagnostics);
    assert_eq!(doc.files.len(), 6);
    for f in &doc.files {
        let disk = std::fs::read_to_string(&f.path).unwrap();
        let text = f.value.as_ref().unwrap().to_text().unwrap();
        assert_eq!(text, disk, "{} is not in canonical form", f.path.display());
    }
}

#[test]
fn saving_after_edit_and_undo_writes_nothing() {
    let (_tmp, dir) = fixture_copy();
    let before = snapshot(&dir);
    let mut doc = Document::open(&dir).unwrap();
    let mut h = History::default();
    h.apply(
        &mut doc,
        Edit::MoveSpaces {
            moves: vec![(0, [1.0, 2.0])],
        },
    )
    .unwrap();
    assert!(doc.is_dirty());
    h.undo(&mut doc).unwrap();
    assert!(!doc.is_dirty(), "undo back to the loaded state is clean");
    let report = save::save(&mut doc, &[]);
    assert!(report.saved.is_empty());
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn save_then_reload_gives_the_same_document() {
    let (_tmp, dir) = fixture_copy();
    let mut doc = Document::open(&dir).unwrap();
    let mut h = History::default();
    let map = doc.map().unwrap().clone();
    let mut space = map.spaces[0].clone();
    space.id = edit::fresh_space_id(&map);
    space.x = 123.4;
    h.apply(
        &mut doc,
        Edit::AddSpace {
            index: map.spaces.len(),
            space,
        },
    )
    .unwrap();
    h.apply(
        &mut doc,
        Edit::RenameSpace {
            from: "verona".into(),
            to: "verona-2".into(),
        },
    )
    .unwrap();
    let report = save::save(&mut doc, &[]);
    assert!(report.is_complete(), "{report:?}");
    assert_eq!(
        report.saved.len(),
        4,
        "map, cards, text and scenario changed: {report:?}"
    );
    assert!(!doc.is_dirty());
    let again = Document::open(&dir).unwrap();
    assert_eq!(again.values(), doc.values());
    // and no temporary file is left behind
    assert!(snapshot(&dir).iter().all(|(n, _)| !n.contains("orbat-tmp")));
}

#[test]
fn rename_updates_every_reference_and_undoes_exactly() {
    let (_tmp, mut doc) = open_copy();
    let original = doc.values();
    let mut h = History::default();
    h.apply(
        &mut doc,
        Edit::RenameSpace {
            from: "verona".into(),
            to: "vr".into(),
        },
    )
    .unwrap();
    doc.validate();
    assert!(errors(&doc).is_empty(), "{:?}", errors(&doc));
    let text = |doc: &Document, id: &FileId| {
        doc.file(id)
            .unwrap()
            .value
            .as_ref()
            .unwrap()
            .to_text()
            .unwrap()
    };
    for id in [
        FileId::Map,
        FileId::Cards,
        FileId::Text("en".into()),
        FileId::Scenario("opening.scenario.ron".into()),
    ] {
        let t = text(&doc, &id);
        assert!(
            !t.contains("\"verona\"") && !t.contains(":verona"),
            "{id:?} still names verona:\n{t}"
        );
    }
    assert!(text(&doc, &FileId::Text("en".into())).contains("{space:vr}"));
    assert!(doc.file(&FileId::Units).is_some_and(|f| !f.dirty));
    h.undo(&mut doc).unwrap();
    assert_eq!(doc.values(), original);
    assert!(!doc.is_dirty());
}

#[test]
fn rename_refuses_an_id_in_use_or_malformed() {
    let (_tmp, mut doc) = open_copy();
    let e = Edit::RenameSpace {
        from: "verona".into(),
        to: "milano".into(),
    }
    .apply(&mut doc)
    .unwrap_err();
    assert!(e.0.contains("already used"), "{e}");
    let e = edit::check_new_id("two words").unwrap_err();
    assert!(e.0.contains("cannot be part of an id"), "{e}");
    let e = Edit::RenameSpace {
        from: "verona".into(),
        to: Id::default(),
    }
    .apply(&mut doc)
    .unwrap_err();
    assert!(e.0.contains("empty"), "{e}");
    let e = Edit::RenameSpace {
        from: "nowhere".into(),
        to: "x".into(),
    }
    .apply(&mut doc)
    .unwrap_err();
    assert!(e.0.contains("no space"), "{e}");
    assert!(!doc.is_dirty());
}

#[test]
fn diagnostics_follow_edits() {
    let (_tmp, mut doc) = open_copy();
    let n = doc.map().unwrap().links.len();
    let link = Link {
        a: "verona".into(),
        b: "atlantis".into(),
        kind: "normal".into(),
        only_for: vec![].into(),
        ..Default::default()
    };
    Edit::AddLink { index: n, link }.apply(&mut doc).unwrap();
    assert!(doc.validate_if_stale());
    let found = doc
        .diagnostics
        .iter()
        .find(|d| d.message.contains("atlantis"))
        .unwrap_or_else(|| panic!("{:?}", doc.diagnostics));
    assert_eq!(
        found.location.pointer.as_deref(),
        Some(format!("/links/{n}/b").as_str())
    );
    assert!(
        found.location.start.is_some(),
        "points at a line in the canonical text"
    );
    assert!(!doc.validate_if_stale(), "nothing changed since");
}

#[test]
fn a_file_changed_on_disk_is_not_overwritten_without_asking() {
    let (_tmp, dir) = fixture_copy();
    let mut doc = Document::open(&dir).unwrap();
    Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }
    .apply(&mut doc)
    .unwrap();
    let theirs = std::fs::read_to_string(dir.join("map.ron"))
        .unwrap()
        .replace("250.0", "251.0");
    std::fs::write(dir.join("map.ron"), &theirs).unwrap();
    let report = save::save(&mut doc, &[]);
    assert_eq!(report.conflicts, vec![FileId::Map]);
    assert_eq!(
        std::fs::read_to_string(dir.join("map.ron")).unwrap(),
        theirs
    );
    assert!(doc.is_dirty());
    let report = save::save(&mut doc, &[FileId::Map]);
    assert!(report.is_complete());
    assert_ne!(
        std::fs::read_to_string(dir.join("map.ron")).unwrap(),
        theirs
    );
}

#[test]
fn a_file_that_failed_to_parse_is_shown_and_never_written() {
    let (_tmp, dir) = fixture_copy();
    let broken = "(\n    cards: [\n        (id: \"x\",\n";
    std::fs::write(dir.join("cards.ron"), broken).unwrap();
    let mut doc = Document::open(&dir).unwrap();
    assert!(doc.failed_files().any(|f| f.id == FileId::Cards));
    assert!(
        doc.diagnostics
            .iter()
            .any(|d| d.code == "L003" && d.location.file.ends_with("cards.ron"))
    );
    let mut h = History::default();
    h.apply(
        &mut doc,
        Edit::RenameSpace {
            from: "verona".into(),
            to: "vr".into(),
        },
    )
    .unwrap();
    doc.validate();
    assert!(
        doc.diagnostics.iter().any(|d| d.code == "L003"),
        "load errors stay listed"
    );
    let report = save::save(&mut doc, &[]);
    assert!(report.is_complete());
    assert_eq!(
        std::fs::read_to_string(dir.join("cards.ron")).unwrap(),
        broken
    );
}

#[test]
fn autosave_is_offered_back_and_recovers_the_work() {
    let (tmp, dir) = fixture_copy();
    let state = tmp.path().join("state");
    let mut doc = Document::open(&dir).unwrap();
    assert!(recovery::find(&doc, &state).is_none());
    Edit::MoveSpaces {
        moves: vec![(2, [42.0, 43.5])],
    }
    .apply(&mut doc)
    .unwrap();
    recovery::autosave(&doc, &state).unwrap();
    // "crash": open the folder again from disk
    let mut fresh = Document::open(&dir).unwrap();
    let rec = recovery::find(&fresh, &state).expect("recovery offered");
    assert_eq!(rec.files.len(), 1);
    let mut h = History::default();
    h.apply(&mut fresh, rec.edit()).unwrap();
    assert_eq!(fresh.values(), doc.values());
    assert!(fresh.is_dirty());
    h.undo(&mut fresh).unwrap();
    assert!(!fresh.is_dirty());
    recovery::discard(&fresh, &state).unwrap();
    assert!(recovery::find(&fresh, &state).is_none());
}

#[test]
fn a_drag_is_one_undo_step_and_history_is_capped() {
    let (_tmp, mut doc) = open_copy();
    let original = doc.values();
    let mut h = History::with_cap(3);
    for step in 0..20 {
        let p = step as f32;
        h.apply_merging(
            &mut doc,
            Edit::MoveSpaces {
                moves: vec![(0, [p, p]), (1, [p, -p])],
            },
            7,
        )
        .unwrap();
    }
    h.seal();
    assert_eq!(h.len(), 1);
    h.undo(&mut doc).unwrap();
    assert_eq!(doc.values(), original);
    h.redo(&mut doc).unwrap();
    let s0 = &doc.map().unwrap().spaces[0];
    assert_eq!((s0.x, s0.y), (19.0, 19.0));
    for i in 0..10 {
        h.apply(
            &mut doc,
            Edit::MoveSpaces {
                moves: vec![(3, [i as f32, 0.0])],
            },
        )
        .unwrap();
    }
    assert_eq!(h.len(), 3);
}

#[test]
fn delete_removes_links_of_deleted_spaces_and_undo_restores_order() {
    let (_tmp, mut doc) = open_copy();
    let original = doc.values();
    let map = doc.map().unwrap();
    let verona = doc.space_index("verona").unwrap();
    let edit = edit::delete(map, &[verona], &[0]).unwrap();
    let mut h = History::default();
    h.apply(&mut doc, edit).unwrap();
    let map = doc.map().unwrap();
    assert!(map.links.iter().all(|l| l.a != "verona" && l.b != "verona"));
    assert_eq!(map.links.len(), 8 - 3 - 1);
    h.undo(&mut doc).unwrap();
    assert_eq!(doc.values(), original);
}

#[test]
fn refused_edits_change_nothing() {
    let (_tmp, mut doc) = open_copy();
    let original = doc.values();
    let bad = Edit::Batch {
        label: "bad".into(),
        edits: vec![
            Edit::RemoveLink { index: 0 },
            Edit::RemoveSpace { index: 999 },
        ],
    };
    assert!(bad.apply(&mut doc).is_err());
    assert!(
        Edit::MoveSpaces {
            moves: vec![(0, [f32::NAN, 0.0])]
        }
        .apply(&mut doc)
        .is_err()
    );
    assert_eq!(doc.values(), original);
    let wrong_kind = Edit::ReplaceFile {
        id: FileId::Map,
        value: Box::new(FileValue::Cards(orbat_validator::model::CardsFile {
            cards: vec![],
        })),
    };
    assert!(wrong_kind.apply(&mut doc).is_err());
}

#[test]
fn opening_a_folder_without_game_files_says_why() {
    let tmp = tempfile::tempdir().unwrap();
    let e = Document::open(tmp.path()).unwrap_err().to_string();
    assert!(e.contains("holds no game files"), "{e}");
    let e = Document::open(&tmp.path().join("missing"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a folder"), "{e}");
}
