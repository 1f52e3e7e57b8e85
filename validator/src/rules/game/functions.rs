//! The functions a declared check may call beyond CEL's own: look-ups of entities by id,
//! every entity of a kind, and the map graph (neighbours, links, distance, reachability);
//! in a scenario's checks, the start (units at a location, control, neutral nations).
//! CEL's own functions are [`super::eval`]'s.

use std::borrow::Cow;
use std::collections::VecDeque;

use crate::model::{Holder, Scope};

use super::data::{Data, F};
use super::eval::{Eval, Fail};
use super::node::Op;
use super::value::{Obj, Val};

/// Every function this module adds, with its signature and what it returns, for the static
/// check and for docs/designing-checks.md.
pub const FUNCTIONS: &[(&str, &str, bool)] = &[
    ("space", "space(id) -> the space's view", false),
    ("unit", "unit(id) -> the unit's view", false),
    ("card", "card(id) -> the card's view", false),
    ("faction", "faction(id) -> the faction's view", false),
    ("area", "area(id) -> the area's view", false),
    ("deck", "deck(id) -> the deck's view", false),
    ("scenario", "scenario(id) -> the scenario's view", false),
    (
        "marker_kind",
        "marker_kind(id) -> the marker kind's view (id, per_side, port_for, attrs)",
        false,
    ),
    (
        "track",
        "track(id) -> the track's view (id, min, max, attrs)",
        false,
    ),
    ("game", "game() -> the game's view (id, attrs)", false),
    ("spaces", "spaces() -> every space's view", false),
    (
        "links",
        "links() -> every link's view; links(space) -> the links of a space",
        false,
    ),
    ("units", "units() -> every unit's view", false),
    ("cards", "cards() -> every card's view", false),
    ("factions", "factions() -> every faction's view", false),
    ("areas", "areas() -> every area's view", false),
    (
        "neighbours",
        "neighbours(space) -> the ids of the spaces linked to it; neighbours(space, kinds) through links of these kinds",
        false,
    ),
    (
        "distance",
        "distance(from, to) -> the fewest links between them, -1 if none; distance(from, to, kinds) through links of these kinds",
        false,
    ),
    (
        "reachable",
        "reachable(from, to) -> whether links join them; reachable(from, to, kinds) through links of these kinds",
        false,
    ),
    (
        "units_at",
        "units_at(location) -> the units there at the scenario's start (one per counter)",
        true,
    ),
    (
        "control",
        "control(space) -> the faction (or side) controlling it at the scenario's start, or null",
        true,
    ),
    (
        "neutral",
        "neutral() -> the factions neutral at the scenario's start",
        true,
    ),
    (
        "markers_at",
        "markers_at(space) -> the kinds of the markers there at the scenario's start",
        true,
    ),
    (
        "sources_at",
        "sources_at(space) -> the factions it is a supply source for at the scenario's start (its `supply_source_for` whose `source_while` holds then)",
        true,
    ),
];

/// Calls one of this module's functions on its arguments.
pub fn call<'d>(ev: &Eval<'d, '_>, op: Op, args: &[Val<'d>]) -> Result<Val<'d>, Fail> {
    let data: &'d Data<'_> = ev.data;
    let name = op.name();
    let arg = |i: usize| {
        args.get(i)
            .ok_or_else(|| format!("`{name}` takes at least {} arguments", i + 1))
    };
    let start = || {
        ev.scenario
            .and_then(|s| data.starts.get(s))
            .ok_or_else(|| format!("`{name}` reads a scenario's start"))
    };
    Ok(match op {
        Op::One(kind) => {
            let id = id_of(data, arg(0)?, name)?;
            let i = data
                .find(kind, &id)
                .ok_or_else(|| format!("`{}`: no {} has the id `{id}`", kind.var(), kind.var()))?;
            Val::Obj(Obj::new(kind, i))
        }
        Op::Every(kind) => Val::All(kind, data.count(kind) as u32),
        Op::Links => match args.first() {
            None => Val::All(Scope::Link, data.links.len() as u32),
            Some(s) => {
                let s = space_index(data, s, name)?;
                // every link of the space, one-way ones leading in too
                let ends = data.world.into_iter().flat_map(move |w| w.adjacency.of(s));
                Val::list(
                    ends.map(|(_, l)| Val::Obj(Obj::new(Scope::Link, l)))
                        .collect(),
                )
            }
        },
        Op::Neighbours => {
            let s = space_index(data, arg(0)?, name)?;
            if args.len() == 1 {
                return Ok(Val::Ids(data.neighbours(s)));
            }
            let kinds = kinds(args.get(1))?;
            let mut out: Vec<Val<'d>> = Vec::new();
            for (b, l) in adjacent(data, s) {
                let id = Val::Str(&data.spaces[b].id);
                if passes(data, &kinds, l) && !out.iter().any(|o| o.as_str() == id.as_str()) {
                    out.push(id);
                }
            }
            Val::list(out)
        }
        Op::Distance | Op::Reachable => {
            let (a, b) = (
                space_index(data, arg(0)?, name)?,
                space_index(data, arg(1)?, name)?,
            );
            let d = bfs(data, a, b, &kinds(args.get(2))?);
            match op {
                Op::Distance => Val::Int(d.map_or(-1, |d| d as i64)),
                _ => Val::Bool(d.is_some()),
            }
        }
        Op::UnitsAt => {
            let start = start()?;
            let at = id_of(data, arg(0)?, name)?;
            match start.stack_at(&at, data.find(Scope::Space, &at)) {
                Some(k) => Val::Objs(start.units(k)),
                None => Val::list(Vec::new()),
            }
        }
        Op::Control => {
            let start = start()?;
            let s = space_index(data, arg(0)?, name)?;
            start
                .control()
                .get(s)
                .copied()
                .flatten()
                .map_or(Val::Null, Val::Str)
        }
        Op::Neutral => Val::Ids(&start()?.scenario.neutral),
        Op::MarkersAt => {
            let at = id_of(data, arg(0)?, name)?;
            Val::list(
                start()?
                    .scenario
                    .markers
                    .iter()
                    .filter(|m| m.at == *at)
                    .map(|m| Val::Str(&m.kind))
                    .collect(),
            )
        }
        Op::SourcesAt => {
            let start = start()?;
            let s = space_index(data, arg(0)?, name)?;
            let w = data
                .world
                .ok_or_else(|| format!("`{name}` reads the map"))?;
            let space = &w.map.value.spaces[s];
            let control = start.control();
            let marked = |kind: &str, i: usize| {
                let at = &w.map.value.spaces[i].id;
                start
                    .scenario
                    .markers
                    .iter()
                    .any(|m| m.kind == kind && m.at == *at)
            };
            let active = (space.source_while.iter())
                .all(|c| crate::analysis::start::holds(w, start.scenario, control, marked, c));
            if active {
                Val::Ids(&space.supply_source_for)
            } else {
                Val::list(Vec::new())
            }
        }
        Op::MarkerKind => {
            let id = id_of(data, arg(0)?, name)?;
            let k = data.game.marker_kinds.iter().find(|k| k.id == *id);
            let k = k.ok_or_else(|| format!("`{name}`: no marker kind has the id `{id}`"))?;
            Val::map(vec![
                (Val::Str("id"), Val::Str(&k.id)),
                (Val::Str("per_side"), Val::Bool(k.per_side)),
                (Val::Str("port_for"), Val::Ids(&k.port_for)),
                (Val::Str("attrs"), Val::Attrs(Holder::MarkerKind, &k.attrs)),
            ])
        }
        Op::Track => {
            let id = id_of(data, arg(0)?, name)?;
            let t = data.game.tracks.iter().find(|t| t.id == *id);
            let t = t.ok_or_else(|| format!("`{name}`: no track has the id `{id}`"))?;
            Val::map(vec![
                (Val::Str("id"), Val::Str(&t.id)),
                (Val::Str("min"), Val::Int(t.min.into())),
                (Val::Str("max"), Val::Int(t.max.into())),
                (Val::Str("attrs"), Val::Attrs(Holder::Track, &t.attrs)),
            ])
        }
        Op::Game => Val::map(vec![
            (Val::Str("id"), Val::Str(&data.game.id)),
            (
                Val::Str("attrs"),
                Val::Attrs(Holder::Game, &data.game.attrs),
            ),
        ]),
        _ => return Err(format!("`{name}` is not a function")),
    })
}

/// An id given as a text, or an entity's id given its view (borrowed: checks call these
/// functions once per entity, and a copy of each id cost more than the look-up).
fn id_of<'v>(data: &'v Data<'_>, v: &'v Val<'_>, f: &str) -> Result<Cow<'v, str>, Fail> {
    if let Some(s) = v.as_str() {
        return Ok(Cow::Borrowed(s));
    }
    let id = match v {
        Val::Obj(o) => data.field(*o, F::Id),
        Val::Map(m) => m
            .iter()
            .find(|(k, _)| k.as_str() == Some("id"))
            .map(|(_, v)| v.clone()),
        _ => None,
    };
    match id {
        Some(Val::Str(s)) => Ok(Cow::Borrowed(s)),
        Some(Val::Text(s)) => Ok(Cow::Owned(s.to_string())),
        _ => Err(format!("`{f}` takes an id, not {}", v.describe())),
    }
}

/// A space given by id, or by its view.
pub(super) fn space_index(data: &Data<'_>, s: &Val<'_>, f: &str) -> Result<usize, Fail> {
    if let Val::Obj(o) = s
        && o.kind == Scope::Space
    {
        return Ok(o.index as usize);
    }
    let id = id_of(data, s, f)?;
    data.find(Scope::Space, &id)
        .ok_or_else(|| format!("`{f}`: no space has the id `{id}`"))
}

/// The (neighbour, link) pairs a unit at space `s` may follow (a one-way link from `a` only).
fn adjacent<'d>(data: &'d Data<'_>, s: usize) -> impl Iterator<Item = (usize, usize)> + 'd {
    data.world
        .into_iter()
        .flat_map(move |w| w.adjacency.out_of(s))
}

/// The link kinds a path may use (None: any).
fn kinds(v: Option<&Val<'_>>) -> Result<Option<Vec<String>>, Fail> {
    match v {
        None => Ok(None),
        Some(l) if l.len().is_some() => Ok(Some(
            (0..l.len().unwrap_or(0))
                .filter_map(|i| l.item(i).as_str().map(str::to_owned))
                .collect(),
        )),
        Some(_) => Err("the link kinds must be a list of ids".into()),
    }
}

fn passes(data: &Data<'_>, kinds: &Option<Vec<String>>, link: usize) -> bool {
    kinds
        .as_ref()
        .is_none_or(|k| k.iter().any(|k| *k == data.links[link].kind))
}

/// The fewest links from `a` to `b` through links of `kinds`.
fn bfs(data: &Data<'_>, a: usize, b: usize, kinds: &Option<Vec<String>>) -> Option<usize> {
    let mut dist = vec![usize::MAX; data.spaces.len()];
    let mut queue = VecDeque::from([a]);
    dist[a] = 0;
    while let Some(s) = queue.pop_front() {
        if s == b {
            return Some(dist[s]);
        }
        for (n, l) in adjacent(data, s) {
            if dist[n] == usize::MAX && passes(data, kinds, l) {
                dist[n] = dist[s] + 1;
                queue.push_back(n);
            }
        }
    }
    None
}
