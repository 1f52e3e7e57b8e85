//! What a card's steps and the schedules may use, valid in every state of every scenario
//! (filled in `events.rs`, drawn from in `effects.rs` and `schedule.rs`).

use orbat_validator::model::Id;

/// Things of one sort that steps may use, handed out in turn.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pool<T> {
    pub(crate) items: Vec<T>,
    next: usize,
}

impl<T: Clone> Pool<T> {
    pub(crate) fn new(items: Vec<T>) -> Self {
        Pool { items, next: 0 }
    }

    /// The next item (round and round); None when there is none.
    pub(crate) fn take(&mut self) -> Option<T> {
        let item = self.items.get(self.next % self.items.len().max(1))?.clone();
        self.next += 1;
        Some(item)
    }

    /// The first `n` items as a pool of their own, taken out of this one.
    fn split(&mut self, n: usize) -> Pool<T> {
        let rest = self.items.split_off(n.min(self.items.len()));
        Pool::new(std::mem::replace(&mut self.items, rest))
    }
}

/// What steps may use, valid in every state of every scenario.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pools {
    /// By faction ([`FACTIONS`]; none for the faction with a stacking limit): armies and
    /// corps with a counter no scenario places.
    pub units: Vec<Pool<Id>>,
    /// By faction: where its units may arrive: its regions (no stacking limit) and its spaces
    /// no scenario occupies or overrides.
    pub targets: Vec<Pool<Id>>,
    /// Spaces of a1 or a2 no scenario occupies or overrides, not sources, with the other of
    /// the two (an ally) to take them.
    pub flips: Pool<(Id, Id)>,
    /// Links between two spaces of one faction that no override touches, each end with three
    /// other links open to all that carry supply; no two share an end.
    pub links: Pool<(Id, Id)>,
    /// A space of a faction with its own sources that is none, with that faction.
    pub gains: Pool<(Id, Id)>,
    /// Spaces on the map, for markers.
    pub spaces: Pool<Id>,
    /// Cards without effects, with their deck, for `Cards` steps.
    pub others: Pool<(Id, Id)>,
}

/// What the scenarios hold, for conditions that must hold in some state judged.
pub(crate) struct Facts {
    /// Each scenario's `vp` at the start (no schedule changes it).
    pub vp: Vec<i32>,
    /// Spaces a scenario overrides (from one of a1, a2 to the other): space, map's holder, and
    /// which scenarios override it.
    pub contested: Vec<(Id, Id, Vec<bool>)>,
}

impl Pools {
    /// The schedule's share: the first few of each pool.
    pub(crate) fn split(&mut self, units: usize, targets: usize, links: usize) -> Pools {
        Pools {
            units: self.units.iter_mut().map(|p| p.split(units)).collect(),
            targets: self.targets.iter_mut().map(|p| p.split(targets)).collect(),
            flips: self.flips.split(1),
            links: self.links.split(links),
            gains: self.gains.split(1),
            spaces: self.spaces.split(0),
            others: self.others.split(1),
        }
    }
}
