//! The CI report formats, read by what reads them: JUnit XML by `junitparser` (the Python
//! library test-report tools build on), GitLab Code Quality against the format GitLab
//! documents; and `--output`, which writes any format to a file.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

mod common;

/// Two game folders: one with an error and a warning (R002_1), one whose game allows a
/// warning and is otherwise clean, so its other files are passed tests.
const FOLDERS: [&str; 2] = ["fixtures/invalid/R002_1", "fixtures/valid/allowed"];

fn validate(args: &[&str]) -> Output {
    Command::new(common::validator_binary())
        .args(args)
        .args(FOLDERS)
        .output()
        .unwrap()
}

/// The same run as JSON: what the other formats must agree with.
fn as_json() -> Value {
    serde_json::from_slice(&validate(&["--format", "json"]).stdout).unwrap()
}

/// junitparser's reading of a JUnit file, as JSON: per suite its counts and each case's name
/// and outcome.
const READ_JUNIT: &str = r#"
import json, sys
from junitparser import JUnitXml, Failure, Skipped
xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        outcome = "passed"
        for r in case.result:
            if isinstance(r, Failure):
                outcome = "failure:" + (r.type or "")
            elif isinstance(r, Skipped):
                outcome = "skipped"
        cases.append({"name": case.name, "outcome": outcome, "text": (case.result[0].text if case.result else None)})
    suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "skipped": suite.skipped, "cases": cases})
print(json.dumps({"tests": xml.tests, "failures": xml.failures, "skipped": xml.skipped, "suites": suites}))
"#;

fn junitparser_present() -> bool {
    common::tool_present(
        "junit",
        "junitparser",
        Command::new("python3").args(["-c", "import junitparser"]),
        "pip install junitparser",
    )
}

#[test]
fn junit_is_read_by_junitparser_with_one_case_per_finding_and_clean_files_passed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("junit.xml");
    let out = validate(&["--format", "junit", "--output", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "the error fails the run");
    assert!(out.stdout.is_empty(), "the report went to the file");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("checked 14 files in 2 game folders: 1 error, 1 warning"),
        "{stderr}"
    );
    let xml = std::fs::read_to_string(&file).unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    if !junitparser_present() {
        return;
    }
    let read = Command::new("python3")
        .args(["-c", READ_JUNIT])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        read.status.success(),
        "junitparser could not read it: {}\n{xml}",
        String::from_utf8_lossy(&read.stderr)
    );
    let junit: Value = serde_json::from_slice(&read.stdout).unwrap();
    let json = as_json();
    let findings = json["diagnostics"].as_array().unwrap();
    let allowed = json["allowed"].as_array().unwrap();
    // every checked file is a suite; a file with no finding is one passed test
    let suites = junit["suites"].as_array().unwrap();
    assert_eq!(suites.len(), 14, "{junit:#}");
    let passed = suites
        .iter()
        .filter(|s| s["cases"][0]["outcome"] == "passed")
        .count();
    assert_eq!(
        passed,
        14 - 2,
        "two files hold findings or allowances: {junit:#}"
    );
    assert_eq!(junit["failures"], findings.len());
    assert_eq!(junit["skipped"], allowed.len());
    assert_eq!(junit["tests"], passed + findings.len() + allowed.len());
    // each finding is a failure of its file's suite, typed by severity, its text the message
    for d in findings {
        let file = d["file"].as_str().unwrap().trim_start_matches("fixtures/");
        let suite = suites
            .iter()
            .find(|s| s["name"].as_str().unwrap().ends_with(file))
            .unwrap_or_else(|| panic!("no suite for {file}: {junit:#}"));
        let case = suite["cases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| {
                c["name"]
                    .as_str()
                    .unwrap()
                    .starts_with(d["code"].as_str().unwrap())
                    && c["name"]
                        .as_str()
                        .unwrap()
                        .ends_with(&format!("at {}:{}", d["line"], d["column"]))
            })
            .unwrap_or_else(|| panic!("no case for {d}: {suite:#}"));
        assert_eq!(
            case["outcome"],
            format!("failure:{}", d["severity"].as_str().unwrap())
        );
        let text = case["text"].as_str().unwrap();
        assert!(text.contains(d["message"].as_str().unwrap()), "{text}");
        assert!(text.contains(d["help"].as_str().unwrap()), "{text}");
    }
    let skipped: Vec<_> = suites
        .iter()
        .flat_map(|s| s["cases"].as_array().unwrap())
        .filter(|c| c["outcome"] == "skipped")
        .collect();
    assert_eq!(skipped.len(), 1);
    assert!(
        skipped[0]["name"]
            .as_str()
            .unwrap()
            .starts_with(allowed[0]["code"].as_str().unwrap())
    );
}

fn gitlab_schema() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../schemas/external/gitlab-code-quality.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft7::new(&schema).unwrap()
}

#[test]
fn gitlab_code_quality_has_what_gitlab_requires_and_stable_fingerprints() {
    let out = validate(&["--format", "gitlab"]);
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<String> = gitlab_schema()
        .iter_errors(&report)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{report:#}");
    let issues = report.as_array().unwrap();
    let json = as_json();
    let findings = json["diagnostics"].as_array().unwrap();
    assert_eq!(
        issues.len(),
        findings.len(),
        "allowed warnings are left out"
    );
    for (issue, d) in issues.iter().zip(findings) {
        assert_eq!(issue["check_name"], d["code"]);
        assert_eq!(issue["location"]["path"], d["file"]);
        assert_eq!(issue["location"]["lines"]["begin"], d["line"]);
        let severity = if d["severity"] == "error" {
            "major"
        } else {
            "minor"
        };
        assert_eq!(issue["severity"], severity);
        assert!(
            issue["description"]
                .as_str()
                .unwrap()
                .contains(d["message"].as_str().unwrap())
        );
    }
    let mut fingerprints: Vec<_> = issues.iter().map(|i| &i["fingerprint"]).collect();
    fingerprints.sort_by_key(|f| f.to_string());
    fingerprints.dedup();
    assert_eq!(fingerprints.len(), issues.len(), "fingerprints are unique");
    // the same run gives the same fingerprints
    let again: Value = serde_json::from_slice(&validate(&["--format", "gitlab"]).stdout).unwrap();
    assert_eq!(again, report);
}

/// A finding's fingerprint does not change when lines above it are added: GitLab would show it
/// as fixed and new again in every merge request that touches the file.
#[test]
fn a_gitlab_fingerprint_survives_lines_added_above_the_finding() {
    let dir = tempfile::tempdir().unwrap();
    let fingerprints = |extra_lines: usize| -> Vec<Value> {
        for entry in std::fs::read_dir("fixtures/invalid/R002_1").unwrap() {
            let entry = entry.unwrap();
            let mut text = std::fs::read_to_string(entry.path()).unwrap();
            if entry.file_name() == "map.ron" {
                text = "// a comment\n".repeat(extra_lines) + &text;
            }
            std::fs::write(dir.path().join(entry.file_name()), text).unwrap();
        }
        let out = Command::new(common::validator_binary())
            .args(["--format", "gitlab"])
            .arg(dir.path())
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        report
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["fingerprint"].clone())
            .collect()
    };
    let before = fingerprints(0);
    assert!(!before.is_empty());
    assert_eq!(fingerprints(3), before);
}

#[test]
fn output_writes_every_format_to_a_file_and_the_summary_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["human", "json", "sarif", "github", "junit", "gitlab"] {
        let file = dir.path().join(format!("report.{format}"));
        let out = validate(&["--format", format, "-o", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{format}");
        assert!(out.stdout.is_empty(), "{format}: nothing on stdout");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("1 error, 1 warning"), "{format}: {stderr}");
        let written = std::fs::read_to_string(&file).unwrap();
        let on_stdout = String::from_utf8(validate(&["--format", format]).stdout).unwrap();
        assert_eq!(
            written, on_stdout,
            "{format}: the file holds what stdout would"
        );
    }
    // a file that cannot be written: status 2 and the reason, nothing half-written
    let out = validate(&["-o", "/nonexistent-folder/report.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: cannot write the report to /nonexistent-folder/report.txt"),
        "{stderr}"
    );
}

/// The GitLab job README.md shows runs: its `orbat-validate` lines, run by a shell as GitLab
/// would (on a game with an error), write both reports and fail the job.
#[test]
fn the_readmes_gitlab_job_writes_both_reports_and_fails_on_an_error() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let job = readme
        .split("```yaml")
        .find(|block| block.contains("codequality:"))
        .expect("README shows a GitLab job");
    let job = &job[..job.find("```").unwrap()];
    let commands: Vec<&str> = job
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter(|l| l.starts_with("orbat-validate"))
        .collect();
    assert_eq!(commands.len(), 2, "{job}");
    let dir = tempfile::tempdir().unwrap();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/invalid/R002_1");
    let bin = common::validator_binary();
    // GitLab runs each line in one shell with `set -e`
    let script = format!(
        "set -e\n{}\n",
        commands
            .iter()
            .map(|c| c
                .replacen("orbat-validate", &bin.display().to_string(), 1)
                .replace(" scenarios", &format!(" {}", games.display())))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "the job fails on the error: {script}"
    );
    let quality: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("gl-code-quality.json")).unwrap(),
    )
    .unwrap();
    assert!(gitlab_schema().is_valid(&quality));
    assert_eq!(quality.as_array().unwrap().len(), 2);
    let junit = std::fs::read_to_string(dir.path().join("orbat-junit.xml")).unwrap();
    assert!(junit.contains("failures=\"2\""), "{junit}");
}

/// The GitHub Actions steps README.md shows run: the SARIF step writes a SARIF file (its
/// failure is allowed, `continue-on-error`), the annotation step prints workflow commands and
/// fails the job on an error.
#[test]
fn the_readmes_github_steps_write_sarif_and_annotations() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let job = readme
        .split("```yaml")
        .find(|block| block.contains("upload-sarif"))
        .expect("README shows a GitHub Actions job");
    let job = &job[..job.find("```").unwrap()];
    let runs: Vec<String> = job
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- run: "))
        .filter(|l| l.starts_with("orbat-validate"))
        .map(|l| l.split(" #").next().unwrap().trim().to_owned())
        .collect();
    assert_eq!(runs.len(), 2, "{job}");
    let dir = tempfile::tempdir().unwrap();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/invalid/R002_1");
    let bin = common::validator_binary();
    let run = |command: &str| {
        let command = command
            .replacen("orbat-validate", &bin.display().to_string(), 1)
            .replace(" scenarios", &format!(" {}", games.display()));
        Command::new("bash")
            .args(["-c", &command])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let sarif_step = run(&runs[0]);
    assert_eq!(
        sarif_step.status.code(),
        Some(1),
        "continue-on-error lets it pass"
    );
    let sarif: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("orbat.sarif")).unwrap())
            .unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 2);
    let annotations = run(&runs[1]);
    assert_eq!(
        annotations.status.code(),
        Some(1),
        "the error fails the job"
    );
    let stdout = String::from_utf8_lossy(&annotations.stdout);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("::error file=") && l.contains("R002")),
        "{stdout}"
    );
}
