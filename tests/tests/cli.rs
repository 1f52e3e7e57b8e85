//! The real `orbat-validate` binary on real folders: exit codes, formats, help.
//!
//! Over 500 lines: one test per behaviour of the binary; each test stands alone.

use std::path::Path;
use std::process::{Command, Stdio};

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::validator_binary;

fn validate() -> assert_cmd::Command {
    assert_cmd::Command::new(validator_binary())
}

#[test]
fn clean_folder_exits_0_with_a_summary() {
    validate()
        .arg("fixtures/valid/minimal")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "checked 7 files in 1 game folder: 0 errors, 0 warnings",
        ));
}

#[test]
fn errors_exit_1_and_name_file_line_and_column() {
    validate()
        .arg("fixtures/invalid/R002_1")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error[R002]: no space has the id `mets`",
        ))
        .stdout(predicate::str::contains(
            "fixtures/invalid/R002_1/map.ron:14:26",
        ))
        .stdout(predicate::str::contains("did you mean `metz`?"));
}

#[test]
fn missing_path_is_a_usage_error() {
    validate()
        .arg("fixtures/no-such-folder")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no such file or folder: fixtures/no-such-folder",
        ));
}

#[test]
fn unreadable_file_exits_2() {
    validate().arg("fixtures/invalid/L001_1").assert().code(2);
}

#[test]
fn warnings_pass_unless_denied() {
    validate().arg("fixtures/invalid/L004_1").assert().success();
    validate()
        .args(["--deny", "warnings", "fixtures/invalid/L004_1"])
        .assert()
        .code(1);
}

#[test]
fn json_output_is_documented_shape() {
    let out = validate()
        .args(["--format", "json", "fixtures/invalid/R002_1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["version"], 1);
    let d = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "R002")
        .unwrap();
    assert_eq!(d["code"], "R002");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["file"], "fixtures/invalid/R002_1/map.ron");
    assert_eq!(d["line"], 14);
    assert_eq!(d["column"], 26);
    assert_eq!(d["pointer"], "/links/3/b");
    assert_eq!(d["help"], "did you mean `metz`?");
    // the fix `--fix` would make, as text edits
    assert_eq!(
        d["fix"],
        serde_json::json!({
            "description": "write \"metz\" for \"mets\"",
            "edits": [{"file": "fixtures/invalid/R002_1/map.ron", "line": 14, "column": 26,
                       "end_line": 14, "end_column": 32, "text": "\"metz\""}]
        })
    );
    assert_eq!(v["summary"]["errors"], 1);
    assert_eq!(
        v["summary"]["warnings"], 1,
        "the dangling link also splits the map (M003)"
    );
}

#[test]
fn github_annotations() {
    validate()
        .args(["--format", "github", "fixtures/invalid/R002_1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "::error file=fixtures/invalid/R002_1/map.ron,line=14,col=26,endLine=14,endColumn=32,title=R002 unresolved-reference::no space has the id `mets`%0Ahelp: did you mean `metz`?",
        ));
}

/// The OASIS SARIF 2.1.0 schema (fetched once through npm), as a validator; `None` (with one
/// printed line) where it cannot be fetched outside CI, which must have it.
fn sarif_schema(test: &str) -> Option<jsonschema::Validator> {
    // Tests run in parallel: fetch (and parse) the schema once per process.
    static SCHEMA: std::sync::OnceLock<Option<Value>> = std::sync::OnceLock::new();
    let schema = SCHEMA.get_or_init(load_sarif_schema).as_ref();
    if schema.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: the SARIF schema could not be fetched, and CI must check with it"
        );
        println!(
            "SKIPPED {test}: the SARIF 2.1.0 schema could not be fetched (needs npm: \
             bash tests/tools/test-tools.sh); nothing was checked with it"
        );
    }
    schema.map(|s| jsonschema::draft7::new(s).unwrap())
}

fn load_sarif_schema() -> Option<Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/sarif");
    let schema_path = dir.join("sarif-2.1.0-rtm.5.json");
    if !schema_path.exists() {
        let fetched = Command::new("bash")
            .arg("tools/fetch-sarif-schema.sh")
            .arg(&dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !fetched {
            return None;
        }
    }
    let mut schema: Value =
        serde_json::from_str(&std::fs::read_to_string(&schema_path).unwrap()).unwrap();
    // The published schema's `run.language` pattern has a stray `]` that Rust regex engines
    // reject; we never emit `language`, so drop that one pattern rather than the whole check.
    // (it appears under `run` and `toolComponent`)
    for def in schema["definitions"].as_object_mut().unwrap().values_mut() {
        if let Some(lang) = def
            .pointer_mut("/properties/language")
            .and_then(Value::as_object_mut)
        {
            lang.remove("pattern");
        }
    }
    Some(schema)
}

/// `orbat-validate --format sarif <args>`, checked against the schema: the document and the
/// process's exit status.
fn sarif_of(validator: &jsonschema::Validator, args: &[&str]) -> (Value, Option<i32>) {
    let out = validate()
        .args(["--format", "sarif"])
        .args(args)
        .output()
        .unwrap();
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{args:?}: SARIF does not validate:\n{}",
        errors.join("\n")
    );
    assert_eq!(sarif["version"], "2.1.0");
    (sarif, out.status.code())
}

#[test]
fn sarif_output_validates_against_the_sarif_2_1_0_schema() {
    let Some(validator) = sarif_schema("sarif_output_validates_against_the_sarif_2_1_0_schema")
    else {
        return;
    };
    for fixture in [
        "fixtures/invalid/R001_1",
        "fixtures/invalid/L004_1",
        "fixtures/invalid/L001_1",
        "fixtures/invalid/R006_2",
        "fixtures/valid/minimal",
        "fixtures/valid/allowed",
        "fixtures/invalid/T001_1",
        "fixtures/no-such-folder",
    ] {
        sarif_of(&validator, &[fixture]);
    }
    // a game's own check is a rule of the run, which its results point at
    let (sarif, _) = sarif_of(&validator, &["fixtures/invalid/G002_1"]);
    let run = &sarif["runs"][0];
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "game/no-corps")
        .expect("the declared check's finding");
    let index = result["ruleIndex"].as_u64().expect("a rule index") as usize;
    assert_eq!(run["tool"]["driver"]["rules"][index]["id"], "game/no-corps");
    // a finding's fix, as code scanning offers it
    let (sarif, _) = sarif_of(&validator, &["fixtures/invalid/R002_1"]);
    let fix = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|r| r.get("fixes"))
        .expect("R002 with one close id has a fix");
    let replacement = &fix[0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "\"metz\"");
    assert_eq!(replacement["deletedRegion"]["startLine"], 14);
    let (sarif, _) = sarif_of(&validator, &["fixtures/invalid/R001_1"]);
    let result = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "R001")
        .unwrap();
    assert_eq!(result["ruleId"], "R001");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["region"]["startLine"],
        7
    );
    assert_eq!(
        result["relatedLocations"][0]["physicalLocation"]["region"]["startLine"],
        6
    );
}

#[test]
fn sarif_locations_are_relative_to_srcroot_and_absolute_paths_are_file_uris() {
    let Some(validator) =
        sarif_schema("sarif_locations_are_relative_to_srcroot_and_absolute_paths_are_file_uris")
    else {
        return;
    };
    let (sarif, _) = sarif_of(&validator, &["fixtures/invalid/R001_1"]);
    let run = &sarif["runs"][0];
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    let cwd = std::env::current_dir().unwrap();
    assert!(
        root.starts_with("file:///") && root.ends_with('/'),
        "{root}"
    );
    assert!(
        root.trim_end_matches('/')
            .ends_with(&*cwd.file_name().unwrap().to_string_lossy()),
        "%SRCROOT% is the current folder: {root}"
    );
    let location = &run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uriBaseId"], "%SRCROOT%");
    assert!(
        location["uri"]
            .as_str()
            .unwrap()
            .starts_with("fixtures/invalid/R001_1/"),
        "{location}"
    );
    // a path given as absolute names its files by absolute file:// URIs
    let absolute = std::fs::canonicalize("fixtures/invalid/R001_1").unwrap();
    let (sarif, _) = sarif_of(&validator, &[absolute.to_str().unwrap()]);
    let location =
        &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert!(location.get("uriBaseId").is_none(), "{location}");
    let uri = location["uri"].as_str().unwrap();
    assert!(uri.starts_with("file:///"), "{uri}");
    assert!(uri.contains("/fixtures/invalid/R001_1/"), "{uri}");
}

#[test]
fn sarif_shows_allowed_warnings_as_suppressed_with_their_reason() {
    let Some(validator) =
        sarif_schema("sarif_shows_allowed_warnings_as_suppressed_with_their_reason")
    else {
        return;
    };
    let (sarif, status) = sarif_of(
        &validator,
        &["--deny", "warnings", "fixtures/valid/allowed"],
    );
    assert_eq!(status, Some(0), "allowed warnings never fail a run");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:?}");
    let r = &results[0];
    assert_eq!(r["ruleId"], "M003");
    assert_eq!(r["level"], "warning");
    let s = &r["suppressions"][0];
    assert_eq!(s["kind"], "inSource");
    assert_eq!(
        s["justification"],
        "the map is an excerpt: metz and koblenz are not linked yet"
    );
    let at = &s["location"]["physicalLocation"];
    assert_eq!(
        at["artifactLocation"]["uri"],
        "fixtures/valid/allowed/game.ron"
    );
    assert!(at["region"]["startLine"].as_u64().unwrap() > 1);
    // every built-in rule links to its section of the rules reference; a game's own check
    // (documented in its checks.ron) has no such link
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    for rule in rules {
        if rule["id"].as_str().unwrap().starts_with("game/") {
            assert!(rule.get("helpUri").is_none(), "{rule}");
            continue;
        }
        let uri = rule["helpUri"].as_str().unwrap();
        let code = rule["id"].as_str().unwrap().to_lowercase();
        assert!(uri.ends_with(&format!("docs/rules.md#{code}")), "{uri}");
    }
}

#[test]
fn sarif_invocation_records_the_exit_status() {
    let Some(validator) = sarif_schema("sarif_invocation_records_the_exit_status") else {
        return;
    };
    for (args, code, successful) in [
        (&["fixtures/valid/minimal"][..], 0, true),
        (&["fixtures/invalid/R001_1"][..], 1, true),
        (&["fixtures/invalid/L004_1"][..], 0, true),
        (
            &["--deny", "warnings", "fixtures/invalid/L004_1"][..],
            1,
            true,
        ),
        (&["fixtures/invalid/L001_1"][..], 2, false),
        (&["fixtures/no-such-folder"][..], 2, false),
    ] {
        let (sarif, status) = sarif_of(&validator, args);
        let invocation = &sarif["runs"][0]["invocations"][0];
        assert_eq!(status, Some(code), "{args:?}");
        assert_eq!(invocation["exitCode"], code, "{args:?}");
        assert_eq!(invocation["executionSuccessful"], successful, "{args:?}");
    }
    let (sarif, _) = sarif_of(&validator, &["fixtures/no-such-folder"]);
    let note = &sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0];
    assert_eq!(note["level"], "error");
    assert!(
        note["message"]["text"]
            .as_str()
            .unwrap()
            .contains("no such file or folder")
    );
}

#[test]
fn json_lists_allowed_warnings_apart_with_their_reason() {
    let out = validate()
        .args(["--format", "json", "fixtures/valid/allowed"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["diagnostics"], Value::Array(vec![]));
    assert_eq!(v["allowed"][0]["code"], "M003");
    assert_eq!(v["allowed"][0]["file"], "fixtures/valid/allowed/map.ron");
    assert_eq!(
        v["allowed"][0]["reason"],
        "the map is an excerpt: metz and koblenz are not linked yet"
    );
    assert_eq!(v["summary"]["warnings"], 0);
    assert_eq!(v["summary"]["allowed"], 1);
}

#[test]
fn explain_prints_the_documentation() {
    validate()
        .args(["--explain", "r002"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "R002 (unresolved-reference, error)",
        ))
        .stdout(predicate::str::contains("Bad:"));
    validate()
        .args(["--explain", "Z999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a rule code"));
}

#[test]
fn every_code_can_be_explained_and_listed() {
    let list = validate().arg("--list-rules").output().unwrap();
    let list = String::from_utf8(list.stdout).unwrap();
    for rule in orbat_validator::registry::rules() {
        assert!(
            list.contains(rule.code),
            "{} missing from --list-rules",
            rule.code
        );
        validate().args(["--explain", rule.code]).assert().success();
    }
}

#[test]
fn help_explains_usage() {
    validate()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status"))
        .stdout(predicate::str::contains("--format"));
}

#[test]
fn a_closed_pipe_does_not_panic() {
    let mut child = Command::new(validator_binary())
        .args(["--rules-markdown"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn no_colour_when_not_a_terminal_or_no_color() {
    let out = validate()
        .env("NO_COLOR", "1")
        .args(["--color", "auto", "fixtures/invalid/R002_1"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
    let out = validate()
        .args(["--color", "always", "fixtures/invalid/R002_1"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
}

#[test]
fn docs_rules_md_is_generated_from_the_registry() {
    let out = validate().arg("--rules-markdown").output().unwrap();
    let generated = String::from_utf8(out.stdout).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    if std::env::var_os("ORBAT_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/rules.md is out of date: regenerate it with\n    ORBAT_BLESS=1 cargo test -p orbat-tests --test cli docs_rules_md"
    );
}

#[test]
fn list_rules_lines_up_a_games_own_codes() {
    let out = validate()
        .args(["--list-rules", "../scenarios/fitna"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // the severity column starts at one place on every line, `game/...` codes included
    let at = |line: &str| line.find(" error ").or_else(|| line.find(" warning "));
    let columns: std::collections::BTreeSet<_> = text.lines().filter_map(at).collect();
    assert!(text.contains("game/"), "{text}");
    assert_eq!(columns.len(), 1, "{text}");
}

#[test]
fn list_rules_and_explain_as_json() {
    let out = validate()
        .args(["--list-rules", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("--list-rules --format json is JSON");
    assert_eq!(v["version"], 1);
    let rules = v["rules"].as_array().unwrap();
    assert_eq!(rules.len(), orbat_validator::registry::rules().len());
    let m003 = rules.iter().find(|r| r["code"] == "M003").unwrap();
    assert_eq!(m003["name"], "disconnected-map");
    assert_eq!(m003["severity"], "warning");
    assert_eq!(m003["family"], "map");
    assert_eq!(m003["allowable"], true);
    assert!(m003["explanation"].as_str().unwrap().contains("Bad"));
    let l004 = rules.iter().find(|r| r["code"] == "L004").unwrap();
    assert_eq!(l004["allowable"], false, "raised before game.ron is read");
    let out = validate()
        .args(["--explain", "r006", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("--explain --format json is JSON");
    assert_eq!(v["rule"]["code"], "R006");
    assert_eq!(v["rule"]["severity"], "warning");
    assert!(
        v["rule"]["help_uri"]
            .as_str()
            .unwrap()
            .ends_with("docs/rules.md#r006")
    );
}

#[test]
fn stats_as_json() {
    let out = validate()
        .args(["--stats", "--format", "json", "fixtures/valid/minimal"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("--stats --format json is JSON");
    assert_eq!(v["version"], 1);
    let g = &v["games"][0];
    assert_eq!(g["game"], "minimal");
    assert_eq!(g["path"], "fixtures/valid/minimal");
    for (key, n) in [
        ("scenarios", 1),
        ("spaces", 5),
        ("boxes", 1),
        ("links", 5),
        ("units", 5),
        ("counters", 8),
        ("cards", 4),
    ] {
        assert_eq!(g[key], n, "{key}");
    }
    assert_eq!(g["languages"], serde_json::json!(["en", "it"]));
    assert_eq!(g["failed"], Value::Array(vec![]));
}

#[test]
fn stats_report_a_folder_whose_map_does_not_load_as_failed() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("broken");
    std::fs::create_dir(&game).unwrap();
    for entry in std::fs::read_dir("fixtures/valid/minimal").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), game.join(entry.file_name())).unwrap();
    }
    std::fs::write(game.join("map.ron"), "(\n    spaces: [\n").unwrap();
    let out = validate().arg("--stats").arg(dir.path()).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("| broken (failed: map.ron) | 1 | ? (?) | ? | 5 (8) | 4 | en, it |"),
        "{stdout}"
    );
    assert!(!stdout.contains("0 (0)"), "{stdout}");
    assert!(
        stderr.contains("broken/map.ron:3:1: ") && stderr.contains("[L003]"),
        "names the file, where and why: {stderr}"
    );
    let out = validate()
        .args(["--stats", "--format", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let g = &v["games"][0];
    assert_eq!(g["spaces"], Value::Null);
    assert_eq!(g["links"], Value::Null);
    assert_eq!(g["units"], 5);
    let failed = &g["failed"][0];
    assert!(failed["file"].as_str().unwrap().ends_with("broken/map.ron"));
    assert_eq!(failed["code"], "L003");
    assert_eq!(failed["line"], 3);
    assert!(!failed["message"].as_str().unwrap().is_empty());
}

#[test]
fn stats_table_counts_what_a_game_holds() {
    validate()
        .args(["--stats", "fixtures/valid/minimal"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "| minimal | 1 | 5 (1) | 5 | 5 (8) | 4 | en, it |",
        ));
}

#[test]
fn a_games_own_checks_are_listed_and_explained_with_its_folder() {
    let folder = "fixtures/valid/declared-checks";
    let out = validate().args(["--list-rules", folder]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let listed = String::from_utf8(out.stdout).unwrap();
    assert!(listed.contains("M003"), "{listed}");
    let hq = listed
        .lines()
        .find(|l| l.starts_with("game/hq-with-combat-unit "))
        .unwrap_or_else(|| panic!("{listed}"));
    let words: Vec<&str> = hq.split_whitespace().take(3).collect();
    assert_eq!(
        words,
        ["game/hq-with-combat-unit", "warning", "hq-with-combat-unit"]
    );
    let out = validate()
        .args(["--explain", "game/command-limit", folder])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "game/command-limit (command-limit, error): an army's command rating is 4 at most"
        ),
        "{text}"
    );
    assert!(
        text.contains("Bad: `fr-5a` with attrs.command = 5."),
        "{text}"
    );
    let out = validate()
        .args(["--explain", "game/no-such-check", folder])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_game_is_checked_under_each_ruleset_or_under_the_one_asked_for() {
    // under each ruleset: the first edition's scenario names a space of the second only
    validate()
        .arg("fixtures/invalid/R002_5")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "fixtures/invalid/R002_5/first.scenario.ron:9:30",
        ))
        .stdout(predicate::str::contains(
            "no space has the id `liege` (under `first-edition`)",
        ));
    // the second edition alone has nothing to say about the first's scenario
    let second = validate()
        .args(["--ruleset", "second-edition", "fixtures/invalid/R002_5"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let second = String::from_utf8(second).unwrap();
    assert!(!second.contains("first.scenario.ron"), "{second}");
    assert!(
        second.contains("no ruleset has the id `second-edtion`"),
        "{second}"
    );
    // a ruleset the game does not declare is named, at game.ron's `rulesets`
    validate()
        .args(["--ruleset", "third-edition", "fixtures/valid/rulesets"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error[R002]: no ruleset has the id `third-edition`",
        ))
        .stdout(predicate::str::contains(
            "`--ruleset` takes one of this game's rulesets: `first-edition`, `second-edition`",
        ));
    validate()
        .args(["--ruleset", "first-edition", "fixtures/valid/rulesets"])
        .assert()
        .success();
}
