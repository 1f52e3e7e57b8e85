//! `orbat-validate --emit-schemas` proved by a real consumer: check-jsonschema (Python, installed
//! by .ci/run) validates every file of the shipped games and the attributes fixture, as JSON,
//! against the schemas emitted for its game, and rejects a value out of an attribute's range
//! and an attribute the game does not declare.

use std::path::{Path, PathBuf};
use std::process::Command;

use orbat_validator::FileKind;
use orbat_validator::load::ron_json;
use serde_json::Value;

mod common;
use common::validator_binary;

/// The schemas of the game in `folder`, emitted into `out`.
fn emit(folder: &Path, out: &Path) {
    let status = Command::new(validator_binary())
        .arg("--emit-schemas")
        .arg(folder)
        .arg(out)
        .status()
        .unwrap();
    assert!(status.success(), "--emit-schemas {}", folder.display());
}

/// Whether check-jsonschema is here (a failure under CI, which installs it; elsewhere the test
/// says it checked nothing and passes).
fn check_jsonschema_present(test: &str) -> bool {
    common::tool_present(
        test,
        "check-jsonschema",
        Command::new("python3").args(["-m", "check_jsonschema", "--version"]),
        "python3 -m pip install check-jsonschema, or bash tests/tools/test-tools.sh",
    )
}

/// check-jsonschema's verdict on `instance` against `schema`: its output when it rejects it.
fn check(schema: &Path, instance: &Path) -> Result<(), String> {
    // through python3, so a pip install whose scripts folder is not on PATH still serves
    let out = Command::new("python3")
        .args(["-m", "check_jsonschema", "--schemafile"])
        .arg(schema)
        .arg(instance)
        .output()
        .expect(
            "check-jsonschema is installed (python3 -m pip install check-jsonschema; .ci/run does)",
        );
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// A game file as the JSON document its schema describes.
fn as_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    ron_json::parse(&text).unwrap().0.value
}

fn game_files(folder: &Path) -> Vec<(PathBuf, FileKind)> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let kind = FileKind::of(p.file_name()?.to_str()?)?;
            Some((p, kind))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn check_jsonschema_accepts_every_game_file_against_its_games_own_schemas() {
    if !check_jsonschema_present("check_jsonschema_accepts_every_game_file") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let mut folders = vec![PathBuf::from("fixtures/valid/attributes")];
    for e in std::fs::read_dir("../scenarios").unwrap() {
        let p = e.unwrap().path();
        if p.join("game.ron").is_file() {
            folders.push(p);
        }
    }
    let mut checked = 0;
    for folder in &folders {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        let schemas = tmp.path().join(&name).join("schemas");
        emit(folder, &schemas);
        for (path, kind) in game_files(folder) {
            let instance = tmp.path().join(&name).join(format!(
                "{}.json",
                path.file_name().unwrap().to_string_lossy()
            ));
            std::fs::write(&instance, as_json(&path).to_string()).unwrap();
            if let Err(e) = check(&schemas.join(kind.schema_file()), &instance) {
                panic!("{} does not match its game's schema:\n{e}", path.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 60, "only {checked} files checked");
}

#[test]
fn check_jsonschema_rejects_an_undeclared_attribute_and_a_value_out_of_range() {
    if !check_jsonschema_present("check_jsonschema_rejects_an_undeclared_attribute") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let folder = Path::new("../scenarios/northern-war");
    emit(folder, tmp.path());
    let schema = tmp.path().join("units.schema.json");
    let units = as_json(&folder.join("units.ron"));
    let leader = units["units"]
        .as_array()
        .unwrap()
        .iter()
        .position(|u| u["attrs"].get("command").is_some())
        .expect("Northern War has leaders with a command rating");
    for (attrs, why) in [
        (serde_json::json!({"command": 99}), "99"),
        (serde_json::json!({"comand": 3}), "comand"),
    ] {
        let mut bad = units.clone();
        bad["units"][leader]["attrs"] = attrs;
        let instance = tmp.path().join("bad-units.json");
        std::fs::write(&instance, bad.to_string()).unwrap();
        let e = check(&schema, &instance).expect_err("rejected");
        assert!(e.contains(why), "{e}");
    }
}
