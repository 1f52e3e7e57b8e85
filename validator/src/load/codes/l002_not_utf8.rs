//! L002: a game file is not UTF-8 text.

use crate::declare_rule;

declare_rule! {
    /// a game file is not UTF-8 text
    ///
    /// Game files are UTF-8 text. A file saved in another encoding (Latin-1, UTF-16) cannot be read reliably.
    ///
    /// Bad: `text.it.ron` saved as Windows-1252, with `à` as the single byte 0xE0.
    /// Good: the same file saved as UTF-8 (any modern editor: "Save with encoding: UTF-8").
    pub static L002 = {
        name: "not-utf8",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L002_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
