//! How a declared check's expressions are judged where CEL's rules decide: `all` and `exists`
//! stop at the first item that settles them, and fail at an item they cannot judge before
//! that (the evaluator judges them item by item on their predicate, not through the
//! accumulator CEL's expansion carries: the verdicts must be CEL's).

use orbat_validator::check;

/// The verdict of one check over the spaces of the `declared-checks` fixture asserting
/// `expr` on its space `paris`: "holds", "fails" or "cannot be judged".
fn verdict(expr: &str) -> &'static str {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir("fixtures/valid/declared-checks").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    let checks = format!(
        "(checks: [(id: \"x\", for_each: Space, when: \"space.id == 'paris'\", assert: \"{expr}\", severity: Error, message: \"m\", fires: [(on: \"paris\")], silent: [(on: \"paris\")])])"
    );
    std::fs::write(dir.path().join("checks.ron"), checks).unwrap();
    let report = check(&[dir.path().to_owned()]).unwrap();
    let on_paris: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code != "G003")
        .collect();
    match on_paris.as_slice() {
        [] => "holds",
        [d] if d.code == "G002" && d.message.contains("could not be judged") => "cannot be judged",
        [d] if d.code.ends_with('x') => "fails",
        other => panic!("{expr}: {other:#?}"),
    }
}

#[test]
fn exists_stops_at_its_first_true_item_and_fails_at_an_item_before_it() {
    assert_eq!(
        verdict("[dyn(space.vp), dyn(space.id)].exists(x, x >= 0)"),
        "holds"
    );
    assert_eq!(
        verdict("[dyn(space.id), dyn(space.vp)].exists(x, x >= 0)"),
        "cannot be judged"
    );
    assert_eq!(verdict("[0, 2].exists(x, x > 1)"), "holds");
    assert_eq!(verdict("[0, 1].exists(x, x > 1)"), "fails");
    assert_eq!(verdict("[0, 1].filter(x, x > 5).exists(x, x > 1)"), "fails");
    assert_eq!(verdict("[dyn(1), dyn(2)].exists(x, x)"), "cannot be judged");
}

#[test]
fn all_stops_at_its_first_false_item_and_fails_at_an_item_before_it() {
    assert_eq!(
        verdict("[dyn(2), dyn(0), dyn(space.id)].all(x, x > 1)"),
        "fails"
    );
    assert_eq!(
        verdict("[dyn(2), dyn(space.id), dyn(0)].all(x, x > 1)"),
        "cannot be judged"
    );
    assert_eq!(verdict("[2, 3].all(x, x > 1)"), "holds");
    assert_eq!(verdict("[0, 1].filter(x, x > 5).all(x, x > 1)"), "holds");
    assert_eq!(verdict("[dyn(true), dyn(1)].all(x, x)"), "cannot be judged");
}

#[test]
fn the_other_comprehensions_keep_their_own_rules() {
    assert_eq!(verdict("[1, 2].exists_one(x, x > 1)"), "holds");
    assert_eq!(verdict("[2, 3].exists_one(x, x > 1)"), "fails");
    assert_eq!(verdict("[1, 2].map(x, x * 2) == [2, 4]"), "holds");
    assert_eq!(verdict("size([1, 2, 3].filter(x, x > 1)) == 2"), "holds");
}
