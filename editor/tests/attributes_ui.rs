//! The attributes a game declares, edited in the inspector (Northern War declares `key_city`
//! and `religion` for spaces): each row takes only what its declaration allows, set and unset
//! are undo steps, and the folder stays clean.

mod common;

use std::path::Path;

use common::{harness, new_app};
use egui_kittest::kittest::Queryable;
use orbat_editor::app::Action;
use orbat_validator::model::AttrValue;

fn northern_war_copy() -> (tempfile::TempDir, std::path::PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/northern-war");
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("northern-war");
    std::fs::create_dir(&dir).expect("create dir");
    for entry in std::fs::read_dir(src).expect("the game exists") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    (tmp, dir)
}

#[test]
fn a_declared_attribute_is_set_and_unset_in_the_inspector_and_undone() {
    let (tmp, dir) = northern_war_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    // a space that carries neither of the space attributes
    let (index, id) = {
        let s = h.state().session.as_ref().unwrap();
        let map = s.doc.map().unwrap();
        let i = map
            .spaces
            .iter()
            .position(|sp| sp.attrs.is_empty())
            .expect("a space with no attribute");
        (i, map.spaces[i].id.to_string())
    };
    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .selection
        .spaces
        .insert(index);
    h.run();
    h.get_by_label("Attributes").click();
    h.run();
    // both rows unset: `key_city` shows its default, `religion` has none
    h.get_by_label("default: false");
    h.get_by_label("not set");
    // the first Set is `key_city`'s: it takes its default
    h.get_all_by_label("Set").next().unwrap().click();
    h.run();
    let attrs = |h: &egui_kittest::Harness<'_, orbat_editor::EditorApp>| {
        let s = h.state().session.as_ref().unwrap();
        s.doc.map().unwrap().spaces[index].attrs.clone()
    };
    assert_eq!(
        attrs(&h).get("key_city"),
        Some(&AttrValue::Bool(false)),
        "{id}"
    );
    // `religion` is one of its named values: Set gives the first of them
    h.get_by_label("Set").click();
    h.run();
    assert_eq!(
        attrs(&h).get("religion"),
        Some(&AttrValue::Text("lutheran".into()))
    );
    {
        let s = h.state_mut().session.as_mut().unwrap();
        s.validate_if_stale();
        assert!(s.doc.diagnostics.is_empty(), "{:#?}", s.doc.diagnostics);
    }
    h.get_all_by_label("Unset").next().unwrap().click();
    h.run();
    assert!(attrs(&h).get("key_city").is_none());
    let ctx = h.ctx.clone();
    for _ in 0..3 {
        h.state_mut().run(&ctx, Action::Undo);
        h.run();
    }
    assert!(
        attrs(&h).is_empty(),
        "three undos take back unset, set and set"
    );
}
