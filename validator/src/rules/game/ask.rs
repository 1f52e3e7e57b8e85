//! A condition of an event (`If(when: ...)`) judged on a state of play: compiled as a Scenario
//! check's assertion and evaluated on the state's one scenario.

use crate::analysis::placements::Placements;
use crate::load::{Doc, GameFolder};
use crate::model::{ChecksFile, Scenario, Scope};
use crate::rules::context::Context;

use super::compile::{Bounds, For, compile};
use super::data::Data;
use super::entities::{entities, scenario_of};
use super::eval::Eval;
use super::value::Val;

/// Whether `expr` holds in `folder` (a state: one scenario); Err says why it cannot be judged.
pub fn holds(folder: &GameFolder, expr: &str) -> Result<bool, String> {
    let ids = crate::analysis::ids::Ids::build(folder);
    let world = crate::analysis::world::World::new(folder, &ids);
    let cx = Context::new(folder, &ids, world.as_ref(), crate::registry::rules());
    holds_with(&cx, expr)
}

/// The stack a condition is judged with at least.
pub const STACK: usize = 64 << 20;

/// Whether `expr` holds in `doc`, a state of play that changed one of `cx`'s folder's
/// scenarios alone (the folder's ids and world serve it as they are), its placements looked
/// up as `placed` (None: looked up here).
pub fn holds_in<'s>(
    cx: &'s Context<'_>,
    (doc, placed): (&'s Doc<Scenario>, Option<Placements<'s>>),
    expr: &str,
) -> Result<bool, String> {
    holds_with(&cx.for_state(doc, None, placed), expr)
}

/// Whether `expr` holds in the one scenario `cx`'s scenario work covers.
fn holds_with(cx: &Context<'_>, expr: &str) -> Result<bool, String> {
    let game = cx.folder.game.as_ref().ok_or("game.ron did not load")?;
    let src = cx
        .scenario_docs()
        .first()
        .map(|s| s.src.clone())
        .ok_or("the state has no scenario")?;
    // a compile error is located in the expression's own file by the caller; this file only
    // carries the text's source for the compiler's locations
    let file = Doc {
        src,
        value: ChecksFile { checks: Vec::new() },
    };
    let run = || {
        let data = Data::new(cx, &game.value);
        let env = super::compile::env();
        // (the sizes of this game's lists bound what the condition may go through)
        let target = For {
            env: &env,
            file: &file,
            game: &game.value,
            scope: Scope::Scenario,
            bounds: Bounds::of(&data),
            entities: 1.0,
        };
        let compiled = compile(&target, "", expr).map_err(|p| p.message)?;
        let scenario = *entities(&data, Scope::Scenario)
            .first()
            .ok_or("the state has no scenario")?;
        let mut ev = Eval::new(&data, scenario_of(scenario), Val::Obj(scenario));
        ev.truth(&compiled.node, "when")
    };
    // a stack grown afresh for each condition cost more than judging it (its memory mapped
    // and zeroed each time): grown only when less than that is left
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stacker::maybe_grow(STACK, STACK, run)
    }))
    .unwrap_or_else(|_| Err("the condition could not be judged".into()))
}
