//! An event's conditions read as words on a printed card: an `If`'s own `says` (a text key the
//! designer names in the text files), else a common shape of the checks language put in words
//! (`label:event-when-*`), a declared attribute by its `attr:` name; any other condition prints
//! as its CEL, and orbat-print's warning names the card.

mod common;

use common::*;

/// italian-front with Radiant May's text taken away and its effects four `If`s: two shapes
/// put in words, one with words of its own, one no shape fits.
fn game(dir: &std::path::Path) -> std::path::PathBuf {
    let game = dir.join("game");
    copy(&scenarios().join("italian-front"), &game);
    edit(
        &game.join("cards.ron"),
        r#"effects: [EnterWar(faction: "it"), If(when: "size(units_at('cortina')) == 0", then: [Control(space: "cortina", faction: Some("it"))]), ShiftTrack(track: "entente-war-status", by: 1)]"#,
        r#"effects: [If(when: "control('trento') == 'it' && 'it' in neutral()", then: [EnterWar(faction: "it")]), If(when: "scenario.tracks['entente-war-status'] >= 3 || !(size(units_at('cortina')) > 0)", then: [SetAttr(of: "faction:it", attr: "seat_of_three", value: 2)]), If(when: "space('trento').attrs.front == 'trentino'", says: Some("label:trento-holds-out"), then: [ShiftTrack(track: "entente-war-status", by: 1)]), If(when: "units_at('cortina').exists(u, u.kind == 'corps')", then: [ShiftTrack(track: "entente-war-status", by: 2)])]"#,
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

fn printed(game: &std::path::Path, extra: &[&str]) -> (String, String) {
    let out = game.parent().unwrap().join("cards.pdf");
    let args = [game.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let base = ["--only", "cards", "--no-card-backs"];
    let (code, said) = print(&[&args[..], &base, extra].concat());
    assert_eq!(code, 0, "{said}");
    let text = collapse(&tool("pdftotext", &["-raw", out.to_str().unwrap(), "-"]));
    (text, said)
}

#[test]
fn conditions_read_as_words_and_a_condition_without_any_prints_as_cel_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let game = game(dir.path());
    let (text, said) = printed(&game, &[]);
    for sentence in [
        "If Italy controls Trent and Italy is neutral: Italy enters the war.",
        // a track by its name; a declared attribute by its id as words, the game naming none
        "If Entente War Status is at least 3 or Cortina d'Ampezzo is empty: Italy: Seat of three becomes 2.",
        // the designer's own words, none written yet: the key's id as words
        "If Trento holds out: Entente War Status +1.",
        "If units_at('cortina').exists(u, u.kind == 'corps'): Entente War Status +2.",
    ] {
        assert!(text.contains(sentence), "{sentence:?} in\n{text}");
    }
    assert!(
        said.contains(
            "1 card(s) print an event condition as CEL, for want of words: `radiant-may`"
        ),
        "{said}"
    );
}

#[test]
fn the_words_of_a_condition_and_of_an_attribute_come_from_the_text_files() {
    let dir = tempfile::tempdir().unwrap();
    let game = game(dir.path());
    edit(
        &game.join("text.en.ron"),
        r#""label:capital""#,
        r#""label:trento-holds-out": (name: "Trent has not fallen"),
        "attr:seat_of_three": (name: "the seat in the 3-player game"),
        "label:event-when-and": (name: "{a}, while {b}"),
        "label:capital""#,
    );
    let (text, _) = printed(&game, &[]);
    for sentence in [
        "If Italy controls Trent, while Italy is neutral:",
        "Italy: the seat in the 3-player game becomes 2.",
        "If Trent has not fallen: Entente War Status +1.",
    ] {
        assert!(text.contains(sentence), "{sentence:?} in\n{text}");
    }
    // every one of these words is offered to translators (`orbat-po export`'s msgids)
    let folder = orbat_print::load::checked(&game).expect("the game checks");
    let offered = orbat_validator::analysis::printed::defaults(&folder);
    for key in [
        "label:trento-holds-out",
        "attr:seat_of_three",
        "label:event-when-control",
    ] {
        assert!(offered.iter().any(|(k, _)| k == key), "{key}");
    }
}

#[test]
fn a_says_naming_nothing_is_r002_and_a_label_a_says_names_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let game = game(dir.path());
    edit(
        &game.join("text.en.ron"),
        r#""label:capital""#,
        r#""label:trento-holds-out": (name: "Trent has not fallen"),
        "label:capital""#,
    );
    let r002 = |game: &std::path::Path| -> Vec<String> {
        let report = orbat_validator::check(&[game.to_owned()]).expect("checks");
        report
            .diagnostics
            .iter()
            .filter(|d| d.code == "R002")
            .map(|d| {
                let line = d.location.start.as_ref().map_or(0, |s| s.line);
                format!("{}:{line} {}", d.location.file.display(), d.message)
            })
            .collect()
    };
    assert_eq!(r002(&game), Vec::<String>::new());
    edit(
        &game.join("cards.ron"),
        r#"says: Some("label:trento-holds-out")"#,
        r#"says: Some("lable:trento-holds-out")"#,
    );
    let found = r002(&game);
    // the typo in cards.ron, and the entry no `says` names any more
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found
            .iter()
            .any(|f| f.contains("cards.ron:3 `lable:trento-holds-out` is not a text key")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|f| f.contains("text.en.ron") && f.contains("`trento-holds-out`")),
        "{found:?}"
    );
}
