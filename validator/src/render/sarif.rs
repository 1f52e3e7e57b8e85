//! `--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
//!
//! - Files are named by URIs relative to `%SRCROOT%`, which `originalUriBaseIds` defines as
//!   the folder the validator ran in (a `file://` URI); a path given as absolute, or one
//!   that leaves that folder (`..`), becomes an absolute `file://` URI instead.
//! - Warnings a game folder allows are results with a `suppressions` entry (kind `inSource`,
//!   the allowance's reason as justification, its place in game.ron as location), so viewers
//!   hide them but keep the record.
//! - Each rule has a `helpUri` into docs/rules.md; `invocations` records whether the run
//!   completed and its exit status.

use std::path::{Component, Path, PathBuf};

use serde_json::{Value, json};

use super::limit::Omitted;
use crate::registry::rules;
use crate::{Diagnostic, Location, Report, Severity};

/// The rules reference on the repository; each rule's section is `#<code in lowercase>`.
pub const RULES_DOC_URL: &str = "https://github.com/orbat/orbat/blob/main/docs/rules.md";

/// The base id every relative artifact location is relative to.
pub const SRCROOT: &str = "%SRCROOT%";

/// Where a rule is documented: its section of docs/rules.md.
pub fn help_uri(code: &str) -> String {
    format!("{RULES_DOC_URL}#{}", code.to_lowercase())
}

/// The report as SARIF, with the exit status the report alone gives (no `--deny`).
pub fn render(report: &Report) -> String {
    render_with_status(report, report.exit_status(false))
}

/// The report as SARIF, recording `exit_code` (the status the run exits with) in
/// `invocations`. Relative paths are resolved against the current directory.
pub fn render_with_status(report: &Report, exit_code: u8) -> String {
    render_limited(report, exit_code, &Omitted::default())
}

/// As [`render_with_status`], for a report whose findings a bound cut: the invocation gets a
/// note saying how many results are left out, and of which rules.
pub fn render_limited(report: &Report, exit_code: u8, omitted: &Omitted) -> String {
    let cwd = std::env::current_dir().ok();
    let mut doc = document(report, exit_code, cwd.as_deref());
    if let Some(note) = omitted.note() {
        doc["runs"][0]["invocations"][0]["toolExecutionNotifications"] = json!([{
            "level": "note",
            "message": { "text": note.trim_start_matches("note: ") },
        }]);
    }
    let mut s = serde_json::to_string_pretty(&doc).expect("json values serialize");
    s.push('\n');
    s
}

/// A run that could not start (e.g. a path that does not exist): no results, the invocation
/// marked as failed with `message` as its notification, so an upload shows why.
pub fn render_failure(message: &str, exit_code: u8) -> String {
    let cwd = std::env::current_dir().ok();
    let mut doc = document(&Report::default(), exit_code, cwd.as_deref());
    doc["runs"][0]["invocations"][0]["toolExecutionNotifications"] = json!([{
        "level": "error",
        "message": { "text": message },
    }]);
    let mut s = serde_json::to_string_pretty(&doc).expect("json values serialize");
    s.push('\n');
    s
}

/// The SARIF document; `cwd` is what relative paths are relative to (`%SRCROOT%`).
pub fn document(report: &Report, exit_code: u8, cwd: Option<&Path>) -> Value {
    // the built-in rules, then the game's own checks of this run
    let all: Vec<&'static crate::Rule> = rules()
        .iter()
        .copied()
        .chain(
            report
                .declared
                .iter()
                .map(crate::rules::game::interned::documented),
        )
        .collect();
    let rules: Vec<Value> = all
        .iter()
        .map(|r| {
            let mut rule = json!({
                "id": r.code,
                "name": r.name,
                "shortDescription": { "text": r.summary() },
                "fullDescription": { "text": r.explanation() },
                "help": { "text": r.explanation() },
                "defaultConfiguration": { "level": level(r.severity) },
                "properties": { "family": r.family.as_str() },
            });
            // a game's own check is documented in its checks.ron, not in docs/rules.md
            if !r.code.starts_with("game/") {
                rule["helpUri"] = help_uri(r.code).into();
            }
            rule
        })
        .collect();
    let mut results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| result(report, &all, d, cwd))
        .collect();
    results.extend(report.allowed.iter().map(|a| {
        let mut r = result(report, &all, &a.diagnostic, cwd);
        r["suppressions"] = json!([{
            "kind": "inSource",
            "justification": a.reason,
            "location": { "physicalLocation": physical(&a.allowance, cwd) },
        }]);
        r
    }));
    let mut run = json!({
        "tool": { "driver": {
            "name": "orbat-validate",
            "informationUri": "https://github.com/orbat/orbat",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        }},
        "invocations": [{
            // exit status 2: a path or file could not be read, so the run is incomplete;
            // findings (status 1) are a successful run
            "executionSuccessful": exit_code != 2,
            "exitCode": exit_code,
        }],
        "results": results,
        "columnKind": "unicodeCodePoints",
    });
    if let Some(cwd) = cwd {
        run["originalUriBaseIds"] = json!({
            SRCROOT: {
                "uri": dir_uri(cwd),
                "description": { "text": "the folder orbat-validate ran in" },
            }
        });
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    })
}

fn result(report: &Report, rules: &[&crate::Rule], d: &Diagnostic, cwd: Option<&Path>) -> Value {
    let mut text = d.message.clone();
    if let Some(help) = &d.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let mut result = json!({
        "ruleId": d.code,
        "level": level(d.severity),
        "message": { "text": text },
        "locations": [{ "physicalLocation": physical(&d.location, cwd) }],
    });
    if let Some(index) = rules.iter().position(|r| r.code == d.code) {
        result["ruleIndex"] = json!(index);
    }
    if !d.related.is_empty() {
        result["relatedLocations"] = d
            .related
            .iter()
            .enumerate()
            .map(|(i, r)| json!({ "id": i, "physicalLocation": physical(&r.location, cwd), "message": { "text": r.message } }))
            .collect();
    }
    // the change `--fix` would make, for code scanning to offer
    if let Some(fix) = crate::fix::proposed(report, d) {
        let changes: Vec<Value> = fix
            .edits
            .iter()
            .map(|e| {
                json!({
                    "artifactLocation": artifact(&e.file, cwd),
                    "replacements": [{
                        "deletedRegion": {
                            "startLine": e.start.line,
                            "startColumn": e.start.column,
                            "endLine": e.end.line,
                            "endColumn": e.end.column,
                        },
                        "insertedContent": { "text": e.text },
                    }],
                })
            })
            .collect();
        result["fixes"] = json!([{
            "description": { "text": fix.description },
            "artifactChanges": changes,
        }]);
    }
    if let Some(level) = &d.level {
        result["properties"]["level"] = json!(level.to_string());
    }
    if let Some(state) = &d.state {
        // the state of play the finding is about (a property bag: SARIF has no such field)
        result["properties"]["state"] = json!(state);
    }
    result
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn physical(loc: &Location, cwd: Option<&Path>) -> Value {
    let mut v = json!({ "artifactLocation": artifact(&loc.file, cwd) });
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

/// A relative path that stays inside the current folder: a URI relative to `%SRCROOT%`.
/// Anything else (absolute, or climbing out with `..`): an absolute `file://` URI.
pub fn artifact(path: &Path, cwd: Option<&Path>) -> Value {
    let inside = path.is_relative()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if inside || (path.is_relative() && cwd.is_none()) {
        let segments: Vec<String> = path
            .components()
            .filter(|c| !matches!(c, Component::CurDir))
            .map(|c| encode(c.as_os_str()))
            .collect();
        return json!({ "uri": segments.join("/"), "uriBaseId": SRCROOT });
    }
    let absolute = match cwd {
        Some(cwd) if path.is_relative() => cwd.join(path),
        _ => path.to_owned(),
    };
    json!({ "uri": file_uri(&normalize(&absolute)) })
}

/// `.` and `..` resolved by their names, as the path reads (symbolic links are never
/// followed by the validator, so the names are what it read).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// A folder's `file://` URI, ending in `/` (a base URI must, for relative ones to resolve
/// inside it).
fn dir_uri(dir: &Path) -> String {
    let mut uri = file_uri(&normalize(dir));
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// An absolute path's `file://` URI: `file:///a/b` (on Windows `file:///C:/a/b`).
fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file://");
    for c in path.components() {
        match c {
            Component::Prefix(p) => {
                // `C:` keeps its colon; anything else (UNC, verbatim) is encoded as text
                let s = p.as_os_str().to_string_lossy();
                uri.push('/');
                if s.len() == 2 && s.ends_with(':') {
                    uri.push_str(&s);
                } else {
                    uri.push_str(&encode(p.as_os_str()));
                }
            }
            Component::RootDir => {}
            other => {
                uri.push('/');
                uri.push_str(&encode(other.as_os_str()));
            }
        }
    }
    if uri == "file://" {
        uri.push('/');
    }
    uri
}

/// One path segment, percent-encoded byte by byte: every byte but the URI's unreserved
/// characters (so `:`, `%`, `#`, `?`, spaces and non-ASCII bytes are all safe, and a name
/// that is not UTF-8 keeps its exact bytes).
fn encode(segment: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        segment.as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = segment.to_string_lossy().into_owned().into_bytes();
    let mut out = String::with_capacity(bytes.len());
    for b in bytes {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(path: &str, cwd: &str) -> Value {
        artifact(Path::new(path), Some(Path::new(cwd)))
    }

    #[test]
    fn relative_paths_are_relative_to_srcroot() {
        assert_eq!(
            uri("./scenarios/a b/map.ron", "/w"),
            json!({ "uri": "scenarios/a%20b/map.ron", "uriBaseId": "%SRCROOT%" })
        );
        assert_eq!(
            uri("g:1/100%#.ron", "/w"),
            json!({ "uri": "g%3A1/100%25%23.ron", "uriBaseId": "%SRCROOT%" })
        );
    }

    #[cfg(unix)]
    #[test]
    fn absolute_and_climbing_paths_are_file_uris() {
        assert_eq!(
            uri("/tmp/x/map.ron", "/w"),
            json!({ "uri": "file:///tmp/x/map.ron" })
        );
        assert_eq!(
            uri("../other/./map.ron", "/w/sub"),
            json!({ "uri": "file:///w/other/map.ron" })
        );
        assert_eq!(dir_uri(Path::new("/w/my dir")), "file:///w/my%20dir/");
        assert_eq!(dir_uri(Path::new("/")), "file:///");
    }

    #[cfg(unix)]
    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"x\xff.scenario.ron");
        assert_eq!(encode(name), "x%FF.scenario.ron");
    }

    #[test]
    fn help_uri_points_at_the_rule_section() {
        assert_eq!(
            help_uri("R002"),
            "https://github.com/orbat/orbat/blob/main/docs/rules.md#r002"
        );
    }
}
