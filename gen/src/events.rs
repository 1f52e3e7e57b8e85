//! Cards' events and schedules (`Params::event_cards`): what a step may safely use in every
//! state of every scenario, read from the scenarios already made ([`Pools`]), then the cards'
//! `effects` (`effects.rs`) and the schedules (`schedule.rs`) drawn from it.
//!
//! Each card's event is judged from the state it may be played in, on its own; so steps are
//! valid there whatever the scenario when they use only what no scenario uses: counters no
//! scenario places, spaces no scenario overrides or occupies, links whose closing leaves every
//! space linked. A card uses each thing once; the schedule has its own share of each.

use std::collections::{HashMap, HashSet};

use orbat_validator::model::{Card, Game, Id, Scenario, Unit};
use serde_json::json;

use crate::Params;
use crate::cast::{FACTIONS, LIMITED_FACTION, NEUTRAL, from_json, id};
use crate::effects;
use crate::map::Map;
use crate::pools::{Facts, Pool, Pools};
use crate::rng::Rng;
use crate::schedule;

/// Writes effects on `p.event_cards` cards, a game schedule and each scenario's, with what
/// they need (the scenarios' neutral nation, two attributes); draws nothing when there are none.
pub(crate) fn generate(
    p: &Params,
    rng: &mut Rng,
    (game, map, units): (&mut Game, &Map, &[Unit]),
    cards: &mut [Card],
    scenarios: &mut [Scenario],
) {
    if p.event_cards == 0 || scenarios.is_empty() {
        return;
    }
    // cards that require none: playable at the start of every scenario that deals them
    let mut chosen: Vec<usize> = (0..cards.len())
        .filter(|&i| cards[i].requires.is_empty())
        .collect();
    rng.shuffle(&mut chosen);
    chosen.truncate(p.event_cards);
    chosen.sort_unstable();
    let with_events: HashSet<usize> = chosen.iter().copied().collect();
    let others: Vec<(Id, Id)> = (0..cards.len())
        .filter(|i| !with_events.contains(i))
        .map(|i| (cards[i].id.clone(), cards[i].deck.clone()))
        .collect();
    let mut pools = pools(rng, map, units, scenarios, others);
    let facts = facts(scenarios);
    let mut own = schedule::share(&mut pools);
    game.schedule = schedule::game(&mut own, scenarios);
    for (k, s) in scenarios.iter_mut().enumerate() {
        s.neutral = vec![id(NEUTRAL)];
        s.schedule = schedule::scenario(k, s, &mut own);
    }
    game.attributes = from_json(json!([
        {"id": "morale", "on": ["Scenario"], "type": "Int", "min": 0, "max": 10,
         "description": "How willing the nation is to fight on."},
        {"id": "fortified", "on": ["Space"], "type": "Bool",
         "description": "Dug in: an event has fortified it."},
    ]));
    let mut leaves: Vec<Id> = Vec::new();
    for i in chosen {
        let judged: Vec<usize> = (0..scenarios.len())
            .filter(|&k| dealt(&scenarios[k], &cards[i].id))
            .collect();
        let card = &mut cards[i];
        if rng.chance(0.2) {
            card.effects = effects::Builder::new(&mut pools, rng, &facts, &judged).leaf();
            leaves.push(card.id.clone());
            continue;
        }
        if rng.chance(0.05) {
            let first = rng.range(2, 6);
            card.event_turns = Some(from_json(json!({"first": first, "last": first + 3})));
        }
        let always = card.event_turns.is_some();
        let mut b = effects::Builder::new(&mut pools, rng, &facts, &judged);
        card.effects = b.event(&card.id, card.removed_after_play, always, &leaves);
    }
}

/// Whether `card` is in a draw pile or a hand of `s` at the start.
fn dealt(s: &Scenario, card: &Id) -> bool {
    s.decks.iter().any(|d| d.cards.contains(card)) || s.hands.iter().any(|h| h.cards.contains(card))
}

fn pools(
    rng: &mut Rng,
    map: &Map,
    units: &[Unit],
    scenarios: &[Scenario],
    others: Vec<(Id, Id)>,
) -> Pools {
    let index: HashMap<&str, usize> = map
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let n = map.spaces.len();
    let (mut overridden, mut occupied) = (vec![false; n], vec![false; n]);
    let mut placed: HashMap<&str, Vec<u32>> = HashMap::new();
    for (k, s) in scenarios.iter().enumerate() {
        for c in &s.control {
            overridden[index[c.space.as_str()]] = true;
        }
        for pl in &s.placements {
            occupied[index[pl.at.as_str()]] = true;
            let counts = placed
                .entry(pl.unit.as_str())
                .or_insert_with(|| vec![0; scenarios.len()]);
            counts[k] += pl.count;
        }
    }
    let spare = |u: &Unit| {
        let most = placed
            .get(u.id.as_str())
            .map_or(0, |c| *c.iter().max().unwrap_or(&0));
        u.count > most
    };
    let mut pools = Pools::default();
    for (f, (fid, _)) in FACTIONS.iter().enumerate() {
        let limited = *fid == LIMITED_FACTION.0;
        let mine: Vec<Id> = units
            .iter()
            .filter(|u| {
                !limited && u.faction == *fid && matches!(u.kind.as_str(), "army" | "corps")
            })
            .filter(|u| spare(u))
            .map(|u| u.id.clone())
            .collect();
        pools.units.push(Pool::new(mine));
        let free = |i: usize| !overridden[i] && !map.is_source[i];
        let mut targets = Vec::new();
        for &i in &map.by_faction[f] {
            let s = &map.spaces[i];
            if !free(i) || limited {
                continue;
            }
            if s.kind == "region" {
                targets.push(s.id.clone());
            } else if !occupied[i] {
                // a1 and a2 lend every third empty space to the flips
                if matches!(*fid, "a1" | "a2") && i % 3 == 0 {
                    let other = if *fid == "a1" { "a2" } else { "a1" };
                    pools.flips.items.push((s.id.clone(), id(other)));
                } else {
                    targets.push(s.id.clone());
                }
            }
            if s.supply_source_for.is_empty() && !matches!(*fid, "a2" | "c3") && i % 7 == 0 {
                pools.gains.items.push((s.id.clone(), id(fid)));
            }
        }
        rng.shuffle(&mut targets);
        pools.targets.push(Pool::new(targets));
    }
    rng.shuffle(&mut pools.flips.items);
    rng.shuffle(&mut pools.gains.items);
    pools.links = Pool::new(closable(rng, map, &overridden));
    pools.spaces = Pool::new(
        map.spaces[..map.on_map]
            .iter()
            .map(|s| s.id.clone())
            .collect(),
    );
    rng.shuffle(&mut pools.spaces.items);
    pools.others = Pool::new(others);
    pools
}

/// Links that may close: both ends held by one faction whose spaces no scenario overrides,
/// each end with at least four neighbours of that faction along links open to all that carry
/// supply (three left once it closes); no two share an end.
fn closable(rng: &mut Rng, map: &Map, overridden: &[bool]) -> Vec<(Id, Id)> {
    let index: HashMap<&str, usize> = map.spaces[..map.on_map]
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let mut near: Vec<HashSet<usize>> = vec![HashSet::new(); map.on_map];
    let pair = |l: &orbat_validator::model::Link| {
        Some((*index.get(l.a.as_str())?, *index.get(l.b.as_str())?))
    };
    let holder = |i: usize| map.spaces[i].control.as_deref();
    for l in &map.links {
        let open = matches!(l.kind.as_str(), "normal" | "rail") && l.only_for.is_empty();
        if let (true, Some((a, b))) = (open, pair(l))
            && holder(a) == holder(b)
        {
            near[a].insert(b);
            near[b].insert(a);
        }
    }
    let pure = |i: usize| matches!(holder(i), Some("a3" | "c1" | "c2" | "c3")) && !overridden[i];
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for l in &map.links {
        if let Some((a, b)) = pair(l)
            && a < b
            && pure(a)
            && holder(a) == holder(b)
            && near[a].contains(&b)
            && near[a].len() >= 4
            && near[b].len() >= 4
        {
            candidates.push((a, b));
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    rng.shuffle(&mut candidates);
    let mut ends = HashSet::new();
    let mut out = Vec::new();
    for (a, b) in candidates {
        if ends.contains(&a) || ends.contains(&b) {
            continue;
        }
        ends.extend([a, b]);
        out.push((map.spaces[a].id.clone(), map.spaces[b].id.clone()));
    }
    out
}

fn facts(scenarios: &[Scenario]) -> Facts {
    let vp = scenarios
        .iter()
        .map(|s| {
            s.tracks
                .iter()
                .find(|t| t.track == "vp")
                .map_or(0, |t| t.value)
        })
        .collect();
    let mut contested: Vec<(Id, Id, Vec<bool>)> = Vec::new();
    for (k, s) in scenarios.iter().enumerate() {
        for c in &s.control {
            // a1 and a2 trade spaces; the map's holder is the other of the two
            let from = match c.faction.as_deref() {
                Some("a1") => "a2",
                Some("a2") => "a1",
                _ => continue,
            };
            match contested.iter_mut().find(|(x, ..)| *x == c.space) {
                Some(e) => e.2[k] = true,
                None => {
                    let mut by = vec![false; scenarios.len()];
                    by[k] = true;
                    contested.push((c.space.clone(), id(from), by));
                }
            }
        }
    }
    Facts { vp, contested }
}
