//! Each scenario's placements with their unit and space looked up once, for the rules about
//! the order of battle, stacking and supply at start.

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
