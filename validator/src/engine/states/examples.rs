//! Declared checks' examples that change the start (`then: [steps]`, issue 61): each is
//! judged on the state its steps make from its scenario's start, as the check judges any
//! state, and only there (the start's run leaves them out: `ruleset_view::example_here`).

use crate::analysis::events::{Board, With, expand};
use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;
use crate::model::{Example, GameCheck, Scope};
use crate::rules::game::g003_check_examples::G003;
use crate::{registry, rules};

use super::Asker;
use super::found::IN_CARDS;
use super::view::{Plain, view};

/// G003 for each example with `then` that does not fire (or stay silent) as it says, or whose
/// steps cannot be carried out.
pub fn judge(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let Some(file) = &folder.checks else { return };
    // in a ruleset's view, the examples that view runs (as at the start)
    let here = |ex: &Example| match &folder.view {
        None => true,
        Some(v) if v.derived => false,
        Some(v) => match &ex.ruleset {
            Some(r) => v.ruleset.as_ref() == Some(r),
            None => v.first,
        },
    };
    for (i, check) in file.value.checks.iter().enumerate() {
        for (list, examples) in [("fires", &check.fires), ("silent", &check.silent)] {
            for (k, ex) in examples.iter().enumerate() {
                if ex.then.is_empty() || !here(ex) {
                    continue;
                }
                let at = format!("/checks/{i}/{list}/{k}");
                one(folder, check, ex, &at, out);
            }
        }
    }
}

/// One example judged on each state its steps make (one per choice they offer).
fn one(folder: &GameFolder, check: &GameCheck, ex: &Example, at: &str, out: &mut Vec<Diagnostic>) {
    let file = folder.checks.as_ref().expect("judge reads the checks");
    let refuse = |message: String, help: &str| {
        Diagnostic::new(&G003, message, file.at(&format!("{at}/then"))).with_help(help.to_owned())
    };
    if !check.for_each.bound_to_scenario() {
        out.push(refuse(
            format!(
                "`then` changes a scenario's start, which a check for each {} does not read",
                check.for_each.var()
            ),
            "give `then` to examples of checks for each placement, stack or scenario, or use `with`",
        ));
        return;
    }
    let name = match check.for_each {
        Scope::Scenario => Some(&ex.on),
        _ => ex.scenario.as_ref(),
    };
    let doc = match name {
        Some(n) => folder.scenarios.iter().find(|s| s.value.id == *n),
        None => folder.scenarios.first(),
    };
    let Some(doc) = doc else {
        out.push(refuse(
            "the example's steps change a scenario's start, and the folder has no such scenario"
                .into(),
            "name one of the game's scenarios with `scenario`",
        ));
        return;
    };
    let plain = Plain::of(folder, doc);
    let map = folder.map.as_ref().map(|m| &m.value);
    let asker = Asker {
        folder,
        plain: &plain,
        shared: None,
        memo: super::memo::Memo::default(),
    };
    let with = With {
        map,
        game: folder.game.as_ref().map(|g| &g.value),
        cards: folder.cards.as_ref().map_or(&[], |c| &c.value.cards),
        cards_file: IN_CARDS,
        ask: &asker,
        unresolved: &[],
    };
    // (the steps' own file is checks.ron: their failures are located here, not by index)
    let made = expand(
        Board::start(&doc.value, map),
        &ex.then,
        (usize::MAX, &format!("{at}/then")),
        None,
        &with,
    );
    for board in made.boards {
        if let Some(f) = board.failures.first() {
            out.push(
                Diagnostic::new(
                    &G003,
                    format!("the example's step cannot be carried out: {}", f.message),
                    file.at(&f.at.pointer),
                )
                .with_help(f.help.clone()),
            );
            return;
        }
        let mut state = view(folder, &plain, &board);
        if let Some(v) = state.view.as_mut() {
            v.example = Some(ex.clone());
        }
        // the checks' run alone (its code is G001); of what it finds, the example's verdict
        let mut found = Vec::new();
        rules::check_folder_with(&state, registry::rules(), |r| r.code == "G001", &mut found);
        let this = |d: &Diagnostic| {
            d.code == "G003"
                && d.location
                    .pointer
                    .as_deref()
                    .is_some_and(|p| p == at || p.starts_with(&format!("{at}/")))
        };
        out.extend(found.into_iter().filter(this));
    }
}
