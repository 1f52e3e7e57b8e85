//! Rule levels chosen for a run (issue 20, item 2): `--deny CODE`, `--warn CODE`, `--allow
//! CODE` and the same lists in an `orbat.toml` found upward from the checked path, the command
//! line winning code by code; errors stay errors.

use std::path::Path;
use std::process::Command;

mod common;

/// A copy of a fixture game folder inside a scratch folder (where an orbat.toml can sit
/// above it); returns the scratch folder and the game's path in it.
fn scratch_copy(fixture: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let game = root.path().join("games").join("g");
    std::fs::create_dir_all(&game).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(fixture);
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), game.join(e.file_name())).unwrap();
    }
    (root, game)
}

fn validate(args: &[&str], game: &Path) -> (i32, String, String) {
    let out = Command::new(common::validator_binary())
        .args(args)
        .arg(game)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn deny_makes_a_rules_warnings_errors_and_the_summary_says_so() {
    // P004_2 finds one P004 warning and nothing else
    let (_root, game) = scratch_copy("invalid/P004_2");
    let (code, out, _) = validate(&["--no-config"], &game);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = validate(&["--no-config", "--deny", "p004"], &game);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[P004]"), "{out}");
    assert!(
        out.contains("rule levels: P004 denied (command line); 1 warning made errors"),
        "{out}"
    );
    let (code, out, _) = validate(
        &["--no-config", "--format", "json", "--deny", "P004"],
        &game,
    );
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["diagnostics"][0]["severity"], "error", "{out}");
}

#[test]
fn allow_leaves_a_rules_warnings_unreported_and_warn_keeps_them_under_deny_warnings() {
    let (_root, game) = scratch_copy("invalid/P004_2");
    let (code, out, _) = validate(&["--no-config", "--allow", "P004"], &game);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("P004]"), "{out}");
    assert!(out.contains("1 warning not reported"), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
    let (code, _, _) = validate(&["--no-config", "--deny", "warnings"], &game);
    assert_eq!(code, 1);
    let (code, out, _) = validate(
        &["--no-config", "--deny", "warnings", "--warn", "P004"],
        &game,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[P004]"), "{out}");
}

#[test]
fn an_orbat_toml_above_the_game_sets_levels_and_the_command_line_wins() {
    let (root, game) = scratch_copy("invalid/P004_2");
    let config = root.path().join("orbat.toml");
    std::fs::write(&config, "[rules]\ndeny = [\"P004\"]\n").unwrap();
    let (code, out, _) = validate(&[], &game);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!("P004 denied ({})", config.display())),
        "{out}"
    );
    let (code, out, _) = validate(&["--warn", "P004"], &game);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("P004 kept a warning (command line)"), "{out}");
    let (code, out, _) = validate(&["--no-config"], &game);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("rule levels"), "{out}");
}

#[test]
fn levels_that_cannot_be_are_refused_before_the_run_with_where_and_why() {
    let (root, game) = scratch_copy("invalid/P004_2");
    let (code, _, err) = validate(&["--no-config", "--allow", "R002"], &game);
    assert_eq!(code, 2);
    assert!(
        err.contains("`R002` is an error, and errors stay errors"),
        "{err}"
    );
    let (code, _, err) = validate(&["--no-config", "--deny", "X123"], &game);
    assert_eq!(code, 2);
    assert!(err.contains("`X123` is not a rule code"), "{err}");
    let config = root.path().join("orbat.toml");
    std::fs::write(&config, "[rules]\nallow = [\"P004\",\n  \"R001\"]\n").unwrap();
    let (code, _, err) = validate(&[], &game);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("{}:3:3: `R001` is an error", config.display())),
        "{err}"
    );
    std::fs::write(&config, "[rule]\ndeny = [\"P004\"]\n").unwrap();
    let (code, _, err) = validate(&[], &game);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{}:1:", config.display())), "{err}");
    assert!(err.contains("a `[rules]` table"), "{err}");
}

/// The orbat.toml README.md shows is one the validator reads, with the levels it says.
#[test]
fn the_readmes_orbat_toml_is_read_as_it_says() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let start = readme
        .find("```toml\n")
        .expect("README shows an orbat.toml")
        + "```toml\n".len();
    let example = &readme[start..start + readme[start..].find("```").unwrap()];
    let (root, game) = scratch_copy("invalid/P004_2");
    std::fs::write(root.path().join("orbat.toml"), example).unwrap();
    let (code, out, err) = validate(&[], &game);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("P004 denied"), "{out}");
    assert!(out.contains("T002 allowed"), "{out}");
}
