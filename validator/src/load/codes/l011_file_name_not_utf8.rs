//! L011: a .ron file's name is not valid UTF-8.

use crate::declare_rule;

declare_rule! {
    /// a .ron file's name is not valid UTF-8
    ///
    /// Ids come from file names (a scenario's id, a text file's language), and findings name files; a name that is not UTF-8 can be neither read nor shown faithfully, so the file is not checked. It is reported rather than skipped, so a CI never passes a file it did not read.
    ///
    /// Bad: `1914\xff.scenario.ron` (a Latin-1 byte in the name)
    /// Good: `1914.scenario.ron`
    pub static L011 = {
        name: "file-name-not-utf8",
        severity: Error,
        family: Loading,
        allow: Never,
        fires: &[],
        silent: &["valid/minimal"],
        proven_by: &["hostile.rs::a_file_whose_name_is_not_utf8_is_reported_not_skipped"],
    };
}
