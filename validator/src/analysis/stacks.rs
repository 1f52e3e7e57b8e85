//! The stacks at the start of a scenario, worked out once for the stacking rules: the
//! placements in each location, and within it the groups that share one limit (a side, a
//! faction or a player, as the game counts).

use std::ops::Range;

use crate::analysis::placements::Placements;
use crate::analysis::world::World;
use crate::diagnostic::Location;
use crate::load::Doc;
use crate::model::{CountPer, LocationKind, Scenario};
use crate::words::list_some;

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
pub struct Stack<'s, 'a> {
    pub space: usize,
    pub space_id: &'a str,
    pub kind: &'a LocationKind,
    /// In placement order.
    pub placed: &'s [Placed<'a>],
    groups: &'s [Group<'a>],
    members: &'s [u32],
}

impl<'s, 'a> Stack<'s, 'a> {
    /// The groups that share one limit, in order of their key: the key, and the indexes into
    /// `placed` of its members, in placement order.
    pub fn groups(&self) -> impl Iterator<Item = (&'a str, &'s [u32])> + use<'s, 'a> {
        let members = self.members;
        self.groups.iter().map(move |g| {
            (
                g.key,
                &members[g.members.start as usize..g.members.end as usize],
            )
        })
    }
}

/// Every stack of one scenario, in the order of the spaces on the map. The stacks of a large
/// scenario are many and small: they live in a few shared lists, not a list each.
pub struct Stacks<'a> {
    pub doc: &'a Doc<Scenario>,
    /// Every placement with a space, by space, then in placement order.
    placed: Vec<Placed<'a>>,
    stacks: Vec<StackAt<'a>>,
    groups: Vec<Group<'a>>,
    /// Each group's members, as indexes into its stack's placements.
    members: Vec<u32>,
}

/// Where one stack's placements and groups are in the shared lists.
struct StackAt<'a> {
    space: usize,
    space_id: &'a str,
    kind: &'a LocationKind,
    placed: Range<usize>,
    groups: Range<usize>,
}

/// A group's key and where its members are in `members`.
struct Group<'a> {
    key: &'a str,
    members: Range<u32>,
}

impl<'a> Stacks<'a> {
    pub fn new(w: &World<'a>, placements: &Placements<'a>) -> Self {
        let doc = placements.doc;
        let scenario = &doc.value;
        // placements by space, in placement order within a space: one sorted list of
        // indexes, not a list per space. This and the lists below get room for every
        // placement at once (each stack and group holds one at least): grown by doubling, a
        // large scenario's old room is freed, then zeroed afresh when used again
        let mut order: Vec<(usize, u32)> = Vec::with_capacity(placements.placed.len());
        order.extend(
            placements
                .placed
                .iter()
                .enumerate()
                .filter_map(|(i, p)| Some((p.space?, i as u32))),
        );
        order.sort_unstable();
        let placed_of = |i: u32| {
            let p = &placements.placed[i as usize];
            Placed {
                index: p.index,
                unit: &p.placement.unit,
                faction: p.faction,
                kind: &p.unit.kind,
                count: p.placement.count,
                counts: p.kind.is_none_or(|k| k.counts_for_stacking),
            }
        };
        let mut out = Stacks {
            doc,
            placed: Vec::with_capacity(order.len()),
            stacks: Vec::with_capacity(order.len()),
            groups: Vec::with_capacity(order.len()),
            members: Vec::with_capacity(order.len()),
        };
        let mut keyed: Vec<(&str, u32)> = Vec::new();
        for here in order.chunk_by(|a, b| a.0 == b.0) {
            let space = here[0].0;
            let Some(kind) = w.space_kinds[space] else {
                continue;
            };
            let start = out.placed.len();
            out.placed.extend(here.iter().map(|&(_, i)| placed_of(i)));
            // the groups that share a limit, in order of their key (stable: members stay in
            // placement order)
            keyed.clear();
            keyed.extend(
                out.placed[start..]
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (group_key(w, scenario, p), i as u32)),
            );
            keyed.sort_by_key(|(key, _)| *key);
            let groups_start = out.groups.len();
            for members in keyed.chunk_by(|a, b| a.0 == b.0) {
                let from = out.members.len() as u32;
                out.members.extend(members.iter().map(|(_, i)| *i));
                out.groups.push(Group {
                    key: members[0].0,
                    members: from..out.members.len() as u32,
                });
            }
            out.stacks.push(StackAt {
                space,
                space_id: w.space_id(space),
                kind,
                placed: start..out.placed.len(),
                groups: groups_start..out.groups.len(),
            });
        }
        out
    }

    /// Every stack, in the order of the spaces on the map.
    pub fn stacks(&self) -> impl Iterator<Item = Stack<'_, 'a>> {
        self.stacks.iter().map(move |s| Stack {
            space: s.space,
            space_id: s.space_id,
            kind: s.kind,
            placed: &self.placed[s.placed.clone()],
            groups: &self.groups[s.groups.clone()],
            members: &self.members,
        })
    }

    /// Where a placement names its location.
    pub fn at(&self, p: &Placed<'_>) -> Location {
        self.doc.at(&format!("/placements/{}/at", p.index))
    }
}

/// The key of the group whose limit a placement counts against: its side (or its faction,
/// without a side), its faction, or its player's seat, as the game counts.
fn group_key<'a>(w: &World<'a>, scenario: &'a Scenario, p: &Placed<'a>) -> &'a str {
    match w.game.stacking.count_per {
        CountPer::Side => w.side_of(p.faction, Some(scenario)).unwrap_or(p.faction),
        CountPer::Faction => p.faction,
        CountPer::Player => scenario
            .seats
            .iter()
            .find(|s| s.factions.iter().any(|f| f == p.faction))
            .map_or(p.faction, |s| s.id.as_str()),
    }
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
