//! What a run found, as data: the findings, the warnings a game allows, and the sources the
//! findings point into. The renderers read a [`Report`] and nothing else of the engine.

use std::path::PathBuf;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Location, Severity};
use crate::levels::{Applied, Level};
use crate::load::SourceFile;
use crate::load::codes::L001;

/// The outcome of a run: every diagnostic (sorted by file and position) and the sources they
/// point into.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
    pub sources: Vec<Arc<SourceFile>>,
    /// Game files found.
    pub files: usize,
    /// Every game file checked, in order (also those with no finding: a JUnit report lists
    /// them as passed tests).
    pub checked: Vec<PathBuf>,
    /// Game folders found.
    pub games: usize,
    /// The warnings their game folder allows (sorted as `diagnostics`): not findings, so not
    /// counted in [`Report::count`] nor in the exit status, but kept so that renderers can
    /// show them as suppressed (SARIF `suppressions`, the JSON `allowed` array).
    pub allowed: Vec<Allowed>,
    /// What the user's rule levels did (warnings made errors, warnings not reported).
    pub applied: Applied,
    /// The game's own checks (checks.ron) of the folders checked, as rules: a renderer that
    /// lists the rules (SARIF) lists these after the built-in ones.
    pub declared: Vec<crate::model::GameCheck>,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The source text of a file, if a diagnostic points into it.
    pub fn source(&self, path: &std::path::Path) -> Option<&SourceFile> {
        self.sources.iter().find(|s| s.path == path).map(|s| &**s)
    }

    /// The exit status of `orbat-validate` for this report: 2 when a file could not be read
    /// (L001), 1 when there are errors (or, with `deny_warnings`, warnings the user did not
    /// keep warnings), else 0. Allowed warnings never count.
    pub fn exit_status(&self, deny_warnings: bool) -> u8 {
        let kept = |d: &Diagnostic| d.level.as_ref().is_some_and(|l| l.level == Level::Warn);
        if self.diagnostics.iter().any(|d| d.code == L001.code) {
            2
        } else if self.count(Severity::Error) > 0
            || (deny_warnings
                && self
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Warning && !kept(d)))
        {
            1
        } else {
            0
        }
    }
}

/// A warning that its game folder allows in game.ron's `allow`, with the reason given there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// The warning, as it would have been reported.
    pub diagnostic: Diagnostic,
    /// Why the game expects it (the entry's `reason`).
    pub reason: String,
    /// The `allow` entry that allows it (in game.ron).
    pub allowance: Location,
}

/// Sorts diagnostics by file, then position, then code.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(cmp);
}

pub(crate) fn cmp(a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    (&a.location.file, a.location.start, a.code, &a.message).cmp(&(
        &b.location.file,
        b.location.start,
        b.code,
        &b.message,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_ignores_allowed_warnings() {
        let warning = Diagnostic::new(
            &crate::rules::map::m003_disconnected_map::M003,
            "split",
            Location::file("g/map.ron"),
        );
        let mut report = Report {
            allowed: vec![Allowed {
                diagnostic: warning.clone(),
                reason: "excerpt".into(),
                allowance: Location::file("g/game.ron"),
            }],
            ..Report::default()
        };
        assert_eq!(report.exit_status(true), 0);
        report.diagnostics.push(warning);
        assert_eq!(report.exit_status(false), 0);
        assert_eq!(report.exit_status(true), 1);
        report.diagnostics.push(Diagnostic::new(
            &L001,
            "unreadable",
            Location::file("g/units.ron"),
        ));
        assert_eq!(report.exit_status(false), 2);
    }
}
