//! G004: declared checks, or their examples, held back because the data they read is broken
//! (raised by G001's pass, and after every rule ran by [`super::held`]).

use crate::declare_rule;
use crate::rules::check::Check;

declare_rule! {
    /// declared checks or their examples were held back by errors in the data they read
    ///
    /// A check cannot be trusted on data that failed to load or holds an error: its verdict would be about the error, not the rule it states. So a check that reads a file that failed to load is not run, an example whose entity or data has an error finding is not judged (never a G003, which means the check is wrong), and a check's finding on an entity that already has an error is set aside: one fault, one finding. This note, once per folder, says what was held back and why; fixing the errors it points at brings them back.
    ///
    /// Bad: cards.ron fails to load (one bad value), and checks.ron has a check `for_each: Card`.
    /// Good: cards.ron fixed: every check runs, and every example is judged.
    pub static G004 = {
        name: "checks-held-back",
        severity: Warning,
        family: Game,
        allow: No {
            why: "it says which checks did not run, or which examples were not judged, while the data is broken",
            instead: "fix the errors it points at (the checks and examples it names then run again), then remove this entry",
        },
        fires: &["invalid/G004_1", "invalid/G004_2", "invalid/G004_3"],
        silent: &["valid/declared-checks"],
        proven_by: &[],
    };
}

/// Raised by G001's pass (checks not run) and by [`super::held`] (examples not judged).
pub static CHECK: Check = Check::raised_elsewhere(&G004);
