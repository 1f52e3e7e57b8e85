//! L001: a file or folder could not be read.

use crate::declare_rule;

declare_rule! {
    /// a file or folder could not be read
    ///
    /// The validator could not open a file or folder (permission denied, or an I/O error). Nothing in it was checked, and the run exits with status 2.
    ///
    /// Bad: `map.ron` with mode 000 (no one may read it).
    /// Good: `chmod 644 map.ron`, or remove the path from the command line.
    pub static L001 = {
        name: "unreadable-file",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &["invalid/L001_1"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}
