//! A scenario's start as declared checks read it: the units in each location (its stacks),
//! their factions, and control of each space, worked out once per folder. Everything here is
//! sized once and kept small: fresh memory costs more on a large game than the work that
//! fills it (BENCHMARKS.md, session 35).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::analysis::placements::Placements;
use crate::analysis::world::World;
use crate::model::{Id, Placement, Scenario, Scope, Unit};

use super::value::Obj;

/// No space: a stack on a location the map does not name.
const NO_SPACE: u32 = u32::MAX;

/// The units in one location at a scenario's start: ranges of its start's `counters` and
/// `factions` (held in two lists per scenario rather than two per location).
pub struct Stack {
    /// Its first placement's index.
    pub first: u32,
    /// The space it stands in ([`NO_SPACE`] if none).
    space: u32,
    counters: (u32, u32),
    factions: (u32, u32),
}

/// A scenario's start.
pub struct Start<'a> {
    pub scenario: &'a Scenario,
    pub stacks: Vec<Stack>,
    /// The stack in each space ([`NO_SPACE`]: none), then those on locations the map does
    /// not name (usually none).
    stack_in: Vec<u32>,
    stack_elsewhere: FxHashMap<&'a str, u32>,
    /// Every stack's units, one per counter (`None`: a placement naming no unit).
    counters: Vec<Option<Obj>>,
    factions: Vec<Id>,
    world: Option<&'a World<'a>>,
    /// Control of each space at the start, made when a check first asks.
    control: OnceLock<Vec<Option<&'a str>>>,
}

impl<'a> Start<'a> {
    /// `s`'s start on a map of `spaces` spaces, its placements' spaces and units as
    /// `looked_up` (when given) holds them: `space` and `unit` find a space's and a unit's
    /// index by its id.
    pub fn new(
        s: &'a Scenario,
        units: &'a [Unit],
        world: Option<&'a World<'a>>,
        (spaces, looked_up): (usize, Option<&Placements<'_>>),
        space: impl Fn(&str) -> Option<usize>,
        unit: impl Fn(&str) -> Option<usize>,
    ) -> Start<'a> {
        // each placement's space and unit: as looked up already (a unit's index then found
        // by where its id lies, without hashing), else looked up here
        let mut placed = looked_up.map(|l| l.placed.iter().peekable());
        let mut find = |i: usize, p: &Placement| match &mut placed {
            Some(placed) => match placed.next_if(|x| x.index == i) {
                Some(x) => (x.space, unit(&x.unit.id)),
                None => (space(&p.at), None),
            },
            None => (space(&p.at), unit(&p.unit)),
        };
        // each placement's stack, in order of the stacks' first placements; room for as many
        // stacks as placements at once (room never written is never touched)
        let n = s.placements.len();
        let mut stacks: Vec<Stack> = Vec::with_capacity(n);
        let mut stack_in = vec![NO_SPACE; spaces];
        let mut stack_elsewhere: FxHashMap<&'a str, u32> = FxHashMap::default();
        let mut size: Vec<u32> = Vec::with_capacity(n);
        let of: Vec<(u32, Option<usize>)> = s
            .placements
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (at, unit) = find(i, p);
                let slot = match at {
                    Some(k) => &mut stack_in[k],
                    None => stack_elsewhere.entry(&p.at).or_insert(NO_SPACE),
                };
                if *slot == NO_SPACE {
                    *slot = stacks.len() as u32;
                    stacks.push(Stack {
                        first: i as u32,
                        space: at.map_or(NO_SPACE, |k| k as u32),
                        counters: (0, 0),
                        factions: (0, 0),
                    });
                    size.push(0);
                }
                let k = *slot;
                size[k as usize] += p.count.min(1000);
                (k, unit)
            })
            .collect();
        let mut end = 0;
        for (st, n) in stacks.iter_mut().zip(&size) {
            st.counters = (end, end);
            end += n;
        }
        let mut counters = vec![None; end as usize];
        for (p, &(k, unit)) in s.placements.iter().zip(&of) {
            let found = unit.map(|u| Obj {
                reduced: p.reduced,
                ..Obj::new(Scope::Unit, u)
            });
            let st = &mut stacks[k as usize];
            let n = p.count.min(1000);
            counters[st.counters.1 as usize..(st.counters.1 + n) as usize].fill(found);
            st.counters.1 += n;
        }
        let mut factions: Vec<Id> = Vec::with_capacity(counters.len());
        for st in &mut stacks {
            let from = factions.len();
            for u in counters[st.counters.0 as usize..st.counters.1 as usize]
                .iter()
                .flatten()
            {
                let f = &units[u.index as usize].faction;
                if !factions[from..].contains(f) {
                    factions.push(f.clone());
                }
            }
            st.factions = (from as u32, factions.len() as u32);
        }
        Start {
            scenario: s,
            stacks,
            stack_in,
            stack_elsewhere,
            counters,
            factions,
            world,
            control: OnceLock::new(),
        }
    }

    pub fn units(&self, stack: usize) -> &[Option<Obj>] {
        let (a, b) = self.stacks[stack].counters;
        &self.counters[a as usize..b as usize]
    }

    pub fn factions(&self, stack: usize) -> &[Id] {
        let (a, b) = self.stacks[stack].factions;
        &self.factions[a as usize..b as usize]
    }

    /// The location stack `stack` stands in, as its first placement names it.
    pub fn at(&self, stack: usize) -> &'a str {
        &self.scenario.placements[self.stacks[stack].first as usize].at
    }

    /// The index of the space stack `stack` stands in, if the map names it.
    pub fn space(&self, stack: usize) -> Option<usize> {
        let k = self.stacks[stack].space;
        (k != NO_SPACE).then_some(k as usize)
    }

    /// The stack in the location `at` (space `space`, when the map names it).
    pub fn stack_at(&self, at: &str, space: Option<usize>) -> Option<usize> {
        let k = match space {
            Some(s) => *self.stack_in.get(s)?,
            None => *self.stack_elsewhere.get(at)?,
        };
        (k != NO_SPACE).then_some(k as usize)
    }

    /// Who controls each space at the start.
    pub fn control(&self) -> &[Option<&'a str>] {
        self.control.get_or_init(|| {
            self.world
                .map(|w| w.control_at_start(Some(self.scenario)))
                .unwrap_or_default()
        })
    }
}
