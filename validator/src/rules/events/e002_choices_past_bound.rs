//! E002: an event or a turn makes more states than are judged (raised while the states are
//! built: engine/states.rs).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// an event makes more states than are judged
    ///
    /// Each alternative of a `OneOf` and each pick of an `UpTo` is a state of its own, judged by every rule. Past 64 states of one event in one state, the rest are not judged: this says how many of how many were, never a silent cut. A turn's scheduled choices are bounded the same way. An event that applies more than 100,000 steps (cards that play cards, each many times over) has none of its states judged, and this says so.
    ///
    /// Bad: `UpTo(n: 8, of: [...twelve steps...])` (3,000 and more picks).
    /// Good: fewer alternatives, or the choice split into several cards; or `allow: [(rule: "E002", reason: "...")]`.
    pub static E002 = {
        name: "choices-past-bound",
        severity: Warning,
        family: Events,
        allow: Yes,
        fires: &["invalid/E002_1"],
        silent: &["valid/events"],
        proven_by: &[],
    };
}

/// Raised while each scenario's states are built (engine/states.rs).
pub static CHECK: Check = Check::raised_elsewhere(&E002);
