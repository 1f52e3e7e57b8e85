//! Target (c): a game's own checks.ron from raw bytes, beside a game that declares attributes
//! (the `declared-checks` fixture), through the whole pipeline: parsing, the static check of
//! each CEL expression, its limits and its run over every entity.

use std::path::{Path, PathBuf};

use crate::checks::run_folder;
use crate::names::DIR;

/// The fixture's files but checks.ron, read in at build time.
const BASE: [(&str, &str); 7] = [
    ("game.ron", include_str!("../../tests/fixtures/valid/declared-checks/game.ron")),
    ("map.ron", include_str!("../../tests/fixtures/valid/declared-checks/map.ron")),
    ("units.ron", include_str!("../../tests/fixtures/valid/declared-checks/units.ron")),
    ("cards.ron", include_str!("../../tests/fixtures/valid/declared-checks/cards.ron")),
    ("text.en.ron", include_str!("../../tests/fixtures/valid/declared-checks/text.en.ron")),
    ("text.it.ron", include_str!("../../tests/fixtures/valid/declared-checks/text.it.ron")),
    ("1914.scenario.ron", include_str!("../../tests/fixtures/valid/declared-checks/1914.scenario.ron")),
];

/// Target (c'): one expression from raw bytes, as the `when` and `assert` of checks of every
/// scope in a well-formed checks.ron: every input reaches CEL's parser, the static check, the
/// limits and the run (mutating a whole file mostly breaks its RON first).
pub fn checks_expression(data: &[u8]) {
    let expr: String = String::from_utf8_lossy(data)
        .chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c if c.is_control() => vec![' '],
            c => vec![c],
        })
        .collect();
    let mut text = String::from("(checks: [\n");
    for (scope, on) in [
        ("Space", "paris"),
        ("Unit", "fr-5a"),
        ("Card", "bef"),
        ("Stack", "metz"),
        ("Scenario", "1914"),
    ] {
        text.push_str(&format!(
            "(id: \"{on}\", for_each: {scope}, when: \"{expr}\", assert: \"{expr}\", severity: Error, message: \"m\", fires: [(on: \"{on}\")], silent: [(on: \"{on}\")]),\n"
        ));
    }
    text.push_str("])\n");
    checks_file(text.as_bytes());
}

pub fn checks_file(data: &[u8]) {
    let dir = Path::new(DIR);
    let mut files: Vec<(PathBuf, String)> =
        BASE.iter().map(|(n, t)| (dir.join(n), (*t).to_owned())).collect();
    files.push((dir.join("checks.ron"), String::from_utf8_lossy(data).into_owned()));
    // the checks run on a thread of their own, whose panic the validator reports as a finding
    // (the run goes on): here it must be a crash
    let inputs = orbat_validator::Inputs::Texts { dir, files: &files };
    let found = orbat_validator::engine::check(inputs, &orbat_validator::Settings::default())
        .unwrap_or_default()
        .diagnostics;
    if let Some(d) = found.iter().find(|d| d.message == "the game's checks could not be run") {
        panic!("the declared checks panicked: {d:?}");
    }
    run_folder(&files);
}
