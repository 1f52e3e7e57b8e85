//! A card with `effects` and no text of its own prints an event text made from them, the
//! things named in the chosen language and the sentences' words from `label:event-*` entries.

mod common;

use common::*;

/// italian-front with Radiant May's effects holding a Place, a Control, an EnterWar and a
/// OneOf choice, and its text (in every language) taken away.
fn game_without_the_cards_text(dir: &std::path::Path) -> std::path::PathBuf {
    let game = dir.join("game");
    copy(&scenarios().join("italian-front"), &game);
    edit(
        &game.join("cards.ron"),
        r#"effects: [EnterWar(faction: "it"), If(when: "size(units_at('cortina')) == 0", then: [Control(space: "cortina", faction: Some("it"))]), ShiftTrack(track: "entente-war-status", by: 1)]"#,
        r#"effects: [EnterWar(faction: "it"), Place(units: ["it-corps", "it-corps"], at: "verona"), Control(space: "cortina", faction: Some("it")), OneOf([[Place(units: ["it-corps"], at: "roma")], [Place(units: ["it-corps"], at: "milano")]]), ShiftTrack(track: "entente-war-status", by: 1)]"#,
    );
    edit(
        &game.join("text.en.ron"),
        r#"(name: "Radiant May", text: Some("Italy enters the war. If {space:cortina} is empty, Italy takes control of it. Raise the Entente war status by 1."))"#,
        r#"(name: "Radiant May")"#,
    );
    edit(
        &game.join("text.it.ron"),
        r#"(name: "Maggio radioso", text: Some("L'Italia entra in guerra. Se {space:cortina} è vuota, l'Italia ne prende il controllo. Aumenta di 1 lo stato di guerra dell'Intesa."), source: Some((name: "Radiant May", text: Some("Italy enters the war. If {space:cortina} is empty, Italy takes control of it. Raise the Entente war status by 1."))))"#,
        r#"(name: "Maggio radioso", source: Some((name: "Radiant May")))"#,
    );
    game
}

fn names(game: &std::path::Path, lang: &str, key: &str) -> String {
    let text = std::fs::read_to_string(game.join(format!("text.{lang}.ron"))).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("\"{key}\"")))
        .unwrap_or_else(|| panic!("{key}"));
    let at = line.find("(name: \"").unwrap() + 8;
    line[at..].split('"').next().unwrap().replace("\\'", "'")
}

#[test]
fn a_card_without_text_prints_its_effects_as_its_event() {
    let dir = tempfile::tempdir().unwrap();
    let game = game_without_the_cards_text(dir.path());
    let out = dir.path().join("cards.pdf");
    print_ok(&game, &out, &["--only", "cards", "--no-card-backs"]);
    let text = collapse(&tool("pdftotext", &["-raw", out.to_str().unwrap(), "-"]));
    let n = |key: &str| names(&game, "en", key);
    for sentence in [
        format!("{} enters the war.", n("faction:it")),
        format!("Place 2 × {} at {}.", n("unit:it-corps"), n("space:verona")),
        format!("{} controls {}.", n("faction:it"), n("space:cortina")),
        format!(
            "Choose one: (1) Place {} at {}. (2) Place {} at {}.",
            n("unit:it-corps"),
            n("space:roma"),
            n("unit:it-corps"),
            n("space:milano")
        ),
    ] {
        assert!(text.contains(&sentence), "{sentence:?} in\n{text}");
    }
}

#[test]
fn the_event_text_is_in_the_language_chosen_with_the_translators_words() {
    let dir = tempfile::tempdir().unwrap();
    let game = game_without_the_cards_text(dir.path());
    // a translator's words for two of the sentences, the slots kept
    edit(
        &game.join("text.it.ron"),
        r#""label:capital""#,
        r#""label:event-enter-war": (name: "{faction} entra in guerra."),
        "label:event-control": (name: "{space} passa sotto il controllo di {faction}."),
        "label:capital""#,
    );
    let out = dir.path().join("carte.pdf");
    print_ok(
        &game,
        &out,
        &["--only", "cards", "--no-card-backs", "--language", "it"],
    );
    let text = collapse(&tool("pdftotext", &["-raw", out.to_str().unwrap(), "-"]));
    let it = |key: &str| names(&game, "it", key);
    for sentence in [
        format!("{} entra in guerra.", it("faction:it")),
        format!(
            "{} passa sotto il controllo di {}.",
            it("space:cortina"),
            it("faction:it")
        ),
        // no translation of this one yet: English words, Italian names
        format!(
            "Place 2 × {} at {}.",
            it("unit:it-corps"),
            it("space:verona")
        ),
    ] {
        assert!(text.contains(&sentence), "{sentence:?} in\n{text}");
    }
}
