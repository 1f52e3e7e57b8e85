//! `--format gitlab`: a GitLab Code Quality report (`artifacts: reports: codequality:`), the
//! subset of the Code Climate issue format that GitLab reads, shown in merge requests.
//!
//! Each finding is one issue: `description` (the message and its help), `check_name` (the
//! code), `severity` (an error is `major`, a warning `minor`), `location.path` relative to
//! the folder the validator ran in (GitLab matches it against the repository), and
//! `location.lines.begin`. The `fingerprint` names the finding apart from its line (file,
//! code, message, and which of identical findings it is), so a merge request that only moves
//! lines shows no new issue. GitLab publishes no JSON Schema for the format; tests check the
//! output against `schemas/external/gitlab-code-quality.schema.json`, written from its
//! documentation. Allowed warnings are left out: GitLab has no place for a suppressed issue.
//! Descriptions and paths are escaped as in the human output (control characters, line breaks
//! and bidirectional overrides written as `\u{..}`): GitLab shows them to people.

use std::collections::HashMap;
use std::path::{Component, Path};

use serde_json::{Value, json};

use super::display_path;
use super::escape::escape;
use crate::{Diagnostic, Report, Severity};

pub fn render(report: &Report) -> String {
    let cwd = std::env::current_dir().ok();
    let mut seen: HashMap<(String, &str, &str), usize> = HashMap::new();
    let issues: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            let path = repository_path(&d.location.file, cwd.as_deref());
            let nth = seen
                .entry((path.clone(), d.code, d.message.as_str()))
                .or_default();
            *nth += 1;
            issue(d, &path, *nth)
        })
        .collect();
    let mut s = serde_json::to_string_pretty(&issues).expect("json values serialize");
    s.push('\n');
    s
}

fn issue(d: &Diagnostic, path: &str, nth: usize) -> Value {
    let mut description = format!("{}: {}", d.code, d.message);
    if let Some(help) = &d.help {
        description.push_str(" (help: ");
        description.push_str(help);
        description.push(')');
    }
    let begin = d.location.start.map_or(1, |s| s.line);
    let end = d.location.end.map_or(begin, |e| e.line.max(begin));
    json!({
        "type": "issue",
        // shown to people in the merge request (and printed in the job's log when the report
        // goes to stdout): escaped as the human output is, not exact data as JSON and SARIF
        "description": escape(&description),
        "check_name": d.code,
        "fingerprint": fingerprint(&[path, d.code, &d.message, &nth.to_string()]),
        "severity": match d.severity {
            Severity::Error => "major",
            Severity::Warning => "minor",
        },
        "location": { "path": escape(path), "lines": { "begin": begin, "end": end } },
    })
}

/// The path GitLab matches against the repository: relative to the folder the validator ran in
/// (a CI job runs at the repository's root). An absolute path inside that folder is made
/// relative; one outside it is kept as it is (GitLab then shows the issue without a link).
fn repository_path(path: &Path, cwd: Option<&Path>) -> String {
    if path.is_absolute()
        && let Some(rel) = cwd.and_then(|c| path.strip_prefix(c).ok())
        && rel.components().all(|c| matches!(c, Component::Normal(_)))
    {
        return display_path(rel);
    }
    display_path(path)
}

/// 128-bit FNV-1a of the parts (each ended by a 0 byte, so that no two lists of parts run
/// together), as 32 hexadecimal digits: stable across runs, machines and Rust versions, which
/// `std`'s hasher does not promise.
fn fingerprint(parts: &[&str]) -> String {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    for part in parts {
        for &b in part.as_bytes().iter().chain(&[0]) {
            hash ^= u128::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    format!("{hash:032x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_are_fnv1a_and_tell_parts_apart() {
        // FNV-1a of no bytes is its offset basis
        assert_eq!(fingerprint(&[]), "6c62272e07bb014262b821756295c58d");
        assert_ne!(fingerprint(&["ab", "c"]), fingerprint(&["a", "bc"]));
        assert_eq!(fingerprint(&["x", "R002"]), fingerprint(&["x", "R002"]));
    }

    #[test]
    fn paths_are_relative_to_the_repository() {
        let cwd = Path::new("/repo");
        assert_eq!(
            repository_path(Path::new("/repo/scenarios/a/map.ron"), Some(cwd)),
            "scenarios/a/map.ron"
        );
        assert_eq!(
            repository_path(Path::new("./scenarios/map.ron"), Some(cwd)),
            "scenarios/map.ron"
        );
        assert_eq!(
            repository_path(Path::new("/elsewhere/map.ron"), Some(cwd)),
            "/elsewhere/map.ron"
        );
    }
}
