//! L010: a game file is larger than the 64 MiB limit.

use crate::declare_rule;

declare_rule! {
    /// a game file is larger than the 64 MiB limit
    ///
    /// Files are read whole; the limit keeps memory bounded when a stray huge file sits in a game folder. Real game files are far smaller (a 10,000-space map is under 2 MiB).
    ///
    /// Bad: a 100 MB `map.ron` written by a runaway script.
    /// Good: the real map, a few hundred KiB.
    pub static L010 = {
        name: "file-too-large",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &[],
        silent: &["valid/minimal"],
        proven_by: &["hostile.rs::a_100_mb_file_is_refused_before_it_is_read"],
    };
}
