//! Diagnostics as plain data: what is wrong, where, and what to do. No printing here.

use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::rule::Rule;
pub use crate::rule::Severity;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// A place in a file: the file, and when known the byte range, its line and column, and the
/// JSON pointer of the value inside the document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Location {
    pub file: PathBuf,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<LineCol>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<LineCol>,
}

impl Location {
    /// A whole file, with no position inside it.
    pub fn file(path: impl Into<PathBuf>) -> Self {
        Location {
            file: path.into(),
            pointer: None,
            span: None,
            start: None,
            end: None,
        }
    }
}

/// Another place that explains the finding (e.g. the first of two duplicates).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Related {
    pub location: Location,
    pub message: String,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable rule code, e.g. `R002` (the code of the [`Rule`] that raised it).
    pub code: &'static str,
    pub severity: Severity,
    /// What is wrong, in the user's words; starts lowercase, no trailing period.
    pub message: String,
    pub location: Location,
    /// Short text shown under the primary span.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<Related>,
    /// What to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The one safe change that resolves it, if there is one (`--fix` applies it).
    #[serde(skip)]
    pub fix: Option<Fix>,
    /// The rule level the user set that made this finding an error or kept it a warning
    /// (orbat.toml or the command line), if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<crate::rule::SetLevel>,
    /// The state of play it was found in, when not a scenario's start: after an event, or at
    /// the start of a scheduled turn (`engine/states.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<State>,
}

/// A state of play other than a scenario's start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The scenario.
    pub scenario: String,
    /// The turn whose start it is (the schedule applied up to it), if not the set-up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// The card whose event was played, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
}

impl State {
    /// The state in words, to begin a message: "after `bef` is played in `caporetto`".
    pub fn describe(&self) -> String {
        let turn = self
            .turn
            .map(|t| format!(" at the start of turn {t}"))
            .unwrap_or_default();
        match &self.after {
            Some(card) => format!("after `{card}` is played{turn} in `{}`", self.scenario),
            None => format!("{} of `{}`", turn.trim_start(), self.scenario),
        }
    }
}

/// A change that resolves a finding with no choice left to the user: what `--fix` applies.
/// Said in terms of the model; `crate::fix` turns it into text edits that keep the rest of the
/// file (comments, layout) as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fix {
    /// Write `to` where the finding points, a string literal that must hold `from` (the
    /// misspelt id, and nothing else: a text key `"card:x"` or a placeholder in a longer text
    /// is not rewritten whole): the one id close to a misspelt one.
    Replace { from: String, to: String },
    /// Delete the list item the finding points at (the second of two identical links).
    DeleteItem,
    /// Add an entry `key: (name: name)` to the `entries` of the text file at `file`.
    AddText {
        file: PathBuf,
        key: String,
        name: String,
    },
}

impl Diagnostic {
    /// A finding of `rule`, with the rule's severity.
    pub fn new(rule: &'static Rule, message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            code: rule.code,
            severity: rule.severity,
            message: message.into(),
            location,
            label: None,
            related: Vec::new(),
            help: None,
            fix: None,
            level: None,
            state: None,
        }
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_related(mut self, location: Location, message: impl Into<String>) -> Self {
        self.related.push(Related {
            location,
            message: message.into(),
        });
        self
    }

    pub fn maybe_help(mut self, help: Option<String>) -> Self {
        if help.is_some() {
            self.help = help;
        }
        self
    }
}

/// A path as shown to users and written in reports: relative as given, `/`-separated.
pub fn display_path(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}
