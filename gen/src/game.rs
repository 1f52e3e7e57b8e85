//! game.ron: sides, factions, areas, kinds, stacking and supply rules, decks, tracks.

use orbat_validator::model::{Area, Deck, Faction, Game};
use serde_json::json;

use crate::cast::{
    FACTIONS, LIMITED_FACTION, NEUTRAL, SIDES, TERRAINS, UNIT_VALUES, from_json, id,
};
use crate::map::Map;

pub(crate) fn generate(seed: u64, map: &Map, decks: Vec<Deck>, languages: &[&str]) -> Game {
    let mut areas: Vec<Area> = FACTIONS
        .iter()
        .map(|(f, side)| Area {
            id: format!("country-{f}").into(),
            kind: "country".into(),
            // closed to the first enemy faction
            closed_to: vec![id(if *side == "ap" { "c1" } else { "a1" })],
            ..Default::default()
        })
        .collect();
    areas.push(Area {
        id: "no-mans-land".into(),
        kind: "region".into(),
        closed_to: Vec::new(),
        ..Default::default()
    });
    areas.extend(map.used_regions.iter().map(|r| Area {
        id: format!("region-{r:03}").into(),
        kind: "region".into(),
        closed_to: Vec::new(),
        ..Default::default()
    }));
    let mut factions: Vec<Faction> = FACTIONS
        .iter()
        .map(|(f, s)| Faction {
            id: id(f),
            side: Some(id(s)),
            non_player: false,
            hostile_to_all: false,
            colour: None,
            attrs: Default::default(),
        })
        .collect();
    factions.push(Faction {
        id: id(NEUTRAL),
        side: None,
        non_player: true,
        hostile_to_all: false,
        colour: None,
        attrs: Default::default(),
    });

    // built as JSON so that fields added to the model later take their defaults
    let location_kinds = json!([
        {"id": "space", "stacking": {"Limit": 3}, "kind_caps": [{"unit_kind": "army", "max": 2}]},
        {"id": "region", "stacking": "Unlimited", "opposing_may_share": true},
        {"id": "reserve", "on_map": false, "stacking": "Unlimited"},
    ]);
    let link_kinds = json!([
        {"id": "normal"}, {"id": "rail"}, {"id": "strait", "carries_supply": false}, {"id": "sea"},
    ]);
    let unit_kinds = json!([
        {"id": "army"},
        {"id": "corps"},
        {"id": "hq", "counts_for_stacking": false, "max_per_location": 1},
        {"id": "irregular", "forbidden_terrains": ["marsh"], "needs_no_supply": true},
    ]);
    let supply = json!([
        {"factions": ["a1"]},
        {"factions": ["a2"], "uses_sources_of": ["a1"], "limited_sources": map.limited_a2.iter().collect::<Vec<_>>()},
        {"factions": ["a3"], "trace_through": "NotEnemy"},
        {"factions": ["c1"], "trace_through": "Friendly"},
        {"factions": ["c2"], "trace_through": "OwnFaction"},
        {"factions": ["c3"], "always_supplied_in": ["country-c3"]},
    ]);
    from_json(json!({
        "id": format!("generated-{seed}"),
        "source_language": "en",
        "languages": languages,
        "rulesets": [
            {"id": "first-edition", "description": "The rules as first printed."},
            {"id": "second-edition", "description": "The revised rules with the errata."},
        ],
        "sides": SIDES.iter().map(|s| json!({"id": s})).collect::<Vec<_>>(),
        "factions": factions,
        "relations": [{"factions": ["a1", "a3"], "stance": "AlliedApart"}],
        "terrains": TERRAINS.iter().map(|t| json!({"id": t})).collect::<Vec<_>>(),
        "location_kinds": location_kinds,
        "link_kinds": link_kinds,
        "unit_kinds": unit_kinds,
        "unit_values": UNIT_VALUES,
        "areas": areas,
        "stacking": {
            "count_per": "Side",
            "never_together": [["a1", "a3"]],
            "faction_limits": [{"faction": LIMITED_FACTION.0, "limit": LIMITED_FACTION.1}],
        },
        "supply": supply,
        "decks": decks,
        "tracks": [{"id": "vp", "min": 0, "max": 40}, {"id": "war-status", "min": 0, "max": 40}],
        "marker_kinds": [{"id": "trench"}, {"id": "oos"}],
    }))
}
