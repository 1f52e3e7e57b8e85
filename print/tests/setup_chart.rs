//! The set-up chart of a scenario: titled by the scenario's name (not its id), with the draw
//! piles at the start and the spaces whose control differs from the map's.

mod common;

use common::*;

#[test]
fn the_set_up_chart_lists_the_draw_piles_and_the_control_changes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("setup.pdf");
    let game = scenarios().join("italian-front");
    print_ok(
        &game,
        &out,
        &["--only", "setup", "--scenario", "caporetto-1917"],
    );
    let text = collapse(&tool("pdftotext", &["-raw", out.to_str().unwrap(), "-"]));
    assert!(text.contains("Set-up: Caporetto 1917"), "the title: {text}");
    assert!(!text.contains("caporetto-1917"), "not the id: {text}");
    // every deck of the scenario, with its count of cards
    let scenario = std::fs::read_to_string(game.join("caporetto-1917.scenario.ron")).unwrap();
    assert!(scenario.contains("decks: ["), "the scenario has draw piles");
    assert!(text.contains("Draw piles"), "{text}");
    assert!(text.contains("Entente deck (7)"), "{text}");
    assert!(text.contains("Central Powers deck (8)"), "{text}");
    // control at start that differs from the map's: Cortina, Austrian on the map, is Italian
    assert!(text.contains("Control differing from the map"), "{text}");
    assert!(text.contains("Cortina d'Ampezzo: Italy"), "{text}");
}
