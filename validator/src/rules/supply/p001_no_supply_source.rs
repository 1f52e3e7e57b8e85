//! P001: a faction with units has no supply source.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::model::compare::same;
use crate::rules::check::Check;
use crate::rules::context::Context;

use crate::analysis::supply::sources::{rule_for, sources_for};

declare_rule! {
    /// a faction with units has no supply source
    ///
    /// Every unit needs supply; a faction with no source (its own, one it may use, a limited source, or an always-supplied area) is out of supply everywhere.
    ///
    /// Bad: units of `tu` exist and no space has `supply_source_for: ["tu"]`.
    /// Good:
    /// ```ron
    /// (id: "constantinople", ..., supply_source_for: ["tu"])
    /// ```
    pub static P001 = {
        name: "no-supply-source",
        severity: Error,
        family: Supply,
        allow: Never,
        fires: &["invalid/P001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&P001, check);

/// Every faction with units that need supply has somewhere to draw it from: a source of its
/// own or of a faction its rule names, a limited source, or an always-supplied area.
fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(w) = cx.world else { return };
    let (Some(units), Some(game)) = (&w.folder.units, &w.folder.game) else {
        return;
    };
    for (i, faction) in w.game.factions.iter().enumerate() {
        let needy = units.value.units.iter().any(|u| {
            same(&u.faction, &faction.id)
                && w.unit_kind(&u.kind).is_some_and(|k| !k.needs_no_supply)
        });
        if !needy || !sources_for(w, None, &faction.id).is_empty() {
            continue;
        }
        if rule_for(w, &faction.id)
            .is_some_and(|r| r.always_supplied || !r.always_supplied_in.is_empty())
        {
            continue;
        }
        out.push(
            Diagnostic::new(&P001, format!("faction `{}` has units but no supply source", faction.id), game.at(&format!("/factions/{i}/id")))
                .with_label("no source supplies this faction")
                .with_help(format!(
                    "add `{}` to the `supply_source_for` of a space in map.ron, or give it a supply rule in game.ron (`uses_sources_of`, `limited_sources` or `always_supplied_in`)",
                    faction.id
                )),
        );
    }
}
