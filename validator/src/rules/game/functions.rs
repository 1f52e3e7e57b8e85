//! The functions a declared check may call beyond CEL's own: look-ups of entities by id,
//! every entity of a kind, and the map graph (neighbours, links, distance, reachability);
//! in a scenario's checks, the start (units at a location, control, neutral nations).

use std::collections::VecDeque;
use std::sync::Arc;

use cel::extractors::Arguments;
use cel::{Context, ExecutionError, Value};

use super::view::{GameView, ScenarioView, as_text, text};

/// Every function this module adds, with its signature and what it returns, for the static
/// check and for docs/designing-checks.md.
pub const FUNCTIONS: &[(&str, &str, bool)] = &[
    ("space", "space(id) -> the space's view", false),
    ("unit", "unit(id) -> the unit's view", false),
    ("card", "card(id) -> the card's view", false),
    ("faction", "faction(id) -> the faction's view", false),
    ("area", "area(id) -> the area's view", false),
    ("deck", "deck(id) -> the deck's view", false),
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
];

/// Adds the functions over `view` (and `start`, for a scenario's checks) to `ctx`.
pub fn add(ctx: &mut Context<'_, '_>, view: &Arc<GameView>, start: Option<&Arc<ScenarioView>>) {
    for (kind, name) in [
        ("space", "space"),
        ("unit", "unit"),
        ("card", "card"),
        ("faction", "faction"),
        ("area", "area"),
        ("deck", "deck"),
    ] {
        let v = view.clone();
        let _ = ctx.add_function(
            name,
            move |id: Arc<String>| -> Result<Value, ExecutionError> {
                let i = v.find(kind, &id).ok_or_else(|| {
                    ExecutionError::function_error(name, format!("no {kind} has the id `{id}`"))
                })?;
                Ok(list_of(&v, kind)[i].clone())
            },
        );
    }
    for (kind, name) in [
        ("space", "spaces"),
        ("unit", "units"),
        ("card", "cards"),
        ("faction", "factions"),
        ("area", "areas"),
    ] {
        let v = view.clone();
        let _ = ctx.add_function(name, move || -> Value {
            Value::List(Arc::new(list_of(&v, kind).to_vec()))
        });
    }
    let v = view.clone();
    let _ = ctx.add_function(
        "links",
        move |Arguments(args): Arguments| -> Result<Value, ExecutionError> {
            match args.first() {
                None => Ok(Value::List(Arc::new(v.links.clone()))),
                Some(s) => {
                    let s = space_index(&v, s, "links")?;
                    Ok(Value::List(Arc::new(
                        v.adjacency[s]
                            .iter()
                            .map(|&(_, l)| v.links[l as usize].clone())
                            .collect(),
                    )))
                }
            }
        },
    );
    let v = view.clone();
    let _ = ctx.add_function(
        "neighbours",
        move |Arguments(args): Arguments| -> Result<Value, ExecutionError> {
            let s = space_index(&v, arg(&args, 0, "neighbours")?, "neighbours")?;
            let kinds = kinds(args.get(1))?;
            let mut out: Vec<Value> = Vec::new();
            for &(b, l) in &v.adjacency[s] {
                let id = space_id(&v, b as usize);
                if passes(&v, &kinds, l) && !out.contains(&id) {
                    out.push(id);
                }
            }
            Ok(Value::List(Arc::new(out)))
        },
    );
    let v = view.clone();
    let _ = ctx.add_function(
        "distance",
        move |Arguments(args): Arguments| -> Result<Value, ExecutionError> {
            let (a, b) = (
                space_index(&v, arg(&args, 0, "distance")?, "distance")?,
                space_index(&v, arg(&args, 1, "distance")?, "distance")?,
            );
            Ok(Value::Int(
                bfs(&v, a, b, &kinds(args.get(2))?).map_or(-1, |d| d as i64),
            ))
        },
    );
    let v = view.clone();
    let _ = ctx.add_function(
        "reachable",
        move |Arguments(args): Arguments| -> Result<Value, ExecutionError> {
            let (a, b) = (
                space_index(&v, arg(&args, 0, "reachable")?, "reachable")?,
                space_index(&v, arg(&args, 1, "reachable")?, "reachable")?,
            );
            Ok(Value::Bool(bfs(&v, a, b, &kinds(args.get(2))?).is_some()))
        },
    );
    let Some(start) = start else { return };
    let st = start.clone();
    let _ = ctx.add_function("units_at", move |at: Arc<String>| -> Value {
        let units = st
            .stacks
            .iter()
            .find(|(loc, _, _)| **loc == *at)
            .map(|(_, units, _)| units.clone())
            .unwrap_or_default();
        Value::List(Arc::new(units))
    });
    let (st, v) = (start.clone(), view.clone());
    let _ = ctx.add_function(
        "control",
        move |at: Arc<String>| -> Result<Value, ExecutionError> {
            let s = v.find("space", &at).ok_or_else(|| {
                ExecutionError::function_error("control", format!("no space has the id `{at}`"))
            })?;
            Ok(st.control.get(s).cloned().unwrap_or(Value::Null))
        },
    );
    let st = start.clone();
    let _ = ctx.add_function("neutral", move || -> Value {
        Value::List(Arc::new(st.neutral.iter().map(|n| text(n)).collect()))
    });
}

fn list_of<'v>(v: &'v GameView, kind: &str) -> &'v [Value] {
    match kind {
        "space" => &v.spaces,
        "unit" => &v.units,
        "card" => &v.cards,
        "faction" => &v.factions,
        "area" => &v.areas,
        _ => &v.decks,
    }
}

fn arg<'a>(args: &'a [Value], i: usize, f: &str) -> Result<&'a Value, ExecutionError> {
    args.get(i).ok_or_else(|| {
        ExecutionError::function_error(f, format!("takes at least {} arguments", i + 1))
    })
}

/// A space given by id, or by its view.
fn space_index(v: &GameView, s: &Value, f: &str) -> Result<usize, ExecutionError> {
    let id = match s {
        Value::String(s) => s.to_string(),
        other => super::view::field(other, "id")
            .and_then(|id| as_text(&id))
            .ok_or_else(|| ExecutionError::function_error(f, "takes a space's id or view"))?,
    };
    v.find("space", &id)
        .ok_or_else(|| ExecutionError::function_error(f, format!("no space has the id `{id}`")))
}

fn space_id(v: &GameView, i: usize) -> Value {
    super::view::field(&v.spaces[i], "id").unwrap_or(Value::Null)
}

/// The link kinds a path may use (None: any).
fn kinds(v: Option<&Value>) -> Result<Option<Vec<String>>, ExecutionError> {
    match v {
        None => Ok(None),
        Some(Value::List(l)) => Ok(Some(l.iter().filter_map(as_text).collect())),
        Some(_) => Err(ExecutionError::function_error(
            "distance",
            "the link kinds must be a list of ids",
        )),
    }
}

fn passes(v: &GameView, kinds: &Option<Vec<String>>, link: u32) -> bool {
    kinds
        .as_ref()
        .is_none_or(|k| k.iter().any(|k| *k == v.link_kinds[link as usize]))
}

/// The fewest links from `a` to `b` through links of `kinds`.
fn bfs(v: &GameView, a: usize, b: usize, kinds: &Option<Vec<String>>) -> Option<usize> {
    let mut dist = vec![usize::MAX; v.adjacency.len()];
    let mut queue = VecDeque::from([a]);
    dist[a] = 0;
    while let Some(s) = queue.pop_front() {
        if s == b {
            return Some(dist[s]);
        }
        for &(n, l) in &v.adjacency[s] {
            let n = n as usize;
            if dist[n] == usize::MAX && passes(v, kinds, l) {
                dist[n] = dist[s] + 1;
                queue.push_back(n);
            }
        }
    }
    None
}
