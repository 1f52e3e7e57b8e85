//! A state's placements as changes of its scenario's: the placements as set up are shared by
//! every state made from them, and a state records only those its steps took off, changed or
//! added, so that a state costs what its steps changed, not what the scenario holds.
//!
//! A state's placements are in the order a list would have them had each step edited a copy:
//! those as set up still there (a removal keeps the others' order, a change keeps its place),
//! then those steps added, in the order they were added.

use std::collections::HashMap;
use std::sync::Arc;

use crate::model::{Id, Placement};

use super::at::Origin;

/// The placements as set up, with each unit's placements (by index, ascending).
#[derive(Debug)]
struct SetUp {
    placements: Vec<Placement>,
    of_unit: HashMap<Id, Vec<usize>>,
}

/// One state's placements.
#[derive(Debug, Clone)]
pub struct Pieces {
    start: Arc<SetUp>,
    /// Placements as set up taken off, by index, ascending.
    gone: Vec<usize>,
    /// Placements as set up a step changed (a count taken off, a move, a side): index as
    /// set up, the placement now, where it now comes from; ascending by index.
    changed: Vec<(usize, Placement, Origin)>,
    /// Placements steps added, in order.
    added: Vec<(Placement, Origin)>,
}

/// Where a placement of a state is kept.
enum Slot {
    /// The placement as set up at this index (changed or not).
    Start(usize),
    /// The placement added at this index.
    Added(usize),
}

impl Pieces {
    /// The placements of a scenario as set up.
    pub fn new(placements: &[Placement]) -> Self {
        let mut of_unit: HashMap<Id, Vec<usize>> = HashMap::new();
        for (k, p) in placements.iter().enumerate() {
            of_unit.entry(p.unit.clone()).or_default().push(k);
        }
        Pieces {
            start: Arc::new(SetUp {
                placements: placements.to_vec(),
                of_unit,
            }),
            gone: Vec::new(),
            changed: Vec::new(),
            added: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.live() + self.added.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many placements as set up are still there.
    fn live(&self) -> usize {
        self.start.placements.len() - self.gone.len()
    }

    fn slot(&self, i: usize) -> Slot {
        if i >= self.live() {
            return Slot::Added(i - self.live());
        }
        // the i-th index as set up that is not gone
        let mut j = i;
        for &g in &self.gone {
            if g <= j {
                j += 1;
            } else {
                break;
            }
        }
        Slot::Start(j)
    }

    /// The index in the state of the placement as set up at `j`, when it is still there.
    pub fn of_start(&self, j: usize) -> Option<usize> {
        match self.gone.binary_search(&j) {
            Ok(_) => None,
            Err(before) => Some(j - before),
        }
    }

    fn changed_at(&self, j: usize) -> Option<usize> {
        self.changed.binary_search_by_key(&j, |c| c.0).ok()
    }

    /// The placement at `j` as set up, as it stands now (None: taken off).
    fn start_now(&self, j: usize) -> Option<(&Placement, Origin)> {
        if self.gone.binary_search(&j).is_ok() {
            return None;
        }
        Some(match self.changed_at(j) {
            Some(c) => (&self.changed[c].1, self.changed[c].2.clone()),
            None => (&self.start.placements[j], Origin::Start(j)),
        })
    }

    /// The placement at `i` and where it comes from.
    pub fn get(&self, i: usize) -> Option<(&Placement, Origin)> {
        match self.slot(i) {
            Slot::Added(a) => self.added.get(a).map(|(p, o)| (p, o.clone())),
            Slot::Start(j) => self.start_now(j),
        }
    }

    /// Where the placement at `i` comes from.
    pub fn origin(&self, i: usize) -> Option<Origin> {
        self.get(i).map(|(_, o)| o)
    }

    /// Every placement in order, with where it comes from.
    pub fn iter(&self) -> impl Iterator<Item = (&Placement, Origin)> + '_ {
        (0..self.start.placements.len())
            .filter_map(|j| self.start_now(j))
            .chain(self.added.iter().map(|(p, o)| (p, o.clone())))
    }

    /// The placements (in order) and where each comes from, as lists.
    pub fn lists(&self) -> (Vec<Placement>, Vec<Origin>) {
        self.iter().map(|(p, o)| (p.clone(), o)).unzip()
    }

    /// The placements steps changed or added: their index in the state, the placement,
    /// where it comes from.
    pub fn touched(&self) -> impl Iterator<Item = (usize, &Placement, &Origin)> + '_ {
        let changed =
            (self.changed.iter()).filter_map(|(j, p, o)| Some((self.of_start(*j)?, p, o)));
        let live = self.live();
        changed.chain((self.added.iter().enumerate()).map(move |(a, (p, o))| (live + a, p, o)))
    }

    /// Whether the placement as set up at `j` is as set up still (not changed, not gone).
    pub fn untouched(&self, j: usize) -> bool {
        self.changed_at(j).is_none() && self.gone.binary_search(&j).is_err()
    }

    /// The placements as set up at these indexes (ascending) of `unit`.
    pub fn start_of_unit(&self, unit: &str) -> &[usize] {
        self.start.of_unit.get(unit).map_or(&[], |v| &v[..])
    }

    /// Whether `other` holds the same placements, made from the same placements as set up.
    pub fn same(&self, other: &Pieces) -> bool {
        Arc::ptr_eq(&self.start, &other.start)
            && self.gone == other.gone
            && self.changed == other.changed
            && self.added == other.added
    }

    /// The placements as set up.
    pub fn as_set_up(&self) -> &[Placement] {
        &self.start.placements
    }

    pub fn push(&mut self, p: Placement, origin: Origin) {
        self.added.push((p, origin));
    }

    /// Changes the placement at `i` (and where it comes from) in place.
    pub fn edit(&mut self, i: usize, f: impl FnOnce(&mut Placement, &mut Origin)) {
        match self.slot(i) {
            Slot::Added(a) => {
                let (p, o) = &mut self.added[a];
                f(p, o);
            }
            Slot::Start(j) => {
                let c = match self.changed_at(j) {
                    Some(c) => c,
                    None => {
                        let at = self.changed.partition_point(|c| c.0 < j);
                        let p = self.start.placements[j].clone();
                        self.changed.insert(at, (j, p, Origin::Start(j)));
                        at
                    }
                };
                let (_, p, o) = &mut self.changed[c];
                f(p, o);
            }
        }
    }

    /// Takes the placement at `i` off.
    pub fn remove(&mut self, i: usize) {
        match self.slot(i) {
            Slot::Added(a) => {
                self.added.remove(a);
            }
            Slot::Start(j) => {
                if let Some(c) = self.changed_at(j) {
                    self.changed.remove(c);
                }
                let at = self.gone.partition_point(|&g| g < j);
                self.gone.insert(at, j);
            }
        }
    }

    /// The first placement of `unit` with counters left that `fits`.
    pub fn find(&self, unit: &str, fits: impl Fn(&Placement, &Origin) -> bool) -> Option<usize> {
        let ok = |p: &Placement, o: &Origin| p.unit == unit && p.count > 0 && fits(p, o);
        for &j in self.start_of_unit(unit) {
            if let Some((p, o)) = self.start_now(j)
                && ok(p, &o)
            {
                return self.of_start(j);
            }
        }
        let a = self.added.iter().position(|(p, o)| ok(p, o))?;
        Some(self.live() + a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(unit: &str, at: &str) -> Placement {
        Placement {
            unit: unit.into(),
            at: at.into(),
            count: 1,
            ..Placement::default()
        }
    }

    /// The pieces kept in step with a plain list edited the same way.
    #[test]
    fn pieces_are_the_list_a_copy_edited_would_be() {
        let start = vec![p("a", "x"), p("b", "y"), p("c", "z"), p("a", "w")];
        let mut pieces = Pieces::new(&start);
        let mut list: Vec<(Placement, Origin)> = (start.iter().cloned())
            .zip((0..4).map(Origin::Start))
            .collect();
        let step = Origin::Step(super::super::at::StepAt {
            file: 0,
            pointer: "/s".into(),
        });
        let check = |pieces: &Pieces, list: &[(Placement, Origin)]| {
            let got: Vec<_> = pieces.iter().map(|(p, o)| (p.clone(), o)).collect();
            assert_eq!(got, list);
            for (i, item) in list.iter().enumerate() {
                let (q, o) = pieces.get(i).expect("there");
                assert_eq!((q.clone(), o), item.clone());
            }
        };
        pieces.remove(1);
        list.remove(1);
        check(&pieces, &list);
        pieces.push(p("d", "v"), step.clone());
        list.push((p("d", "v"), step.clone()));
        pieces.edit(1, |q, o| {
            q.at = "moved".into();
            *o = step.clone();
        });
        list[1].0.at = "moved".into();
        list[1].1 = step.clone();
        check(&pieces, &list);
        assert_eq!(pieces.find("a", |_, _| true), Some(0));
        assert_eq!(pieces.find("a", |q, _| q.at == "w"), Some(2));
        assert_eq!(pieces.find("d", |_, _| true), Some(3));
        pieces.remove(0);
        list.remove(0);
        pieces.remove(2);
        list.remove(2);
        check(&pieces, &list);
        assert_eq!(pieces.find("a", |_, _| true), Some(1));
        assert_eq!(pieces.of_start(3), Some(1));
        assert_eq!(pieces.of_start(0), None);
        let touched: Vec<usize> = pieces.touched().map(|(i, ..)| i).collect();
        assert_eq!(touched, vec![0]);
    }
}
