//! S001: a value has the wrong type or is out of range.

use crate::declare_rule;

declare_rule! {
    /// a value has the wrong type or is out of range
    ///
    /// Each file kind has a JSON Schema (in `schemas/`). A value of the wrong type or outside the allowed range cannot be used.
    ///
    /// Bad:
    /// ```ron
    /// (id: "verdun", vp: "one")
    /// ```
    /// Good:
    /// ```ron
    /// (id: "verdun", vp: 1)
    /// ```
    pub static S001 = {
        name: "schema-mismatch",
        severity: Error,
        family: Schema,
        allow: Never,
        fires: &["invalid/S001_1", "invalid/S001_2", "invalid/S001_3"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
