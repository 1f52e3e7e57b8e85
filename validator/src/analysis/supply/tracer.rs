//! How supply moves for one faction in one scenario: which spaces a line may pass through,
//! which links it may run along, which ports it may sail from and land at, and how many ports
//! one line may include; worked out once, so the searches test bits, not strings. And, for a
//! unit cut off, where its line stops and why.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::analysis::start::Start;
use crate::analysis::world::World;
use crate::model::{Id, Scenario, SupplyRule, TraceThrough};
use crate::words::list_some;

use super::sources::rule_for;

pub struct Tracer<'w, 'a> {
    w: &'w World<'a>,
    start: &'w Start<'a>,
    faction: &'w str,
    rule: Option<&'a SupplyRule>,
    /// Per space: may a line pass through it?
    passable: Vec<bool>,
    /// Per link: may a line run along it?
    usable: Vec<bool>,
    /// Per space: a port this faction may sail from or land at (passable ones only).
    ports: Vec<bool>,
    /// Whether this faction traces by sea at all (the game has sea supply, its rule allows
    /// it, and some port is usable).
    sea: bool,
    max_ports: Option<u32>,
}

impl<'w, 'a> Tracer<'w, 'a> {
    /// `extra_ports`: spaces that are ports for the units traced (beachheads); `open_links`:
    /// per link, whether it carries supply at this start for some faction (`open_links`).
    pub fn new(
        w: &'w World<'a>,
        start: &'w Start<'a>,
        faction: &'w str,
        extra_ports: &[usize],
        open_links: &[bool],
    ) -> Self {
        let scenario = start.scenario;
        let rule = rule_for(w, faction);
        let judged: Vec<bool> = start
            .holders
            .iter()
            .map(|&holder| passes(w, faction, holder, scenario))
            .collect();
        let open = |by: Option<&str>| by.is_none_or(|f| f == faction);
        let passable: Vec<bool> = (0..start.control.len())
            .map(|i| {
                judged[start.holder_of[i]] && open(start.closed_by[i]) && open(start.limited_by[i])
            })
            .collect();
        // links open to some factions only are the few judged per faction
        let mut usable = open_links.to_vec();
        for &i in &w.restricted_links {
            let l = &w.map.value.links[i];
            usable[i] =
                open_links[i] && l.only_for.iter().chain(&l.supply_for).any(|f| f == faction);
        }
        let by_sea = w.game.sea_supply.is_some() && rule.is_none_or(|r| r.by_sea);
        let ports: Vec<bool> = (0..passable.len())
            .map(|i| {
                by_sea
                    && passable[i]
                    && (extra_ports.contains(&i) || port_usable(w, start, rule, faction, i).is_ok())
            })
            .collect();
        let sea = ports.iter().any(|&p| p);
        Tracer {
            w,
            start,
            faction,
            rule,
            passable,
            usable,
            ports,
            sea,
            max_ports: w.game.sea_supply.as_ref().and_then(|s| s.max_ports),
        }
    }

    /// Which spaces trace to one of `sources`: along usable links through passable spaces (a
    /// unit's own space need not be passable), and by sea between usable ports.
    pub fn search(&self, sources: &[usize]) -> Vec<bool> {
        self.search_with(sources, self.max_ports)
    }

    /// The search, with at most `max_ports` ports in a line (None: any number), in order of
    /// the ports a line has used so far (fewer is always better): a step along a link adds
    /// none, a crossing adds the port sailed from (unless the line reached it by sea) and the
    /// port landed at. Memory stays linear in the map whatever the limit (a limit in the
    /// millions once asked for a table of spaces × limit).
    fn search_with(&self, sources: &[usize], max_ports: Option<u32>) -> Vec<bool> {
        if !self.sea {
            return self.search_overland(sources);
        }
        let n = self.passable.len();
        let mut reached = vec![false; n];
        // the fewest ports used to reach each space, by land (even index) or by sea (odd)
        let mut best = vec![u32::MAX; n * 2];
        let state = |space: usize, by_sea: bool| space * 2 + usize::from(by_sea);
        let mut queue = BinaryHeap::new();
        for &s in sources {
            if self.passable[s] && best[state(s, false)] != 0 {
                best[state(s, false)] = 0;
                reached[s] = true;
                queue.push(Reverse((0u32, s, false)));
            }
        }
        // the fewest ports any crossing so far landed with: a crossing lands at every usable
        // port, so one that would land with no fewer adds nothing
        let mut landed_with = u32::MAX;
        while let Some(Reverse((used, s, by_sea))) = queue.pop() {
            if used > best[state(s, by_sea)] {
                continue;
            }
            for (t, link) in self.w.adjacency.toward(s) {
                if !self.usable[link] {
                    continue;
                }
                reached[t] = true;
                if self.passable[t] && used < best[state(t, false)] {
                    best[state(t, false)] = used;
                    queue.push(Reverse((used, t, false)));
                }
            }
            if !self.ports[s] {
                continue;
            }
            // with no limit the count does not matter: a crossing is free
            let landed = match max_ports {
                None => Some(0),
                Some(m) => {
                    let l = used.saturating_add(if by_sea { 1 } else { 2 });
                    (l <= m).then_some(l)
                }
            };
            let Some(landed) = landed.filter(|&l| l < landed_with) else {
                continue;
            };
            landed_with = landed;
            for p in (0..n).filter(|&p| self.ports[p] && p != s) {
                reached[p] = true;
                if landed < best[state(p, true)] {
                    best[state(p, true)] = landed;
                    queue.push(Reverse((landed, p, true)));
                }
            }
        }
        reached
    }

    /// The search where no line goes by sea: breadth-first along usable links through
    /// passable spaces (the spaces next to one reached are reached, passable or not).
    fn search_overland(&self, sources: &[usize]) -> Vec<bool> {
        let n = self.passable.len();
        let mut reached = vec![false; n];
        let mut queued = vec![false; n];
        let mut queue = VecDeque::new();
        for &s in sources {
            if self.passable[s] && !queued[s] {
                queued[s] = true;
                reached[s] = true;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            for (t, link) in self.w.adjacency.toward(s) {
                if !self.usable[link] {
                    continue;
                }
                reached[t] = true;
                if self.passable[t] && !queued[t] {
                    queued[t] = true;
                    queue.push_back(t);
                }
            }
        }
        reached
    }

    /// Where the line from `from` stops, and why: the space of its friendly region nearest
    /// to a source (along any link that carries supply, through any space), and what blocks
    /// the next step from there; or what keeps it from the sea.
    pub fn explain(&self, from: usize, sources: &[usize]) -> String {
        let any = self.distance_over_any_link(sources);
        let region = self.region(from);
        if let Some(why) = self.sea_blocked(&region, sources) {
            return why;
        }
        if any[from].is_none() {
            let why = if self.linked_ignoring_ways(from, sources) {
                ": a one-way link on the way leads only the other way"
            } else {
                ""
            };
            return format!(
                "no path of links that `{}` may use leads from here to any of its supply sources{why}",
                self.faction
            );
        }
        let best = region
            .iter()
            .copied()
            .min_by_key(|&s| any[s].unwrap_or(u32::MAX))
            .unwrap_or(from);
        let next = self.w.adjacency.out_of(best).find(|&(t, link)| {
            let closer = any[t].is_some_and(|d| Some(d + 1) == any[best]);
            closer && self.w.link_carries_supply[link]
        });
        let here = self.w.space_id(best);
        match next {
            Some((t, link)) if !self.usable[link] => {
                format!("the trace stops at `{here}`: {}", self.link_closed(link, t))
            }
            Some((t, _)) => format!(
                "the trace stops at `{here}`: the next space towards a source, `{}`, {}",
                self.w.space_id(t),
                self.space_closed(t)
            ),
            None => format!("the trace stops at `{here}`"),
        }
    }

    /// The spaces a line from `from` reaches overland: through passable spaces along usable
    /// links (`from` itself need not be passable).
    fn region(&self, from: usize) -> Vec<usize> {
        let mut region = vec![from];
        let mut seen = vec![false; self.passable.len()];
        seen[from] = true;
        let mut i = 0;
        while i < region.len() {
            let s = region[i];
            i += 1;
            for (t, link) in self.w.adjacency.out_of(s) {
                if !seen[t] && self.usable[link] && self.passable[t] {
                    seen[t] = true;
                    region.push(t);
                }
            }
        }
        region
    }

    /// Whether links that carry supply join `from` to a source when one-way links are
    /// followed either way (only asked to explain a trace that failed).
    fn linked_ignoring_ways(&self, from: usize, sources: &[usize]) -> bool {
        let mut seen = vec![false; self.passable.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(s) = stack.pop() {
            if sources.contains(&s) {
                return true;
            }
            for (t, link) in self.w.adjacency.of(s) {
                if self.w.link_carries_supply[link] && !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        false
    }

    /// Distances from the sources along every link that carries supply, through every space.
    fn distance_over_any_link(&self, sources: &[usize]) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.passable.len()];
        let mut queue = VecDeque::new();
        for &s in sources {
            if dist[s].is_none() {
                dist[s] = Some(0);
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let d = dist[s].unwrap_or_default();
            for (t, link) in self.w.adjacency.toward(s) {
                if self.w.link_carries_supply[link] && dist[t].is_none() {
                    dist[t] = Some(d + 1);
                    queue.push_back(t);
                }
            }
        }
        dist
    }

    /// Why the sea does not help a unit whose friendly region holds a port: the faction may
    /// not sail, the port is not one it may use, or the line would need more ports than the
    /// game allows. None when the region holds no port, or the game has no sea supply.
    fn sea_blocked(&self, region: &[usize], sources: &[usize]) -> Option<String> {
        self.w.game.sea_supply.as_ref()?;
        let spaces = &self.w.map.value.spaces;
        let port = region
            .iter()
            .copied()
            .find(|&s| spaces[s].port || self.ports[s])?;
        let port_id = self.w.space_id(port);
        if self.rule.is_some_and(|r| !r.by_sea) {
            return Some(format!(
                "the trace reaches the port `{port_id}`, but `{}` may not trace supply by sea",
                self.faction
            ));
        }
        if let Some(usable) = region.iter().copied().find(|&s| self.ports[s]) {
            // a usable port: the crossing is there, so the limit on ports is what stops it
            let max = self.max_ports?;
            let unlimited = self.search_with(sources, None);
            return unlimited[region[0]].then(|| {
                format!(
                    "the trace reaches the port `{}`, but a line by sea from there needs more than {max} {}",
                    self.w.space_id(usable),
                    if max == 1 { "port" } else { "ports" }
                )
            });
        }
        let why = match port_usable(self.w, self.start, self.rule, self.faction, port) {
            Err(why) => why,
            Ok(()) => return None,
        };
        Some(format!("the trace reaches the port `{port_id}`, but {why}"))
    }

    /// Why a line may not pass through a space.
    fn space_closed(&self, t: usize) -> String {
        if let Some(nation) = self.start.closed_by[t].filter(|f| *f != self.faction) {
            return format!("is closed while `{nation}` is neutral");
        }
        if let Some(nation) = self.start.limited_by[t].filter(|f| *f != self.faction) {
            return format!("holds units of `{nation}`, neutral in limited entry");
        }
        match self.start.control[t] {
            Some(c) => format!("is controlled by `{c}`"),
            None => "is controlled by no one".to_owned(),
        }
    }

    /// Why a line may not run along a link (to `t`).
    fn link_closed(&self, link: usize, t: usize) -> String {
        let l = &self.w.map.value.links[link];
        let to = self.w.space_id(t);
        if !l.only_for.is_empty()
            && !l
                .only_for
                .iter()
                .chain(&l.supply_for)
                .any(|f| f == self.faction)
        {
            let only: Vec<&str> = l
                .only_for
                .iter()
                .chain(&l.supply_for)
                .map(Id::as_str)
                .collect();
            return format!(
                "the link to `{to}` towards a source is open to supply only for {}",
                list_some(&only, 6)
            );
        }
        format!(
            "the link to `{to}` towards a source is closed at start (its `only_while` does not hold)"
        )
    }
}

/// Whether `faction` may use the port at `space` for sea supply in general (its supply rule's
/// areas, the port's limits); if not, why, in words that follow "but".
pub fn port_usable(
    w: &World<'_>,
    start: &Start<'_>,
    rule: Option<&SupplyRule>,
    faction: &str,
    space: usize,
) -> Result<(), String> {
    let s = &w.map.value.spaces[space];
    if !s.port {
        return Err(format!("`{}` is not a port", s.id));
    }
    if let Some(r) = rule {
        if !r.ports_in.is_empty() && !s.areas.iter().any(|a| r.ports_in.contains(a)) {
            let areas: Vec<&str> = r.ports_in.iter().map(Id::as_str).collect();
            return Err(format!(
                "`{faction}` may use only ports in {}",
                list_some(&areas, 6)
            ));
        }
        if let Some(a) = s.areas.iter().find(|a| r.ports_not_in.contains(a)) {
            return Err(format!("`{faction}` may not use ports in `{a}`"));
        }
    }
    let side = w.side_of(faction, Some(start.scenario));
    for limit in &s.port_limits {
        let applies = limit.users == faction || Some(limit.users.as_str()) == side;
        if applies && !start.all(w, &limit.only_while) {
            return Err(format!(
                "`{}` may use the port `{}` only while its `port_limits` hold",
                limit.users, s.id
            ));
        }
    }
    Ok(())
}

/// Whether `faction`'s supply may pass through a space `holder` controls in `scenario` (as
/// its rule's `trace_through` says), closures by neutral nations aside.
pub fn passes(w: &World<'_>, faction: &str, holder: Option<&str>, scenario: &Scenario) -> bool {
    match rule_for(w, faction)
        .map(|r| r.trace_through)
        .unwrap_or_default()
    {
        TraceThrough::Friendly => holder.is_some_and(|c| w.friendly(faction, c, Some(scenario))),
        TraceThrough::OwnFaction => holder == Some(faction),
        TraceThrough::NotEnemy => holder.is_none_or(|c| !w.enemies(faction, c, Some(scenario))),
    }
}

/// Per link: whether it carries supply at this start for some faction (its kind carries
/// supply and its `only_while` holds); which factions may use it is judged per tracer.
pub fn open_links(w: &World<'_>, start: &Start<'_>) -> Vec<bool> {
    w.map
        .value
        .links
        .iter()
        .zip(&w.link_carries_supply)
        .map(|(l, &carries)| carries && start.all(w, &l.only_while))
        .collect()
}
