//! S003: a required field is missing.

use crate::declare_rule;

declare_rule! {
    /// a required field is missing
    ///
    /// Some fields have no sensible default and must be given.
    ///
    /// Bad:
    /// ```ron
    /// (id: "verdun", x: 10, y: 20)
    /// ```
    /// Good:
    /// ```ron
    /// (id: "verdun", x: 10, y: 20, kind: "space")
    /// ```
    pub static S003 = {
        name: "missing-field",
        severity: Error,
        family: Schema,
        allow: Never,
        fires: &["invalid/S003_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
