//! P003: a supply source is controlled by the enemy at start.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a supply source is controlled by the enemy at start
    ///
    /// A source in enemy hands supplies nobody; at the start of a scenario it is usually a control typo. A source with conditions (`source_while`, e.g. only while a side controls it) is left out: its control is part of its design.
    ///
    /// Bad:
    /// ```ron
    /// (id: "koblenz", control: "fr", supply_source_for: ["ge"])
    /// ```
    /// Good:
    /// ```ron
    /// (id: "koblenz", control: "ge", supply_source_for: ["ge"])
    /// ```
    pub static P003 = {
        name: "source-held-by-enemy",
        severity: Warning,
        family: Supply,
        allow: Yes,
        fires: &["invalid/P003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::reading_scenarios(&P003, check);

/// A source controlled by an enemy of a faction it supplies, on the map or in a scenario's
/// control at start.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    // a state of play has the map its folder was built with: what the map says, the state it
    // was made from found already
    let map = if cx.is_state() {
        &[][..]
    } else {
        &w.map.value.spaces[..]
    };
    // a source with conditions (`source_while`) is meant to be one only at times: its
    // control is part of the design, not a typo
    for (i, s) in map.iter().enumerate() {
        let Some(c) = s.control.as_ref().filter(|_| s.source_while.is_empty()) else {
            continue;
        };
        if let Some(f) = s.supply_source_for.iter().find(|f| w.enemies(f, c, None)) {
            out.push(
                Diagnostic::new(
                    &P003,
                    format!(
                        "supply source `{}` of `{f}` is controlled by the enemy (`{c}`) at start",
                        s.id
                    ),
                    w.map.at(&format!("/spaces/{i}/control")),
                )
                .with_label("enemy control")
                .with_help(
                    "check the space's control, or whether it really is a source for that faction",
                ),
            );
        }
    }
    for doc in cx.scenario_docs() {
        for (j, c) in doc.value.control.iter().enumerate() {
            let (Some(i), Some(holder)) = (w.ids.spaces.index(&c.space), &c.faction) else {
                continue;
            };
            let s = &w.map.value.spaces[i];
            if !s.source_while.is_empty() {
                continue;
            }
            if let Some(f) = s
                .supply_source_for
                .iter()
                .find(|f| w.enemies(f, holder, Some(&doc.value)))
            {
                out.push(
                    Diagnostic::new(&P003, format!("supply source `{}` of `{f}` is controlled by the enemy (`{holder}`) at start", s.id), doc.at(&format!("/control/{j}/faction")))
                        .with_label("enemy control in this scenario")
                        .with_help("check the control override, or whether the space really is a source for that faction"),
                );
            }
        }
    }
}
