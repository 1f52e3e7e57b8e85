//! Files changed on disk by another program while the folder is open: noticed, clean files
//! reloaded at once, dirty ones asked about; a reload is one undo step and the history stays
//! consistent across it; a file that no longer reads is never loaded over the user's work.

mod common;

use common::fixture_copy;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Dialog;
use orbat_editor::document::FileId;
use orbat_editor::edit::Edit;
use orbat_editor::session::Session;
use orbat_validator::model::MapFile;

fn open(dir: &std::path::Path) -> Session {
    Session::new(orbat_editor::document::Document::open(dir).expect("fixture opens"))
}

fn map(s: &Session) -> MapFile {
    s.doc.map().expect("map loaded").clone()
}

/// Another program moves Innsbruck (x 250 -> 251) and saves map.ron.
fn edit_on_disk(dir: &std::path::Path) -> String {
    let theirs = std::fs::read_to_string(dir.join("map.ron"))
        .expect("map.ron")
        .replace("x: 250.0", "x: 251.0");
    std::fs::write(dir.join("map.ron"), &theirs).expect("write");
    theirs
}

#[test]
fn nothing_is_reported_while_nobody_else_writes() {
    let (_tmp, dir) = fixture_copy();
    let mut s = open(&dir);
    assert!(s.check_disk().is_empty());
    // a touch changes the time, not the content: still nothing
    let f = std::fs::File::options()
        .append(true)
        .open(dir.join("map.ron"))
        .expect("open");
    f.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
        .expect("touch");
    assert!(s.check_disk().is_empty());
    assert!(s.history.is_empty());
}

#[test]
fn a_clean_file_changed_on_disk_is_reloaded_as_one_undo_step() {
    let (_tmp, dir) = fixture_copy();
    let mut s = open(&dir);
    let before = map(&s);
    edit_on_disk(&dir);
    assert!(
        s.check_disk().is_empty(),
        "nothing to ask: no unsaved changes"
    );
    assert_eq!(map(&s).spaces[0].x, 251.0, "reloaded");
    assert!(!s.doc.is_dirty(), "the editor holds what is on disk");
    s.undo();
    assert_eq!(
        map(&s),
        before,
        "undo gives back the version before the reload"
    );
    assert!(s.doc.is_dirty(), "which now differs from the disk");
    s.redo();
    assert_eq!(map(&s).spaces[0].x, 251.0);
    assert!(!s.doc.is_dirty());
}

#[test]
fn reloading_over_unsaved_edits_keeps_the_history_consistent() {
    let (_tmp, dir) = fixture_copy();
    let mut s = open(&dir);
    let original = map(&s);
    // the user moves Bolzano, then renames Udine: two steps, unsaved
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
    let after_move = map(&s);
    assert!(s.apply(Edit::RenameSpace {
        from: "udine".into(),
        to: "udine-2".into(),
    }));
    let mine = map(&s);
    edit_on_disk(&dir);
    assert_eq!(s.check_disk(), vec![FileId::Map], "asked: unsaved changes");
    assert_eq!(map(&s), mine, "asking changes nothing");
    assert!(s.reload(&FileId::Map));
    let theirs = map(&s);
    assert_eq!(theirs.spaces[0].x, 251.0);
    assert_eq!(
        theirs.spaces[1].x, original.spaces[1].x,
        "their map, not mine"
    );
    assert!(s.doc.space_index("udine").is_some());
    assert!(!s.doc.file(&FileId::Map).expect("map").dirty);
    // undo walks back through every state exactly
    s.undo();
    assert_eq!(map(&s), mine);
    s.undo();
    assert_eq!(map(&s), after_move);
    s.undo();
    assert_eq!(map(&s), original);
    // and redo forward again
    s.redo();
    s.redo();
    assert_eq!(map(&s), mine);
    s.redo();
    assert_eq!(map(&s), theirs);
    // the disk version is the baseline now: saving writes no map.ron (it is theirs already)
    // and raises no conflict; the rename's other files are saved as usual
    let report = s.save(&[]);
    assert!(report.is_complete());
    assert!(
        !report.saved.iter().any(|p| p.ends_with("map.ron")),
        "{report:?}"
    );
    // undoing the reload and saving writes mine over theirs without a conflict: the user
    // saw their version and chose
    s.undo();
    let report = s.save(&[]);
    assert!(report.is_complete(), "{report:?}");
    let on_disk = std::fs::read_to_string(dir.join("map.ron")).expect("map");
    assert!(on_disk.contains("udine-2"));
}

#[test]
fn keeping_my_version_is_not_asked_again_and_saving_still_asks() {
    let (_tmp, dir) = fixture_copy();
    let mut s = open(&dir);
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
    let theirs = edit_on_disk(&dir);
    assert_eq!(s.check_disk(), vec![FileId::Map]);
    s.keep_mine(&[FileId::Map]);
    assert!(
        s.check_disk().is_empty(),
        "not asked twice for the same change"
    );
    let report = s.save(&[]);
    assert_eq!(report.conflicts, vec![FileId::Map], "saving still asks");
    assert_eq!(
        std::fs::read_to_string(dir.join("map.ron")).expect("map"),
        theirs
    );
}

#[test]
fn a_file_that_no_longer_reads_is_not_loaded_over_the_users_work() {
    let (_tmp, dir) = fixture_copy();
    let mut s = open(&dir);
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
    let mine = map(&s);
    std::fs::write(dir.join("map.ron"), "(spaces: [ (id: \"x\",").expect("write");
    assert_eq!(s.check_disk(), vec![FileId::Map]);
    assert!(!s.reload(&FileId::Map));
    assert!(
        s.message
            .as_deref()
            .is_some_and(|m| m.contains("no longer reads") && m.contains("kept your version")),
        "{:?}",
        s.message
    );
    assert_eq!(map(&s), mine);
    assert!(s.doc.is_dirty());
}

#[test]
fn the_editor_asks_in_a_dialog_and_reloads_on_request() {
    let (tmp, dir) = fixture_copy();
    let mut app = EditorApp::new(None, tmp.path().join("state"));
    app.native_dialogs = false;
    app.disk_check_secs = 0.0;
    app.open(&dir);
    let s = app.session.as_mut().expect("open");
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app);
    h.run();
    edit_on_disk(&dir);
    h.run();
    assert!(matches!(
        h.state().dialog,
        Some(Dialog::ChangedOnDisk(ref f)) if f == &vec![FileId::Map]
    ));
    h.get_by_label("Reload from disk").click();
    h.run();
    let s = h.state().session.as_ref().expect("open");
    assert_eq!(s.doc.map().expect("map").spaces[0].x, 251.0);
    assert!(h.state().dialog.is_none());
}

/// Issue 19, defect 6: a file that failed to load, then fixed on disk, is picked up by the
/// disk watcher (it used to say "open the folder again"); broken again differently, its
/// problems are the new ones.
#[test]
fn a_file_that_failed_to_load_and_is_fixed_on_disk_is_picked_up() {
    let (_tmp, dir) = fixture_copy();
    let good = std::fs::read_to_string(dir.join("map.ron")).expect("map.ron");
    std::fs::write(dir.join("map.ron"), "(spaces: [ (id: \"x\",").expect("write");
    let mut s = open(&dir);
    assert!(s.doc.map().is_none(), "map.ron failed to load");
    let load_codes = |s: &Session| -> Vec<String> {
        s.doc
            .load_diagnostics
            .iter()
            .map(|d| d.code.to_owned())
            .collect()
    };
    assert!(!load_codes(&s).is_empty());

    // broken differently: still failing, with the new problem (an unknown field)
    std::fs::write(dir.join("map.ron"), good.replacen("spaces:", "spaces_:", 1)).expect("write");
    assert!(s.check_disk().is_empty(), "nothing to ask: no unsaved work");
    assert!(s.doc.map().is_none());
    assert!(
        s.message
            .as_deref()
            .is_some_and(|m| m.contains("still does not load")),
        "{:?}",
        s.message
    );
    s.doc.validate_if_stale();
    assert!(
        s.doc
            .diagnostics
            .iter()
            .any(|d| d.message.contains("spaces_")),
        "{:?}",
        s.doc.diagnostics
    );
    // not read again while it does not change
    assert!(s.check_disk().is_empty());

    // fixed: picked up, problems gone, editable, nothing to save
    std::fs::write(dir.join("map.ron"), &good).expect("write");
    assert!(s.check_disk().is_empty());
    assert!(s.doc.map().is_some(), "{:?}", s.message);
    assert!(load_codes(&s).is_empty(), "{:?}", load_codes(&s));
    assert!(
        s.message
            .as_deref()
            .is_some_and(|m| m.contains("now loads")),
        "{:?}",
        s.message
    );
    assert!(!s.doc.is_dirty());
    s.doc.validate_if_stale();
    assert!(s.doc.diagnostics.is_empty(), "{:?}", s.doc.diagnostics);
    assert!(s.apply(Edit::MoveSpaces {
        moves: vec![(1, [5.0, 5.0])],
    }));
}
