//! What a rule is, as data: its code, name, severity, family, documentation and fixtures.
//! Each rule declares itself with [`declare_rule!`] in its own file, and its doc comment is
//! its documentation: `--explain`, `--list-rules` and `docs/rules.md` read it from here.

use std::path::PathBuf;

use serde::Serialize;

/// A rule (or a loading check) with a stable code.
#[derive(Debug)]
pub struct Rule {
    /// Stable code, e.g. `K001`: the name of the static that declares the rule.
    pub code: &'static str,
    /// Short kebab-case name.
    pub name: &'static str,
    pub severity: Severity,
    pub family: Family,
    /// Whether a game folder may allow the warning in game.ron's `allow`.
    pub allow: Allow,
    /// The rule's doc comment: a one-line summary, a blank line, then why it matters and a
    /// bad and a good example (Markdown, examples in ```ron fences).
    pub doc: &'static str,
    /// The file that declares the rule (relative to the workspace root).
    pub source: &'static str,
    /// Fixture folders under `tests/fixtures/` where the rule fires.
    pub fires: &'static [&'static str],
    /// Fixture folders under `tests/fixtures/` where it stays silent (a near miss where
    /// there is one).
    pub silent: &'static [&'static str],
    /// Tests (`file::function` under `tests/tests/`) that show it firing where no fixture
    /// can be committed (an unreadable file, a name that is not UTF-8, a huge file).
    pub proven_by: &'static [&'static str],
}

/// What the user asked of one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Deny,
    Warn,
    Allow,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Deny => "denied",
            Level::Warn => "kept a warning",
            Level::Allow => "allowed",
        }
    }
}

/// Where a level was set: the command line, or an `orbat.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    CommandLine,
    Config(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::CommandLine => f.write_str("command line"),
            Origin::Config(path) => write!(f, "{}", path.display()),
        }
    }
}

impl Serialize for Origin {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A level the user set that changed or kept a finding, and where it was set: a finding
/// carries it so that every front end can say why it is an error (or still a warning).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetLevel {
    pub level: Level,
    #[serde(rename = "set_in")]
    pub origin: Origin,
}

impl std::fmt::Display for SetLevel {
    /// e.g. `denied in scenarios/orbat.toml`, `kept a warning on the command line`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.origin {
            Origin::CommandLine => write!(f, "{} on the command line", self.level.as_str()),
            Origin::Config(path) => write!(f, "{} in {}", self.level.as_str(), path.display()),
        }
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; never fails a run.
    Warning,
    /// Makes the game or scenario unusable; fails the run.
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// The families rules are grouped in, in the order the reference lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    Loading,
    Schema,
    References,
    Map,
    Supply,
    Stacking,
    OrderOfBattle,
    Cards,
    /// What events and turns change (effects, schedules).
    Events,
    Text,
    Attributes,
    /// A check the game declares itself (checks.ron).
    Game,
}

impl Family {
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Loading => "loading",
            Family::Schema => "schema",
            Family::References => "references",
            Family::Map => "map",
            Family::Supply => "supply",
            Family::Stacking => "stacking",
            Family::OrderOfBattle => "order of battle",
            Family::Cards => "cards",
            Family::Events => "events",
            Family::Text => "text",
            Family::Attributes => "attributes",
            Family::Game => "the game's own checks",
        }
    }
}

/// Whether game.ron's `allow` may allow a rule's findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allow {
    /// An error: errors are never allowed.
    Never,
    /// A warning the game folder's own checks raise: a folder may allow it, with a reason.
    Yes,
    /// A warning that cannot be allowed: why, and what to do instead (as R004 says them).
    No {
        why: &'static str,
        instead: &'static str,
    },
}

/// What game.ron's `allow` may do with a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowability {
    /// A warning the per-folder checks raise.
    Allowable(&'static str),
    /// No rule has this code.
    Unknown,
    /// An error: errors are never allowed.
    Error(&'static str),
    /// A warning that cannot be allowed: its code, why, and what to do instead.
    NotAllowable(&'static str, &'static str, &'static str),
}

impl Rule {
    /// The one-line summary: the doc comment's first line.
    pub fn summary(&self) -> &'static str {
        self.doc_lines().next().unwrap_or_default()
    }

    /// Why it matters and the examples, as Markdown (the doc comment after its summary).
    pub fn markdown(&self) -> String {
        markdown_of(self.doc)
    }

    /// The explanation as plain text for a terminal: the Markdown with its code fences
    /// dropped and the examples indented by four spaces.
    pub fn explanation(&self) -> String {
        let mut out = String::new();
        let mut in_code = false;
        for line in self.markdown().lines() {
            if line.starts_with("```") {
                in_code = !in_code;
                continue;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            if in_code {
                out.push_str("    ");
            }
            out.push_str(line);
        }
        out
    }

    /// What game.ron's `allow` may do with this rule.
    pub fn allowability(&'static self) -> Allowability {
        match self.allow {
            _ if self.severity == Severity::Error => Allowability::Error(self.code),
            Allow::Yes => Allowability::Allowable(self.code),
            Allow::No { why, instead } => Allowability::NotAllowable(self.code, why, instead),
            Allow::Never => Allowability::NotAllowable(
                self.code,
                "this warning is not among those a game folder may allow",
                "fix what it reports, then remove this entry",
            ),
        }
    }

    /// The doc comment's lines, without the one space `///` leaves before each.
    fn doc_lines(&self) -> impl Iterator<Item = &'static str> {
        doc_lines(self.doc)
    }
}

fn doc_lines(doc: &str) -> impl Iterator<Item = &str> {
    doc.lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end())
}

/// A doc comment's Markdown after its summary line ([`Rule::markdown`]).
pub fn markdown_of(doc: &str) -> String {
    let mut lines = doc_lines(doc).skip(1).skip_while(|l| l.is_empty());
    let mut out = String::new();
    if let Some(first) = lines.next() {
        out.push_str(first);
    }
    for line in lines {
        out.push('\n');
        out.push_str(line);
    }
    out
}

/// Declares a rule: the static's name is its code, its doc comment its documentation.
///
/// ```ignore
/// declare_rule! {
///     /// a link joins a space to itself
///     ///
///     /// Why it matters, then a bad and a good example.
///     pub static M001 = {
///         name: "self-link",
///         severity: Error,
///         family: Map,
///         allow: Never,
///         fires: &["invalid/M001_1"],
///         silent: &["valid/minimal"],
///         proven_by: &[],
///     };
/// }
/// ```
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis static $code:ident = {
            name: $name:literal,
            severity: $severity:ident,
            family: $family:ident,
            allow: $allow:expr,
            fires: $fires:expr,
            silent: $silent:expr,
            proven_by: $proven:expr $(,)?
        };
    ) => {
        $(#[doc = $doc])*
        $vis static $code: $crate::rule::Rule = $crate::rule::Rule {
            code: stringify!($code),
            name: $name,
            severity: $crate::rule::Severity::$severity,
            family: $crate::rule::Family::$family,
            allow: {
                #[allow(unused_imports)]
                use $crate::rule::Allow::*;
                $allow
            },
            doc: concat!($($doc, "\n"),*),
            source: file!(),
            fires: $fires,
            silent: $silent,
            proven_by: $proven,
        };
    };
}
