//! `--format json`: one JSON document, described in the README.

use serde::Serialize;

use super::display_path;
use crate::{Report, Severity};

#[derive(Serialize)]
struct Output<'a> {
    /// Format version; bumped on incompatible changes.
    version: u32,
    diagnostics: Vec<Item<'a>>,
    summary: Summary,
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
struct Summary {
    files: usize,
    games: usize,
    errors: usize,
    warnings: usize,
}

pub fn render(report: &Report) -> String {
    let out = Output {
        version: 1,
        diagnostics: report
            .diagnostics
            .iter()
            .map(|d| Item {
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
            })
            .collect(),
        summary: Summary {
            files: report.files,
            games: report.games,
            errors: report.count(Severity::Error),
            warnings: report.count(Severity::Warning),
        },
    };
    let mut s = serde_json::to_string_pretty(&out).expect("plain data serializes");
    s.push('\n');
    s
}
