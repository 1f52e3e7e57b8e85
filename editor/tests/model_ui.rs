//! The editor says what the rulebooks' model says (issue 16), driven by accessible labels:
//! war entry in the set-up panel, a source's conditions and a port's limits in the inspector,
//! a link that carries supply for factions that may not move along it, unit flags, and a
//! card's replacement points per faction. Each edit is one undo step.

mod common;

use common::{harness_sized, new_app, pick, sample_copy};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orbat_editor::EditorApp;
use orbat_editor::app::Action;
use orbat_editor::session::Session;
use orbat_editor::views::View;
use orbat_validator::model::{Condition, Space};

/// The sample game open in `view`, in a window tall enough for the inspector's sections.
fn open(tmp: &tempfile::TempDir, view: View) -> Harness<'static, EditorApp> {
    let dir = tmp.path().join("italian-front");
    let mut app = new_app(&tmp.path().join("state"));
    app.open(&dir);
    app.session.as_mut().expect("the sample opens").view = view;
    let mut h = harness_sized(app, egui::vec2(1600.0, 1400.0));
    h.run();
    h
}

fn session<'a>(h: &'a Harness<'_, EditorApp>) -> &'a Session {
    h.state().session.as_ref().expect("a folder is open")
}

fn session_mut<'a>(h: &'a mut Harness<'static, EditorApp>) -> &'a mut Session {
    h.state_mut().session.as_mut().expect("a folder is open")
}

fn space(h: &Harness<'_, EditorApp>, id: &str) -> Space {
    let s = session(h);
    let i = s.doc.space_index(id).expect("space exists");
    s.doc.map().expect("map").spaces[i].clone()
}

fn undo(h: &mut Harness<'static, EditorApp>) {
    let ctx = h.ctx.clone();
    h.state_mut().run(&ctx, Action::Undo);
    h.run();
}

/// Clicks the `nth` checkbox labelled `label` (pick lists of the same ids stand side by side).
fn check(h: &mut Harness<'static, EditorApp>, label: &str, nth: usize) {
    let boxes: Vec<_> = h
        .get_all_by(|n| n.role() == Role::CheckBox && n.label().as_deref() == Some(label))
        .collect();
    assert!(boxes.len() > nth, "{} checkboxes `{label}`", boxes.len());
    boxes[nth].click();
    h.run();
}

/// Opens the collapsing section whose header reads `header`.
fn expand(h: &mut Harness<'static, EditorApp>, header: &str) {
    h.get_by_label(header).click();
    h.run();
}

fn select_space(h: &mut Harness<'static, EditorApp>, id: &str) {
    let s = session_mut(h);
    let i = s.doc.space_index(id).expect("space exists");
    s.selection.clear();
    s.selection.spaces.insert(i);
    h.run();
}

fn codes(h: &mut Harness<'static, EditorApp>) -> Vec<(String, String)> {
    let s = session_mut(h);
    s.validate_if_stale();
    s.doc
        .diagnostics
        .iter()
        .map(|d| (d.code.to_owned(), d.message.clone()))
        .collect()
}

/// The sample game's Caporetto scenario open in the Set-up view (keep the folder alive).
fn caporetto_setup() -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let (tmp, _dir) = sample_copy();
    let mut h = open(&tmp, View::Setup);
    session_mut(&mut h).scenario = Some("caporetto-1917.scenario.ron".into());
    h.run();
    (tmp, h)
}

#[test]
fn war_entry_in_the_set_up_panel_closes_neutral_land_and_undo_reopens_it() {
    let (_tmp, mut h) = caporetto_setup();
    let closed = |h: &Harness<'_, EditorApp>| {
        let s = session(h);
        let (game, map) = (s.doc.game().unwrap(), s.doc.map().unwrap());
        let sc = s.current_scenario().unwrap();
        orbat_editor::setup::closed_by_neutrality(game, map, sc)
    };
    let mustair = session(&h).doc.space_index("mustair").unwrap();
    // Switzerland is neutral but in limited entry: its land is open
    assert!(closed(&h).is_empty());

    expand(&mut h, "War entry");
    // the second `ch` box is the limited-entry list's
    check(&mut h, "ch", 1);
    let sc = session(&h).current_scenario().unwrap().clone();
    assert_eq!(sc.neutral, ["ch"]);
    assert!(sc.limited_entry.is_empty());
    assert_eq!(closed(&h), [mustair], "neutral Swiss land is closed");

    // no longer neutral: the limited-entry list goes with it
    check(&mut h, "ch", 0);
    let sc = session(&h).current_scenario().unwrap().clone();
    assert!(sc.neutral.is_empty() && sc.limited_entry.is_empty());
    assert!(closed(&h).is_empty());

    undo(&mut h);
    undo(&mut h);
    let sc = session(&h).current_scenario().unwrap().clone();
    assert_eq!(
        (sc.neutral, sc.limited_entry),
        (vec!["ch".into()], vec!["ch".into()])
    );
}

#[test]
fn a_nation_put_on_the_other_side_at_start_becomes_its_allies_enemy_and_undo_restores_it() {
    let (_tmp, mut h) = caporetto_setup();
    let k004 = |h: &mut Harness<'static, EditorApp>| {
        codes(h)
            .into_iter()
            .filter(|(c, m)| c == "K004" && m.contains("`br-xi`"))
            .count()
    };
    assert_eq!(
        k004(&mut h),
        0,
        "the British corps shares the Entente reserve"
    );

    expand(&mut h, "Sides at start");
    pick(&mut h, "br", "central");
    let sc = session(&h).current_scenario().unwrap().clone();
    assert_eq!(
        sc.alignments
            .iter()
            .map(|a| (a.faction.as_str(), a.side.as_str()))
            .collect::<Vec<_>>(),
        [("br", "central")]
    );
    assert_eq!(k004(&mut h), 1, "now the Italians' enemy in the reserve");

    pick(&mut h, "br", "as in the game (entente)");
    assert!(
        session(&h)
            .current_scenario()
            .unwrap()
            .alignments
            .is_empty()
    );
    undo(&mut h);
    assert_eq!(session(&h).current_scenario().unwrap().alignments.len(), 1);
    undo(&mut h);
    assert!(
        session(&h)
            .current_scenario()
            .unwrap()
            .alignments
            .is_empty()
    );
    assert_eq!(k004(&mut h), 0);
}

#[test]
fn a_source_condition_and_a_port_limit_are_added_in_the_inspector_and_undone() {
    let (tmp, _dir) = sample_copy();
    let mut h = open(&tmp, View::Map);
    select_space(&mut h, "venezia");
    h.get_by_label("Id");
    assert!(space(&h, "venezia").source_while.is_empty());

    expand(&mut h, "Supply source for");
    h.get_by_label("Add source condition").click();
    h.run();
    let venezia = space(&h, "venezia");
    assert!(
        matches!(venezia.source_while.as_slice(), [Condition::AtWar(_)]),
        "{:?}",
        venezia.source_while
    );
    // the new row is named for screen readers and tests
    h.get_by_label("source condition 1");

    expand(&mut h, "Port limits");
    h.get_by_label("Add port limit").click();
    h.run();
    assert_eq!(space(&h, "venezia").port_limits.len(), 1);

    undo(&mut h);
    assert!(space(&h, "venezia").port_limits.is_empty());
    assert_eq!(space(&h, "venezia").source_while.len(), 1);
    undo(&mut h);
    assert!(space(&h, "venezia").source_while.is_empty());
}

#[test]
fn a_link_that_carries_supply_only_is_set_in_the_inspector() {
    let (tmp, _dir) = sample_copy();
    let mut h = open(&tmp, View::Map);
    let index = {
        let map = session(&h).doc.map().unwrap();
        map.links
            .iter()
            .position(|l| l.a == "edolo" && l.b == "adamello")
            .expect("the cableway")
    };
    let link = |h: &Harness<'_, EditorApp>| session(h).doc.map().unwrap().links[index].clone();
    assert_eq!(link(&h).supply_for, ["br", "fr"]);
    {
        let s = session_mut(&mut h);
        s.selection.clear();
        s.selection.links.insert(index);
    }
    h.run();
    expand(&mut h, "Supply only for (may trace supply, not move)");
    // the first `fr` box is the "Only for" list's, the second the supply list's
    check(&mut h, "fr", 1);
    assert_eq!(link(&h).supply_for, ["br"]);
    assert_eq!(link(&h).only_for, ["it"], "movement stays as it was");
    undo(&mut h);
    assert_eq!(link(&h).supply_for, ["br", "fr"]);
}

#[test]
fn a_unit_flag_is_set_in_the_counter_mix_and_its_area_rule_applies_at_once() {
    let (tmp, _dir) = sample_copy();
    let mut h = open(&tmp, View::Units);
    let flags = |h: &Harness<'_, EditorApp>| {
        let units = session(h).doc.units().unwrap();
        let guard = units.units.iter().find(|u| u.id == "ch-border-guard");
        guard.unwrap().flags.clone()
    };
    let o007 = |h: &mut Harness<'static, EditorApp>| {
        codes(h)
            .into_iter()
            .filter(|(c, _)| c == "O007")
            .map(|(_, m)| m)
            .collect::<Vec<_>>()
    };
    session_mut(&mut h).views.units.selected = Some("ch-border-guard".into());
    h.run();
    assert!(flags(&h).is_empty());
    assert!(o007(&mut h).is_empty());
    // alpine troops fight only in Italy, Tirol and Austria-Hungary: the Swiss guard stands
    // at Müstair in Switzerland
    check(&mut h, "alpine", 0);
    assert_eq!(flags(&h), ["alpine"]);
    let found = o007(&mut h);
    assert!(
        found.iter().any(|m| m.contains("ch-border-guard")),
        "{found:?}"
    );
    undo(&mut h);
    assert!(flags(&h).is_empty());
    assert!(o007(&mut h).is_empty());
}

#[test]
fn replacement_points_per_faction_are_added_and_removed_on_a_card() {
    let (tmp, _dir) = sample_copy();
    let mut h = open(&tmp, View::Cards);
    let rp = |h: &Harness<'_, EditorApp>| {
        let cards = session(h).doc.cards().unwrap();
        let card = cards.cards.iter().find(|c| c.id == "alpini").unwrap();
        card.rp_by_faction
            .iter()
            .map(|r| (r.faction.clone(), r.value))
            .collect::<Vec<_>>()
    };
    session_mut(&mut h).views.cards.selected = Some("alpini".into());
    h.run();
    assert!(rp(&h).is_empty());
    h.get_by_label("Add RP for a faction").click();
    h.run();
    let first = session(&h).doc.game().unwrap().factions[0].id.clone();
    assert_eq!(rp(&h), [(first, 1)]);
    h.get_by_label("Remove RP 1").click();
    h.run();
    assert!(rp(&h).is_empty());
    undo(&mut h);
    assert_eq!(rp(&h).len(), 1);
}
