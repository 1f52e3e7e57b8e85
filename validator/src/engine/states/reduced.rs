//! An event's state reduced to the placements whose findings may differ from those of the
//! state it was played in, so that the rules over placements judge a few, not every one.
//!
//! The rules a state of one scenario is judged by (supply, stacking, the order of battle)
//! judge each placement by its unit, its location's stack, its unit's other counters, and
//! what holds across the scenario (control, stances, neutral nations, the supply lines each
//! faction may trace). A placement none of that changed for is judged as it was in the base,
//! whose findings are known and not reported again; so the state keeps: the placements the
//! event's steps made or changed, their units' other counters and the counters they stand
//! with; those on a space whose control changed; and every placement of a faction whose
//! stances changed or whose supply lines may run otherwise, with those on its spaces and
//! beside its units. Where what changed reaches every placement (conditions on the map that
//! read control or markers, sea supply, closures by neutral nations, the units of a nation in
//! limited entry), nothing is left out.

use crate::analysis::events::{Board, Origin};
use crate::analysis::placements::{Indexes, SetUp};
use crate::analysis::supply::tracer::passes;
use crate::analysis::world::World;
use crate::model::compare::same;
use crate::model::{ControlOverride, Placement, Scenario};

/// What a reduced state holds: its board, and what it changed of each faction's supply
/// lines (`analysis::supply::trace::Reuse`).
pub struct Reduced {
    /// The state's scenario with the placements kept, and where each came from.
    pub scenario: Scenario,
    pub placed_by: Vec<Origin>,
    pub lines: Vec<(String, Vec<u32>)>,
    /// Each kept placement's index in the state.
    pub index: Vec<usize>,
}

/// A location in the scenario (`scenario`'s source) at a placement of a reduced state, whose
/// placements are those of the whole state at `index`, pointed at the same placement of the
/// whole state instead.
pub fn widen(
    index: &[usize],
    loc: &mut crate::diagnostic::Location,
    scenario: &crate::load::SourceFile,
) {
    if loc.file != scenario.path {
        return;
    }
    let Some(rest) = loc
        .pointer
        .as_deref()
        .and_then(|p| p.strip_prefix("/placements/"))
    else {
        return;
    };
    let (i, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if let Some(&k) = i.parse::<usize>().ok().and_then(|i| index.get(i)) {
        *loc = scenario.at(&format!("/placements/{k}{tail}"));
    }
}

/// The part of `board` (made from `base` by the steps `board.applied[from..]`) whose
/// findings may differ from the base's, as a board of its own; None when that is all of it.
pub fn reduced<'a>(
    (base, board, from): (&Board, &Board, usize),
    (w, reach): (&World<'a>, Reach),
    set_up: &SetUp,
) -> Option<Reduced> {
    let (b, s) = (&base.rest, &board.rest);
    let neutrality = b.neutral != s.neutral || b.limited_entry != s.limited_entry;
    // by what the rules read (a relation the sides imply anyway changes no one's stance)
    let standing = match b.relations != s.relations || b.alignments != s.alignments {
        true => super::stances::changed(w, b, s),
        false => Vec::new(),
    };
    let stances = neutrality || !standing.is_empty();
    let controlled = changed_control(w, &b.control, &s.control);
    let markers = b.markers != s.markers;
    let around = stances || !controlled.is_empty() || markers;
    if around && reach.everything {
        return None;
    }
    if markers && w.game.marker_kinds.iter().any(|k| !k.port_for.is_empty()) {
        return None;
    }
    if neutrality && reach.closing {
        return None;
    }
    // a nation in limited entry closes the spaces its units hold to the others' supply: its
    // placements anywhere reach every faction's lines
    if !(s.limited_entry.is_empty() && b.limited_entry.is_empty())
        && [base, board]
            .iter()
            .any(|x| stands(x, w, set_up, &[&s.limited_entry, &b.limited_entry]))
    {
        return None;
    }
    // factions whose stances changed, and those whose supply may pass other spaces now
    let mut stanced: Vec<&str> = Vec::new();
    if stances {
        stanced.extend(standing.iter().map(String::as_str));
        for (x, y) in [
            (&b.neutral, &s.neutral),
            (&b.limited_entry, &s.limited_entry),
        ] {
            for f in x.iter().chain(y) {
                if !(x.contains(f) && y.contains(f)) {
                    stanced.push(f);
                }
            }
        }
    }
    stanced.sort_unstable();
    stanced.dedup();
    let mut factions = stanced.clone();
    for f in &w.game.factions {
        let f = f.id.as_str();
        // through every holder when stances changed; through the spaces that changed hands
        let any_holder = stances && {
            let every = w.game.factions.iter().map(|g| Some(g.id.as_str()));
            every
                .chain([None])
                .any(|h| passes(w, f, h, b) != passes(w, f, h, s))
        };
        let any_space =
            (controlled.iter()).any(|(_, was, is)| passes(w, f, *was, b) != passes(w, f, *is, s));
        if (any_holder || any_space) && !factions.contains(&f) {
            factions.push(f);
        }
    }
    let changes = Changes {
        controlled: &controlled,
        factions: &factions,
        stanced: &stanced,
    };
    let keep = keep((board, from), &changes, w, set_up)?;
    let (scenario, placed_by) = subset(board, &keep);
    Some(Reduced {
        scenario,
        placed_by,
        lines: lines(w, s, &controlled),
        index: keep,
    })
}

/// What a state (`s`) changed of each faction's supply lines: whether it passes each
/// faction's spaces and uncontrolled ones, and the spaces that changed hands where it passes
/// otherwise than it would their holder's in the base (with whether it passes now). With the
/// base's holders, that says which spaces it passes.
fn lines(
    w: &World<'_>,
    s: &Scenario,
    controlled: &[(&str, Option<&str>, Option<&str>)],
) -> Vec<(String, Vec<u32>)> {
    let holders = w
        .game
        .factions
        .iter()
        .map(|g| Some(g.id.as_str()))
        .chain([None]);
    let holders: Vec<Option<&str>> = holders.collect();
    (w.game.factions.iter())
        .map(|f| {
            let f = f.id.as_str();
            let mut key = Vec::new();
            for (space, was, is) in controlled {
                let now = passes(w, f, *is, s);
                if passes(w, f, *was, s) != now
                    && let Some(i) = w.ids.spaces.index(space)
                {
                    key.extend([i as u32, u32::from(now)]);
                }
            }
            key.push(u32::MAX);
            key.extend(holders.iter().map(|&h| u32::from(passes(w, f, h, s))));
            (f.to_owned(), key)
        })
        .collect()
}

/// What changed around a state's placements.
struct Changes<'c> {
    /// Spaces that changed hands: (space, holder before, holder now).
    controlled: &'c [(&'c str, Option<&'c str>, Option<&'c str>)],
    /// Factions whose stances or supply lines changed: all their placements are judged.
    factions: &'c [&'c str],
    /// Factions whose stances changed: the placements on their spaces and beside their
    /// units are judged too.
    stanced: &'c [&'c str],
}

/// Which of `board`'s placements to judge, by index, ascending (None: all of them).
fn keep<'a>(
    (board, from): (&Board, usize),
    changes: &Changes<'_>,
    w: &World<'a>,
    set_up: &SetUp,
) -> Option<Vec<usize>> {
    let pieces = &board.pieces;
    let own = &board.applied[from.min(board.applied.len())..];
    // each placement's unit, faction and space (by index): as set up, unless a step made or
    // moved it
    let placed = |p: &Placement, o: &Origin| set_up.indexes(w, p, o);
    let faction_index = |f: &&str| w.ids.factions.index(f);
    let factions: Vec<usize> = changes.factions.iter().filter_map(faction_index).collect();
    let stanced: Vec<usize> = changes.stanced.iter().filter_map(faction_index).collect();
    let mut keep: Vec<usize> = Vec::new();
    // the units the steps touched, and the locations they reached or that changed hands (by
    // id where the id names none)
    let mut units: Vec<usize> = Vec::new();
    let (mut places, mut unknown): (Vec<usize>, Vec<&str>) = (Vec::new(), Vec::new());
    fn place<'s>(
        at: &'s str,
        space: Option<usize>,
        (places, unknown): (&mut Vec<usize>, &mut Vec<&'s str>),
    ) {
        match space {
            Some(i) => places.push(i),
            None => unknown.push(at),
        }
    }
    for (space, ..) in changes.controlled {
        place(
            space,
            w.ids.spaces.index(space),
            (&mut places, &mut unknown),
        );
    }
    for (k, p, o) in pieces.touched() {
        if matches!(o, Origin::Step(at) if own.contains(at)) {
            keep.push(k);
            let x = placed(p, o);
            if let Some(x) = x {
                units.push(x.unit);
            }
            let space = x.map_or_else(|| w.ids.spaces.index(&p.at), |x| x.space);
            place(&p.at, space, (&mut places, &mut unknown));
        }
    }
    let looked_up = |k: usize| {
        let (p, o) = pieces.get(k)?;
        Some((p, placed(p, &o)))
    };
    // placements as set up (by index) to decide on, with those steps changed or made
    let candidates = |of_start: Vec<usize>| {
        let mut c: Vec<usize> = (of_start.into_iter())
            .filter(|&j| pieces.untouched(j))
            .filter_map(|j| pieces.of_start(j))
            .collect();
        c.extend(pieces.touched().map(|(k, ..)| k));
        c.sort_unstable();
        c.dedup();
        c
    };
    if !changes.factions.is_empty() {
        // every counter of a faction whose stances or lines changed (a unit whose faction is
        // none of the game's by its id), the stacks beside those whose stances did, and the
        // counters on their spaces
        let control = w.control_at_start(Some(&board.rest));
        let held = |space: Option<usize>| {
            let c = space.and_then(|i| control[i]);
            c.is_some_and(|c| changes.stanced.iter().any(|f| same(f, c)))
        };
        let of = |x: &Indexes, list: &[usize], ids: &[&str], p: &Placement| match x.faction {
            Some(f) => list.contains(&f),
            None => w
                .unit(&p.unit)
                .is_some_and(|u| ids.contains(&u.faction.as_str())),
        };
        let mut of_start: Vec<usize> = set_up.strays.clone();
        for &f in &factions {
            of_start.extend_from_slice(set_up.of_faction(f));
        }
        if !changes.stanced.is_empty() {
            for i in (0..control.len()).filter(|&i| held(Some(i))) {
                of_start.extend_from_slice(set_up.on_space(i));
            }
        }
        for k in candidates(of_start) {
            let Some((p, Some(x))) = looked_up(k) else {
                continue;
            };
            if of(&x, &factions, changes.factions, p) {
                keep.push(k);
                if of(&x, &stanced, changes.stanced, p) {
                    place(&p.at, x.space, (&mut places, &mut unknown));
                }
            } else if held(x.space) {
                keep.push(k);
            }
        }
    }
    places.sort_unstable();
    places.dedup();
    units.sort_unstable();
    units.dedup();
    keep.sort_unstable();
    // those the changes reach: on the places, of the units, whose unit or space names nothing
    let mut of_start: Vec<usize> = Vec::new();
    for &i in &places {
        of_start.extend_from_slice(set_up.on_space(i));
    }
    for &u in &units {
        of_start.extend_from_slice(set_up.of_unit(u));
    }
    of_start.extend_from_slice(&set_up.nameless);
    if !unknown.is_empty() {
        of_start.extend_from_slice(&set_up.nowhere);
    }
    let mut more = Vec::new();
    for k in candidates(of_start) {
        if keep.binary_search(&k).is_ok() {
            continue;
        }
        let Some((p, x)) = looked_up(k) else { continue };
        // a unit that names nothing is R002's: judged where it stands
        let Some(x) = x else {
            more.push(k);
            continue;
        };
        let here = match x.space {
            Some(i) => places.binary_search(&i).is_ok(),
            None => unknown.contains(&p.at.as_str()),
        };
        if here || units.binary_search(&x.unit).is_ok() {
            more.push(k);
        }
    }
    keep.extend(more);
    keep.sort_unstable();
    keep.dedup();
    (keep.len() < pieces.len()).then_some(keep)
}

/// Whether a unit of one of the `factions` stands in `board`.
fn stands<'a>(
    board: &Board,
    w: &World<'a>,
    set_up: &SetUp,
    factions: &[&Vec<crate::model::Id>],
) -> bool {
    let named = |f: &str| factions.iter().any(|list| list.iter().any(|x| x == f));
    let pieces = &board.pieces;
    // as set up, by the game's factions; then whatever steps changed or made, looked up
    let as_set_up = (w.game.factions.iter().enumerate())
        .filter(|(_, f)| named(&f.id))
        .any(|(i, _)| set_up.of_faction(i).iter().any(|&j| pieces.untouched(j)));
    // a unit's own faction id that names none of the game's (only such a name matches it)
    let strays =
        (factions.iter().flat_map(|l| l.iter())).any(|f| w.ids.factions.index(f).is_none());
    let by_own_id = || {
        let set = pieces.as_set_up();
        (set.iter().enumerate()).any(|(j, p)| {
            pieces.untouched(j)
                && set_up
                    .of(w, p, &Origin::Start(j))
                    .is_some_and(|l| w.ids.factions.index(l.faction).is_none() && named(l.faction))
        })
    };
    let touched =
        || (pieces.touched()).any(|(_, p, o)| set_up.of(w, p, o).is_some_and(|l| named(l.faction)));
    as_set_up || touched() || (strays && by_own_id())
}

/// The board's scenario with only the placements `keep` keeps (in their order), and their
/// origins.
fn subset(board: &Board, keep: &[usize]) -> (Scenario, Vec<Origin>) {
    let mut scenario = board.rest.clone();
    let mut placed_by = Vec::with_capacity(keep.len());
    for &k in keep {
        if let Some((p, o)) = board.pieces.get(k) {
            scenario.placements.push(p.clone());
            placed_by.push(o);
        }
    }
    (scenario, placed_by)
}

/// The spaces whose control differs between two lists of overrides: (space, holder
/// before, holder now), the map's control where no override names the space.
fn changed_control<'s>(
    w: &World<'s>,
    before: &'s [ControlOverride],
    now: &'s [ControlOverride],
) -> Vec<(&'s str, Option<&'s str>, Option<&'s str>)> {
    if before == now {
        return Vec::new();
    }
    let map = |space: &str| {
        let i = w.ids.spaces.index(space)?;
        w.map.value.spaces[i].control.as_deref()
    };
    let holder = |list: &'s [ControlOverride], space: &'s str| match list
        .iter()
        .rev()
        .find(|c| c.space == space)
    {
        Some(c) => c.faction.as_deref(),
        None => map(space),
    };
    let mut spaces: Vec<&str> = before.iter().chain(now).map(|c| c.space.as_str()).collect();
    spaces.sort_unstable();
    spaces.dedup();
    spaces
        .into_iter()
        .filter_map(|space| {
            let (b, n) = (holder(before, space), holder(now, space));
            (b != n).then_some((space, b, n))
        })
        .collect()
}

/// What in a game makes a change reach every placement, looked up once for every state (the
/// map's links and spaces are walked, by the ten thousand in a large game).
#[derive(Clone, Copy)]
pub struct Reach {
    /// A change of control, stance or markers: the map has conditions (`only_while`,
    /// `source_while`, `port_limits`) or the game sea supply.
    everything: bool,
    /// A change of neutrality: areas close while a nation is neutral.
    closing: bool,
}

impl Reach {
    /// Without a world (no state is reduced then).
    pub const NOTHING: Reach = Reach {
        everything: false,
        closing: false,
    };

    pub fn of(w: &World<'_>) -> Self {
        let map = &w.map.value;
        Reach {
            everything: w.game.sea_supply.is_some()
                || map.links.iter().any(|l| !l.only_while.is_empty())
                || map
                    .spaces
                    .iter()
                    .any(|s| !s.source_while.is_empty() || !s.port_limits.is_empty()),
            closing: (w.game.areas.iter()).any(|a| a.closed_while_neutral.is_some()),
        }
    }
}
