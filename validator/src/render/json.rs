//! `--format json`: one JSON document, described in the README. Also the JSON of
//! `--list-rules` and `--explain`.

use serde::Serialize;

use super::display_path;
use super::limit::Omitted;
use crate::rule::Rule;
use crate::{Allowability, Diagnostic, Report, Severity};

#[derive(Serialize)]
struct Output<'a> {
    /// Format version; bumped on incompatible changes.
    version: u32,
    diagnostics: Vec<Item<'a>>,
    /// Warnings the game folder allows: not findings, listed with the allowance's reason.
    allowed: Vec<AllowedItem<'a>>,
    summary: Summary<'a>,
}

#[derive(Serialize)]
struct AllowedItem<'a> {
    #[serde(flatten)]
    item: Item<'a>,
    /// The `reason` of the `allow` entry in game.ron.
    reason: &'a str,
}

#[derive(Serialize)]
struct Item<'a> {
    code: &'a str,
    severity: Severity,
    message: &'a str,
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pointer: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<RelatedItem<'a>>,
    /// The one safe change that resolves it (what `--fix` would write), as text edits.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<FixItem>,
    /// The rule level (orbat.toml or the command line) that made it an error or kept it a
    /// warning, and where it was set.
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'a crate::rule::SetLevel>,
    /// The state of play it was found in, when not a scenario's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a crate::diagnostic::State>,
}

#[derive(Serialize)]
struct FixItem {
    description: String,
    edits: Vec<EditItem>,
}

/// Replace from `line`:`column` up to (not including) `end_line`:`end_column` with `text`.
#[derive(Serialize)]
struct EditItem {
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    text: String,
}

#[derive(Serialize)]
struct RelatedItem<'a> {
    message: &'a str,
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

#[derive(Serialize)]
struct Summary<'a> {
    files: usize,
    games: usize,
    errors: usize,
    warnings: usize,
    /// Warnings allowed by their game folder (not counted in `warnings`).
    allowed: usize,
    /// Findings `--max-findings` left out of `diagnostics` (still counted above), by code.
    #[serde(skip_serializing_if = "Option::is_none")]
    omitted: Option<OmittedItem<'a>>,
}

#[derive(Serialize)]
struct OmittedItem<'a> {
    total: usize,
    by_code: &'a std::collections::BTreeMap<&'static str, usize>,
}

pub fn render(report: &Report) -> String {
    render_limited(report, &Omitted::default())
}

/// The report whose `diagnostics` a bound cut (`omitted` says what it left out): the summary
/// still counts every finding, and says how many are not listed.
pub fn render_limited(report: &Report, omitted: &Omitted) -> String {
    let out = Output {
        version: 1,
        diagnostics: report.diagnostics.iter().map(|d| item(report, d)).collect(),
        allowed: report
            .allowed
            .iter()
            .map(|a| AllowedItem {
                item: item(report, &a.diagnostic),
                reason: &a.reason,
            })
            .collect(),
        summary: Summary {
            files: report.files,
            games: report.games,
            errors: report.count(Severity::Error) + omitted.errors,
            warnings: report.count(Severity::Warning) + omitted.warnings,
            allowed: report.allowed.len(),
            omitted: (omitted.total > 0).then_some(OmittedItem {
                total: omitted.total,
                by_code: &omitted.by_code,
            }),
        },
    };
    to_string(&out)
}

fn item<'a>(report: &Report, d: &'a Diagnostic) -> Item<'a> {
    Item {
        code: d.code,
        severity: d.severity,
        message: &d.message,
        file: display_path(&d.location.file),
        line: d.location.start.map(|p| p.line),
        column: d.location.start.map(|p| p.column),
        end_line: d.location.end.map(|p| p.line),
        end_column: d.location.end.map(|p| p.column),
        pointer: d.location.pointer.as_deref(),
        label: d.label.as_deref(),
        state: d.state.as_ref(),
        help: d.help.as_deref(),
        related: d
            .related
            .iter()
            .map(|r| RelatedItem {
                message: &r.message,
                file: display_path(&r.location.file),
                line: r.location.start.map(|p| p.line),
                column: r.location.start.map(|p| p.column),
            })
            .collect(),
        fix: crate::fix::proposed(report, d).map(|p| FixItem {
            description: p.description,
            edits: p
                .edits
                .into_iter()
                .map(|e| EditItem {
                    file: display_path(&e.file),
                    line: e.start.line,
                    column: e.start.column,
                    end_line: e.end.line,
                    end_column: e.end.column,
                    text: e.text,
                })
                .collect(),
        }),
        level: d.level.as_ref(),
    }
}

/// A rule as `--list-rules --format json` and `--explain --format json` give it.
#[derive(Serialize)]
struct RuleItem {
    code: &'static str,
    name: &'static str,
    severity: Severity,
    family: &'static str,
    summary: &'static str,
    /// Whether a game folder may allow it in game.ron's `allow`.
    allowable: bool,
    /// Its section of docs/rules.md on the repository.
    help_uri: String,
    /// Why it matters, with a bad and a good example (plain text, as `--explain` prints it).
    explanation: String,
}

fn rule_item(r: &'static Rule) -> RuleItem {
    RuleItem {
        code: r.code,
        name: r.name,
        severity: r.severity,
        family: r.family.as_str(),
        summary: r.summary(),
        allowable: matches!(r.allowability(), Allowability::Allowable(_)),
        help_uri: super::sarif::help_uri(r.code),
        explanation: r.explanation(),
    }
}

/// `--list-rules --format json`: `{"version": 1, "rules": [...]}`, in code-table order.
pub fn rules(rules: &[&'static Rule]) -> String {
    #[derive(Serialize)]
    struct Rules {
        version: u32,
        rules: Vec<RuleItem>,
    }
    to_string(&Rules {
        version: 1,
        rules: rules.iter().copied().map(rule_item).collect(),
    })
}

/// `--explain CODE --format json`: `{"version": 1, "rule": {...}}`.
pub fn rule(rule: &'static Rule) -> String {
    #[derive(Serialize)]
    struct One {
        version: u32,
        rule: RuleItem,
    }
    to_string(&One {
        version: 1,
        rule: rule_item(rule),
    })
}

pub(crate) fn to_string(value: &impl Serialize) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("plain data serializes");
    s.push('\n');
    s
}
