//! G002: a check the game declares failed on one entity (raised by G001's pass).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// a check the game declares could not be judged on one entity
    ///
    /// An expression that fails while it runs (a missing attribute, a division by zero, an id that names nothing) is never a silent pass: the entity it failed on is reported, so the check can be guarded or the data fixed.
    ///
    /// Bad: `assert: "unit.attrs.command > 0"` where a unit has no `command` and the attribute no default.
    /// Good: `assert: "!has(unit.attrs.command) || unit.attrs.command > 0"`.
    pub static G002 = {
        name: "check-failed-on-entity",
        severity: Error,
        family: Game,
        allow: Never,
        fires: &["invalid/G002_1", "invalid/G002_2"],
        silent: &["valid/declared-checks"],
        proven_by: &[],
    };
}

/// Raised by G001's pass, which runs every declared check.
pub static CHECK: Check = Check::raised_elsewhere(&G002);
