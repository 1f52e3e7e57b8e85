//! Stacking at start: K001 over the location's limit, K002 over a unit-kind cap,
//! K003 factions that may never stack together, K004 enemies sharing a location.

use crate::diagnostic::Diagnostic;
use crate::load::Doc;
use crate::model::{CountPer, Scenario, Stacking, Stance};

use super::world::{World, list_some};

pub fn check(w: &World<'_>, out: &mut Vec<Diagnostic>) {
    for doc in &w.folder.scenarios {
        check_scenario(w, doc, out);
    }
}

/// One placement resolved: its index, unit id, faction, kind, and how many counters.
struct Placed<'a> {
    index: usize,
    unit: &'a str,
    faction: &'a str,
    kind: &'a str,
    count: u32,
    /// Whether its unit kind counts against stacking limits.
    counts: bool,
}

fn check_scenario(w: &World<'_>, doc: &Doc<Scenario>, out: &mut Vec<Diagnostic>) {
    let scenario = &doc.value;
    // placements by space, in placement order within a space: one sorted list, not a list
    // per space
    let mut by_space: Vec<(usize, Placed<'_>)> = Vec::with_capacity(scenario.placements.len());
    for (i, p) in scenario.placements.iter().enumerate() {
        let (Some(unit), Some(space)) = (w.unit(&p.unit), w.ids.spaces.index(&p.at)) else {
            continue;
        };
        by_space.push((
            space,
            Placed {
                index: i,
                unit: &p.unit,
                faction: &unit.faction,
                kind: &unit.kind,
                count: p.count,
                counts: w
                    .unit_kind(&unit.kind)
                    .is_none_or(|k| k.counts_for_stacking),
            },
        ));
    }
    by_space.sort_by_key(|(space, _)| *space);
    let mut placed: Vec<&Placed<'_>> = Vec::new();
    let mut groups: Vec<(&str, &Placed<'_>)> = Vec::new();
    for here in by_space.chunk_by(|a, b| a.0 == b.0) {
        let space = here[0].0;
        placed.clear();
        placed.extend(here.iter().map(|(_, p)| p));
        let Some(kind) = w.space_kinds[space] else {
            continue;
        };
        let space_id = w.space_id(space);
        let at = |p: &Placed<'_>| doc.at(&format!("/placements/{}/at", p.index));
        let listing = |ps: &[&Placed<'_>]| {
            let names: Vec<String> = ps
                .iter()
                .map(|p| {
                    if p.count > 1 {
                        format!("{}×{}", p.count, p.unit)
                    } else {
                        p.unit.to_owned()
                    }
                })
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            list_some(&refs, 12)
        };

        // groups that share one limit: a side (or a faction without side), or each faction;
        // in order of their key, members in placement order
        groups.clear();
        for &p in &placed {
            let key = match w.game.stacking.count_per {
                CountPer::Side => w
                    .faction(p.faction)
                    .and_then(|f| f.side.as_deref())
                    .unwrap_or(p.faction),
                CountPer::Faction => p.faction,
                CountPer::Player => scenario
                    .seats
                    .iter()
                    .find(|s| s.factions.iter().any(|f| f == p.faction))
                    .map_or(p.faction, |s| s.id.as_str()),
            };
            groups.push((key, p));
        }
        groups.sort_by_key(|(key, _)| *key);
        for members in groups.chunk_by(|a, b| a.0 == b.0) {
            let group = members[0].0;
            // lists are collected only for a finding's message
            let counting = || members.iter().map(|&(_, p)| p).filter(|p| p.counts);
            let total: u32 = counting().map(|p| p.count).sum();
            // a faction's own limit applies when all the counting units are its own
            let faction_limit = counting()
                .next()
                .map(|first| first.faction)
                .filter(|&f| counting().all(|p| p.faction == f))
                .and_then(|f| {
                    w.game
                        .stacking
                        .faction_limits
                        .iter()
                        .find(|l| l.faction == f)
                });
            let limit = match (faction_limit, kind.stacking) {
                (Some(l), _) => Some(l.limit),
                (None, Stacking::Limit(n)) => Some(n),
                (None, Stacking::Unlimited) => None,
            };
            if let Some(limit) = limit
                && total > limit
                && let Some(last) = counting().next_back()
            {
                let counting: Vec<&Placed<'_>> = counting().collect();
                let source = match faction_limit {
                    Some(l) => format!("faction `{}` stacks at most {}", l.faction, l.limit),
                    None => format!(
                        "a `{}` holds at most {limit} units per {}",
                        kind.id,
                        per_word(w)
                    ),
                };
                out.push(
                    Diagnostic::new(
                        "K001",
                        format!(
                            "{total} units of `{group}` in `{space_id}`, over the limit of {limit}"
                        ),
                        at(last),
                    )
                    .with_label("this placement goes over the limit")
                    .with_help(format!(
                        "{source}; here: {}. Move {} elsewhere",
                        listing(&counting),
                        total - limit
                    )),
                );
            }
            // unit-kind caps: the location kind's (true), then each unit kind's own (false);
            // the reason is worded only for a finding
            let caps =
                kind.kind_caps
                    .iter()
                    .map(|c| (c.unit_kind.as_str(), c.max, true))
                    .chain(w.game.unit_kinds.iter().filter_map(|uk| {
                        uk.max_per_location.map(|max| (uk.id.as_str(), max, false))
                    }));
            for (unit_kind, max, location_cap) in caps {
                let of_kind = || {
                    members
                        .iter()
                        .map(|&(_, p)| p)
                        .filter(|p| p.kind == unit_kind)
                };
                let n: u32 = of_kind().map(|p| p.count).sum();
                if n > max
                    && let Some(last) = of_kind().next_back()
                {
                    let of_kind: Vec<&Placed<'_>> = of_kind().collect();
                    let why = if location_cap {
                        format!("a `{}` holds at most {max} `{unit_kind}`", kind.id)
                    } else {
                        format!("at most {max} `{unit_kind}` per location")
                    };
                    out.push(
                        Diagnostic::new("K002", format!("{n} `{unit_kind}` units of `{group}` in `{space_id}`, over the cap of {max}"), at(last))
                            .with_label("this placement goes over the cap")
                            .with_help(format!("{why}; here: {}", listing(&of_kind))),
                    );
                }
            }
        }

        // factions that may never stack together: the game's pairs, and friends kept apart
        // by their relation (FITNA: factions may share a space only where a rule allows it)
        let mut apart: Vec<(&str, &str, &'static str)> = w
            .game
            .stacking
            .never_together
            .iter()
            .map(|(a, b)| {
                (
                    a.as_str(),
                    b.as_str(),
                    "game.ron `stacking.never_together` forbids this pair",
                )
            })
            .collect();
        let mut factions_here: Vec<&str> = placed.iter().map(|p| p.faction).collect();
        factions_here.sort_unstable();
        factions_here.dedup();
        for (i, a) in factions_here.iter().enumerate() {
            for b in &factions_here[i + 1..] {
                if w.stance(a, b, Some(scenario)) == Stance::AlliedApart {
                    apart.push((
                        a,
                        b,
                        "their relation is `AlliedApart`: friends that may not share a location",
                    ));
                }
            }
        }
        for (a, b, why) in apart {
            let with_a = placed.iter().find(|p| p.faction == a);
            let with_b = placed.iter().find(|p| p.faction == b);
            if let (Some(first), Some(second)) = (with_a, with_b) {
                let (earlier, later) = if first.index < second.index {
                    (first, second)
                } else {
                    (second, first)
                };
                out.push(
                    Diagnostic::new("K003", format!("`{a}` and `{b}` units may not stack together, but both are in `{space_id}`"), at(later))
                        .with_label(format!("`{}` joins `{}` here", later.unit, earlier.unit))
                        .with_related(at(earlier), format!("`{}` is already here", earlier.unit))
                        .with_help(format!("{why}: place one of them elsewhere")),
                );
            }
        }

        // enemies in one location
        if !kind.opposing_may_share {
            'pairs: for (i, p) in placed.iter().enumerate() {
                for q in &placed[..i] {
                    if w.enemies(p.faction, q.faction, Some(scenario)) {
                        out.push(
                            Diagnostic::new("K004", format!("enemy units share `{space_id}`: `{}` ({}) and `{}` ({})", q.unit, q.faction, p.unit, p.faction), at(p))
                                .with_label("enemy of a unit already here")
                                .with_related(at(q), format!("`{}` is here", q.unit))
                                .with_help(format!("a `{}` cannot hold opposing units at start; move one of them, or set `opposing_may_share: true` on that location kind", kind.id)),
                        );
                        break 'pairs;
                    }
                }
            }
        }
    }
}

fn per_word(w: &World<'_>) -> &'static str {
    match w.game.stacking.count_per {
        CountPer::Side => "side",
        CountPer::Faction => "faction",
        CountPer::Player => "player",
    }
}
