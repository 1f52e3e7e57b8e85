//! The translator's view, driven by its accessible labels with egui_kittest, on the Italian
//! Front sample game (English source, Italian translation): type a missing translation and see
//! the coverage rise (and fall back on undo), mark a stale entry reviewed, see a wrong
//! placeholder noted live, add a language.

mod common;

use common::{harness, new_app, sample_copy as italian_front_copy};

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::session::Session;
use orbat_editor::translation::{self, Coverage, Status};
use orbat_editor::views::View;

/// The app with the sample game open, a change made to it first, in the Translate view.
fn open_translate(
    tmp: &Path,
    dir: &Path,
    setup: impl FnOnce(&mut Session),
) -> Harness<'static, EditorApp> {
    let mut app = new_app(&tmp.join("state"));
    app.open(dir);
    let s = app.session.as_mut().expect("the sample game opens");
    setup(s);
    let mut h = harness(app);
    h.run();
    h.get_by_label("Translate").click();
    h.run();
    assert_eq!(session(&h).view, View::Translate);
    h
}

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn coverage(h: &Harness<'_, EditorApp>, lang: &str) -> Coverage {
    let doc = &session(h).doc;
    translation::coverage(doc.text("en").unwrap(), doc.text(lang).unwrap())
}

fn status_of(h: &Harness<'_, EditorApp>, key: &str) -> Status {
    let doc = &session(h).doc;
    translation::status(
        &doc.text("en").unwrap().entries[key],
        doc.text("it").unwrap().entries.get(key),
    )
}

/// Types into the search field, so that only the rows of `key` are shown.
fn search(h: &mut Harness<'_, EditorApp>, text: &str) {
    h.get_by_label("Search entries").click();
    h.run();
    h.get_by_label("Search entries").type_text(text);
    h.run();
}

fn diagnostics_with(h: &mut Harness<'_, EditorApp>, code: &str, needle: &str) -> usize {
    let s = h.state_mut().session.as_mut().unwrap();
    s.validate_if_stale();
    s.doc
        .diagnostics
        .iter()
        .filter(|d| d.code == code && d.message.contains(needle))
        .count()
}

#[test]
fn typing_a_missing_translation_raises_coverage_and_undo_lowers_it() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |s| {
        assert!(s.change_text("it", "setup", None, |t| {
            t.entries.remove("card:alpini");
        }));
    });
    let before = coverage(&h, "it");
    assert_eq!(before.missing(), 1, "{before:?}");
    assert!(before.percent() < 100);
    h.get_by_label_contains(&format!("it {}% translated", before.percent()));

    // pick Italian, then only what is missing
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("it").click();
    h.run();
    assert_eq!(session(&h).views.translate.lang.as_deref(), Some("it"));
    h.get_by_label("Missing").click();
    h.run();
    assert!(h.query_by_label("it name of card:alpini").is_some());
    assert!(
        h.query_by_label("it name of card:bainsizza-push").is_none(),
        "translated rows are filtered out"
    );
    h.get_by_label_contains("not translated");

    // type the Italian name: the entry is created, recording today's source
    h.get_by_label("it name of card:alpini").click();
    h.run();
    h.get_by_label("it name of card:alpini").type_text("Alp");
    h.run();
    let steps = session(&h).history.len();
    h.get_by_label("it name of card:alpini").type_text("ini");
    h.run();
    assert_eq!(session(&h).history.len(), steps, "typing is one undo step");
    // the name alone is half a translation: still missing, not counted
    assert_eq!(status_of(&h, "card:alpini"), Status::Missing);
    assert_eq!(coverage(&h, "it").translated, before.translated);

    // the text too: now translated
    h.get_by_label("it text of card:alpini").click();
    h.run();
    h.get_by_label("it text of card:alpini")
        .type_text("Carta da combattimento.");
    h.run();
    let after = coverage(&h, "it");
    assert_eq!(after.translated, before.translated + 1);
    assert_eq!(after.percent(), 100);
    let entry = &session(&h).doc.text("it").unwrap().entries["card:alpini"];
    assert_eq!(entry.name, "Alpini");
    assert_eq!(
        entry.source.as_ref().map(|r| r.name.as_str()),
        Some("Alpini")
    );
    h.get_by_label_contains("it 100% translated");
    // the rows stay shown while typing, though they are no longer missing
    assert!(h.query_by_label("it name of card:alpini").is_some());
    assert_eq!(status_of(&h, "card:alpini"), Status::Translated);

    // undo: each burst of typing goes, coverage falls back
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(coverage(&h, "it"), before);
    assert!(
        !session(&h)
            .doc
            .text("it")
            .unwrap()
            .entries
            .contains_key("card:alpini")
    );
    h.get_by_label_contains(&format!("it {}% translated", before.percent()));
    assert!(h.query_by_label_contains("it 100% translated").is_none());
}

#[test]
fn a_stale_entry_is_listed_and_mark_reviewed_clears_it() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |s| {
        assert!(s.change_text("en", "setup", None, |t| {
            if let Some(e) = t.entries.get_mut("card:alpini") {
                e.text = Some("Combat card. Alpini ignore the terrain shift.".into());
            }
        }));
    });
    assert_eq!(diagnostics_with(&mut h, "T003", "card:alpini"), 1);
    assert_eq!(coverage(&h, "it").stale, 1);
    h.get_by_label_contains("it 100% translated, 1 stale");

    h.get_by_label("Stale").click();
    h.run();
    assert!(h.query_by_label("it name of card:alpini").is_some());
    assert!(h.query_by_label("it name of card:bainsizza-push").is_none());
    h.get_by_label("stale: source text changed");

    h.get_by_label("Mark reviewed").click();
    h.run();
    assert_eq!(status_of(&h, "card:alpini"), Status::Translated);
    let recorded = session(&h).doc.text("it").unwrap().entries["card:alpini"]
        .source
        .clone()
        .unwrap();
    assert_eq!(
        recorded.text.as_deref(),
        Some("Combat card. Alpini ignore the terrain shift.")
    );
    assert_eq!(diagnostics_with(&mut h, "T003", "card:alpini"), 0);
    h.run();
    h.get_by_label_contains("it 100% translated, 0 stale");
    assert!(h.query_by_label("Mark reviewed").is_none());

    // one undo step brings the stale state back
    h.get_by_label("Undo").click();
    h.run();
    assert!(status_of(&h, "card:alpini").is_stale());
    assert_eq!(diagnostics_with(&mut h, "T003", "card:alpini"), 1);
}

#[test]
fn a_wrong_placeholder_is_noted_live() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |_| {});
    search(&mut h, "card:bainsizza-push");
    assert!(h.query_by_label("it text of card:bainsizza-push").is_some());
    assert!(
        h.query_by_label_contains("placeholders differ").is_none(),
        "the sample's translation keeps its placeholders"
    );

    // replace the whole text with one naming another space
    h.get_by_label("it text of card:bainsizza-push").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label("it text of card:bainsizza-push")
        .type_text("Solo dopo {card:fall-of-gorizia}: attacco da {space:udine}.");
    h.run();
    let text = session(&h).doc.text("it").unwrap().entries["card:bainsizza-push"]
        .text
        .clone();
    assert_eq!(
        text.as_deref(),
        Some("Solo dopo {card:fall-of-gorizia}: attacco da {space:udine}.")
    );
    let note = h.get_by_label_contains("placeholders differ from the source");
    let words = note.value().unwrap_or_default();
    assert!(
        words.contains("missing {space:gorizia}, {space:caporetto}, {space:bainsizza}")
            || words.contains("{space:bainsizza}, {space:caporetto}, {space:gorizia}"),
        "{words}"
    );
    h.get_by_label_contains("not in the source {space:udine}");
    // the validator agrees
    assert_eq!(diagnostics_with(&mut h, "T005", "card:bainsizza-push"), 1);

    // putting the source's placeholders back clears the note
    h.get_by_label("Undo").click();
    h.run();
    assert!(h.query_by_label_contains("placeholders differ").is_none());
}

#[test]
fn a_placeholder_added_to_a_translated_name_is_noted_live_and_flagged() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |_| {});
    search(&mut h, "card:strafexpedition");
    assert!(h.query_by_label_contains("placeholders differ").is_none());
    assert_eq!(diagnostics_with(&mut h, "T005", "card:strafexpedition"), 0);

    // the English name has no placeholder; the Italian one gains one
    h.get_by_label("it name of card:strafexpedition").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label("it name of card:strafexpedition")
        .type_text("Spedizione punitiva {space:udine}");
    h.run();
    h.get_by_label_contains(
        "name: placeholders differ from the source: not in the source {space:udine}",
    );
    // the validator agrees, naming the name
    assert_eq!(
        diagnostics_with(&mut h, "T005", "the name of `card:strafexpedition`"),
        1
    );

    h.get_by_label("Undo").click();
    h.run();
    assert!(h.query_by_label_contains("placeholders differ").is_none());
    assert_eq!(diagnostics_with(&mut h, "T005", "card:strafexpedition"), 0);
}

#[test]
fn adding_a_language_checks_its_code_and_creates_its_file() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |_| {});
    h.get_by_label("New language code").click();
    h.run();
    h.get_by_label("New language code").type_text("FR");
    h.run();
    h.get_by_label("Add language").click();
    h.run();
    h.get_by_label_contains("cannot be part of a language code");
    assert!(!session(&h).doc.languages().contains(&"fr".to_owned()));

    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .views
        .translate
        .new_lang = "fr".into();
    h.run();
    h.get_by_label("Add language").click();
    h.run();
    let s = session(&h);
    assert!(s.doc.languages().contains(&"fr".to_owned()));
    assert!(s.doc.game().unwrap().languages.contains(&"fr".to_owned()));
    assert_eq!(s.views.translate.lang.as_deref(), Some("fr"));
    assert_eq!(coverage(&h, "fr").translated, 0);
    h.get_by_label_contains("fr 0% translated, 0 stale");
    assert!(h.query_by_label_contains("cannot be part").is_none());
    // the new language's file and its declaration are one undo step
    h.get_by_label("Undo").click();
    h.run();
    let s = session(&h);
    assert!(!s.doc.languages().contains(&"fr".to_owned()));
    assert!(!s.doc.game().unwrap().languages.contains(&"fr".to_owned()));
    h.get_by_label_contains("it 100% translated");
}

/// Issue 19, defect 3: Ctrl+S did nothing while a text field had the keyboard.
#[test]
fn ctrl_s_saves_while_a_text_field_has_the_keyboard() {
    let (tmp, dir) = italian_front_copy();
    let mut h = open_translate(tmp.path(), &dir, |s| {
        assert!(s.change_text("it", "setup", None, |t| {
            t.entries.remove("card:alpini");
        }));
    });
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("it").click();
    h.run();
    h.get_by_label("Missing").click();
    h.run();
    h.get_by_label("it name of card:alpini").click();
    h.run();
    h.get_by_label("it name of card:alpini").type_text("Alpini");
    h.run();
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the field has the keyboard"
    );
    assert!(session(&h).doc.is_dirty());

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!session(&h).doc.is_dirty(), "Ctrl+S saved");
    let on_disk = std::fs::read_to_string(dir.join("text.it.ron")).unwrap();
    assert!(
        on_disk.contains(r#""card:alpini": (name: "Alpini""#),
        "what was typed is on disk"
    );
    // the field still has the keyboard: typing goes on
    assert!(h.ctx.egui_wants_keyboard_input());
}
