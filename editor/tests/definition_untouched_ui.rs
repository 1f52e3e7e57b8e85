//! Issue 62, item 2: the Definition view's forms show what the file holds (an absent field its
//! default) and change nothing unless the designer does. On every shipped game, every form of
//! game.ron and checks.ron is drawn, then every check box in it toggled twice; game.ron and
//! checks.ron, saved, are the same bytes as before.

mod common;

use common::{game_copy, open_dir};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orbat_editor::EditorApp;
use orbat_editor::file_id::FileId;
use orbat_editor::views::View;
use serde_json::Value;

/// Every form of the Definition view: `general`, then each entry of each list of game.ron
/// (and checks.ron) by section name and index.
fn forms(h: &Harness<'_, EditorApp>) -> Vec<(String, Option<usize>)> {
    let doc = &h.state().session.as_ref().unwrap().doc;
    let mut out = vec![("general".to_owned(), None)];
    for id in [FileId::Game, FileId::Checks] {
        let Some(json) = doc
            .file(&id)
            .and_then(|f| f.value.as_ref())
            .and_then(|v| v.to_json().ok())
        else {
            continue;
        };
        for (name, v) in json.as_object().into_iter().flatten() {
            if let Some(items) = v.as_array().filter(|l| l.iter().all(Value::is_object)) {
                out.push((name.clone(), None));
                out.extend((0..items.len()).map(|i| (name.clone(), Some(i))));
            }
        }
    }
    out
}

fn show(h: &mut Harness<'static, EditorApp>, section: &str, entry: Option<usize>) {
    let s = h.state_mut().session.as_mut().unwrap();
    s.view = View::Definition;
    s.views.definition.section = section.to_owned();
    s.views.definition.entry = entry;
    h.run();
}

fn files(dir: &std::path::Path) -> Vec<(String, Option<Vec<u8>>)> {
    ["game.ron", "checks.ron"]
        .into_iter()
        .map(|f| (f.to_owned(), std::fs::read(dir.join(f)).ok()))
        .collect()
}

fn save(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let s = h.state().session.as_ref().unwrap();
    assert!(!s.doc.is_dirty(), "{:?}", s.message);
}

/// Whether the boxes of this form are toggled: in the first, second and last entries of each
/// list (the entries of one list share their form, and each toggle is judged by the whole
/// validator, on every shipped game).
fn sampled(h: &Harness<'_, EditorApp>, section: &str, entry: Option<usize>) -> bool {
    let Some(i) = entry else { return true };
    let doc = &h.state().session.as_ref().unwrap().doc;
    let len = [FileId::Game, FileId::Checks]
        .iter()
        .filter_map(|id| doc.file(id)?.value.as_ref()?.to_json().ok())
        .find_map(|j| j.get(section)?.as_array().map(Vec::len))
        .unwrap_or(0);
    i < 2 || i + 1 == len
}

/// The check boxes of the diagnostics panel (which filter the list, not the game).
fn filters_findings(label: Option<&str>) -> bool {
    label.is_some_and(|l| l.ends_with(" errors") || l.ends_with(" warnings"))
}

/// Draws every form; with `toggle`, clicks each check box of each form twice.
fn untouched(game: &str, toggle: bool) {
    let (tmp, dir) = game_copy(game);
    let before = files(&dir);
    let mut h = open_dir(tmp.path(), &dir);
    let values = h.state().session.as_ref().unwrap().doc.values();
    for (section, entry) in forms(&h) {
        show(&mut h, &section, entry);
        let boxes = h.get_all_by_role(Role::CheckBox).count();
        let toggle = toggle && sampled(&h, &section, entry);
        for i in (0..boxes).filter(|_| toggle) {
            let mut name = None;
            for _ in 0..2 {
                let Some(b) = h.get_all_by_role(Role::CheckBox).nth(i) else {
                    break;
                };
                name = NodeT::accesskit_node(&b).label();
                if filters_findings(name.as_deref()) {
                    break;
                }
                b.scroll_to_me();
                h.run();
                h.get_all_by_role(Role::CheckBox).nth(i).unwrap().click();
                h.run();
            }
            let now = h.state().session.as_ref().unwrap().doc.values();
            assert!(
                now == values,
                "{game}: {section} {entry:?}: `{}` toggled twice changed the game",
                name.unwrap_or_default()
            );
        }
        let now = h.state().session.as_ref().unwrap().doc.values();
        assert!(
            now == values,
            "{game}: the form of {section} {entry:?} changed the game"
        );
    }
    save(&mut h);
    assert!(
        files(&dir) == before,
        "{game}: game.ron or checks.ron changed"
    );
}

macro_rules! games {
    ($($name:ident: $game:literal,)*) => {
        mod drawn {
            $(#[test] fn $name() { super::untouched($game, false) })*
        }
        mod toggled_twice {
            $(#[test] fn $name() { super::untouched($game, true) })*
        }
    };
}

games! {
    fitna: "fitna",
    italian_front: "italian-front",
    northern_war: "northern-war",
    paths_of_glory: "paths-of-glory",
    pursuit_of_glory: "pursuit-of-glory",
    triumph_of_chaos: "triumph-of-chaos",
}
