//! Hostile checks.ron and attribute values: what a stranger's pull request could put in a
//! game's own vocabulary and checks. Each gets a located finding, never a panic, a hang or a
//! stack overflow (docs/designing-checks.md, "What bad input gets").

use std::path::Path;

use orbat_validator::{Diagnostic, Report, check};

/// A copy of the `declared-checks` fixture in a temporary folder, with some files replaced.
fn game_with(files: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir("fixtures/valid/declared-checks").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn run(dir: &Path) -> Report {
    check(&[dir.to_owned()]).expect("the folder exists")
}

/// A checks.ron of one check over spaces asserting `expr`, with examples.
fn one_check(expr: &str) -> String {
    format!(
        "(checks: [(id: \"x\", for_each: Space, assert: \"{expr}\", severity: Error, message: \"m\", fires: [(on: \"paris\")], silent: [(on: \"paris\")])])"
    )
}

fn g001(report: &Report) -> &Diagnostic {
    report
        .diagnostics
        .iter()
        .find(|d| d.code == "G001")
        .unwrap_or_else(|| panic!("no G001 in {:#?}", report.diagnostics))
}

#[test]
fn ten_thousand_brackets_deep_is_refused_before_parsing() {
    let expr = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    let dir = game_with(&[("checks.ron", one_check(&expr))]);
    let report = run(dir.path());
    let d = g001(&report);
    assert_eq!(d.message, "brackets nested more than 32 deep");
    // located at the 33rd bracket, inside the string on line 1
    let start = d.location.start.unwrap();
    assert_eq!(start.line, 1);
    assert_eq!(
        start.column,
        "(checks: [(id: \"x\", for_each: Space, assert: \""
            .chars()
            .count()
            + 33
    );
}

#[test]
fn a_five_megabyte_expression_is_refused_by_its_length() {
    let expr = "1 + ".repeat(5 << 18) + "1";
    assert!(expr.len() > 5_000_000);
    let dir = game_with(&[("checks.ron", one_check(&expr))]);
    let report = run(dir.path());
    assert!(
        g001(&report)
            .message
            .starts_with("the expression is 5242881 bytes long, over the limit of 4096")
    );
}

#[test]
fn a_long_flat_chain_within_the_limits_parses_and_runs_on_its_own_stack() {
    let expr = "space.vp + ".repeat(240) + "0 >= 0";
    let dir = game_with(&[("checks.ron", one_check(&expr))]);
    let report = run(dir.path());
    // the example that says it fires does not: the check ran, on every space, to the end
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["G003"], "{:#?}", report.diagnostics);
}

#[test]
fn a_chain_of_operations_nested_too_deep_is_refused_before_it_runs() {
    let expr = "space.vp + ".repeat(300) + "0 >= 0";
    let dir = game_with(&[("checks.ron", one_check(&expr))]);
    let report = run(dir.path());
    let d = g001(&report);
    assert_eq!(
        d.message,
        "the expression nests its operations 302 deep, over the limit of 250"
    );
    let start = d.location.start.unwrap();
    // the whole expression, from its first character (after the opening quote)
    let before = "(checks: [(id: \"x\", for_each: Space, assert: "
        .chars()
        .count();
    assert_eq!((start.line, start.column), (1, before + 2));
    // nothing else: the check never ran, so its examples say nothing
    assert_eq!(report.diagnostics.len(), 1, "{:#?}", report.diagnostics);
}

#[test]
fn comprehensions_nested_to_blow_up_are_refused_by_their_cost() {
    let mut expr = "true".to_owned();
    for v in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"] {
        expr = format!("spaces().all({v}, {expr})");
    }
    let dir = game_with(&[("checks.ron", one_check(&expr))]);
    let report = run(dir.path());
    assert!(
        g001(&report)
            .message
            .starts_with("the check could take some "),
        "{}",
        g001(&report).message
    );
}

#[test]
fn an_attribute_value_of_every_wrong_type_is_a_located_finding() {
    // `command` is a whole number from 0 to 6: every other kind of value is A002's
    let units = std::fs::read_to_string("fixtures/valid/declared-checks/units.ron").unwrap();
    for (value, says) in [
        (
            "true",
            "takes a whole number from 0 to 6, not true or false",
        ),
        ("2.5", "takes a whole number from 0 to 6, not a number"),
        ("\"three\"", "takes a whole number from 0 to 6, not a text"),
        ("[3]", "takes a whole number from 0 to 6, not a list"),
        ("-1", "-1 is out of the range"),
        ("99999999999999999999", "is not a number this tool can read"),
    ] {
        let text = units.replace("\"command\": 3", &format!("\"command\": {value}"));
        assert_ne!(text, units);
        let dir = game_with(&[("units.ron", text)]);
        let report = run(dir.path());
        let found: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.message.contains(says))
            .collect();
        assert!(!found.is_empty(), "{value}: {:#?}", report.diagnostics);
        assert!(found[0].location.start.is_some(), "{value}: not located");
        assert!(
            report.count(orbat_validator::Severity::Error) > 0,
            "{value}"
        );
    }
}

#[test]
fn an_error_at_a_character_of_several_bytes_is_located_on_its_boundaries() {
    // found by the fuzz target checks_file: the parse error falls on `é`, two bytes long
    for expr in [
        "space.kind é == 'x'",
        "space.kind == 'x' é",
        "space.vp == 'été' + 1 +",
    ] {
        let dir = game_with(&[("checks.ron", one_check(expr))]);
        let report = run(dir.path());
        let d = g001(&report);
        let text = std::fs::read_to_string(dir.path().join("checks.ron")).unwrap();
        let span = d.location.span.clone().expect("located");
        assert!(
            text.get(span.clone()).is_some(),
            "{expr}: {span:?} splits a character"
        );
    }
}
