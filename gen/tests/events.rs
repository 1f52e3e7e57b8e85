//! Generated games with events: valid in every state their events and schedules make, with
//! every kind of step written; and, once faults are put in their events, each fault is found in
//! the states they make.

use std::collections::BTreeSet;

use orbat_gen::{Format, GeneratedGame, Params, generate};
use orbat_validator::model::{CardsTo, Id, Stance, Step};

fn kinds(steps: &[Step], out: &mut BTreeSet<String>) {
    for s in steps {
        let name = format!("{s:?}");
        out.insert(name[..name.find([' ', '(', '{']).unwrap_or(name.len())].to_owned());
        match s {
            Step::If {
                then, otherwise, ..
            } => {
                kinds(then, out);
                kinds(otherwise, out);
            }
            Step::OneOf(options) => options.iter().for_each(|o| kinds(o, out)),
            Step::UpTo { of, .. } => kinds(of, out),
            _ => {}
        }
    }
}

#[test]
fn a_game_with_events_is_valid_in_every_state_and_has_them() {
    let p = Params::scaled(1_000).with_events(150);
    let g = generate(&p, 11);
    let with: Vec<_> = g
        .cards
        .cards
        .iter()
        .filter(|c| !c.effects.is_empty())
        .collect();
    assert_eq!(with.len(), 150);
    let mut seen = BTreeSet::new();
    with.iter().for_each(|c| kinds(&c.effects, &mut seen));
    g.game
        .schedule
        .iter()
        .for_each(|e| kinds(&e.steps, &mut seen));
    for s in &g.scenarios {
        assert!(!s.schedule.is_empty(), "{} has no schedule", s.id);
        s.schedule.iter().for_each(|e| kinds(&e.steps, &mut seen));
    }
    // every kind of step the vocabulary has
    assert_eq!(seen.len(), 24, "{seen:?}");
    assert!(with.iter().any(|c| c.event_turns.is_some()));

    let dir = tempfile::tempdir().expect("temp dir");
    g.write(dir.path(), Format::Ron).expect("written");
    let report = orbat_validator::check(&[dir.path().to_owned()]).expect("checked");
    let shown: Vec<String> = (report.diagnostics.iter().take(10))
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(report.diagnostics.is_empty(), "{shown:#?}");

    // the same seed, the same bytes; no events, no effects and no schedule
    assert_eq!(g.files(Format::Ron), generate(&p, 11).files(Format::Ron));
    let none = generate(&Params::scaled(1_000), 11);
    assert!(none.cards.cards.iter().all(|c| c.effects.is_empty()));
    assert!(none.game.schedule.is_empty());
}

/// Steps that each break a rule in the states they make (given in turn to the event cards).
fn faults(g: &GeneratedGame) -> Vec<Step> {
    let held = |f: &str| -> Vec<Id> {
        let spaces = g.map.spaces.iter().filter(|s| s.kind == "space");
        spaces
            .filter(|s| s.control.as_deref() == Some(f))
            .map(|s| s.id.clone())
            .collect()
    };
    let units = |f: &str, kind: &str| -> Vec<Id> {
        (g.units.units.iter())
            .filter(|u| u.faction == f && u.kind == kind)
            .map(|u| u.id.clone())
            .collect()
    };
    let (c1, c2) = (held("c1"), held("c2"));
    let (a1, c2_corps) = (units("a1", "corps"), units("c2", "corps"));
    // a space units stand on at the start of the first scenario, and a card of the cp deck
    let occupied = g.scenarios[0].placements[0].at.clone();
    let cp_card = (g.cards.cards.iter())
        .find(|c| c.deck == "cp-deck")
        .map(|c| c.id.clone())
        .expect("a cp card");
    // every link of the map's first space: closed, it is cut off
    let first = &g.map.spaces[0].id;
    let cut: Vec<(Id, Id)> = (g.map.links.iter())
        .filter(|l| l.a == *first || l.b == *first)
        .map(|l| (l.a.clone(), l.b.clone()))
        .collect();
    vec![
        Step::Place {
            units: vec![a1[0].clone()],
            at: c1[3].clone(),
            reduced: false,
        },
        Step::Place {
            units: c2_corps[..4].to_vec(),
            at: c2[5].clone(),
            reduced: false,
        },
        Step::Control {
            space: occupied,
            faction: Some("c1".into()),
        },
        Step::ChangeSide {
            faction: "a2".into(),
            side: "cp".into(),
        },
        Step::EnterWar {
            faction: "a1".into(),
        },
        Step::Remove {
            units: vec![a1[1].clone()],
        },
        Step::Cards {
            cards: vec![cp_card],
            to: CardsTo::Deck("ap-deck".into()),
        },
        Step::Relation {
            factions: ("a3".into(), "c1".into()),
            stance: Stance::Allied,
        },
        Step::Place {
            units: vec![a1[2].clone()],
            at: "reserve-c1".into(),
            reduced: true,
        },
        Step::CloseLinks {
            links: cut,
            kind: None,
        },
        Step::EnterWar {
            faction: "a3".into(),
        },
        Step::Relation {
            factions: ("a1".into(), "a2".into()),
            stance: Stance::Enemy,
        },
    ]
}

#[test]
fn faults_put_in_generated_events_are_found_in_the_states_they_make() {
    let mut codes = BTreeSet::new();
    for (spaces, seed) in [(600, 5), (600, 6), (900, 7)] {
        codes.extend(found_in_states(generate(
            &Params::scaled(spaces).with_events(120),
            seed,
        )));
    }
    // every fault above was found in some state
    for code in [
        "O001", "O005", "O006", "P004", "K001", "E001", "C006", "M004", "K004",
    ] {
        assert!(codes.contains(code), "no {code} in {codes:?}");
    }
}

/// The codes the states' judging adds to what the start found.
fn found_in_states(mut g: GeneratedGame) -> BTreeSet<&'static str> {
    let steps = faults(&g);
    let with = g.cards.cards.iter_mut().filter(|c| !c.effects.is_empty());
    for (i, c) in with.enumerate() {
        c.effects.push(steps[i % steps.len()].clone());
    }
    // a nation neutral at the start of one scenario (some events bring it in), one in
    // limited entry in another, and one with units in limited entry in a third
    g.scenarios[1].neutral.push("a3".into());
    g.scenarios[2].limited_entry.push("nx".into());
    g.scenarios[3].neutral.push("c3".into());
    g.scenarios[3].limited_entry.push("c3".into());
    let dir = tempfile::tempdir().expect("temp dir");
    let mut found = Vec::new();
    let folder =
        orbat_validator::load::load_texts(dir.path(), &g.ron_texts(dir.path()), &mut found);
    orbat_validator::rules::check_folder(&folder, orbat_validator::registry::rules(), &mut found);
    let judged =
        |judge: fn(&orbat_validator::GameFolder, &mut Vec<orbat_validator::Diagnostic>)| {
            let mut out = found.clone();
            judge(&folder, &mut out);
            out.split_off(found.len())
        };
    // judged in the folder the states share (reduced to what each event changed) and each in
    // a folder of its own, the states find the same
    let shared = judged(orbat_validator::engine::states::judge);
    let whole = judged(orbat_validator::engine::states::judge_whole);
    let shown = |d: &[orbat_validator::Diagnostic]| {
        let mut v: Vec<String> = d.iter().map(|d| format!("{d:?}")).collect();
        v.sort();
        v
    };
    assert_eq!(shown(&shared), shown(&whole));
    shared.iter().map(|d| d.code).collect()
}
