//! Renderers: the same diagnostics as text for people, JSON, SARIF 2.1.0, GitHub workflow
//! annotations, JUnit XML and GitLab Code Quality. Each returns a string; the binary decides
//! where it goes.

pub mod escape;
pub mod excerpt;
pub mod github;
pub mod gitlab;
pub mod human;
pub mod json;
pub mod junit;
pub mod limit;
pub mod sarif;

pub use crate::diagnostic::display_path;

/// A rule's name for a title: the registry's, or a game's own check's id (its code less
/// `game/`).
pub fn rule_name(code: &str) -> &str {
    crate::registry::rule(code).map_or_else(|| code.strip_prefix("game/").unwrap_or(""), |r| r.name)
}

/// The closing summary line.
pub fn summary(report: &crate::Report) -> String {
    let errors = report.count(crate::Severity::Error);
    let warnings = report.count(crate::Severity::Warning);
    format!(
        "checked {} {} in {} {}: {} {}, {} {}",
        report.files,
        plural(report.files, "file", "files"),
        report.games,
        plural(report.games, "game folder", "game folders"),
        errors,
        plural(errors, "error", "errors"),
        warnings,
        plural(warnings, "warning", "warnings"),
    )
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
