//! The codes raised while files are found, read and parsed (L...) or checked against their
//! schema (S...), one file each; and the checks of a loaded folder's files themselves
//! (L006-L008: a game.ron, the files it needs, names that agree with contents).

pub mod l001_unreadable_file;
pub mod l002_not_utf8;
pub mod l003_ron_syntax;
pub mod l004_unknown_file_kind;
pub mod l005_nothing_to_check;
pub mod l006_missing_game_file;
pub mod l007_name_mismatch;
pub mod l008_missing_file;
pub mod l009_symlink_not_followed;
pub mod l010_file_too_large;
pub mod l011_file_name_not_utf8;
pub mod s001_schema_mismatch;
pub mod s002_unknown_field;
pub mod s003_missing_field;

pub use l001_unreadable_file::L001;
pub use l002_not_utf8::L002;
pub use l003_ron_syntax::L003;
pub use l004_unknown_file_kind::L004;
pub use l005_nothing_to_check::L005;
pub use l006_missing_game_file::L006;
pub use l007_name_mismatch::L007;
pub use l008_missing_file::L008;
pub use l009_symlink_not_followed::L009;
pub use l010_file_too_large::L010;
pub use l011_file_name_not_utf8::L011;
pub use s001_schema_mismatch::S001;
pub use s002_unknown_field::S002;
pub use s003_missing_field::S003;

use crate::diagnostic::Diagnostic;
use crate::rule::Rule;

use super::GameFolder;

/// Every loading and schema code.
pub const RULES: &[&Rule] = &[
    &L001, &L002, &L003, &L004, &L005, &L006, &L007, &L008, &L009, &L010, &L011, &S001, &S002,
    &S003,
];

/// The checks of a loaded folder's files: game.ron present (L006), the files the game needs
/// present (L008), names that agree with contents (L007).
pub fn check_folder(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    l006_missing_game_file::check(folder, out);
    l007_name_mismatch::check(folder, out);
    l008_missing_file::check(folder, out);
}
