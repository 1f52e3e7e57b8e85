//! Property tests: any sequence of edits, undone, gives back the original document; redone,
//! gives back the edited one; saved and loaded, gives back the same document.

mod common;

use common::fixture_copy;
use orbat_editor::document::Document;
use orbat_editor::edit::Edit;
use orbat_editor::history::History;
use orbat_editor::save;
use orbat_validator::model::{Link, Space};
use proptest::prelude::*;

/// Ids drawn from a small pool so that edits often name existing spaces.
fn id() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("verona".to_owned()),
        Just("trento".to_owned()),
        Just("udine".to_owned()),
        Just("milano".to_owned()),
        "[a-z]{1,6}(-[0-9])?",
    ]
}

/// Coordinates in tenths, as the editor writes them.
fn coord() -> impl Strategy<Value = f32> {
    (-20_000i32..20_000).prop_map(|v| v as f32 / 10.0)
}

fn space() -> impl Strategy<Value = Space> {
    (
        id(),
        coord(),
        coord(),
        any::<bool>(),
        0u32..3,
        proptest::option::of(0u32..4),
    )
        .prop_map(|(id, x, y, port, vp, fort)| Space {
            id: id.into(),
            x,
            y,
            kind: "space".into(),
            terrain: Some("clear".into()),
            areas: vec![].into(),
            control: None,
            vp,
            fort,
            port,
            capital_of: None,
            supply_source_for: vec![].into(),
            ..Default::default()
        })
}

fn link() -> impl Strategy<Value = Link> {
    (
        id(),
        id(),
        prop_oneof![Just("normal"), Just("mountain-pass")],
        any::<bool>(),
    )
        .prop_map(|(a, b, kind, restricted)| Link {
            a: a.into(),
            b: b.into(),
            kind: kind.into(),
            only_for: if restricted {
                vec!["it".into()].into()
            } else {
                vec![].into()
            },
            ..Default::default()
        })
}

fn edit() -> impl Strategy<Value = Edit> {
    let ix = 0usize..14;
    prop_oneof![
        (ix.clone(), space()).prop_map(|(index, space)| Edit::AddSpace { index, space }),
        ix.clone().prop_map(|index| Edit::RemoveSpace { index }),
        proptest::collection::vec((ix.clone(), (coord(), coord())), 1..4).prop_map(|m| {
            Edit::MoveSpaces {
                moves: m.into_iter().map(|(i, (x, y))| (i, [x, y])).collect(),
            }
        }),
        (ix.clone(), space()).prop_map(|(index, space)| Edit::SetSpace { index, space }),
        (ix.clone(), link()).prop_map(|(index, link)| Edit::AddLink { index, link }),
        ix.clone().prop_map(|index| Edit::RemoveLink { index }),
        (ix.clone(), link()).prop_map(|(index, link)| Edit::SetLink { index, link }),
        (id(), id()).prop_map(|(from, to)| Edit::RenameSpace {
            from: from.into(),
            to: to.into()
        }),
        (ix.clone(), ix).prop_map(|(a, b)| Edit::Batch {
            label: "pair".into(),
            edits: vec![
                Edit::RemoveLink { index: a },
                Edit::RemoveSpace { index: b }
            ],
        }),
    ]
}

/// A SetSpace must keep the id; give generated ones the id of the space they replace.
fn fit(doc: &Document, e: Edit) -> Edit {
    match e {
        Edit::SetSpace { index, mut space } => {
            if let Some(s) = doc.map().and_then(|m| m.spaces.get(index)) {
                space.id = s.id.clone();
            }
            Edit::SetSpace { index, space }
        }
        other => other,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn undo_all_restores_and_redo_all_replays(edits in proptest::collection::vec(edit(), 1..25), merge in any::<bool>()) {
        let (_tmp, dir) = fixture_copy();
        let mut doc = Document::open(&dir).unwrap();
        let original = doc.values();
        let mut h = History::default();
        for (i, e) in edits.into_iter().enumerate() {
            let e = fit(&doc, e);
            // refused edits are fine (bad index, id in use): they must change nothing
            let before = doc.values();
            let result = if merge && i % 3 != 0 { h.apply_merging(&mut doc, e, 1) } else { h.apply(&mut doc, e) };
            if result.is_err() {
                prop_assert_eq!(doc.values(), before);
            }
        }
        let edited = doc.values();
        while h.can_undo() {
            h.undo(&mut doc).unwrap();
        }
        prop_assert_eq!(doc.values(), original);
        prop_assert!(!doc.is_dirty());
        while h.can_redo() {
            h.redo(&mut doc).unwrap();
        }
        prop_assert_eq!(doc.values(), edited);
    }

    #[test]
    fn save_then_load_gives_back_the_document(edits in proptest::collection::vec(edit(), 1..15)) {
        let (_tmp, dir) = fixture_copy();
        let mut doc = Document::open(&dir).unwrap();
        let mut h = History::default();
        for e in edits {
            let e = fit(&doc, e);
            let _ = h.apply(&mut doc, e);
        }
        let report = save::save(&mut doc, &[]);
        prop_assert!(report.is_complete(), "{:?}", report);
        let loaded = Document::open(&dir).unwrap();
        prop_assert_eq!(loaded.values(), doc.values());
        // and saving what was just loaded writes the same bytes
        for f in &loaded.files {
            let disk = std::fs::read_to_string(&f.path).unwrap();
            prop_assert_eq!(f.value.as_ref().unwrap().to_text().unwrap(), disk);
        }
    }
}
