//! C007: a reinforcement names no place to arrive, or two.

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a reinforcement names no place to arrive, or two
    ///
    /// A card's reinforcement arrives either at the space or box it names (`to`) or, where the rules leave the choice to the player, at the capital or any supply source of a nation (`at_capital_or_source_of`): one of the two, not both, not neither.
    ///
    /// Bad:
    /// ```ron
    /// (unit: "it-2a", to: "roma", at_capital_or_source_of: Some("it"))
    /// ```
    /// Good:
    /// ```ron
    /// (unit: "it-2a", at_capital_or_source_of: Some("it"))
    /// ```
    pub static C007 = {
        name: "reinforcement-arrival",
        severity: Error,
        family: Cards,
        allow: Never,
        fires: &["invalid/C007_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&C007, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(cards) = &cx.folder.cards else {
        return;
    };
    for (i, card) in cards.value.cards.iter().enumerate() {
        for (j, r) in card.reinforcements.iter().enumerate() {
            let at = || cards.at(&format!("/cards/{i}/reinforcements/{j}"));
            match (r.to.is_empty(), &r.at_capital_or_source_of) {
                (true, None) => out.push(
                    Diagnostic::new(&C007, format!("`{}` brings `{}` in but says nowhere it arrives", card.id, r.unit), at())
                        .with_label("no `to` and no `at_capital_or_source_of`")
                        .with_help("name the space or box it arrives in with `to`, or the nation at whose capital or sources it arrives with `at_capital_or_source_of`"),
                ),
                (false, Some(f)) => out.push(
                    Diagnostic::new(&C007, format!("`{}` brings `{}` in both at `{}` and at a capital or source of `{f}`", card.id, r.unit, r.to), at())
                        .with_label("two places to arrive")
                        .with_help("keep one: `to` for a fixed place, `at_capital_or_source_of` when the player chooses"),
                ),
                _ => {}
            }
        }
    }
}
