//! `--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

use serde_json::{Value, json};

use super::display_path;
use crate::registry::RULES;
use crate::{Location, Report, Severity};

pub fn render(report: &Report) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.code,
                "name": r.name,
                "shortDescription": { "text": r.summary },
                "fullDescription": { "text": r.explanation },
                "help": { "text": r.explanation },
                "defaultConfiguration": { "level": level(r.severity) },
                "properties": { "family": r.family },
            })
        })
        .collect();
    let results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            let mut text = d.message.clone();
            if let Some(help) = &d.help {
                text.push_str("\nhelp: ");
                text.push_str(help);
            }
            let mut result = json!({
                "ruleId": d.code,
                "level": level(d.severity),
                "message": { "text": text },
                "locations": [{ "physicalLocation": physical(&d.location) }],
            });
            if let Some(index) = RULES.iter().position(|r| r.code == d.code) {
                result["ruleIndex"] = json!(index);
            }
            if !d.related.is_empty() {
                result["relatedLocations"] = d
                    .related
                    .iter()
                    .enumerate()
                    .map(|(i, r)| json!({ "id": i, "physicalLocation": physical(&r.location), "message": { "text": r.message } }))
                    .collect();
            }
            result
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "orbat-validate",
                "informationUri": "https://github.com/orbat/orbat",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("json values serialize");
    s.push('\n');
    s
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn physical(loc: &Location) -> Value {
    let mut v = json!({ "artifactLocation": { "uri": uri(&display_path(&loc.file)) } });
    if let (Some(start), Some(end)) = (loc.start, loc.end) {
        v["region"] = json!({
            "startLine": start.line,
            "startColumn": start.column,
            "endLine": end.line,
            "endColumn": end.column,
        });
    }
    v
}

/// A relative URI reference: percent-encode what may not appear in one.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
