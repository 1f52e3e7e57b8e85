//! The canonical writer's tests: layout, round trips through the loader, escapes, floats.

use std::fmt;

use serde::de::DeserializeOwned;

use super::*;
use crate::load::ron_json;
use crate::model::*;

/// Reads text back the way the loader does: RON -> JSON value -> typed model.
fn read<T: DeserializeOwned>(text: &str) -> T {
    let (parsed, issues) = ron_json::parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert!(issues.is_empty(), "{issues:?}\n{text}");
    serde_json::from_value(parsed.value).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: &T) -> String {
    let text = to_string(value).unwrap();
    let back: T = read(&text);
    assert_eq!(&back, value, "\n{text}");
    let again = to_string(&back).unwrap();
    assert_eq!(text, again, "writing twice must give the same bytes");
    text
}

fn space(id: &str, x: f32, y: f32) -> Space {
    Space {
        id: id.into(),
        x,
        y,
        kind: "space".into(),
        terrain: None,
        areas: vec![].into(),
        control: None,
        vp: 0,
        fort: None,
        port: false,
        capital_of: None,
        supply_source_for: vec![].into(),
        ..Default::default()
    }
}

fn sample_map() -> MapFile {
    let mut trento = space("trento", 120.5, 48.0);
    trento.terrain = Some("mountain".into());
    trento.areas = vec!["austria".into()].into();
    trento.control = Some("ah".into());
    trento.vp = 1;
    trento.fort = Some(2);
    trento.capital_of = None;
    trento.supply_source_for = vec!["ah".into(), "ge".into()].into();
    let mut venezia = space("venezia", 0.1, -3.25);
    venezia.port = true;
    MapFile {
        backdrop: Some(Backdrop {
            image: "map.png".into(),
            width: 800,
            height: 600,
        }),
        spaces: vec![trento, venezia],
        links: vec![Link {
            a: "trento".into(),
            b: "venezia".into(),
            kind: "normal".into(),
            only_for: vec!["it".into()].into(),
            ..Default::default()
        }],
    }
}

#[test]
fn map_layout_is_one_item_per_line() {
    let text = round_trip(&sample_map());
    let expected = r#"(
    backdrop: Some((image: "map.png", width: 800, height: 600)),
    spaces: [
        (id: "trento", x: 120.5, y: 48.0, kind: "space", terrain: Some("mountain"), areas: ["austria"], control: Some("ah"), vp: 1, fort: Some(2), supply_source_for: ["ah", "ge"]),
        (id: "venezia", x: 0.1, y: -3.25, kind: "space", port: true),
    ],
    links: [
        (a: "trento", b: "venezia", kind: "normal", only_for: ["it"]),
    ],
)
"#;
    assert_eq!(text, expected);
}

#[test]
fn empty_lists_stay_on_one_line() {
    let map = MapFile {
        backdrop: None,
        spaces: vec![],
        links: vec![],
    };
    assert_eq!(round_trip(&map), "(\n    spaces: [],\n    links: [],\n)\n");
}

#[test]
fn game_enums_tuples_and_defaults_round_trip() {
    let game = Game {
        id: "g".into(),
        source_language: "en".into(),
        languages: vec!["en".into(), "it".into()],
        rulesets: vec![],
        players: Some((2, 6)),
        sides: vec![Side { id: "ap".into() }],
        factions: vec![Faction {
            id: "it".into(),
            side: Some("ap".into()),
            non_player: false,
            hostile_to_all: true,
            colour: Some(crate::model::Colour::try_from("#5b7fbf".to_owned()).unwrap()),
            attrs: Default::default(),
        }],
        relations: vec![Relation {
            factions: ("it".into(), "ge".into()),
            stance: Stance::AlliedApart,
        }],
        terrains: vec![Terrain { id: "clear".into() }],
        location_kinds: vec![
            LocationKind {
                id: "space".into(),
                on_map: true,
                stacking: Stacking::Limit(3),
                kind_caps: vec![],
                opposing_may_share: false,
                may_be_supply_source: false,
            },
            LocationKind {
                id: "box".into(),
                on_map: false,
                stacking: Stacking::Unlimited,
                kind_caps: vec![KindCap {
                    unit_kind: "army".into(),
                    max: 2,
                }],
                opposing_may_share: true,
                may_be_supply_source: false,
            },
        ],
        link_kinds: vec![LinkKind {
            id: "normal".into(),
            carries_supply: false,
        }],
        unit_kinds: vec![UnitKind {
            id: "army".into(),
            counts_for_stacking: true,
            max_per_location: Some(1),
            forbidden_terrains: vec![],
            needs_no_supply: false,
            symbol: None,
        }],
        unit_values: vec!["combat".into()],
        areas: vec![],
        stacking: StackingRules {
            count_per: CountPer::Faction,
            never_together: vec![("ru".into(), "br".into())],
            faction_limits: vec![],
        },
        supply: vec![SupplyRule {
            factions: vec!["it".into()],
            uses_sources_of: vec![],
            limited_sources: vec![],
            always_supplied_in: vec![],
            trace_through: TraceThrough::NotEnemy,
            always_supplied: false,
            by_sea: false,
            ports_in: vec!["italy".into()],
            ports_not_in: vec![],
        }],
        decks: vec![],
        tracks: vec![Track {
            id: "vp".into(),
            min: -5,
            max: 20,
            attrs: Default::default(),
        }],
        marker_kinds: vec![],
        allow: vec![],
        sea_supply: Some(SeaSupply { max_ports: Some(2) }),
        unit_flags: vec![UnitFlag {
            id: "alpini".into(),
            description: "mountain troops".into(),
            only_in: vec!["italy".into()],
            always_supplied: false,
            always_supplied_in: vec!["tirol".into()],
        }],
        attributes: Vec::new(),
        attrs: Default::default(),
        schedule: vec![],
        states: vec![crate::model::StatesOf {
            rules: vec!["K001".into()],
            states: vec![crate::model::StateKind::Start],
        }],
    };
    let text = round_trip(&game);
    assert!(text.contains("stacking: Limit(3)"), "{text}");
    assert!(text.contains("stacking: Unlimited"), "{text}");
    assert!(text.contains("players: Some((2, 6))"), "{text}");
    assert!(
        text.contains("never_together: [(\"ru\", \"br\")]"),
        "{text}"
    );
}

#[test]
fn text_with_escapes_round_trips() {
    let mut entries = crate::model::TextEntries::new();
    entries.insert(
        "card:x",
        TextEntry {
            name: "Quote \" back\\slash".into(),
            text: Some("line one\nline two\ttab \u{1} é".into()),
            source: Some(SourceRecord {
                name: "src".into(),
                text: None,
            }),
        },
    );
    entries.insert(
        "space:a/b~c",
        TextEntry {
            name: "A".into(),
            text: None,
            source: None,
        },
    );
    let text = round_trip(&TextFile {
        language: "it".into(),
        entries,
    });
    assert!(
        text.contains("    entries: {\n        \"card:x\": (name:"),
        "{text}"
    );
}

#[test]
fn units_cards_scenarios_round_trip() {
    let mut full = crate::model::UnitValues::new();
    full.insert("combat".to_owned(), 3);
    full.insert("movement".to_owned(), 4);
    round_trip(&UnitsFile {
        units: vec![Unit {
            id: "it-1".into(),
            faction: "it".into(),
            kind: "army".into(),
            full: full.clone(),
            reduced: Some(full),
            count: 2,
            ..Default::default()
        }],
    });
    round_trip(&CardsFile {
        cards: vec![Card {
            id: "c1".into(),
            deck: "ap".into(),
            group: "mob".into(),
            number: 1,
            ops: 4,
            sr: Some(4),
            rp: None,
            combat: true,
            removed_after_play: false,
            requires: vec!["c0".into()],
            cancels: vec![],
            prevents: vec![],
            reinforcements: vec![Reinforcement {
                unit: "it-1".into(),
                to: "venezia".into(),
                ..Default::default()
            }],
            spaces: vec![],
            ..Default::default()
        }],
    });
    round_trip(&Scenario {
        id: "s".into(),
        game: "g".into(),
        ruleset: None,
        turns: Turns { first: 1, last: 20 },
        players: None,
        seats: vec![],
        factions: vec![],
        control: vec![ControlOverride {
            space: "trento".into(),
            faction: None,
        }],
        relations: vec![],
        alignments: vec![Alignment {
            faction: "cz".into(),
            side: "central".into(),
        }],
        placements: vec![Placement {
            unit: "it-1".into(),
            at: "venezia".into(),
            reduced: true,
            count: 1,
            ..Default::default()
        }],
        decks: vec![],
        hands: vec![],
        in_play: vec![],
        removed: vec![],
        tracks: vec![TrackValue {
            track: "vp".into(),
            value: -2,
        }],
        markers: vec![],
        neutral: vec!["it".into()],
        limited_entry: vec![],
        // every shape of step: struct, newtype and nested variants, tuples, options
        schedule: vec![crate::model::Scheduled {
            turns: vec![3, 7],
            why: "winter".into(),
            steps: vec![
                Step::CloseLinks {
                    links: vec![("a".into(), "b".into())],
                    kind: Some("river".into()),
                },
                Step::Control {
                    space: "trento".into(),
                    faction: None,
                },
                Step::Cards {
                    cards: vec!["c".into()],
                    to: crate::model::CardsTo::Removed,
                },
                Step::OneOf(vec![
                    vec![Step::EnterWar {
                        faction: "it".into(),
                    }],
                    vec![Step::If {
                        when: "true".into(),
                        says: None,
                        then: vec![Step::ShiftTrack {
                            track: "vp".into(),
                            by: -1,
                        }],
                        otherwise: vec![],
                    }],
                ]),
            ],
        }],
        attrs: Default::default(),
    });
}

#[test]
fn awkward_floats_round_trip() {
    let mut map = sample_map();
    for (i, x) in [
        0.1f32,
        1e-7,
        123456.79,
        f32::MAX,
        f32::MIN_POSITIVE,
        -0.0,
        16777217.0,
    ]
    .into_iter()
    .enumerate()
    {
        map.spaces.push(space(&format!("s{i}"), x, x));
    }
    round_trip(&map);
}

#[test]
fn refuses_non_finite_numbers() {
    let mut map = sample_map();
    map.spaces[0].x = f32::NAN;
    let err = to_string(&map).unwrap_err();
    assert!(err.0.contains("not a finite number"), "{err}");
}
