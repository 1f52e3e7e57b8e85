//! A scenario's start as declared checks read it: the units in each location (its stacks),
//! their factions, and control of each space, worked out once per folder.

use rustc_hash::FxHashMap;

use crate::analysis::world::World;
use crate::model::{Id, Scenario, Scope, Unit};

use super::value::Obj;

/// The units in one location at a scenario's start: ranges of its start's `counters` and
/// `factions` (held in two lists per scenario rather than two per location).
pub struct Stack<'a> {
    pub at: &'a str,
    pub(super) counters: (u32, u32),
    pub(super) factions: (u32, u32),
    /// Its first placement's index.
    pub first: usize,
}

/// A scenario's start.
pub struct Start<'a> {
    pub scenario: &'a Scenario,
    pub stacks: Vec<Stack<'a>>,
    pub stack_at: FxHashMap<&'a str, u32>,
    /// Every stack's units, one per counter (`None`: a placement naming no unit).
    counters: Vec<Option<Obj>>,
    factions: Vec<Id>,
    /// Control of each space at the start.
    pub control: Vec<Option<&'a str>>,
}

impl Start<'_> {
    pub fn units(&self, stack: usize) -> &[Option<Obj>] {
        let (a, b) = self.stacks[stack].counters;
        &self.counters[a as usize..b as usize]
    }

    pub fn factions(&self, stack: usize) -> &[Id] {
        let (a, b) = self.stacks[stack].factions;
        &self.factions[a as usize..b as usize]
    }
}

impl<'a> Start<'a> {
    /// `s`'s start: `unit` finds a unit's index by its id.
    pub fn new(
        s: &'a Scenario,
        units: &'a [Unit],
        world: Option<&'a World<'a>>,
        unit: impl Fn(&str) -> Option<usize>,
    ) -> Start<'a> {
        // each placement's stack, in order of the stacks' first placements
        let mut stacks: Vec<Stack<'a>> = Vec::new();
        let mut stack_at: FxHashMap<&'a str, u32> = FxHashMap::default();
        let mut size: Vec<u32> = Vec::new();
        let of: Vec<u32> = s
            .placements
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let k = *stack_at.entry(p.at.as_str()).or_insert_with(|| {
                    stacks.push(Stack {
                        at: &p.at,
                        counters: (0, 0),
                        factions: (0, 0),
                        first: i,
                    });
                    size.push(0);
                    stacks.len() as u32 - 1
                });
                size[k as usize] += p.count.min(1000);
                k
            })
            .collect();
        let mut end = 0;
        for (st, n) in stacks.iter_mut().zip(&size) {
            st.counters = (end, end);
            end += n;
        }
        let mut counters = vec![None; end as usize];
        for (p, &k) in s.placements.iter().zip(&of) {
            let found = unit(&p.unit).map(|u| Obj {
                reduced: p.reduced,
                ..Obj::new(Scope::Unit, u)
            });
            let st = &mut stacks[k as usize];
            let n = p.count.min(1000);
            counters[st.counters.1 as usize..(st.counters.1 + n) as usize].fill(found);
            st.counters.1 += n;
        }
        let mut factions: Vec<Id> = Vec::new();
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
            stack_at,
            counters,
            factions,
            control: world
                .map(|w| w.control_at_start(Some(s)))
                .unwrap_or_default(),
        }
    }
}
