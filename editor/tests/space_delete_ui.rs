//! Issue 19, defect 2: deleting a space that scenarios, cards and texts use asks first, lists
//! every use, and "Delete everywhere" removes the space with every reference to it in one
//! step that one undo takes back whole.

mod common;

use common::{harness, new_app, sample_copy};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::{Action, Dialog};
use orbat_editor::session::Session;

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn codes(h: &mut Harness<'static, EditorApp>) -> Vec<String> {
    let s = h.state_mut().session.as_mut().unwrap();
    s.validate_if_stale();
    s.doc
        .diagnostics
        .iter()
        .map(|d| d.code.to_owned())
        .collect()
}

fn select_and_delete(h: &mut Harness<'static, EditorApp>, id: &str) {
    let s = h.state_mut().session.as_mut().unwrap();
    let i = s.doc.space_index(id).unwrap();
    s.selection.clear();
    s.selection.spaces.insert(i);
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
}

#[test]
fn deleting_a_used_space_lists_its_uses_and_one_undo_restores_everything() {
    let (tmp, dir) = sample_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    assert!(codes(&mut h).is_empty(), "the sample starts clean");
    let before = session(&h).doc.values();

    select_and_delete(&mut h, "gorizia");
    let Some(Dialog::DeleteSpaces(what)) = h.state().dialog.clone() else {
        panic!("asked first: {:?}", h.state().dialog);
    };
    assert_eq!(what.ids, ["gorizia"]);
    for file in ["caporetto-1917.scenario.ron", "cards.ron", "checks.ron"] {
        assert!(
            what.uses.iter().any(|u| u.starts_with(file)),
            "{file} in {:#?}",
            what.uses
        );
    }
    h.get_by_label("Delete gorizia?");
    assert_eq!(
        session(&h).doc.values(),
        before,
        "nothing deleted before the answer"
    );

    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().dialog.is_none());
    assert_eq!(session(&h).doc.values(), before);

    select_and_delete(&mut h, "gorizia");
    h.get_by_label("Delete everywhere").click();
    h.run();
    assert!(session(&h).doc.space_index("gorizia").is_none());
    let after = codes(&mut h);
    let dangling: Vec<_> = session(&h)
        .doc
        .diagnostics
        .iter()
        .filter(|d| d.code == "R002" && !d.location.file.ends_with("checks.ron"))
        // an event's steps are kept for the designer to rewrite (the dialog said so)
        .filter(|d| {
            let p = d.location.pointer.as_deref().unwrap_or("");
            !p.contains("/effects/") && !p.contains("/schedule/")
        })
        .collect();
    assert!(
        dangling.is_empty(),
        "no reference is left dangling: {dangling:?}"
    );
    // what is left: texts' placeholders to reword, the check's examples on Gorizia to move
    // (R002 in checks.ron, which the editor does not edit), units whose supply line ran
    // through Gorizia and a front no longer connected (the map really changed)
    assert!(
        after.iter().all(|c| ["T004", "P004", "R002", "game/front-sectors-connected"]
            .contains(&c.as_str())),
        "{after:?}"
    );
    let texts = session(&h).doc.text("it").unwrap();
    assert!(!texts.entries.contains_key("space:gorizia"));

    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
    assert_eq!(
        session(&h).doc.values(),
        before,
        "one undo brings all of it back"
    );
    assert!(codes(&mut h).is_empty());
}

/// Renaming reaches the spaces conditions name (issue 16's `Controls(by:, space:)` in a port's
/// limits): no reference is left behind.
#[test]
fn renaming_a_space_renames_it_in_conditions_too() {
    let (tmp, dir) = sample_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let mut h = harness(app);
    h.run();
    let s = h.state_mut().session.as_mut().unwrap();
    assert!(s.apply(orbat_editor::edit::Edit::RenameSpace {
        from: "monfalcone".into(),
        to: "monfalcone-bay".into(),
    }));
    let trieste = {
        let i = s.doc.space_index("trieste").unwrap();
        s.doc.map().unwrap().spaces[i].clone()
    };
    let text = format!("{:?}", trieste.port_limits);
    assert!(text.contains("monfalcone-bay"), "{text}");
    assert!(codes(&mut h).is_empty(), "{:?}", codes(&mut h));
}
