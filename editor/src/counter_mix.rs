//! The counter mix as the editor works on it: units grouped by faction and kind, where a unit
//! is used (before deleting it), fresh ids and new units. No egui here.

use orbat_validator::model::{Game, Id, Unit, UnitsFile};

use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;

/// Unit indices grouped by faction, then kind (each in first-seen order of the file).
/// A faction's units: the faction id, then each kind with its unit indices.
pub type FactionGroup = (Id, Vec<(Id, Vec<usize>)>);

pub fn groups(units: &UnitsFile) -> Vec<FactionGroup> {
    let mut out: Vec<FactionGroup> = Vec::new();
    for (i, u) in units.units.iter().enumerate() {
        let at = match out.iter().position(|(f, _)| *f == u.faction) {
            Some(p) => p,
            None => {
                out.push((u.faction.clone(), Vec::new()));
                out.len() - 1
            }
        };
        let faction = &mut out[at].1;
        match faction.iter_mut().find(|(k, _)| *k == u.kind) {
            Some((_, list)) => list.push(i),
            None => faction.push((u.kind.clone(), vec![i])),
        }
    }
    out
}

/// Where a unit is used: scenarios placing it (file name, counters) and cards bringing it
/// in as a reinforcement.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    pub placements: Vec<(String, u32)>,
    pub cards: Vec<Id>,
}

impl Usage {
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.cards.is_empty()
    }

    /// One line per use, for the confirmation.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .placements
            .iter()
            .map(|(file, n)| format!("{file}: {n} counter(s) placed (removed with the unit)"))
            .collect();
        out.extend(self.cards.iter().map(|c| {
            format!("card {c}: brings it in as a reinforcement (left as is; fix the card)")
        }));
        out
    }
}

pub fn usage(doc: &Document, unit: &str) -> Usage {
    let mut found = Usage::default();
    for name in doc.scenario_files() {
        let n: u32 = doc
            .scenario(&name)
            .map(|sc| {
                sc.placements
                    .iter()
                    .filter(|p| p.unit == unit)
                    .map(|p| p.count)
                    .sum()
            })
            .unwrap_or(0);
        if n > 0 {
            found.placements.push((name, n));
        }
    }
    if let Some(cards) = doc.cards() {
        found.cards = cards
            .cards
            .iter()
            .filter(|c| c.reinforcements.iter().any(|r| r.unit == unit))
            .map(|c| c.id.clone())
            .collect();
    }
    found
}

/// Deleting a unit as one undo step: the unit, and its placements in every scenario.
pub fn delete(doc: &Document, unit: &str) -> Option<Edit> {
    let mut units = doc.units()?.clone();
    let before = units.units.len();
    units.units.retain(|u| u.id != unit);
    if units.units.len() == before {
        return None;
    }
    let mut edits = vec![Edit::SetFile {
        id: FileId::Units,
        value: Box::new(FileValue::Units(units)),
        label: format!("delete unit {unit}"),
    }];
    for name in doc.scenario_files() {
        let Some(sc) = doc.scenario(&name) else {
            continue;
        };
        if !sc.placements.iter().any(|p| p.unit == unit) {
            continue;
        }
        let mut sc = sc.clone();
        sc.placements.retain(|p| p.unit != unit);
        edits.push(Edit::SetFile {
            id: FileId::Scenario(name),
            value: Box::new(FileValue::Scenario(sc)),
            label: format!("delete unit {unit}"),
        });
    }
    Some(Edit::Batch {
        label: format!("delete unit {unit}"),
        edits,
    })
}

/// `base`, or `base-2`, `base-3`... whichever no unit uses yet.
pub fn fresh_id(units: &UnitsFile, base: &str) -> String {
    let used = |id: &str| units.units.iter().any(|u| u.id == id);
    if !used(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !used(id))
        .unwrap_or_default()
}

/// A new one-counter unit of the game's first faction and kind, every value at 0.
pub fn new_unit(game: &Game, id: &str) -> Unit {
    Unit {
        id: id.into(),
        faction: game
            .factions
            .first()
            .map(|f| f.id.clone())
            .unwrap_or_default(),
        kind: game
            .unit_kinds
            .first()
            .map(|k| k.id.clone())
            .unwrap_or_default(),
        full: game.unit_values.iter().map(|v| (v.clone(), 0)).collect(),
        reduced: None,
        count: 1,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orbat_validator::model::UnitValues;

    fn unit(id: &str, faction: &str, kind: &str) -> Unit {
        Unit {
            id: id.into(),
            faction: faction.into(),
            kind: kind.into(),
            full: UnitValues::new(),
            reduced: None,
            count: 1,
            ..Default::default()
        }
    }

    #[test]
    fn groups_by_faction_then_kind_in_file_order() {
        let units = UnitsFile {
            units: vec![
                unit("a", "fr", "army"),
                unit("b", "ge", "army"),
                unit("c", "fr", "corps"),
                unit("d", "fr", "army"),
            ],
        };
        let g = groups(&units);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].0, "fr");
        assert_eq!(
            g[0].1,
            vec![("army".into(), vec![0, 3]), ("corps".into(), vec![2])]
        );
        assert_eq!(g[1], ("ge".into(), vec![("army".into(), vec![1])]));
    }

    #[test]
    fn fresh_ids_skip_used_ones() {
        let units = UnitsFile {
            units: vec![unit("a", "fr", "army"), unit("a-2", "fr", "army")],
        };
        assert_eq!(fresh_id(&units, "b"), "b");
        assert_eq!(fresh_id(&units, "a"), "a-3");
    }
}
