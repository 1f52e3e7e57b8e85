//! A file's line endings and final newline are the designer's: `--fix` adds lines in the
//! file's own ending, and `--check-format` does not call a CRLF file unformatted for them.

use std::path::Path;
use std::process::Command;

mod common;
use common::validator_binary;

/// A copy of a fixture with every line ending in `\r\n`.
fn crlf_copy(fixture: &str, into: &Path) {
    std::fs::create_dir_all(into).unwrap();
    for e in std::fs::read_dir(Path::new("fixtures").join(fixture)).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            let text = std::fs::read_to_string(&p).unwrap();
            let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
            std::fs::write(into.join(p.file_name().unwrap()), crlf).unwrap();
        }
    }
}

fn every_line_ends_in_crlf(text: &str) -> bool {
    text.split_inclusive('\n').all(|l| l.ends_with("\r\n"))
}

#[test]
fn the_copy_is_what_the_test_needs() {
    let tmp = tempfile::tempdir().unwrap();
    crlf_copy("../../editor/tests/fixtures/alpine", tmp.path());
    let map = std::fs::read_to_string(tmp.path().join("map.ron")).unwrap();
    assert!(every_line_ends_in_crlf(&map));
}

#[test]
fn a_fix_adds_lines_in_the_files_own_line_ending() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    crlf_copy("invalid/T001_1", &dir);
    let status = Command::new(validator_binary())
        .arg("--fix")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(status.status.code().is_some(), "{status:?}");
    let text = std::fs::read_to_string(dir.join("text.en.ron")).unwrap();
    assert!(
        text.contains("\"space:verdun\": (name: \"Verdun\"),\r\n"),
        "{text}"
    );
    assert!(every_line_ends_in_crlf(&text), "{text:?}");
}

#[test]
fn check_format_keeps_line_endings_out_of_the_format() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    // the editor's fixture is in the canonical form (with `\n`)
    crlf_copy("../../editor/tests/fixtures/alpine", &dir);
    let out = Command::new(validator_binary())
        .arg("--check-format")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // a file whose content is not canonical is still reported, in its own line endings
    let map = dir.join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, text.replacen("    spaces", "  spaces", 1)).unwrap();
    let out = Command::new(validator_binary())
        .arg("--check-format")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// `--fix` on CRLF files with comments: a deletion, a replacement and an added entry, written
/// in place, leave every line in CRLF and every comment whose entity stays.
#[test]
fn a_fix_in_place_keeps_crlf_and_comments() {
    let tmp = tempfile::tempdir().unwrap();
    for (fixture, file, from, to) in [
        (
            "invalid/T001_1",
            "text.en.ron",
            "    entries: {\r\n",
            "    // English names\r\n    entries: {\r\n",
        ),
        (
            "invalid/M002_1",
            "map.ron",
            "    links: [\r\n",
            "    // the links\r\n    links: [\r\n",
        ),
        (
            "invalid/R002_1",
            "map.ron",
            "    links: [\r\n",
            "    // the links\r\n    links: [\r\n",
        ),
    ] {
        let dir = tmp.path().join(fixture.replace('/', "-"));
        crlf_copy(fixture, &dir);
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains(from), "{fixture}: {text}");
        std::fs::write(dir.join(file), text.replacen(from, to, 1)).unwrap();
        let out = Command::new(validator_binary())
            .arg("--fix")
            .arg(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("fixed "), "{fixture}: {stdout}");
        let fixed = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_ne!(fixed, text.replacen(from, to, 1), "{fixture}: fixed");
        assert!(fixed.contains(to), "{fixture}: the comment stays:\n{fixed}");
        assert!(every_line_ends_in_crlf(&fixed), "{fixture}: {fixed:?}");
    }
}
