//! A scenario at its start, as the rules about supply and the order of battle see it: who
//! controls each space, which nations are neutral and which spaces their neutrality closes,
//! which spaces hold units of a nation in limited entry, which markers lie where; and whether
//! a condition (`AtWar`, `Controls`, `Marked`...) holds.

use rustc_hash::FxHashSet as HashSet;

use crate::model::compare::same;
use crate::model::{Condition, Scenario};

use super::placements::Placements;
use super::world::World;

pub struct Start<'a> {
    pub scenario: &'a Scenario,
    /// Who controls each space at start: the map's control, then the scenario's overrides.
    pub control: Vec<Option<&'a str>>,
    /// The few distinct controllers, and each space's index among them: a rule judges each
    /// controller once, then looks each space's verdict up (a map may name thousands).
    pub holders: Vec<Option<&'a str>>,
    pub holder_of: Vec<usize>,
    /// Per space: the neutral nation whose neutrality closes it (its area is
    /// `closed_while_neutral` for a nation the scenario lists as `neutral`).
    pub closed_by: Vec<Option<&'a str>>,
    /// Per space: a nation in limited entry whose units stand there.
    pub limited_by: Vec<Option<&'a str>>,
    /// The markers at start, as (kind, space).
    markers: HashSet<(&'a str, usize)>,
}

impl<'a> Start<'a> {
    pub fn new(w: &World<'a>, placements: &Placements<'a>) -> Self {
        let scenario = &placements.doc.value;
        let n = w.map.value.spaces.len();
        let control = w.control_at_start(Some(scenario));
        // a map names few controllers: each found among those seen, most often the last one
        // (hashing each space's was most of a state of play's start)
        let mut holders: Vec<Option<&str>> = Vec::new();
        let mut last = usize::MAX;
        let is = |a: Option<&str>, b: Option<&str>| match (a, b) {
            (Some(a), Some(b)) => same(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        let holder_of = control
            .iter()
            .map(|&holder| {
                if holders.get(last).is_some_and(|h| is(*h, holder)) {
                    return last;
                }
                last = match holders.iter().position(|h| is(*h, holder)) {
                    Some(k) => k,
                    None => {
                        holders.push(holder);
                        holders.len() - 1
                    }
                };
                last
            })
            .collect();
        // the areas each neutral nation's neutrality closes, then the spaces in them
        let closing: Vec<Option<&'a str>> = w
            .game
            .areas
            .iter()
            .map(|a| {
                // a nation in limited entry opens its land, but for the spaces its units hold
                a.closed_while_neutral.as_deref().filter(|f| {
                    scenario.neutral.iter().any(|n| n == f)
                        && !scenario.limited_entry.iter().any(|n| n == f)
                })
            })
            .collect();
        let closed_by = if closing.iter().all(Option::is_none) {
            vec![None; n]
        } else {
            w.map
                .value
                .spaces
                .iter()
                .map(|s| {
                    s.areas
                        .iter()
                        .filter_map(|a| w.ids.areas.index(a))
                        .find_map(|k| closing[k])
                })
                .collect()
        };
        let mut limited_by = vec![None; n];
        if !scenario.limited_entry.is_empty() {
            for p in &placements.placed {
                if let Some(space) = p.space
                    && let Some(f) = scenario.limited_entry.iter().find(|f| **f == p.faction)
                {
                    limited_by[space] = Some(f.as_str());
                }
            }
        }
        let markers = scenario
            .markers
            .iter()
            .filter_map(|m| Some((m.kind.as_str(), w.ids.spaces.index(&m.at)?)))
            .collect();
        Start {
            scenario,
            control,
            holders,
            holder_of,
            closed_by,
            limited_by,
            markers,
        }
    }

    /// Whether a faction is neutral at start.
    pub fn is_neutral(&self, faction: &str) -> bool {
        self.scenario.neutral.iter().any(|n| n == faction)
    }

    /// Whether a marker of `kind` lies on `space` at start.
    pub fn marked(&self, kind: &str, space: usize) -> bool {
        self.markers.contains(&(kind, space))
    }

    /// Whether a condition holds at start. A condition naming a space or faction that does
    /// not exist does not hold (R002 reports the name).
    pub fn holds(&self, w: &World<'_>, condition: &Condition) -> bool {
        holds(
            w,
            self.scenario,
            &self.control,
            |kind, i| self.marked(kind, i),
            condition,
        )
    }

    /// Whether every condition of a list holds.
    pub fn all(&self, w: &World<'_>, conditions: &[Condition]) -> bool {
        conditions.iter().all(|c| self.holds(w, c))
    }
}

/// Whether a condition holds in `scenario`'s state: `control` per space, `marked(kind, space)`
/// for its markers. The supply rules and the declared checks (`sources_at`) judge by this one.
pub fn holds(
    w: &World<'_>,
    scenario: &Scenario,
    control: &[Option<&str>],
    marked: impl Fn(&str, usize) -> bool,
    condition: &Condition,
) -> bool {
    let neutral = |f: &str| scenario.neutral.iter().any(|n| n == f);
    let space = |id: &str| w.ids.spaces.index(id);
    match condition {
        Condition::AtWar(f) => !neutral(f),
        Condition::Neutral(f) => neutral(f),
        Condition::Controls {
            by: holder,
            space: s,
        } => space(s)
            .and_then(|i| control.get(i).copied().flatten())
            .is_some_and(|c| {
                // a side or a faction counts as the controller: the same, a faction of that
                // side (at war), or a friend
                holder == c
                    || if w.ids.sides.contains(holder) {
                        w.side_of(c, Some(scenario)) == Some(holder.as_str()) && !neutral(c)
                    } else {
                        w.friendly(holder, c, Some(scenario))
                    }
            }),
        Condition::Marked { kind, space: s } => space(s).is_some_and(|i| marked(kind, i)),
        Condition::Unmarked { kind, space: s } => space(s).is_some_and(|i| !marked(kind, i)),
    }
}
