//! Orbat's validator: load game folders, check them, and return diagnostics as data.
//!
//! The one way in is [`engine::check`]: inputs (paths, texts, or a folder already loaded) and
//! settings (rule levels from orbat.toml and the command line) in, a [`Report`] out.
//! [`check`] is its shortest form, for paths under no levels.
//!
//! ```no_run
//! let report = orbat_validator::check(&["scenarios".into()]).expect("paths exist");
//! assert_eq!(report.count(orbat_validator::Severity::Error), 0);
//! ```

pub mod analysis;
pub mod atomic;
pub mod canonical;
pub mod comment;
pub mod diagnostic;
pub mod engine;
pub mod file_kind;
pub mod fix;
pub mod format;
pub mod in_place;
pub mod levels;
pub mod load;
pub mod model;
pub mod own_schemas;
pub mod po;
pub mod registry;
pub mod render;
pub mod report;
pub mod rule;
pub mod rules;
pub mod schema;
pub mod spread;
pub mod stats;
pub mod suggest;
pub mod text_style;
pub mod words;

use std::path::PathBuf;

pub use diagnostic::{Diagnostic, LineCol, Location, Severity};
pub use engine::{CheckError, Inputs, Settings};
pub use file_kind::{FileKind, FileValue};
pub use load::{GameFolder, SourceFile};
pub use report::{Allowed, Report, sort};
pub use rule::{Allowability, Rule};

/// What game.ron's `allow` may do with `code` (case-insensitive): each rule's file says.
pub fn allowability(code: &str) -> Allowability {
    registry::allowability(code)
}

/// Checks every game folder under `paths`, with no rule levels set ([`engine::check`] with
/// [`Settings::default`]).
pub fn check(paths: &[PathBuf]) -> Result<Report, CheckError> {
    engine::check(Inputs::Paths(paths), &Settings::default())
}
