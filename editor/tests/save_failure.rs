//! Issue 19, defect 4: a failed save is a dialog naming each file and the system's reason,
//! with Retry, Save the game to another folder, and Cancel; "Save and quit" that cannot save
//! says so and stays open; "Save game as…" writes the whole folder elsewhere and goes on there.

mod common;

use common::{fixture_copy, harness, new_app};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Dialog;
use orbat_editor::edit::Edit;

/// The fixture open with one unsaved move, and its map.ron made unwritable: a directory
/// stands where the file was (a read-only folder would not stop a test run as root).
fn unsaveable() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    Harness<'static, EditorApp>,
) {
    let (tmp, dir) = fixture_copy();
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    let s = app.session.as_mut().expect("the fixture opens");
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
    std::fs::remove_file(dir.join("map.ron")).expect("remove");
    std::fs::create_dir_all(dir.join("map.ron").join("in-the-way")).expect("block");
    let mut h = harness(app);
    h.run();
    (tmp, dir, h)
}

fn dirty(h: &Harness<'_, EditorApp>) -> bool {
    h.state().session.as_ref().unwrap().doc.is_dirty()
}

#[test]
fn a_failed_save_opens_a_dialog_and_saving_elsewhere_goes_on_there() {
    let (tmp, _dir, mut h) = unsaveable();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(
        matches!(&h.state().dialog, Some(Dialog::SaveFailed { errors, quitting: false })
            if errors.len() == 1 && errors[0].0.ends_with("map.ron")),
        "{:?}",
        h.state().dialog
    );
    h.get_by_label("Not saved");
    // the dialog names the file with the system's reason (the status bar says it too)
    assert!(h.get_all_by_label_contains("map.ron: ").count() >= 2);
    assert!(dirty(&h));

    // retrying fails the same way, and says so again
    h.get_by_label("Retry").click();
    h.run();
    assert!(matches!(h.state().dialog, Some(Dialog::SaveFailed { .. })));

    // a folder that is not empty is refused, in place
    h.get_by_label("Save the game to another folder…").click();
    h.run();
    h.get_by_label("Save the game to another folder");
    let full = tmp.path().join("alpine");
    h.state_mut().path_input = full.display().to_string();
    h.run();
    h.get_by_label("Save here").click();
    h.run();
    h.get_by_label_contains("is not empty");

    // a new folder: everything is written there, and the editor works there
    let elsewhere = tmp.path().join("elsewhere");
    h.state_mut().path_input = elsewhere.display().to_string();
    h.run();
    h.get_by_label("Save here").click();
    h.run();
    assert!(h.state().dialog.is_none(), "{:?}", h.state().dialog);
    assert!(!dirty(&h));
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.doc.dir, std::fs::canonicalize(&elsewhere).unwrap());
    assert!(
        elsewhere.join("backdrop.png").is_file(),
        "the backdrop came along"
    );
    let report = orbat_validator::check(std::slice::from_ref(&elsewhere)).expect("checked");
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let map = std::fs::read_to_string(elsewhere.join("map.ron")).unwrap();
    assert!(map.contains("x: 5.0, y: 5.0"), "the unsaved move was saved");
    // no temporary folder left beside it
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("orbat-save"))
        .collect();
    assert!(leftovers.is_empty());

    // and later saves go there
    let s = h.state_mut().session.as_mut().unwrap();
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [6.0, 6.0])],
    }));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!dirty(&h));
    let map = std::fs::read_to_string(elsewhere.join("map.ron")).unwrap();
    assert!(map.contains("x: 6.0, y: 6.0"));
}

#[test]
fn save_and_quit_that_cannot_save_says_so_and_stays_open() {
    let (_tmp, _dir, mut h) = unsaveable();
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, orbat_editor::app::Action::Quit);
    h.run();
    h.get_by_label("Save and quit").click();
    h.run();
    assert!(!h.state().quitting, "the editor stays open");
    assert!(
        matches!(
            h.state().dialog,
            Some(Dialog::SaveFailed { quitting: true, .. })
        ),
        "{:?}",
        h.state().dialog
    );
    h.get_by_label_contains("Your changes are only in the editor");
    assert!(dirty(&h));
}
