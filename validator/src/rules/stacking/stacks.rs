//! The stacks at the start of a scenario, worked out once for the stacking rules: the
//! placements in each location, and within it the groups that share one limit (a side, a
//! faction or a player, as the game counts).

use crate::diagnostic::Location;
use crate::load::Doc;
use crate::model::{CountPer, LocationKind, Scenario};
use crate::rules::placements::Placements;
use crate::rules::words::list_some;
use crate::rules::world::World;

/// One placement resolved: its index, unit id, faction, kind, and how many counters.
pub struct Placed<'a> {
    pub index: usize,
    pub unit: &'a str,
    pub faction: &'a str,
    pub kind: &'a str,
    pub count: u32,
    /// Whether its unit kind counts against stacking limits.
    pub counts: bool,
}

/// The placements in one location whose kind resolves.
pub struct Stack<'a> {
    pub space: usize,
    pub space_id: &'a str,
    pub kind: &'a LocationKind,
    /// In placement order.
    pub placed: Vec<Placed<'a>>,
    /// The groups that share one limit, in order of their key: the key, and the indexes into
    /// `placed` of its members, in placement order.
    pub groups: Vec<(&'a str, Vec<usize>)>,
}

/// Every stack of one scenario, in the order of the spaces on the map.
pub struct Stacks<'a> {
    pub doc: &'a Doc<Scenario>,
    pub stacks: Vec<Stack<'a>>,
}

impl<'a> Stacks<'a> {
    pub fn new(w: &World<'a>, placements: &Placements<'a>) -> Self {
        let doc = placements.doc;
        let scenario = &doc.value;
        // placements by space, in placement order within a space: one sorted list, not a
        // list per space
        let mut by_space: Vec<(usize, Placed<'a>)> = Vec::with_capacity(placements.placed.len());
        for p in &placements.placed {
            let Some(space) = p.space else { continue };
            by_space.push((
                space,
                Placed {
                    index: p.index,
                    unit: &p.placement.unit,
                    faction: &p.unit.faction,
                    kind: &p.unit.kind,
                    count: p.placement.count,
                    counts: p.kind.is_none_or(|k| k.counts_for_stacking),
                },
            ));
        }
        by_space.sort_by_key(|(space, _)| *space);
        let mut stacks = Vec::new();
        let mut rest = by_space.into_iter().peekable();
        while let Some((space, first)) = rest.next() {
            let mut placed = vec![first];
            while let Some((_, p)) = rest.next_if(|(s, _)| *s == space) {
                placed.push(p);
            }
            let Some(kind) = w.space_kinds[space] else {
                continue;
            };
            let groups = groups(w, scenario, &placed);
            stacks.push(Stack {
                space,
                space_id: w.space_id(space),
                kind,
                placed,
                groups,
            });
        }
        Stacks { doc, stacks }
    }

    /// Where a placement names its location.
    pub fn at(&self, p: &Placed<'_>) -> Location {
        self.doc.at(&format!("/placements/{}/at", p.index))
    }
}

/// The groups of one location that share a limit: a side (or a faction without side), a
/// faction, or a player's seat, as the game counts; in order of their key.
fn groups<'a>(
    w: &World<'a>,
    scenario: &'a Scenario,
    placed: &[Placed<'a>],
) -> Vec<(&'a str, Vec<usize>)> {
    let mut keyed: Vec<(&str, usize)> = placed
        .iter()
        .enumerate()
        .map(|(i, p)| {
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
            (key, i)
        })
        .collect();
    // stable: members stay in placement order
    keyed.sort_by_key(|(key, _)| *key);
    keyed
        .chunk_by(|a, b| a.0 == b.0)
        .map(|members| (members[0].0, members.iter().map(|(_, i)| *i).collect()))
        .collect()
}

/// `3×ge-corps, ge-hq` for messages.
pub fn listing(ps: &[&Placed<'_>]) -> String {
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
}

/// What the game counts a limit per, for messages.
pub fn per_word(w: &World<'_>) -> &'static str {
    match w.game.stacking.count_per {
        CountPer::Side => "side",
        CountPer::Faction => "faction",
        CountPer::Player => "player",
    }
}
