//! Supply traces at the start of a scenario, worked out once for the supply rules: for each
//! unit on the map that needs supply, whether it traces to a source valid for its faction,
//! and if not, where and why the trace stops (one multi-source search per faction).

use std::collections::VecDeque;

use rustc_hash::FxHashMap as HashMap;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::load::Doc;
use crate::model::{Scenario, SupplyRule, TraceThrough};
use crate::rules::placements::Placements;
use crate::rules::world::World;

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

/// The supply of one scenario at its start.
pub struct Traces<'a> {
    pub doc: &'a Doc<Scenario>,
    /// In faction order, then placement order.
    pub out_of_supply: Vec<OutOfSupply<'a>>,
}

impl<'a> Traces<'a> {
    pub fn new(w: &World<'a>, placements: &Placements<'a>) -> Self {
        let doc = placements.doc;
        let scenario = &doc.value;
        let control = w.control_at_start(Some(scenario));
        let mut by_faction: HashMap<&str, Vec<(usize, usize)>> = HashMap::default();
        for p in &placements.placed {
            let (i, unit) = (p.index, p.unit);
            let Some(space) = p.space else { continue };
            if !w.on_map(space) || p.kind.is_some_and(|k| k.needs_no_supply) {
                continue;
            }
            let always = rule_for(w, &unit.faction)
                .map(|r| r.always_supplied_in.as_slice())
                .unwrap_or_default();
            if w.map.value.spaces[space]
                .areas
                .iter()
                .any(|a| always.contains(a))
            {
                continue;
            }
            by_faction
                .entry(unit.faction.as_str())
                .or_default()
                .push((i, space));
        }
        let mut factions: Vec<_> = by_faction.into_iter().collect();
        factions.sort_by_key(|(f, _)| *f);
        let holders = Holders::new(&control);
        let mut out_of_supply = Vec::new();
        for (faction, placed) in factions {
            let tracer = Tracer::new(w, scenario, faction, &control, &holders);
            let sources = sources_for(w, faction);
            let always_somewhere = tracer
                .rule
                .is_some_and(|r| !r.always_supplied_in.is_empty());
            if sources.is_empty() && !always_somewhere {
                // P001 already says this faction has no source; one finding, not one per unit
                continue;
            }
            let supplied = tracer.search(&sources, true);
            let mut dist_any = None;
            let mut explained: HashMap<usize, String> = HashMap::default();
            for (i, space) in placed {
                if supplied[space].is_some() {
                    continue;
                }
                let dist_any = dist_any.get_or_insert_with(|| tracer.search(&sources, false));
                let why = explained
                    .entry(space)
                    .or_insert_with(|| tracer.explain(space, dist_any))
                    .clone();
                out_of_supply.push(OutOfSupply {
                    placement: i,
                    unit: &scenario.placements[i].unit,
                    faction,
                    space,
                    why,
                });
            }
        }
        Traces { doc, out_of_supply }
    }
}

/// The supply rule that governs a faction, if any.
pub fn rule_for<'a>(w: &World<'a>, faction: &str) -> Option<&'a SupplyRule> {
    w.game
        .supply
        .iter()
        .find(|r| r.factions.iter().any(|f| f == faction))
}

/// Spaces that may supply `faction`: its own sources, those of the factions its rule names,
/// and its rule's limited sources.
pub fn sources_for(w: &World<'_>, faction: &str) -> Vec<usize> {
    let rule = rule_for(w, faction);
    let uses = |f: &String| f == faction || rule.is_some_and(|r| r.uses_sources_of.contains(f));
    let mut found: Vec<usize> = w
        .map
        .value
        .spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.supply_source_for.iter().any(uses))
        .map(|(i, _)| i)
        .collect();
    for id in rule
        .map(|r| r.limited_sources.as_slice())
        .unwrap_or_default()
    {
        if let Some(i) = w.ids.spaces.index(id)
            && !found.contains(&i)
        {
            found.push(i);
        }
    }
    found
}

/// How supply moves for one faction in one scenario: which spaces a trace may pass through
/// and which links it may use, worked out once (the searches then test bits, not strings).
struct Tracer<'w, 'a> {
    w: &'w World<'a>,
    faction: &'w str,
    rule: Option<&'a SupplyRule>,
    control: &'w [Option<&'a str>],
    passable: Vec<bool>,
    usable: Vec<bool>,
}

/// Who holds each space at the start of a scenario, as an index into the few distinct
/// holders: worked out once per scenario, so each faction's tracer judges every holder once
/// and then only looks up each space's verdict.
struct Holders<'a> {
    distinct: Vec<Option<&'a str>>,
    of_space: Vec<usize>,
}

impl<'a> Holders<'a> {
    fn new(control: &[Option<&'a str>]) -> Self {
        let mut distinct: Vec<Option<&str>> = Vec::new();
        // by hash, so a map whose spaces name thousands of (unknown) holders stays linear
        let mut index: HashMap<Option<&str>, usize> = HashMap::default();
        let of_space = control
            .iter()
            .map(|&holder| {
                *index.entry(holder).or_insert_with(|| {
                    distinct.push(holder);
                    distinct.len() - 1
                })
            })
            .collect();
        Holders { distinct, of_space }
    }
}

impl<'w, 'a> Tracer<'w, 'a> {
    fn new(
        w: &'w World<'a>,
        scenario: &'w Scenario,
        faction: &'w str,
        control: &'w [Option<&'a str>],
        holders: &Holders<'a>,
    ) -> Self {
        let rule = rule_for(w, faction);
        let through = rule.map(|r| r.trace_through).unwrap_or_default();
        let judged: Vec<bool> = holders
            .distinct
            .iter()
            .map(|&holder| match through {
                TraceThrough::Friendly => {
                    holder.is_some_and(|c| w.friendly(faction, c, Some(scenario)))
                }
                TraceThrough::OwnFaction => holder == Some(faction),
                TraceThrough::NotEnemy => {
                    holder.is_none_or(|c| !w.enemies(faction, c, Some(scenario)))
                }
            })
            .collect();
        let passable = holders.of_space.iter().map(|&h| judged[h]).collect();
        let usable = w
            .map
            .value
            .links
            .iter()
            .zip(&w.link_carries_supply)
            .map(|(l, &carries)| {
                carries && (l.only_for.is_empty() || l.only_for.iter().any(|f| f == faction))
            })
            .collect();
        Tracer {
            w,
            faction,
            rule,
            control,
            passable,
            usable,
        }
    }

    /// May a supply path pass through this space?
    fn passable(&self, space: usize) -> bool {
        self.passable[space]
    }

    /// May supply run along this link?
    fn usable(&self, link: usize) -> bool {
        self.usable[link]
    }

    /// Multi-source breadth-first search. With `respect_control`, paths pass only through
    /// passable spaces (an impassable space can be reached but not passed through).
    /// Returns the distance of every space from the nearest source.
    fn search(&self, sources: &[usize], respect_control: bool) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.control.len()];
        let mut queue = VecDeque::new();
        for &s in sources {
            if (!respect_control || self.passable(s)) && dist[s].is_none() {
                dist[s] = Some(0);
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let d = dist[s].unwrap_or_default();
            for e in self.w.graph.edges(NodeIndex::new(s)) {
                if !self.usable(*e.weight()) {
                    continue;
                }
                let t = if e.source().index() == s {
                    e.target().index()
                } else {
                    e.source().index()
                };
                if dist[t].is_none() {
                    dist[t] = Some(d + 1);
                    if !respect_control || self.passable(t) {
                        queue.push_back(t);
                    }
                }
            }
        }
        dist
    }

    /// Where the trace from `start` breaks: the space of its friendly region nearest to a
    /// source (ignoring control), and the blocked next step from there.
    fn explain(&self, start: usize, dist_any: &[Option<u32>]) -> String {
        if dist_any[start].is_none() {
            return format!(
                "no path of links that `{}` may use leads from here to any of its supply sources",
                self.faction
            );
        }
        let mut region = vec![start];
        let mut seen = vec![false; self.control.len()];
        seen[start] = true;
        let mut i = 0;
        while i < region.len() {
            let s = region[i];
            i += 1;
            for e in self.w.graph.edges(NodeIndex::new(s)) {
                let t = if e.source().index() == s {
                    e.target().index()
                } else {
                    e.source().index()
                };
                if !seen[t] && self.usable(*e.weight()) && self.passable(t) {
                    seen[t] = true;
                    region.push(t);
                }
            }
        }
        let best = region
            .iter()
            .copied()
            .min_by_key(|&s| dist_any[s].unwrap_or(u32::MAX))
            .unwrap_or(start);
        let next = self.w.graph.edges(NodeIndex::new(best)).find_map(|e| {
            let t = if e.source().index() == best {
                e.target().index()
            } else {
                e.source().index()
            };
            let closer = dist_any[t].is_some_and(|d| Some(d + 1) == dist_any[best]);
            (closer && self.usable(*e.weight())).then_some(t)
        });
        match next {
            Some(t) => {
                let why = match self.control[t] {
                    Some(c) => format!("is controlled by `{c}`"),
                    None => "is controlled by no one".to_owned(),
                };
                format!(
                    "the trace stops at `{}`: the next space towards a source, `{}`, {why}",
                    self.w.space_id(best),
                    self.w.space_id(t)
                )
            }
            None => format!("the trace stops at `{}`", self.w.space_id(best)),
        }
    }
}
