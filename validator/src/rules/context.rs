//! What every rule reads: the folder, its id tables, its world (map graph, stances), every
//! rule code, and the work several rules share (supply traces, stacks, translation verdicts,
//! the source language's text keys, the entities with attribute values), each computed once
//! per folder on first use.

use std::sync::{Arc, OnceLock};

use crate::load::{Doc, GameFolder};
use crate::model::Scenario;
use crate::rule::Rule;
use crate::spread;

use crate::analysis::carriers::{Carrier, carriers};
use crate::analysis::ids::Ids;
use crate::analysis::placements::Placements;
use crate::analysis::stacks::Stacks;
use crate::analysis::start::Start;
use crate::analysis::supply::trace::{Reuse, Traces};
use crate::analysis::text::verdicts::Verdicts;
use crate::analysis::text_keys::{self, KeyLookups};
use crate::analysis::world::World;

pub struct Context<'a> {
    pub folder: &'a GameFolder,
    pub ids: &'a Ids<'a>,
    /// The game and its map, when both loaded: the rules about the map, supply, stacking and
    /// the order of battle need them.
    pub world: Option<&'a World<'a>>,
    /// Every rule code there is.
    pub rules: &'a [&'static Rule],
    /// The scenarios whose shared work (`placements`, `starts`, `stacks`, `traces`) this
    /// context computes: all of the folder's, or one (`for_scenario`).
    scenarios: &'a [Doc<Scenario>],
    /// Each of the folder's scenarios' placements looked up, shared by the folder's context
    /// and each scenario's: the declared checks read what the rules about one scenario
    /// looked up, or the other way round (BENCHMARKS.md, session 36: each lookup of a large
    /// game's 57,000 ids is a wait on memory).
    looked_up: Arc<[OnceLock<Placements<'a>>]>,
    /// The placements of a context over several scenarios (one scenario's are `looked_up`).
    placements: OnceLock<Vec<Placements<'a>>>,
    starts: OnceLock<Vec<Start<'a>>>,
    stacks: OnceLock<Vec<Stacks<'a>>>,
    traces: OnceLock<Vec<Traces<'a>>>,
    verdicts: OnceLock<Option<Verdicts<'a>>>,
    source_keys: OnceLock<Option<KeyLookups<'a>>>,
    carriers: OnceLock<Vec<Carrier<'a>>>,
    /// For a state of play: the supply searches its base made, which it may take.
    reuse: Option<&'a Reuse<'a>>,
}

impl<'a> Context<'a> {
    pub fn new(
        folder: &'a GameFolder,
        ids: &'a Ids<'a>,
        world: Option<&'a World<'a>>,
        rules: &'a [&'static Rule],
    ) -> Self {
        let looked_up = folder.scenarios.iter().map(|_| OnceLock::new()).collect();
        Self::over(folder, ids, world, rules, &folder.scenarios, looked_up)
    }

    /// A context whose scenario work covers only `scenario`, one of the folder's.
    pub fn for_scenario(&self, scenario: &'a Doc<Scenario>) -> Self {
        Self::over(
            self.folder,
            self.ids,
            self.world,
            self.rules,
            std::slice::from_ref(scenario),
            self.looked_up.clone(),
        )
    }

    /// A context whose scenario work covers `doc`, a state of play made from one of the
    /// folder's scenarios and not itself in the folder: the folder's files, ids and world
    /// serve it as they are (the state changed its scenario alone). `reuse`: the supply
    /// searches of the state it was made from that hold in it; `placed`: its placements
    /// looked up already.
    pub fn for_state<'s>(
        &'s self,
        doc: &'s Doc<Scenario>,
        reuse: Option<&'s Reuse<'s>>,
        placed: Option<Placements<'s>>,
    ) -> Context<'s> {
        let looked_up = self
            .folder
            .scenarios
            .iter()
            .map(|_| OnceLock::new())
            .collect();
        let mut cx = Context::over(
            self.folder,
            self.ids,
            self.world,
            self.rules,
            std::slice::from_ref(doc),
            looked_up,
        );
        cx.reuse = reuse;
        if let Some(p) = placed {
            let _ = cx.placements.set(vec![p]);
        }
        cx
    }

    /// The scenarios this context's work covers: the folder's, one of them, or a state.
    pub fn scenario_docs(&self) -> &'a [Doc<Scenario>] {
        self.scenarios
    }

    /// Whether this context covers a state of play made from one of the folder's scenarios
    /// ([`Context::for_state`]), not the folder's own.
    pub fn is_state(&self) -> bool {
        let own = &self.folder.scenarios;
        !self
            .scenarios
            .iter()
            .all(|s| own.iter().any(|o| std::ptr::eq(o, s)))
    }

    fn over(
        folder: &'a GameFolder,
        ids: &'a Ids<'a>,
        world: Option<&'a World<'a>>,
        rules: &'a [&'static Rule],
        scenarios: &'a [Doc<Scenario>],
        looked_up: Arc<[OnceLock<Placements<'a>>]>,
    ) -> Self {
        Context {
            folder,
            ids,
            world,
            rules,
            scenarios,
            looked_up,
            placements: OnceLock::new(),
            starts: OnceLock::new(),
            stacks: OnceLock::new(),
            traces: OnceLock::new(),
            verdicts: OnceLock::new(),
            source_keys: OnceLock::new(),
            carriers: OnceLock::new(),
            reuse: None,
        }
    }

    /// Each scenario's placements with their units and spaces (in the folder's order), when
    /// there is a world.
    pub fn placements(&self) -> &[Placements<'a>] {
        if let [one] = self.scenarios
            && let Some(k) = (self.folder.scenarios.iter()).position(|s| std::ptr::eq(s, one))
        {
            return match self.placements_of(k) {
                Some(p) => std::slice::from_ref(p),
                None => &[],
            };
        }
        self.placements.get_or_init(|| match self.world {
            Some(w) => self
                .scenarios
                .iter()
                .map(|s| Placements::new(w, s))
                .collect(),
            None => Vec::new(),
        })
    }

    /// The placements of the folder's scenario `k`, when there is a world.
    pub fn placements_of(&self, k: usize) -> Option<&Placements<'a>> {
        let (world, scenario) = (self.world?, self.folder.scenarios.get(k)?);
        Some(self.looked_up[k].get_or_init(|| Placements::new(world, scenario)))
    }

    /// Each scenario at its start (control, neutral nations, markers), in the folder's order,
    /// when there is a world.
    pub fn starts(&self) -> &[Start<'a>] {
        self.starts.get_or_init(|| match self.world {
            Some(w) => self.placements().iter().map(|p| Start::new(w, p)).collect(),
            None => Vec::new(),
        })
    }

    /// The stacks at start of each scenario (in the folder's order), when there is a world.
    pub fn stacks(&self) -> &[Stacks<'a>] {
        self.stacks.get_or_init(|| match self.world {
            Some(w) => self
                .placements()
                .iter()
                .map(|p| Stacks::new(w, p))
                .collect(),
            None => Vec::new(),
        })
    }

    /// The supply traces at start of each scenario (in the folder's order), when there is a
    /// world.
    pub fn traces(&self) -> &[Traces<'a>] {
        self.traces.get_or_init(|| match self.world {
            Some(w) => self
                .placements()
                .iter()
                .zip(self.starts())
                .map(|(p, s)| Traces::new(w, p, s, self.reuse))
                .collect(),
            None => Vec::new(),
        })
    }

    /// Every translation judged against the source language, once the game and its source
    /// language's text file loaded.
    pub fn verdicts(&self) -> Option<&Verdicts<'a>> {
        self.verdicts
            .get_or_init(|| Verdicts::new(self.folder))
            .as_ref()
    }

    /// The keys of the source language's text file, each looked up (R002 judges them, T001
    /// counts what they name), once the game and that file loaded.
    pub fn source_keys(&self) -> Option<&KeyLookups<'a>> {
        self.source_keys
            .get_or_init(|| text_keys::source_keys(self.folder, self.ids))
            .as_ref()
    }

    /// Every entity with attribute values (A001 and A002 read them).
    pub fn carriers(&self) -> &[Carrier<'a>] {
        self.carriers.get_or_init(|| carriers(self.folder))
    }

    /// Works out everything the rules share, in parallel, before the rules run: a rule that
    /// asked first would make every other rule needing the same work wait for it.
    pub fn prepare(&self) {
        spread::join(|| self.prepare_scenarios(), || self.verdicts());
    }

    /// Works out the scenario work the rules share (what `prepare` does but the verdicts).
    pub fn prepare_scenarios(&self) {
        self.placements();
        self.starts();
        spread::join(|| self.stacks(), || self.traces());
    }
}
