//! A schema error in the middle of a large file is reported at its exact line and column.

use std::fmt::Write;

use orbat_validator::{LineCol, check};

#[test]
fn schema_error_in_the_middle_of_a_500_line_file() {
    let dir = tempfile::tempdir().unwrap();
    let base = std::path::Path::new("fixtures/valid/minimal");
    for f in [
        "game.ron",
        "units.ron",
        "cards.ron",
        "text.en.ron",
        "text.it.ron",
    ] {
        std::fs::copy(base.join(f), dir.path().join(f)).unwrap();
    }
    // 498 spaces, one per line, in a chain; line 252 holds a string where a number belongs
    let mut map = String::from("(\n    spaces: [\n");
    for i in 0..248 {
        writeln!(
            map,
            "        (id: \"s{i}\", x: {i}, y: 0, kind: \"space\"),"
        )
        .unwrap();
    }
    // this is line 2 + 248 + 1 = 251
    writeln!(
        map,
        "        (id: \"bad\", x: 1, y: \"north\", kind: \"space\"),"
    )
    .unwrap();
    for i in 248..496 {
        writeln!(
            map,
            "        (id: \"s{i}\", x: {i}, y: 0, kind: \"space\"),"
        )
        .unwrap();
    }
    map.push_str("    ],\n    links: [],\n)\n");
    assert!(map.lines().count() >= 500, "{}", map.lines().count());
    std::fs::write(dir.path().join("map.ron"), &map).unwrap();

    let report = check(&[dir.path().to_owned()]).unwrap();
    let schema_errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "S001")
        .collect();
    assert_eq!(schema_errors.len(), 1, "{:#?}", report.diagnostics);
    let d = schema_errors[0];
    let bad_line = map.lines().nth(250).unwrap();
    let column = bad_line.find("\"north\"").unwrap() + 1;
    assert_eq!(column, 30);
    assert_eq!(d.location.start, Some(LineCol { line: 251, column }));
    assert_eq!(d.location.pointer.as_deref(), Some("/spaces/248/y"));
    assert_eq!(d.message, "expected a number, found \"north\"");
}
