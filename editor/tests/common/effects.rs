//! The card editor's Event section driven by accessible labels: the Cards view open on a copy
//! of a shipped game, a card opened, its steps read back, pick lists searched, save and undo.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Action;
use orbat_editor::session::Session;
use orbat_editor::views::View;
use orbat_validator::model::Step;

use super::{click, harness_sized, new_app};

/// The editor open on `dir`, showing the Cards view, in a window tall enough for the editor.
pub fn cards_view(tmp: &tempfile::TempDir, dir: &Path) -> Harness<'static, EditorApp> {
    let mut app = new_app(&tmp.path().join("state"));
    app.open(dir);
    let mut h = harness_sized(app, egui::vec2(1600.0, 1100.0));
    h.run();
    h.get_by_label("Cards").click();
    h.run();
    assert_eq!(session(&h).view, View::Cards);
    h
}

pub fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

/// Opens `id` in the card editor (as a click on its row does).
pub fn open_card(h: &mut Harness<'static, EditorApp>, id: &str) {
    let s = h.state_mut().session.as_mut().unwrap();
    s.views.cards.selected = Some(id.to_owned());
    h.run();
    h.run();
    h.get_by_label(&format!("Card {id}"));
}

pub fn effects(h: &Harness<'_, EditorApp>, id: &str) -> Vec<Step> {
    let cards = session(h).doc.cards().expect("cards.ron loaded");
    let card = cards.cards.iter().find(|c| c.id == id);
    card.unwrap_or_else(|| panic!("no card {id}"))
        .effects
        .clone()
}

/// Opens the pick list named `combo`, types `search` in its search box when it has one, and
/// clicks the option `option` (shown alone, or followed by its name: `vessburg — Vessburg`).
pub fn pick(h: &mut Harness<'static, EditorApp>, combo: &str, search: &str, option: &str) {
    click(h, combo);
    if let Some(s) = h.query_by_label("Search the list") {
        s.focus();
        h.run();
        h.get_by_label("Search the list").type_text(search);
        h.run();
    }
    let is_option = |n: &egui_kittest::kittest::AccessKitNode<'_>| {
        n.role() != Role::ComboBox
            && n.label().is_some_and(|l| {
                l == option || l.strip_prefix(option).is_some_and(|r| r.starts_with(" — "))
            })
    };
    // a long list scrolls: the option is brought into view first
    h.get_by(is_option).scroll_to_me();
    h.run();
    h.get_by(is_option).click();
    h.run();
}

pub fn save(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let s = session(h);
    assert!(!s.doc.is_dirty(), "saved: {:?}", s.message);
}

pub fn undo(h: &mut Harness<'static, EditorApp>) {
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
}

pub fn cards_ron(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("cards.ron")).expect("cards.ron")
}
