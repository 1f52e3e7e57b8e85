//! The shipped sample game is clean, and each typical mistake made to a copy of it yields its
//! rule's code and nothing else.

use std::path::Path;

use orbat_tests::check_loaded;
use orbat_validator::{Diagnostic, GameFolder, load};

const SAMPLE: &str = "../scenarios/italian-front";

fn load_sample() -> GameFolder {
    let dir = Path::new(SAMPLE);
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let mut out = Vec::new();
    let folder = load::load_folder(dir, &files, &mut out);
    assert!(out.is_empty(), "{out:#?}");
    folder
}

fn codes_after(mutate: impl FnOnce(&mut GameFolder)) -> Vec<&'static str> {
    let mut folder = load_sample();
    mutate(&mut folder);
    let mut out: Vec<Diagnostic> = Vec::new();
    out = check_loaded(&folder, out);
    let mut codes: Vec<_> = out.iter().map(|d| d.code).collect();
    codes.dedup();
    codes
}

#[test]
fn the_sample_game_is_clean() {
    assert_eq!(codes_after(|_| {}), Vec::<&str>::new());
}

#[test]
fn removing_a_bridge_link_splits_the_map() {
    // some link is the only one joining two parts of the map: removing it must give M003
    let folder = load_sample();
    let links = &folder.map.as_ref().unwrap().value.links;
    let bridge = (0..links.len()).find(|&i| {
        codes_after(|f| {
            f.map.as_mut().unwrap().value.links.remove(i);
        }) == ["M003"]
    });
    assert!(
        bridge.is_some(),
        "no single link removal splits the sample map cleanly"
    );
}

#[test]
fn removing_a_factions_supply_sources() {
    let codes = codes_after(|f| {
        for s in &mut f.map.as_mut().unwrap().value.spaces {
            s.supply_source_for.retain(|x| x != "ge");
        }
        f.game
            .as_mut()
            .unwrap()
            .value
            .supply
            .retain(|r| !r.factions.contains(&"ge".into()));
    });
    assert_eq!(codes, ["P001"]);
}

#[test]
fn cutting_a_unit_off() {
    // an Italian corps placed behind the Austrian front, in Austrian-held Innsbruck: cut off
    // (P004), and in an enemy space with no reason given (O006)
    let codes = codes_after(|f| {
        let s = &mut f
            .scenarios
            .iter_mut()
            .find(|s| s.value.id == "intervention-1915")
            .unwrap()
            .value;
        let p = s
            .placements
            .iter_mut()
            .find(|p| p.unit == "it-corps" && p.at == "edolo")
            .unwrap();
        p.at = "innsbruck".into();
    });
    // (in the order of the report: by file and place, then code)
    assert_eq!(codes, ["O006", "P004"]);
}

#[test]
fn one_unit_too_many_in_a_space() {
    let codes =
        codes_after(|f| {
            let s = &mut f
                .scenarios
                .iter_mut()
                .find(|s| s.value.id == "intervention-1915")
                .unwrap()
                .value;
            // udine holds the 2nd Army, an HQ (which does not count) and a corps; two more corps
            // make four counting units in a space that holds three
            for p in s.placements.iter_mut().filter(|p| {
                p.unit == "it-corps" && (p.at == "tolmezzo" || p.at == "pieve-di-cadore")
            }) {
                p.at = "udine".into();
            }
        });
    assert_eq!(codes, ["K001"]);
}

#[test]
fn pointing_a_card_at_a_missing_card() {
    let codes = codes_after(|f| {
        f.cards.as_mut().unwrap().value.cards[0]
            .cancels
            .push("no-such-card".into());
    });
    assert_eq!(codes, ["R002"]);
}

#[test]
fn making_a_prerequisite_cycle() {
    let codes = codes_after(|f| {
        let cards = &mut f.cards.as_mut().unwrap().value.cards;
        let (a, b) = (cards[0].id.clone(), cards[1].id.clone());
        cards[0].requires.push(b);
        cards[1].requires.push(a);
    });
    assert_eq!(codes, ["C004"]);
}

#[test]
fn editing_a_source_text_makes_its_translation_stale() {
    let codes = codes_after(|f| {
        let en = &mut f.texts.iter_mut().find(|(l, _)| l == "en").unwrap().1.value;
        let entry = en.entries.get_mut("space:udine").unwrap();
        entry.name = "Udine (Headquarters)".into();
    });
    assert_eq!(codes, ["T003"]);
}

#[test]
fn placeholders_in_another_order_are_the_same_placeholders() {
    // a translation may reorder its source's placeholders, but not drop one
    fn with_texts(en_text: &str, it_text: &str) -> Vec<&'static str> {
        codes_after(|f| {
            for (lang, text) in [("en", en_text), ("it", it_text)] {
                let doc = &mut f.texts.iter_mut().find(|(l, _)| l == lang).unwrap().1;
                let entry = doc.value.entries.get_mut("space:udine").unwrap();
                entry.text = Some(text.into());
                if let Some(source) = &mut entry.source {
                    source.text = Some(en_text.into());
                }
            }
        })
    }
    let en = "From {space:udine} to {space:edolo}.";
    assert_eq!(
        with_texts(en, "Verso {space:edolo} da {space:udine}."),
        Vec::<&str>::new()
    );
    assert_eq!(with_texts(en, "Verso {space:edolo}."), ["T005"]);
}
