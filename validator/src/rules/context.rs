//! What every rule reads: the folder, its id tables, its world (map graph, stances), every
//! rule code, and the work several rules share (supply traces, stacks), each computed once
//! per folder on first use.

use std::sync::OnceLock;

use crate::load::GameFolder;
use crate::rule::Rule;

use super::ids::Ids;
use super::stacking::stacks::Stacks;
use super::supply::trace::Traces;
use super::world::World;

pub struct Context<'a> {
    pub folder: &'a GameFolder,
    pub ids: &'a Ids<'a>,
    /// The game and its map, when both loaded: the rules about the map, supply, stacking and
    /// the order of battle need them.
    pub world: Option<&'a World<'a>>,
    /// Every rule code there is.
    pub rules: &'a [&'static Rule],
    stacks: OnceLock<Vec<Stacks<'a>>>,
    traces: OnceLock<Vec<Traces<'a>>>,
}

impl<'a> Context<'a> {
    pub fn new(
        folder: &'a GameFolder,
        ids: &'a Ids<'a>,
        world: Option<&'a World<'a>>,
        rules: &'a [&'static Rule],
    ) -> Self {
        Context {
            folder,
            ids,
            world,
            rules,
            stacks: OnceLock::new(),
            traces: OnceLock::new(),
        }
    }

    /// The stacks at start of each scenario (in the folder's order), when there is a world.
    pub fn stacks(&self) -> &[Stacks<'a>] {
        self.stacks.get_or_init(|| match self.world {
            Some(w) => w
                .folder
                .scenarios
                .iter()
                .map(|s| Stacks::new(w, s))
                .collect(),
            None => Vec::new(),
        })
    }

    /// The supply traces at start of each scenario (in the folder's order), when there is a
    /// world.
    pub fn traces(&self) -> &[Traces<'a>] {
        self.traces.get_or_init(|| match self.world {
            Some(w) => w
                .folder
                .scenarios
                .iter()
                .map(|s| Traces::new(w, s))
                .collect(),
            None => Vec::new(),
        })
    }
}
