//! E001: a step of an event or a turn cannot be carried out in the state it applies to
//! (raised while the states are built: engine/states.rs).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// a step of an event or a turn cannot be carried out in the state it applies to
    ///
    /// An event that removes a unit not in play, brings into the war a nation at war already, takes a marker from where none lies or closes a link already closed cannot happen as written: the card or the schedule is wrong in that state (an erratum waiting to be printed). The message names the state.
    ///
    /// Bad: `effects: [Remove(units: ["it-4-army"])]` in a scenario where `it-4-army` starts off the map.
    /// Good: `effects: [Place(units: ["it-4-army"], at: "verona")]`, or the unit placed at the start.
    pub static E001 = {
        name: "step-cannot-apply",
        severity: Error,
        family: Events,
        allow: Never,
        fires: &["invalid/E001_1"],
        silent: &["valid/events"],
        proven_by: &[],
    };
}

/// Raised while each scenario's states are built (engine/states.rs).
pub static CHECK: Check = Check::raised_elsewhere(&E001);
