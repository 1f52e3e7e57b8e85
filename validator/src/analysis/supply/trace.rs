//! Supply traces at the start of a scenario, worked out once for the supply rules: for each
//! unit on the map that needs supply, whether it traces to a source valid for its faction,
//! and if not, where and why the trace stops (one search per faction, and per set of extra
//! ports some of its units may use).

use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use crate::analysis::placements::Placements;
use crate::analysis::start::Start;
use crate::analysis::world::World;
use crate::load::Doc;
use crate::model::{Id, Scenario, Unit};
use crate::words::list_some;

use super::sources::{always_supplied_in, rule_for, sources_for};
use super::tracer::{Tracer, open_links as open_links_of};

/// A unit that cannot trace supply at start.
pub struct OutOfSupply<'a> {
    /// Its placement's index in the scenario.
    pub placement: usize,
    pub unit: &'a str,
    pub faction: &'a str,
    pub space: usize,
    /// Where the trace stops, and why.
    pub why: String,
}

/// Units traced together: one faction, and the extra ports (beachheads) its units may use.
type Group<'f> = (&'f str, Vec<usize>);

/// Placements to trace, as (placement index, space).
type Traced = Vec<(usize, usize)>;

/// The supply of one scenario at its start.
pub struct Traces<'a> {
    pub doc: &'a Doc<Scenario>,
    /// In faction order, then placement order.
    pub out_of_supply: Vec<OutOfSupply<'a>>,
}

/// Supply searches kept for the states of play made from one state (a base), by faction,
/// extra ports and what the state changed of the faction's lines ([`Reuse`]).
#[derive(Default)]
pub struct Lines {
    found: Mutex<HashMap<LinesKey, Found>>,
}

/// A faction, its extra ports, and what a state changed of its lines.
type LinesKey = (String, Vec<usize>, Vec<u32>);

/// The sources, and the spaces that trace to one.
type Found = Arc<(Vec<usize>, Vec<bool>)>;

/// The searches a state of play may take from its base's: a state that changed neither the
/// map, the sources, closures by neutral nations nor the units of a nation in limited entry
/// (`engine/states/reduced.rs`) changed a faction's lines only through who holds a space
/// and whether the faction passes through each holder's spaces. Each faction's `changes`
/// say that: the spaces its passing changed at, then whether it passes each holder's; two
/// states of one base with the same changes for a faction have the same lines for it.
pub struct Reuse<'r> {
    pub lines: &'r Lines,
    pub changes: &'r [(&'r str, Vec<u32>)],
}

impl Reuse<'_> {
    /// The sources and search of `faction` with `extra` ports: the base's, or `search`'s.
    fn get(&self, (faction, extra): (&str, &[usize]), search: impl FnOnce() -> Found) -> Found {
        let Some((_, changes)) = self.changes.iter().find(|(f, _)| *f == faction) else {
            return search();
        };
        let key = (faction.to_owned(), extra.to_vec(), changes.clone());
        let found = self
            .lines
            .found
            .lock()
            .expect("no search panics")
            .get(&key)
            .cloned();
        found.unwrap_or_else(|| {
            let fresh = search();
            let mut all = self.lines.found.lock().expect("no search panics");
            all.insert(key, fresh.clone());
            fresh
        })
    }
}

impl<'a> Traces<'a> {
    /// The traces of `placements`; `reuse`: the searches its base made (a state of play).
    pub fn new(
        w: &World<'a>,
        placements: &Placements<'a>,
        start: &Start<'a>,
        reuse: Option<&Reuse<'_>>,
    ) -> Self {
        let doc = placements.doc;
        // who needs a trace, by faction and by the extra ports (beachheads) its units may
        // use; what a faction's units share is judged once per faction, not per unit
        let mut factions: HashMap<&str, FactionUnits<'_>> = HashMap::default();
        let any_port_for = w.game.marker_kinds.iter().any(|k| !k.port_for.is_empty());
        for p in &placements.placed {
            let (i, unit) = (p.index, p.unit);
            let Some(space) = p.space else { continue };
            if !w.on_map(space) || p.kind.is_some_and(|k| k.needs_no_supply) {
                continue;
            }
            let faction = factions
                .entry(p.faction)
                .or_insert_with(|| FactionUnits::new(w, start, p.faction));
            if faction.exempt(w, unit, space) {
                continue;
            }
            let extra = if any_port_for {
                extra_ports(w, start, unit)
            } else {
                Vec::new()
            };
            // most units have no extra port: empty lists are compared without `==`, whose
            // `memcmp` of nothing at an empty list's placeholder address took hundreds of
            // cycles each (a masked load of an unmapped page; BENCHMARKS.md, session 23)
            let same = |ports: &[usize]| {
                ports.len() == extra.len() && (extra.is_empty() || ports == extra)
            };
            match faction.groups.iter_mut().find(|(ports, _)| same(ports)) {
                Some((_, placed)) => placed.push((i, space)),
                None => faction.groups.push((extra, vec![(i, space)])),
            }
        }
        let mut groups: Vec<(Group<'_>, Traced)> = factions
            .into_iter()
            .flat_map(|(f, units)| {
                units
                    .groups
                    .into_iter()
                    .map(move |(extra, placed)| ((f, extra), placed))
            })
            .collect();
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        // which links carry supply here: needed only where a faction's search is made afresh
        let open_links = std::cell::OnceCell::new();
        let open_links = || open_links.get_or_init(|| open_links_of(w, start));
        let mut out_of_supply = Vec::new();
        for ((faction, extra), placed) in groups {
            let rule = rule_for(w, faction);
            let tracer = std::cell::OnceCell::new();
            let tracer =
                || tracer.get_or_init(|| Tracer::new(w, start, faction, &extra, open_links()));
            let search = || {
                let sources = sources_for(w, Some(start), faction);
                let supplied = match sources.is_empty() {
                    true => Vec::new(),
                    false => tracer().search(&sources),
                };
                Arc::new((sources, supplied))
            };
            let found = match reuse {
                Some(r) => r.get((faction, &extra), search),
                None => search(),
            };
            let (sources, supplied) = (&found.0, &found.1);
            let always_somewhere = rule.is_some_and(|r| !r.always_supplied_in.is_empty());
            if sources.is_empty() && !always_somewhere {
                // with no source at all P001 says it, once; sources that are not sources at
                // this start (`source_while`) cut every unit off
                let inactive = sources_for(w, None, faction);
                if !inactive.is_empty() {
                    let ids: Vec<&str> = inactive.iter().map(|&i| w.space_id(i)).collect();
                    let why = format!(
                        "none of its supply sources ({}) is one at the start of this scenario: their `source_while` does not hold",
                        list_some(&ids, 6)
                    );
                    for (i, space) in placed {
                        out_of_supply.push(OutOfSupply {
                            placement: i,
                            unit: &doc.value.placements[i].unit,
                            faction,
                            space,
                            why: why.clone(),
                        });
                    }
                }
                continue;
            }
            let mut explained: HashMap<usize, String> = HashMap::default();
            for (i, space) in placed {
                if supplied.get(space).copied().unwrap_or(false) {
                    continue;
                }
                let why = explained
                    .entry(space)
                    .or_insert_with(|| tracer().explain(space, sources))
                    .clone();
                out_of_supply.push(OutOfSupply {
                    placement: i,
                    unit: &doc.value.placements[i].unit,
                    faction,
                    space,
                    why,
                });
            }
        }
        Traces { doc, out_of_supply }
    }
}

/// One faction's units that need a trace, and what its units share.
struct FactionUnits<'a> {
    /// Neutral at start, always supplied everywhere, or of a side that names none (R002:
    /// whose supply sources it may use is unknown).
    exempt: bool,
    /// Where its supply rule says it is always supplied.
    always_supplied_in: &'a [Id],
    /// Its units, by the extra ports (beachheads) they may use: (placement, space).
    groups: Vec<(Vec<usize>, Traced)>,
}

impl<'a> FactionUnits<'a> {
    fn new(w: &World<'a>, start: &Start<'_>, faction: &str) -> Self {
        let rule = rule_for(w, faction);
        FactionUnits {
            exempt: start.is_neutral(faction)
                || rule.is_some_and(|r| r.always_supplied)
                || w.side_names_none(faction, Some(start.scenario)),
            always_supplied_in: rule.map_or(&[], |r| r.always_supplied_in.as_slice()),
            groups: Vec::new(),
        }
    }

    /// Whether a unit of this faction needs no trace where it stands: its nation is neutral,
    /// its faction or one of its flags is always supplied (everywhere, or in an area or space
    /// that holds it).
    fn exempt(&self, w: &World<'_>, unit: &Unit, space: usize) -> bool {
        if self.exempt || always_supplied_in(w, self.always_supplied_in, space) {
            return true;
        }
        unit.flags.iter().any(|f| {
            w.ids.unit_flags.index(f).is_some_and(|k| {
                let flag = &w.game.unit_flags[k];
                flag.always_supplied || always_supplied_in(w, &flag.always_supplied_in, space)
            })
        })
    }
}

/// The spaces that are ports for this unit only: those holding a marker whose kind is a port
/// for the unit or one of its flags (a beachhead for the units of one landing).
fn extra_ports(w: &World<'_>, start: &Start<'_>, unit: &Unit) -> Vec<usize> {
    let kinds: Vec<&str> = w
        .game
        .marker_kinds
        .iter()
        .filter(|k| {
            k.port_for
                .iter()
                .any(|u| *u == unit.id || unit.flags.contains(u))
        })
        .map(|k| k.id.as_str())
        .collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    let mut ports: Vec<usize> = start
        .scenario
        .markers
        .iter()
        .filter(|m| kinds.contains(&m.kind.as_str()))
        .filter_map(|m| w.ids.spaces.index(&m.at))
        .collect();
    ports.sort_unstable();
    ports.dedup();
    ports
}
