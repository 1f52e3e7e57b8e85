//! Each scenario's placements with their unit and space looked up once, for the rules about
//! the order of battle, stacking and supply at start; and a state of play's, taken from its
//! scenario's as set up where no step changed them.

use std::collections::HashMap;

use crate::analysis::events::Origin;
use crate::load::Doc;
use crate::model::{Placement, Scenario, Unit, UnitKind};

use super::world::World;

/// A placement whose unit exists.
pub struct Placed<'a> {
    /// Its index in the scenario's `placements`.
    pub index: usize,
    pub placement: &'a Placement,
    pub unit: &'a Unit,
    /// Its unit's faction: the game's own id when the unit names one, else the unit's. The
    /// rules compare factions placement by placement; the game's few ids stay in cache where
    /// each unit's, read across a large game's units, was a wait on memory (BENCHMARKS.md,
    /// session 21).
    pub faction: &'a str,
    /// Its unit's kind, when that exists.
    pub kind: Option<&'a UnitKind>,
    /// The space or box it names, when that exists.
    pub space: Option<usize>,
}

/// One scenario's placements whose unit exists, in placement order.
pub struct Placements<'a> {
    pub doc: &'a Doc<Scenario>,
    pub placed: Vec<Placed<'a>>,
}

impl<'a> Placements<'a> {
    pub fn new(w: &World<'a>, doc: &'a Doc<Scenario>) -> Self {
        // room for every placement at once: collected through a filter, the list would grow
        // by doubling (a large scenario's old room freed, then zeroed afresh when used again)
        let mut placed = Vec::with_capacity(doc.value.placements.len());
        placed.extend(
            doc.value
                .placements
                .iter()
                .enumerate()
                .filter_map(|(index, placement)| {
                    let unit = w.unit(&placement.unit)?;
                    Some(Placed {
                        index,
                        placement,
                        unit,
                        faction: w
                            .faction(&unit.faction)
                            .map_or(unit.faction.as_str(), |f| f.id.as_str()),
                        kind: w.unit_kind(&unit.kind),
                        space: w.ids.spaces.index(&placement.at),
                    })
                }),
        );
        Placements { doc, placed }
    }
}

/// A scenario's placements as set up, each with its unit looked up (None: its unit names
/// nothing), by index: a state of play's placement no step changed is one of them. Kept as
/// indexes, so that a world built for a state whose map changed reads them in its own files.
pub struct SetUp {
    looked_up: Vec<Option<Indexes>>,
    /// The placements (by index) on each space, of each unit and each faction (by their
    /// indexes), whose unit names nothing, and whose location names no space: a state's
    /// placements as set up are found by what its steps changed, without walking them all.
    on_space: HashMap<usize, Vec<usize>>,
    of_unit: HashMap<usize, Vec<usize>>,
    of_faction: HashMap<usize, Vec<usize>>,
    pub nameless: Vec<usize>,
    pub nowhere: Vec<usize>,
    /// Whose unit's faction names none of the game's.
    pub strays: Vec<usize>,
}

/// Where a placement's unit, its faction and kind, and its space are in their lists.
#[derive(Clone, Copy)]
pub struct Indexes {
    pub unit: usize,
    /// In the game's factions (None: the unit's own id, which names none).
    pub faction: Option<usize>,
    pub kind: Option<usize>,
    pub space: Option<usize>,
}

/// What is looked up of a placement.
#[derive(Clone, Copy)]
pub struct LookedUp<'a> {
    /// Its unit's index in units.ron.
    pub at: usize,
    pub unit: &'a Unit,
    pub faction: &'a str,
    pub kind: Option<&'a UnitKind>,
    pub space: Option<usize>,
}

impl SetUp {
    /// From the placements of the scenario as set up (None: nothing looked up).
    pub fn new(w: Option<&World<'_>>, start: Option<&Placements<'_>>) -> Self {
        let mut set_up = SetUp {
            looked_up: Vec::new(),
            on_space: HashMap::new(),
            of_unit: HashMap::new(),
            of_faction: HashMap::new(),
            nameless: Vec::new(),
            nowhere: Vec::new(),
            strays: Vec::new(),
        };
        let (Some(w), Some(start)) = (w, start) else {
            return set_up;
        };
        let mut looked_up = vec![None; start.doc.value.placements.len()];
        for p in &start.placed {
            let Some(unit) = w.ids.units.index(&p.unit.id) else {
                continue;
            };
            looked_up[p.index] = Some(Indexes {
                unit,
                faction: w.ids.factions.index(p.faction),
                kind: w.ids.unit_kinds.index(&p.unit.kind),
                space: p.space,
            });
        }
        for (j, x) in looked_up.iter().enumerate() {
            let Some(x) = x else {
                set_up.nameless.push(j);
                continue;
            };
            match x.space {
                Some(i) => set_up.on_space.entry(i).or_default().push(j),
                None => set_up.nowhere.push(j),
            }
            set_up.of_unit.entry(x.unit).or_default().push(j);
            match x.faction {
                Some(f) => set_up.of_faction.entry(f).or_default().push(j),
                None => set_up.strays.push(j),
            }
        }
        set_up.looked_up = looked_up;
        set_up
    }

    /// The placements as set up (by index) on the space of index `i`.
    pub fn on_space(&self, i: usize) -> &[usize] {
        self.on_space.get(&i).map_or(&[], |v| &v[..])
    }

    /// The placements as set up (by index) of the unit of index `i`.
    pub fn of_unit(&self, i: usize) -> &[usize] {
        self.of_unit.get(&i).map_or(&[], |v| &v[..])
    }

    /// The placements as set up (by index) of the faction of index `i`.
    pub fn of_faction(&self, i: usize) -> &[usize] {
        self.of_faction.get(&i).map_or(&[], |v| &v[..])
    }

    /// What is looked up of the placement `p`, which came from `origin`, in the files of `w`: the placement as set up, unless a step made or changed it.
    pub fn of<'a>(&self, w: &World<'a>, p: &Placement, origin: &Origin) -> Option<LookedUp<'a>> {
        let units = &w.folder.units.as_ref()?.value.units;
        let x = self.indexes(w, p, origin)?;
        let unit = &units[x.unit];
        Some(LookedUp {
            at: x.unit,
            unit,
            faction: x
                .faction
                .map_or(unit.faction.as_str(), |f| w.game.factions[f].id.as_str()),
            kind: x.kind.map(|k| &w.game.unit_kinds[k]),
            space: x.space,
        })
    }
}

impl SetUp {
    /// Where the placement `p`, which came from `origin`, has its unit, faction, kind and
    /// space: as set up, unless a step made or changed it.
    pub fn indexes(&self, w: &World<'_>, p: &Placement, origin: &Origin) -> Option<Indexes> {
        if let Origin::Start(j) = origin
            && let Some(x) = self.looked_up.get(*j)
        {
            return *x;
        }
        let units = &w.folder.units.as_ref()?.value.units;
        let unit = w.ids.units.index(&p.unit)?;
        let u = &units[unit];
        Some(Indexes {
            unit,
            faction: w.ids.factions.index(&u.faction),
            kind: w.ids.unit_kinds.index(&u.kind),
            space: w.ids.spaces.index(&p.at),
        })
    }
}

impl<'a> Placements<'a> {
    /// The placements of `doc`, a state of play whose placements came from `origins` (one
    /// per placement): those no step changed taken from `set_up`, the others looked up.
    pub fn of_state(
        w: &World<'a>,
        doc: &'a Doc<Scenario>,
        set_up: &SetUp,
        origins: &[Origin],
    ) -> Self {
        let s = &doc.value;
        let placed = (s.placements.iter().enumerate())
            .zip(origins)
            .filter_map(|((index, placement), origin)| {
                let l = set_up.of(w, placement, origin)?;
                Some(Placed {
                    index,
                    placement,
                    unit: l.unit,
                    faction: l.faction,
                    kind: l.kind,
                    space: l.space,
                })
            })
            .collect();
        Placements { doc, placed }
    }
}
