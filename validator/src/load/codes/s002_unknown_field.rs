//! S002: a field the file kind does not have.

use crate::declare_rule;

declare_rule! {
    /// a field the file kind does not have
    ///
    /// Unknown fields are errors because they are almost always typos, and a typo silently drops the value.
    ///
    /// Bad:
    /// ```ron
    /// (id: "verdun", terain: "forest")
    /// ```
    /// Good:
    /// ```ron
    /// (id: "verdun", terrain: "forest")
    /// ```
    pub static S002 = {
        name: "unknown-field",
        severity: Error,
        family: Schema,
        allow: Never,
        fires: &["invalid/S002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
