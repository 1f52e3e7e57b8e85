//! The game rules: checks over a loaded game folder, one rule per file, grouped by family
//! (`references/`, `map/`, `supply/`, `stacking/`, `order_of_battle/`, `cards/`, `text/`,
//! `attributes/`).
//! Each family's `mod.rs` lists its rules; [`check_folder`] builds the shared [`Context`]
//! once and runs every rule on it.

pub mod attributes;
pub mod cards;
pub mod check;
pub mod context;
pub mod events;
pub mod game;
pub mod map;
#[cfg(test)]
pub mod on_minimal;
pub mod order_of_battle;
pub mod references;
pub mod stacking;
pub mod supply;
pub mod text;

use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;
use crate::rule::Rule;
use crate::spread;

pub use check::Check;
pub use context::Context;

/// Every family's rules.
pub const FAMILIES: &[&[&Check]] = &[
    references::CHECKS,
    map::CHECKS,
    supply::CHECKS,
    stacking::CHECKS,
    order_of_battle::CHECKS,
    cards::CHECKS,
    events::CHECKS,
    text::CHECKS,
    attributes::CHECKS,
    game::CHECKS,
];

/// Every rule of every family.
pub fn checks() -> impl Iterator<Item = &'static Check> {
    FAMILIES.iter().flat_map(|f| f.iter().copied())
}

/// Runs every rule on one folder. `rules` is every rule code there is (R004 judges the
/// folder's allowances against them). The rules run in parallel, each into its own list (the
/// early ones beside the shared work the others wait for); the
/// rules about scenarios run on each scenario apart, its shared work dropped once they are
/// done (a folder's scenarios' work is not all held at once: memory is time on large folders). Which thread found what
/// does not matter: the caller sorts the diagnostics.
pub fn check_folder(folder: &GameFolder, rules: &[&'static Rule], out: &mut Vec<Diagnostic>) {
    check_folder_with(folder, rules, |_| true, out);
}

/// Runs the rules `keep` keeps on one folder (a state of play: engine/states.rs), as
/// [`check_folder`] runs all.
pub fn check_folder_with(
    folder: &GameFolder,
    rules: &[&'static Rule],
    keep: impl Fn(&Rule) -> bool,
    out: &mut Vec<Diagnostic>,
) {
    let ids = crate::analysis::ids::Ids::build(folder);
    let world = crate::analysis::world::World::new(folder, &ids);
    let cx = Context::new(folder, &ids, world.as_ref(), rules);
    let (early, later): (Vec<&Check>, Vec<&Check>) = checks()
        .filter(|c| c.run.is_some() && keep(c.rule))
        .partition(|c| c.early);
    let (per_scenario, per_folder): (Vec<&Check>, Vec<&Check>) =
        later.into_iter().partition(|c| c.per_scenario);
    let (early_found, (folder_found, scenario_found)) = spread::join(
        || run(&cx, &early),
        || {
            spread::join(
                || {
                    cx.verdicts();
                    run(&cx, &per_folder)
                },
                || {
                    spread::filter_map(&folder.scenarios, |s| {
                        let one = cx.for_scenario(s);
                        one.prepare_scenarios();
                        Some(run(&one, &per_scenario))
                    })
                },
            )
        },
    );
    let start = out.len();
    out.extend(early_found.into_iter().flatten());
    out.extend(folder_found.into_iter().flatten());
    out.extend(scenario_found.into_iter().flatten().flatten());
    // the declared checks ran beside the rules that judge the data they read: what they
    // found on data with an error is settled now (one fault, one finding)
    let mut found = out.split_off(start);
    game::held::settle(folder, &mut found);
    out.append(&mut found);
}

/// Runs on `doc`, a state of play made from one of `cx`'s folder's scenarios that changed
/// that scenario alone, the rules `keep` keeps that read a scenario (those over one scenario,
/// and those over the folder that read its scenarios too), one after the other: the rules
/// over the folder's files alone would find there what they found at the start. The
/// folder's ids and world serve every state (none built again); `reuse`, the supply searches
/// of the state it was made from that hold in it; `placed`, its placements looked up.
pub fn check_state<'s>(
    cx: &'s Context<'_>,
    (doc, reuse, placed): (
        &'s crate::load::Doc<crate::model::Scenario>,
        Option<&'s crate::analysis::supply::trace::Reuse<'s>>,
        Option<crate::analysis::placements::Placements<'s>>,
    ),
    keep: impl Fn(&Rule) -> bool,
    out: &mut Vec<Diagnostic>,
) {
    let one = cx.for_state(doc, reuse, placed);
    for c in checks().filter(|c| c.reads_scenarios && keep(c.rule)) {
        if let Some(run) = c.run {
            run(&one, out);
        }
    }
}

/// Runs `checks` on `cx` in parallel, each into its own list.
fn run(cx: &Context<'_>, checks: &[&Check]) -> Vec<Vec<Diagnostic>> {
    spread::filter_map(checks, |c| {
        let mut v = Vec::new();
        (c.run?)(cx, &mut v);
        Some(v)
    })
}
