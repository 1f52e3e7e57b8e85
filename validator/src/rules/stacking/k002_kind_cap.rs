//! K002: more units of one kind in a location than its cap.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

use crate::analysis::stacks::{Placed, listing};

declare_rule! {
    /// more units of one kind in a location than its cap
    ///
    /// Some games cap unit kinds per location: at most two armies in a space, one HQ anywhere.
    ///
    /// Bad: three armies in a space whose kind has `kind_caps: [(unit_kind: "army", max: 2)]`.
    /// Good: two armies and a corps.
    pub static K002 = {
        name: "kind-cap",
        severity: Error,
        family: Stacking,
        allow: Never,
        fires: &["invalid/K002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::per_scenario(&K002, check);

/// Each group's units of one kind against the location kind's caps, then each unit kind's
/// own `max_per_location`.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    for stacks in cx.stacks() {
        for stack in stacks.stacks() {
            for (group, members) in stack.groups() {
                // the location kind's caps (true), then each unit kind's own (false); the
                // reason is worded only for a finding
                let caps = stack
                    .kind
                    .kind_caps
                    .iter()
                    .map(|c| (c.unit_kind.as_str(), c.max, true))
                    .chain(w.game.unit_kinds.iter().filter_map(|uk| {
                        uk.max_per_location.map(|max| (uk.id.as_str(), max, false))
                    }));
                for (unit_kind, max, location_cap) in caps {
                    let of_kind = || {
                        members
                            .iter()
                            .map(|&i| &stack.placed[i as usize])
                            .filter(|p| p.kind == unit_kind)
                    };
                    // u64: counts come from the files; a sum of them must not wrap
                    let n: u64 = of_kind().map(|p| u64::from(p.count)).sum();
                    let Some(last) = of_kind().next_back().filter(|_| n > u64::from(max)) else {
                        continue;
                    };
                    let of_kind: Vec<&Placed<'_>> = of_kind().collect();
                    let why = if location_cap {
                        format!("a `{}` holds at most {max} `{unit_kind}`", stack.kind.id)
                    } else {
                        format!("at most {max} `{unit_kind}` per location")
                    };
                    out.push(
                        Diagnostic::new(&K002, format!("{n} `{unit_kind}` units of `{group}` in `{}`, over the cap of {max}", stack.space_id), stacks.at(last))
                            .with_label("this placement goes over the cap")
                            .with_help(format!("{why}; here: {}", listing(&of_kind))),
                    );
                }
            }
        }
    }
}
