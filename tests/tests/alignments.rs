//! A scenario that puts a faction on another side than the game gives it (`alignments`): its
//! friends and enemies, the control it shares and the supply it gives follow that side.
//! Proven on northern-war's 1707 scenario, where Poland under Stanisław stands with Sweden
//! though the game puts it in the coalition: the Swedes share Warsaw and Vilna with the Poles.

use orbat_validator::check;

/// The codes and messages of northern-war's findings, its 1707 scenario with or without the
/// alignment of Poland with Sweden.
fn findings(aligned: bool) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new("../scenarios/northern-war");
    for entry in std::fs::read_dir(from).unwrap() {
        let name = entry.unwrap().file_name();
        std::fs::copy(from.join(&name), dir.path().join(&name)).unwrap();
    }
    let path = dir.path().join("altranstadt-1707.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let alignment = "alignments: [\n        (faction: \"pol\", side: \"sweden\"),\n    ],\n";
    assert!(text.contains(alignment), "the 1707 scenario aligns Poland");
    if !aligned {
        std::fs::write(&path, text.replacen(alignment, "", 1)).unwrap();
    }
    let report = check(&[dir.path().to_owned()]).unwrap();
    report
        .diagnostics
        .iter()
        .map(|d| (d.code.to_string(), d.message.clone()))
        .collect()
}

#[test]
fn poland_with_sweden_shares_its_spaces() {
    assert_eq!(findings(true), Vec::new());
}

#[test]
fn poland_on_the_games_side_is_swedens_enemy() {
    let found = findings(false);
    let has = |code: &str, text: &str| found.iter().any(|(c, m)| c == code && m.contains(text));
    assert!(
        has("K004", "`warsaw`") && has("K004", "`vilna`"),
        "{found:#?}"
    );
    assert!(
        has(
            "O006",
            "`swe-charles` (swe) starts in `warsaw`, which `pol` controls"
        ),
        "{found:#?}"
    );
    assert!(has("P004", "`swe-field-army`"), "{found:#?}");
}
