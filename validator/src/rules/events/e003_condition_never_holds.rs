//! E003: a condition of an event never holds in any state it is judged in (raised while the
//! states are built: engine/states.rs).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// a condition of an event or a turn never holds
    ///
    /// An `If` whose `when` is false in every state it is judged in (each scenario where the card can be played, each turn) has a `then` that can never happen: the condition, or the data it reads, is likely wrong.
    ///
    /// Bad: `If(when: "'it' in neutral()", then: [...])` in a game whose every scenario has Italy at war.
    /// Good: a condition that some scenario or turn meets, or the `If` taken out.
    pub static E003 = {
        name: "condition-never-holds",
        severity: Warning,
        family: Events,
        allow: Yes,
        fires: &["invalid/E003_1"],
        silent: &["valid/events"],
        proven_by: &[],
    };
}

/// Raised while each scenario's states are built (engine/states.rs).
pub static CHECK: Check = Check::raised_elsewhere(&E003);
