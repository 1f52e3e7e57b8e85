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
use crate::model::{ControlOverride, Scenario};

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

impl Reduced {
    /// A location in the scenario (`scenario`'s source) at a placement of the reduced state,
    /// pointed at the same placement of the whole state instead.
    pub fn widen(&self, loc: &mut crate::diagnostic::Location, scenario: &crate::load::SourceFile) {
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
        if let Some(&k) = i.parse::<usize>().ok().and_then(|i| self.index.get(i)) {
            *loc = scenario.at(&format!("/placements/{k}{tail}"));
        }
    }
}

/// The part of `board` (made from `base` by the steps `board.applied[from..]`) whose
/// findings may differ from the base's, as a board of its own; None when that is all of it.
pub fn reduced<'a>(
    (base, board, from): (&Board, &Board, usize),
    w: &World<'a>,
    set_up: &SetUp,
) -> Option<Reduced> {
    let (b, s) = (&base.scenario, &board.scenario);
    let neutrality = b.neutral != s.neutral || b.limited_entry != s.limited_entry;
    let stances = neutrality || b.relations != s.relations || b.alignments != s.alignments;
    let controlled = changed_control(w, &b.control, &s.control);
    let markers = b.markers != s.markers;
    let around = stances || !controlled.is_empty() || markers;
    if around && reaches_everything(w) {
        return None;
    }
    if markers && w.game.marker_kinds.iter().any(|k| !k.port_for.is_empty()) {
        return None;
    }
    let closing = w
        .game
        .areas
        .iter()
        .any(|a| a.closed_while_neutral.is_some());
    if neutrality && closing {
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
        for r in b.relations.iter().chain(&s.relations) {
            if !(b.relations.contains(r) && s.relations.contains(r)) {
                stanced.extend([r.factions.0.as_str(), r.factions.1.as_str()]);
            }
        }
        for a in b.alignments.iter().chain(&s.alignments) {
            if !(b.alignments.contains(a) && s.alignments.contains(a)) {
                stanced.push(&a.faction);
            }
        }
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
        index: (0..keep.len()).filter(|&k| keep[k]).collect(),
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

/// Which of `board`'s placements to judge (None: all of them).
fn keep<'a>(
    (board, from): (&Board, usize),
    changes: &Changes<'_>,
    w: &World<'a>,
    set_up: &SetUp,
) -> Option<Vec<bool>> {
    let s = &board.scenario;
    let own = &board.applied[from.min(board.applied.len())..];
    // each placement's unit, faction and space (by index): as set up, unless a step made or
    // moved it
    let placed = |k: usize| set_up.indexes(w, (s, k), &board.placed_by[k]);
    let faction_index = |f: &&str| w.ids.factions.index(f);
    let factions: Vec<usize> = changes.factions.iter().filter_map(faction_index).collect();
    let stanced: Vec<usize> = changes.stanced.iter().filter_map(faction_index).collect();
    let mut keep = vec![false; s.placements.len()];
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
    for (k, p) in s.placements.iter().enumerate() {
        if matches!(&board.placed_by[k], Origin::Step(at) if own.contains(at)) {
            keep[k] = true;
            let x = placed(k);
            if let Some(x) = x {
                units.push(x.unit);
            }
            let space = x.map_or_else(|| w.ids.spaces.index(&p.at), |x| x.space);
            place(&p.at, space, (&mut places, &mut unknown));
        }
    }
    let looked_up: Vec<Option<Indexes>> = (0..s.placements.len()).map(placed).collect();
    if !changes.factions.is_empty() {
        // every counter of a faction whose stances or lines changed (a unit whose faction is
        // none of the game's by its id), the stacks beside those whose stances did, and the
        // counters on their spaces
        let control = w.control_at_start(Some(s));
        let held = |space: Option<usize>| {
            let c = space.and_then(|i| control[i]);
            c.is_some_and(|c| changes.stanced.iter().any(|f| same(f, c)))
        };
        let of = |x: &Indexes, list: &[usize], ids: &[&str], k: usize| match x.faction {
            Some(f) => list.contains(&f),
            None => w
                .unit(&s.placements[k].unit)
                .is_some_and(|u| ids.contains(&u.faction.as_str())),
        };
        for (k, x) in looked_up.iter().enumerate() {
            let Some(x) = x else { continue };
            if of(x, &factions, changes.factions, k) {
                keep[k] = true;
                if of(x, &stanced, changes.stanced, k) {
                    place(&s.placements[k].at, x.space, (&mut places, &mut unknown));
                }
            } else if held(x.space) {
                keep[k] = true;
            }
        }
    }
    places.sort_unstable();
    places.dedup();
    units.sort_unstable();
    units.dedup();
    for (k, x) in looked_up.into_iter().enumerate() {
        if keep[k] {
            continue;
        }
        // a unit that names nothing is R002's: judged where it stands
        let Some(x) = x else {
            keep[k] = true;
            continue;
        };
        let here = match x.space {
            Some(i) => places.binary_search(&i).is_ok(),
            None => unknown.contains(&s.placements[k].at.as_str()),
        };
        keep[k] = here || units.binary_search(&x.unit).is_ok();
    }
    (!keep.iter().all(|&k| k)).then_some(keep)
}

/// Whether a unit of one of the `factions` stands in `board`.
fn stands<'a>(
    board: &Board,
    w: &World<'a>,
    set_up: &SetUp,
    factions: &[&Vec<crate::model::Id>],
) -> bool {
    let s = &board.scenario;
    (0..s.placements.len()).any(|k| {
        set_up.of(w, (s, k), &board.placed_by[k]).is_some_and(|p| {
            factions
                .iter()
                .any(|list| list.iter().any(|f| f == p.faction))
        })
    })
}

/// The board's scenario with only the placements `keep` keeps (in their order), and their
/// origins.
fn subset(board: &Board, keep: &[bool]) -> (Scenario, Vec<Origin>) {
    let s = &board.scenario;
    let kept = |k: &usize| keep[*k];
    let mut scenario = without_placements(s);
    scenario.placements = (0..s.placements.len())
        .filter(kept)
        .map(|k| s.placements[k].clone())
        .collect();
    let placed_by = (0..keep.len())
        .filter(kept)
        .map(|k| board.placed_by[k].clone());
    (scenario, placed_by.collect())
}

/// A copy of `s` but its placements (which a large scenario has by the thousand); every
/// field named, so that a field added to scenarios is added here too.
fn without_placements(s: &Scenario) -> Scenario {
    let Scenario {
        id,
        game,
        ruleset,
        turns,
        players,
        seats,
        factions,
        control,
        neutral,
        limited_entry,
        relations,
        alignments,
        placements: _,
        decks,
        hands,
        in_play,
        removed,
        tracks,
        markers,
        schedule,
        attrs,
    } = s;
    Scenario {
        id: id.clone(),
        game: game.clone(),
        ruleset: ruleset.clone(),
        turns: turns.clone(),
        players: *players,
        seats: seats.clone(),
        factions: factions.clone(),
        control: control.clone(),
        neutral: neutral.clone(),
        limited_entry: limited_entry.clone(),
        relations: relations.clone(),
        alignments: alignments.clone(),
        placements: Vec::new(),
        decks: decks.clone(),
        hands: hands.clone(),
        in_play: in_play.clone(),
        removed: removed.clone(),
        tracks: tracks.clone(),
        markers: markers.clone(),
        schedule: schedule.clone(),
        attrs: attrs.clone(),
    }
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

/// Whether the map has what makes a change of control, stance or markers reach every
/// placement: conditions (`only_while`, `source_while`, `port_limits`) or sea supply.
fn reaches_everything(w: &World<'_>) -> bool {
    let map = &w.map.value;
    w.game.sea_supply.is_some()
        || map.links.iter().any(|l| !l.only_while.is_empty())
        || map
            .spaces
            .iter()
            .any(|s| !s.source_while.is_empty() || !s.port_limits.is_empty())
}
