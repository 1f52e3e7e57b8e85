//! L005: the paths given hold no game file.

use crate::declare_rule;

declare_rule! {
    /// the paths given hold no game file
    ///
    /// The validator was given folders with no game files, so it checked nothing. In CI this usually means a wrong path.
    ///
    /// Bad: `orbat-validate scenario/` (typo)
    /// Good: `orbat-validate scenarios/`
    pub static L005 = {
        name: "nothing-to-check",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L005_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
