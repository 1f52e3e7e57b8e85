//! Each event with effects judged on each state it may be played in (its bases: the start,
//! the turns its schedule changes). They are judged base after base, so that the folder as a
//! base leaves it is built once for every event played on it (its map, when the schedule
//! changed it); the findings then go back into card order, as a scenario reports them.

use std::collections::HashSet;

use crate::analysis::events::{Board, StepAt, With, expand};
use crate::analysis::ids::Ids;
use crate::analysis::supply::trace::Lines;
use crate::analysis::world::World;
use crate::diagnostic::{Diagnostic, State};
use crate::model::StateKind;
use crate::rules::Context;

use super::found::{IN_CARDS, Key, Reach, Scene, Shared};
use super::view::{same_map, view};
use super::{Asker, bases_for, past_bound};

/// A base: its turn (None: the start), its board, the keys of what it found and the supply
/// searches its events make.
pub type Base = (Option<u32>, Board, (HashSet<Key>, Lines));

/// The findings of every event played on `bases`, in card order, and each condition judged.
pub fn events(
    scene: &Scene<'_>,
    bases: &[Base],
    with: &With<'_>,
    out: &mut Vec<Diagnostic>,
    held: &mut Vec<(StepAt, bool)>,
) {
    let scenario = &scene.doc.value;
    // the cards played on each base
    let mut on: Vec<Vec<usize>> = vec![Vec::new(); bases.len()];
    for (k, card) in with.cards.iter().enumerate() {
        if card.effects.is_empty() {
            continue;
        }
        for (_, b, _) in bases_for(card, bases, scenario) {
            if let Some(i) = bases.iter().position(|x| std::ptr::eq(&x.1, b)) {
                on[i].push(k);
            }
        }
    }
    // (card, base) of each finding, to put them back in card order
    let mut found: Vec<((usize, usize), Vec<Diagnostic>)> = Vec::new();
    for (i, (base, played)) in bases.iter().zip(&on).enumerate() {
        if played.is_empty() {
            continue;
        }
        let own = scene.shared.filter(|sh| !same_map(sh.map_of, &base.1));
        match own {
            // a map the schedule changed: the folder as this base leaves it, built for it
            Some(sh) => {
                let folder = view(scene.folder, &scene.plain, &base.1);
                let ids = Ids::build(&folder);
                let world = World::new(&folder, &ids);
                let cx = Context::new(&folder, &ids, world.as_ref(), sh.cx.rules);
                let shared = Shared {
                    cx: &cx,
                    set_up: sh.set_up,
                    map_of: &base.1,
                    reach: world.as_ref().map_or(sh.reach, Reach::of),
                };
                let scene = Scene {
                    shared: Some(shared),
                    ..scene.clone()
                };
                on_base(&scene, (i, base), played, with, &mut found, held);
            }
            None => on_base(scene, (i, base), played, with, &mut found, held),
        }
    }
    found.sort_by_key(|(at, _)| *at);
    out.extend(found.into_iter().flat_map(|(_, d)| d));
}

/// The events `played` judged on base `i`.
fn on_base(
    scene: &Scene<'_>,
    (i, (turn, base, (keys, lines))): (usize, &Base),
    played: &[usize],
    with: &With<'_>,
    found: &mut Vec<((usize, usize), Vec<Diagnostic>)>,
    held: &mut Vec<(StepAt, bool)>,
) {
    // conditions are asked in the folder this base's events are judged in
    let asker = Asker {
        folder: scene.folder,
        plain: &scene.plain,
        shared: scene.shared.map(|sh| (sh.cx, sh.map_of, sh.set_up)),
        memo: super::memo::Memo::default(),
    };
    let with = With {
        ask: &asker,
        ..*with
    };
    let (from, failures_from) = (base.applied.len(), base.failures.len());
    for &k in played {
        let card = &with.cards[k];
        let list = format!("/cards/{k}/effects");
        let x = expand(
            base.clone(),
            &card.effects,
            (IN_CARDS, &list),
            Some(&card.id),
            &with,
        );
        let mut new = Vec::new();
        past_bound(scene, &x, &list, IN_CARDS, &mut new);
        held.extend(x.conditions);
        let state = State {
            scenario: scene.doc.value.id.to_string(),
            turn: *turn,
            after: Some(card.id.to_string()),
        };
        for b in &x.boards {
            let j = scene.judge(
                b,
                (StateKind::Events, Some(&state)),
                Some((keys, Some((base, lines)))),
                (from, failures_from),
            );
            new.extend(j.new);
        }
        found.push(((k, i), new));
    }
}
