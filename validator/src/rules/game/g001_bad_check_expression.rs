//! G001: a check the game declares cannot run as written.

use crate::declare_rule;

declare_rule! {
    /// a check the game declares cannot run as written
    ///
    /// Each expression of checks.ron is checked before any check runs: it must parse as CEL, name only the entity's fields, the game's declared attributes and the functions docs/designing-checks.md lists, compare values of one kind, stay within the limits (4,096 bytes, brackets 32 deep, a bounded cost on the game checked), and its message may name only the entity's fields. A check's `replaces` must name built-in warnings a game may allow (the check then stands in for them).
    ///
    /// Bad: `assert: "unit.attrs.comand <= 6"` (no such attribute).
    /// Good: `assert: "unit.attrs.command <= 6"`.
    pub static G001 = {
        name: "bad-check-expression",
        severity: Error,
        family: Game,
        allow: Never,
        fires: &["invalid/G001_1", "invalid/G001_2"],
        silent: &["valid/declared-checks", "valid/declared-supply-trace"],
        proven_by: &[],
    };
}
