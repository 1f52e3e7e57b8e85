//! L003: a file is not valid RON.

use crate::declare_rule;

declare_rule! {
    /// a file is not valid RON
    ///
    /// Every game file is one RON value. A missing comma, an unclosed bracket or a stray character makes the file unreadable, and nothing in it can be checked.
    ///
    /// Bad:
    /// ```ron
    /// (id: "paris" kind: "space")
    /// ```
    /// Good:
    /// ```ron
    /// (id: "paris", kind: "space")
    /// ```
    pub static L003 = {
        name: "ron-syntax",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L003_1", "invalid/L003_2", "invalid/L003_3"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
