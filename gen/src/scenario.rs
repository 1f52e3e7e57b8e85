//! A scenario: control that changes hands, units placed within every stacking limit in their
//! own faction's spaces, every card in exactly one place, markers, tracks and relations.

use orbat_validator::model::{
    Card, ControlOverride, Game, Hand, Marker, Placement, Scenario, ScenarioDeck, Unit,
};
use serde_json::json;

use crate::Params;
use crate::cast::{FACTIONS, LIMITED_FACTION, NEUTRAL, faction_index, from_json, id};
use crate::map::Map;
use crate::rng::Rng;

/// Per-location stacking state while placing units in one scenario.
#[derive(Default, Clone, Copy)]
struct Stack {
    counting: u32,
    armies: u32,
    hqs: u32,
}

/// One scenario (`k` from 0): control overrides, placements within every stacking limit,
/// every card in one place, markers, tracks and relations.
pub(crate) fn generate(
    k: usize,
    p: &Params,
    rng: &mut Rng,
    game: &Game,
    map: &Map,
    units: &[Unit],
    cards: &[Card],
) -> Scenario {
    let (spaces, on_map, is_source) = (&map.spaces[..], map.on_map, &map.is_source[..]);
    // control overrides: a few a1 and a2 spaces (not sources) change hands between the two
    let mut control: Vec<Option<&str>> = spaces.iter().map(|s| s.control.as_deref()).collect();
    let mut overrides = Vec::new();
    let n_over = (on_map / 100).max(2);
    for _ in 0..n_over * 4 {
        if overrides.len() >= n_over {
            break;
        }
        let i = rng.below(on_map);
        let to = match control[i] {
            Some("a1") => "a2",
            Some("a2") => "a1",
            _ => continue,
        };
        if is_source[i]
            || overrides
                .iter()
                .any(|o: &ControlOverride| o.space == spaces[i].id)
        {
            continue;
        }
        control[i] = Some(to);
        overrides.push(ControlOverride {
            space: spaces[i].id.clone(),
            faction: Some(id(to)),
        });
    }
    // and a neutral strip space becomes uncontrolled
    if let Some(i) = (0..on_map).find(|&i| control[i] == Some(NEUTRAL)) {
        control[i] = None;
        overrides.push(ControlOverride {
            space: spaces[i].id.clone(),
            faction: None,
        });
    }
    let mut held: Vec<Vec<usize>> = vec![Vec::new(); FACTIONS.len()];
    for (i, c) in control.iter().enumerate().take(on_map) {
        if let Some(f) = c.and_then(|c| FACTIONS.iter().position(|(x, _)| *x == c)) {
            held[f].push(i);
        }
    }
    let kind_of: Vec<&str> = spaces.iter().map(|s| s.kind.as_str()).collect();

    // placements within every stacking limit, in the unit's own faction's spaces
    let mut stacks = vec![Stack::default(); spaces.len()];
    let mut placements = Vec::new();
    for u in units {
        if !rng.chance(p.placed_share) {
            continue;
        }
        let f = faction_index(&u.faction);
        let reserve = on_map + f;
        let counts = u.kind != "hq";
        let fits = |s: usize, n: u32, stacks: &[Stack]| {
            let st = stacks[s];
            let limit = if u.faction == LIMITED_FACTION.0 {
                LIMITED_FACTION.1
            } else if kind_of[s] == "space" {
                3
            } else {
                u32::MAX
            };
            if counts && st.counting + n > limit {
                return false;
            }
            if u.kind == "army" && kind_of[s] == "space" && st.armies + n > 2 {
                return false;
            }
            if u.kind == "hq" && st.hqs + n > 1 {
                return false;
            }
            if u.kind == "irregular" && spaces[s].terrain.as_deref() == Some("marsh") {
                return false;
            }
            true
        };
        // split a two-counter unit over two locations half the time
        let parts: Vec<u32> = if u.count == 2 && rng.chance(0.5) {
            vec![1, 1]
        } else {
            vec![u.count]
        };
        for n in parts {
            let mut at = None;
            for _ in 0..8 {
                let s = *rng.pick(&held[f]);
                if fits(s, n, &stacks) {
                    at = Some(s);
                    break;
                }
            }
            if at.is_none() && fits(reserve, n, &stacks) {
                at = Some(reserve);
            }
            let Some(s) = at else { continue };
            let st = &mut stacks[s];
            if counts {
                st.counting += n;
            }
            if u.kind == "army" {
                st.armies += n;
            }
            if u.kind == "hq" {
                st.hqs += n;
            }
            placements.push(Placement {
                unit: u.id.clone(),
                at: spaces[s].id.clone(),
                reduced: u.reduced.is_some() && rng.chance(0.1),
                count: n,
                ..Default::default()
            });
        }
    }

    // cards: each card in exactly one place: a hand, in play, removed, or its deck's pile
    let mut order: Vec<usize> = (0..cards.len()).collect();
    rng.shuffle(&mut order);
    let mut hands = vec![
        Hand {
            holder: id("ap"),
            cards: Vec::new(),
        },
        Hand {
            holder: id("cp"),
            cards: Vec::new(),
        },
    ];
    let mut in_play = Vec::new();
    let mut removed = Vec::new();
    let mut piles: Vec<ScenarioDeck> = game
        .decks
        .iter()
        .map(|d| ScenarioDeck {
            deck: d.id.clone(),
            cards: Vec::new(),
        })
        .collect();
    for i in order {
        let c = &cards[i];
        let h = match c.deck.as_str() {
            "ap-deck" => Some(0),
            "cp-deck" => Some(1),
            _ => None,
        };
        if let Some(h) = h
            && hands[h].cards.len() < 7
        {
            hands[h].cards.push(c.id.clone());
        } else if in_play.len() < 2 {
            in_play.push(c.id.clone());
        } else if removed.len() < 2 {
            removed.push(c.id.clone());
        } else if let Some(pile) = piles.iter_mut().find(|d| d.deck == c.deck) {
            pile.cards.push(c.id.clone());
        }
    }

    let markers: Vec<Marker> = (0..(on_map / 50).max(1))
        .map(|j| Marker {
            kind: id(if j % 3 == 0 { "oos" } else { "trench" }),
            at: spaces[rng.below(on_map)].id.clone(),
            ..Default::default()
        })
        .collect();
    from_json(json!({
        "id": format!("scenario-{:02}", k + 1),
        "game": game.id,
        "ruleset": game.rulesets[k % game.rulesets.len()].id,
        "turns": {"first": 1 + k as u32, "last": 10 + 2 * k as u32},
        "control": overrides,
        "relations": if k % 2 == 1 {
            json!([{"factions": ["a3", "c1"], "stance": "Neutral"}])
        } else {
            json!([])
        },
        "placements": placements,
        "decks": piles,
        "hands": hands,
        "in_play": in_play,
        "removed": removed,
        "tracks": [{"track": "vp", "value": 10 + k as i32}, {"track": "war-status", "value": 0}],
        "markers": markers,
    }))
}
