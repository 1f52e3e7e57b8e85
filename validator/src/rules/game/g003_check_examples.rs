//! G003: a check the game declares lacks examples, or does not do what they say (raised by
//! G001's pass).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// a check the game declares lacks examples or contradicts them
    ///
    /// As Orbat's own rules need a fixture where they fire and one where they stay silent, each declared check needs an example of each (`fires` and `silent`): a real entity of the game, with fields changed by CEL values. Each example is run before the check runs on the game. Each key of its `with` must name a field of the entity (`kind`, `unit.kind` on a placement) or an attribute the game declares for it (`attrs.command`), and each value must fit it (a list for a list attribute, a number in its range...): a misspelt key or a value of the wrong type would make the example prove nothing. An example of a check over a scenario's placements, stacks or the scenario may change the start with `then` (steps as a card's `effects`: move, place or remove units, change control, place markers): it is judged on the state those steps make, and a step that cannot be carried out there is a finding at the step. A link is named by its ends, `a-b`; where parallel links join them (a road beside a railway), by its ends and kind, `a-b:rail`.
    ///
    /// Bad: a check with `fires: []`.
    /// Good: `fires: [(on: "ge-1a", with: {"attrs.command": "5"})]`, `silent: [(on: "ge-1a")]`.
    pub static G003 = {
        name: "check-examples",
        severity: Error,
        family: Game,
        allow: Never,
        fires: &["invalid/G003_1", "invalid/G003_2", "invalid/G003_3", "invalid/G003_4"],
        silent: &["valid/declared-checks"],
        proven_by: &[],
    };
}

/// Raised by G001's pass, which runs every declared check.
pub static CHECK: Check = Check::raised_elsewhere(&G003);
