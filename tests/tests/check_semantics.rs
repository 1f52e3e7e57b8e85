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
        // (its one example is on both lists: one of them is always wrong, or held back)
        .filter(|d| d.code != "G003" && d.code != "G004")
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

/// The findings of `checks` (checks.ron's list) on the `declared-checks` fixture.
fn findings(checks: &str) -> Vec<orbat_validator::Diagnostic> {
    findings_in("fixtures/valid/declared-checks", checks, |_| {})
}

/// The findings of `checks` on a copy of a fixture, first changed by `change`.
fn findings_in(
    fixture: &str,
    checks: &str,
    change: impl FnOnce(&std::path::Path),
) -> Vec<orbat_validator::Diagnostic> {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixture).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    change(dir.path());
    std::fs::write(
        dir.path().join("checks.ron"),
        format!("(checks: [{checks}])"),
    )
    .unwrap();
    let report = check(&[dir.path().to_owned()]).unwrap();
    // (G003, G004: these checks come without examples)
    report
        .diagnostics
        .into_iter()
        .filter(|d| d.code != "G003" && d.code != "G004")
        .collect()
}

#[test]
fn lists_sum_sort_and_find_as_cel_list_extensions_do() {
    assert_eq!(
        verdict("[1, 2, 3].sum() == 6 && sum([0.5, 1.5]) == 2.0"),
        "holds"
    );
    assert_eq!(verdict("[].sum() == 0"), "holds");
    assert_eq!(verdict("[3, 1, 2].sort() == [1, 2, 3]"), "holds");
    assert_eq!(verdict("['b', 'a', 'b'].distinct() == ['b', 'a']"), "holds");
    assert_eq!(
        verdict("[7, 8, 7].indexOf(7) == 0 && [7, 8, 7].lastIndexOf(7) == 2"),
        "holds"
    );
    assert_eq!(
        verdict("[7, 8].indexOf(9) == -1 && 'verdun'.indexOf('d') == 3"),
        "holds"
    );
    assert_eq!(
        verdict("['a', 'b'].join(', ') == 'a, b' && [4, 9, 2].max() == 9"),
        "holds"
    );
    assert_eq!(verdict("[1, 2].sum() == 4"), "fails");
    assert_eq!(verdict("[1, 'a'].sum() == 1"), "cannot be judged");
    assert_eq!(verdict("[1, 'a'].sort() == [1]"), "cannot be judged");
}

#[test]
fn cel_bind_names_a_value_once() {
    assert_eq!(verdict("cel.bind(n, space.vp + 1, n * n == 4)"), "holds");
    assert_eq!(
        verdict("cel.bind(a, 2, cel.bind(b, a * 3, b - a == 4))"),
        "holds"
    );
    assert_eq!(verdict("cel.bind(a, 2, cel.bind(a, 5, a == 5))"), "holds");
    assert_eq!(
        verdict("cel.bind(ids, spaces().map(s, s.id), 'paris' in ids)"),
        "holds"
    );
    let d = findings(
        r#"(id: "x", for_each: Space, assert: "cel.bind(1, 2, true)", severity: Error, message: "m")"#,
    );
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, "G001");
    assert!(
        d[0].message.contains("`cel.bind` names its value first"),
        "{}",
        d[0].message
    );
}

#[test]
fn a_placement_or_stack_reads_its_scenario_and_a_message_any_expression() {
    // `scenario` in a placement's check, `control()` in its message
    let d = findings(
        r#"(id: "x", for_each: Placement, when: "placement.at in scenario.attrs.ports", assert: "placement.unit.faction == 'fr'", severity: Error, message: "{unit.id} holds {at}, a port of {scenario.id} held by {control(placement.at)} ({size(units_at(placement.at))} counter)")"#,
    );
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, "game/x");
    assert_eq!(
        d[0].message,
        "`br-bef` holds `calais`, a port of `1914` held by `br` (1 counter)"
    );
    // sums and names in a stack's check and message
    let d = findings(
        r#"(id: "x", for_each: Stack, assert: "cel.bind(c, stack.units.map(u, u.attrs.command).sum(), c <= 2)", severity: Error, message: "{at} commands {stack.units.map(u, u.attrs.command).sum()}: {stack.units.map(u, u.id).distinct().sort().join(', ')}")"#,
    );
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].message, "`verdun` commands 3: `fr-5a, fr-corps`");
    // the scenario, a marker kind's and a track's attributes, the markers at a space
    let d = findings(
        r#"(id: "x", for_each: Scenario, assert: "areas().all(a, spaces().filter(s, a.id in s.areas).map(s, size(units_at(s.id))).sum() <= 6) && scenario('1914').tracks['vp'] <= track('vp').max && markers_at('verdun') == ['trench'] && marker_kind('trench').attrs.defence == 1.5 && scenario.relations == []", severity: Error, message: "m")"#,
    );
    assert!(d.is_empty(), "{d:#?}");
}

#[test]
fn a_cards_arrivals_say_where_each_unit_arrives() {
    let cards = std::fs::read_to_string("fixtures/valid/declared-checks/cards.ron").unwrap();
    assert!(
        cards.contains("reinforcements"),
        "the fixture has a card with arrivals"
    );
    let d = findings(
        r#"(id: "x", for_each: Card, when: "size(card.arrivals) > 0", assert: "card.arrivals.all(r, r.to != null && space(r.to).control == 'fr')", severity: Error, message: "{card.arrivals.map(r, r.unit + ' to ' + string(r.to)).join('; ')}")"#,
    );
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(d[0].message.contains(" to "), "{}", d[0].message);
}

#[test]
fn a_name_or_text_a_scope_does_not_have_is_refused_where_it_is_written() {
    for (checks, says) in [
        (
            r#"(id: "x", for_each: Space, assert: "scenario.id == 'x'", severity: Error, message: "m")"#,
            "unknown name `scenario`",
        ),
        (
            r#"(id: "x", for_each: Space, assert: "true", severity: Error, message: "{control(space.id)}")"#,
            "`control` reads a scenario's start",
        ),
        (
            r#"(id: "x", for_each: Space, assert: "true", severity: Error, message: "{space.vpp}")"#,
            "a space has no field `vpp`",
        ),
        (
            r#"(id: "x", for_each: Space, assert: "true", severity: Error, message: "open {id")"#,
            "a `{` with no `}`",
        ),
        (
            r#"(id: "x", for_each: Scenario, assert: "marker_kind('trench').attrs.defense > 0", severity: Error, message: "m")"#,
            "no attribute `defense`",
        ),
    ] {
        let d = findings(checks);
        assert_eq!(d.len(), 1, "{checks}: {d:#?}");
        assert_eq!(d[0].code, "G001", "{checks}");
        assert!(d[0].message.contains(says), "{checks}: {}", d[0].message);
        assert!(d[0].location.start.is_some(), "{checks}: located");
    }
}

/// Whether `expr` holds on space `verdun` of the `one-way-links` fixture, where the link
/// between `verdun` and `paris` is followed from `verdun` only.
fn holds_on_verdun(expr: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir("fixtures/valid/one-way-links").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    let checks = format!(
        "(checks: [(id: \"x\", for_each: Space, when: \"space.id == 'verdun'\", assert: \"{expr}\", severity: Error, message: \"m\")])"
    );
    std::fs::write(dir.path().join("checks.ron"), checks).unwrap();
    let report = check(&[dir.path().to_owned()]).unwrap();
    // G003: the check has no examples, which is beside the point here
    let found: Vec<_> = (report.diagnostics.iter().map(|d| &d.code))
        .filter(|c| **c != "G003")
        .collect();
    assert!(found.iter().all(|c| c.ends_with('x')), "{expr}: {found:?}");
    found.is_empty()
}

#[test]
fn a_one_way_link_is_followed_from_its_a_only() {
    assert!(holds_on_verdun("'paris' in neighbours(space)"));
    assert!(holds_on_verdun("reachable('verdun', 'paris')"));
    assert!(holds_on_verdun("distance('verdun', 'paris') == 1"));
    // back up the river: only the long way round, and not at all from paris's side
    assert!(holds_on_verdun("!reachable('paris', 'verdun')"));
    assert!(holds_on_verdun("distance('paris', 'verdun') == -1"));
    assert!(holds_on_verdun("!('verdun' in neighbours('paris'))"));
    assert!(holds_on_verdun(
        "links().exists(l, l.a == 'verdun' && l.one_way) && links().filter(l, l.one_way).size() == 1"
    ));
    // what the built-in supply trace reads, for a game's own trace
    assert!(holds_on_verdun("links().all(l, l.carries_supply)"));
    assert!(holds_on_verdun(
        "!unit('fr-5a').needs_no_supply && units().all(u, !u.needs_no_supply)"
    ));
}

#[test]
fn a_path_may_say_which_spaces_and_links_it_uses() {
    // verdun -> metz (ge) -> koblenz (ge); verdun -> paris one way
    assert!(holds_on_verdun("reachable('verdun', 'koblenz')"));
    assert!(holds_on_verdun(
        "!reachable('verdun', 'koblenz', s, s.control != 'ge')"
    ));
    assert!(holds_on_verdun(
        "reachable(space, 'metz', s, s.control == 'ge')"
    ));
    assert!(holds_on_verdun(
        "distance('verdun', 'koblenz', s, s.control == 'ge') == 2"
    ));
    assert!(holds_on_verdun(
        "distance('verdun', 'paris', s, true, l, l.kind == 'rail') == -1"
    ));
    assert!(holds_on_verdun(
        "distance('verdun', 'paris', s, true, l, l.one_way) == 1"
    ));
    // the start is not judged: the path begins where it stands
    assert!(holds_on_verdun(
        "reachable('verdun', 'paris', s, s.id != 'verdun')"
    ));
    // the variable is the condition's own: the check's names stay as they were
    assert!(holds_on_verdun(
        "reachable('verdun', 'metz', space, space.id == 'metz') && space.id == 'verdun'"
    ));
}

#[test]
fn a_path_condition_that_is_not_true_or_false_is_refused() {
    let found = findings(
        "(id: \"p\", for_each: Space, assert: \"reachable(space, 'paris', s, s.id)\", severity: Error, message: \"m\")",
    );
    let g001: Vec<_> = found.iter().filter(|d| d.code == "G001").collect();
    assert_eq!(g001.len(), 1, "{found:#?}");
    assert!(
        g001[0]
            .message
            .contains("the condition on each space of a path is a text, not true or false"),
        "{}",
        g001[0].message
    );
}

#[test]
fn a_conditional_supply_source_counts_only_while_its_condition_holds() {
    // Salonika supplies Serbia only while the Allies hold it (`source_while`)
    let check = r#"(id: "x", for_each: Scenario, assert: "sources_at('salonika') == ['sb'] && space('salonika').supply_source_for == ['sb'] && sources_at('koblenz') == ['ge']", severity: Error, message: "m")"#;
    let fixture = "fixtures/valid/conditional-source";
    let d = findings_in(fixture, check, |_| {});
    assert!(d.is_empty(), "{d:#?}");
    // taken by the Central Powers at the start: no source at all, though the map still lists it
    let d = findings_in(fixture, check, |dir| {
        let path = dir.join("1914.scenario.ron");
        let sc = std::fs::read_to_string(&path).unwrap();
        let sc = sc.replace(
            "turns: (first: 1, last: 10),",
            "turns: (first: 1, last: 10),\n    control: [(space: \"salonika\", faction: Some(\"ge\"))],",
        );
        std::fs::write(path, sc).unwrap();
    });
    let codes: Vec<&str> = d.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"game/x"), "{d:#?}");
}
