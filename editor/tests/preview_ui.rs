//! The set-up view's preview of a state of play, driven like a hand would: pick "after card
//! cadorna" and the map shows the unit its event places and the control it changes, the strip
//! lists what the validator found in that state, and the document stays as it was; pick
//! "start" and the set-up shows unchanged; a game with no events offers no preview.

mod common;

use common::{click_at, fixture_copy, open_dir, pick, screen_pos, snapshot};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::preview::Moment;
use orbat_editor::views::View;

/// The fixture game whose card `cadorna` brings a second Italian army to Udine and gives
/// Venezia to Austria-Hungary: the army is then cut off from Milano, its only source.
fn event_game() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = fixture_copy();
    let edit = |name: &str, from: &str, to: &str| {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).expect("fixture file");
        assert!(text.contains(from), "{name} holds {from}");
        std::fs::write(&path, text.replace(from, to)).expect("write");
    };
    edit(
        "units.ron",
        "    ],",
        "        (id: \"it-2\", faction: \"it\", kind: \"army\", full: {\"combat\": 2, \"loss\": 2, \"movement\": 3}),\n    ],",
    );
    edit(
        "text.en.ron",
        "\"unit:it-1\": (name: \"Italian 1st Army\"),",
        "\"unit:it-1\": (name: \"Italian 1st Army\"),\n        \"unit:it-2\": (name: \"Italian 2nd Army\"),",
    );
    edit(
        "cards.ron",
        "spaces: [\"verona\"]),",
        "spaces: [\"verona\"],\n            // a new army, and Venezia lost\n            effects: [Place(units: [\"it-2\"], at: \"udine\"), Control(space: \"venezia\", faction: \"ah\")]),",
    );
    (tmp, dir)
}

/// `dir` open in the set-up view of its one scenario.
fn in_setup(tmp: &std::path::Path, dir: &std::path::Path) -> Harness<'static, EditorApp> {
    let mut h = open_dir(tmp, dir);
    let s = h.state_mut().session.as_mut().expect("open");
    s.view = View::Setup;
    assert_eq!(s.scenario.as_deref(), Some("opening.scenario.ron"));
    h.run();
    h.run();
    h
}

fn untouched(h: &Harness<'static, EditorApp>) {
    let s = h.state().session.as_ref().expect("open");
    assert!(!s.doc.is_dirty(), "previewing changes no file");
    assert!(
        s.history.is_empty(),
        "previewing leaves the undo history alone"
    );
}

#[test]
fn previewing_an_event_shows_the_unit_it_places_the_control_it_changes_and_its_findings() {
    let (tmp, dir) = event_game();
    let before = snapshot(&dir);
    let mut h = in_setup(tmp.path(), &dir);
    let values = h.state().session.as_ref().unwrap().doc.values();
    pick(&mut h, "Preview", "after card cadorna");
    h.run();
    // the state shown is the validator's board after the event
    {
        let s = h.state().session.as_ref().unwrap();
        let p = &s.views.setup.preview;
        assert_eq!(p.moment, Some(Moment::After("cadorna".into())));
        let board = &p.shown().expect("the state is made").board.scenario;
        assert!(
            board
                .placements
                .iter()
                .any(|p| p.unit == "it-2" && p.at == "udine")
        );
        assert!(
            board
                .control
                .iter()
                .any(|c| c.space == "venezia" && c.faction.as_deref() == Some("ah"))
        );
    }
    // the strip says what changed, and what the validator found in that state
    h.get_by_label("it-2 at udine");
    h.get_by_label("venezia controlled by ah");
    h.get_by_label_contains("Findings in this state: 1");
    h.get_by_label_contains("P004: after `cadorna` is played in `opening`: unit `it-2`");
    // the map shows the state: Udine's stack holds the new army, Venezia is Austria's
    let udine = screen_pos(&h, "udine");
    click_at(&mut h, udine);
    h.get_by_label("it-2 ×1 (full)");
    let venezia = screen_pos(&h, "venezia");
    click_at(&mut h, venezia);
    h.get_by_label_contains("venezia — controlled by ah");
    // the editing controls are gone while the preview shows
    assert!(h.query_by_label("Paint control").is_none());
    assert!(h.query_by_label("Flip").is_none());
    // nothing changed: the model, the history, the files on disk
    untouched(&h);
    assert_eq!(h.state().session.as_ref().unwrap().doc.values(), values);
    h.get_by_label("Back to editing").click();
    h.run();
    h.run();
    h.get_by_label("Paint control");
    untouched(&h);
    assert_eq!(snapshot(&dir), before, "no byte of the folder changed");
}

#[test]
fn previewing_the_start_shows_the_set_up_as_it_is() {
    let (tmp, dir) = event_game();
    let mut h = in_setup(tmp.path(), &dir);
    pick(&mut h, "Preview", "start");
    h.run();
    {
        let s = h.state().session.as_ref().unwrap();
        let shown = &s.views.setup.preview.shown().expect("made").board.scenario;
        assert_eq!(Some(shown), s.current_scenario(), "the start is the set-up");
    }
    h.get_by_label("Changes: 0");
    assert!(
        h.query_by_label_contains("Findings in this state")
            .is_none()
    );
    assert!(h.query_by_label_contains("P004: after").is_none());
    let udine = screen_pos(&h, "udine");
    click_at(&mut h, udine);
    h.get_by_label("no units here");
    untouched(&h);
}

#[test]
fn a_game_without_events_or_schedule_offers_no_preview() {
    let (tmp, dir) = fixture_copy();
    let h = in_setup(tmp.path(), &dir);
    assert!(h.query_by_label("Preview").is_none());
    h.get_by_label("Paint control");
}
