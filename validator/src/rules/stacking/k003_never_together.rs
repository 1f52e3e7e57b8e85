//! K003: factions that may never stack together share a location.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::Stance;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// factions that may never stack together share a location
    ///
    /// Some factions may not stack together although they are allies (Pursuit of Glory: Russians with British).
    ///
    /// Bad: `ru` and `br` units in one space, with `never_together: [("ru", "br")]`.
    /// Good: the British unit in the next space.
    pub static K003 = {
        name: "never-together",
        severity: Error,
        family: Stacking,
        allow: Never,
        fires: &["invalid/K003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&K003, check);

/// The game's pairs that may never stack together, and friends kept apart by their relation
/// (FITNA: factions may share a space only where a rule allows it).
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for stacks in cx.stacks() {
        let scenario = &stacks.doc.value;
        for stack in stacks.stacks() {
            let placed = stack.placed;
            // one faction alone makes no pair
            if placed.iter().all(|p| p.faction == placed[0].faction) {
                continue;
            }
            let mut apart: Vec<(&str, &str, &'static str)> = w
                .game
                .stacking
                .never_together
                .iter()
                .map(|(a, b)| {
                    (
                        a.as_str(),
                        b.as_str(),
                        "game.ron `stacking.never_together` forbids this pair",
                    )
                })
                .collect();
            let mut factions_here: Vec<&str> = placed.iter().map(|p| p.faction).collect();
            factions_here.sort_unstable();
            factions_here.dedup();
            for (i, a) in factions_here.iter().enumerate() {
                for b in &factions_here[i + 1..] {
                    if w.stance(a, b, Some(scenario)) == Stance::AlliedApart {
                        apart.push((
                            a,
                            b,
                            "their relation is `AlliedApart`: friends that may not share a location",
                        ));
                    }
                }
            }
            for (a, b, why) in apart {
                let with_a = placed.iter().find(|p| p.faction == a);
                let with_b = placed.iter().find(|p| p.faction == b);
                if let (Some(first), Some(second)) = (with_a, with_b) {
                    let (earlier, later) = if first.index < second.index {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    out.push(
                        Diagnostic::new(&K003, format!("`{a}` and `{b}` units may not stack together, but both are in `{}`", stack.space_id), stacks.at(later))
                            .with_label(format!("`{}` joins `{}` here", later.unit, earlier.unit))
                            .with_related(stacks.at(earlier), format!("`{}` is already here", earlier.unit))
                            .with_help(format!("{why}: place one of them elsewhere")),
                    );
                }
            }
        }
    }
}
