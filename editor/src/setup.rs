//! A scenario's set-up as the editor changes it: stacks per space, units still to place,
//! placing, moving, flipping and removing counters, control at start, and which spaces the
//! stacking and supply diagnostics concern. No egui here; the view calls these through
//! [`Ctx::change_scenario`](crate::ctx::Ctx::change_scenario).

use std::collections::BTreeMap;
use std::path::Path;

use orbat_validator::Diagnostic;
use orbat_validator::model::{ControlOverride, Game, Id, MapFile, Placement, Scenario, UnitsFile};

/// The placements in each space, by space index (placements naming no space are left out:
/// the validator reports them).
pub fn stacks(map: &MapFile, scenario: &Scenario) -> BTreeMap<usize, Vec<usize>> {
    let index: std::collections::HashMap<&str, usize> = map
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let mut out: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (p, placement) in scenario.placements.iter().enumerate() {
        if let Some(&space) = index.get(placement.at.as_str()) {
            out.entry(space).or_default().push(p);
        }
    }
    out
}

/// Counters in a list of placements.
pub fn counters(scenario: &Scenario, placements: &[usize]) -> u32 {
    placements
        .iter()
        .filter_map(|&p| scenario.placements.get(p))
        .map(|p| p.count)
        .sum()
}

/// A unit of the counter mix with how many of its counters are not placed yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToPlace {
    pub unit: usize,
    pub left: u32,
}

/// Every unit with counters left to place, in the counter mix's order. Units placed more
/// often than the mix holds are left out (the validator's O001 says so).
pub fn to_place(units: &UnitsFile, scenario: &Scenario) -> Vec<ToPlace> {
    let mut placed: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    for p in &scenario.placements {
        *placed.entry(p.unit.as_str()).or_default() += p.count;
    }
    units
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| {
            let left = u
                .count
                .saturating_sub(placed.get(u.id.as_str()).copied().unwrap_or(0));
            (left > 0).then_some(ToPlace { unit: i, left })
        })
        .collect()
}

/// Adds one counter of `unit` at `at`, full side up, joining a placement of the same unit,
/// space and side if there is one (so the file keeps one line per stack entry).
pub fn place(scenario: &mut Scenario, unit: &str, at: &str, reduced: bool) {
    match scenario
        .placements
        .iter_mut()
        .find(|p| p.unit == unit && p.at == at && p.reduced == reduced)
    {
        Some(p) => p.count += 1,
        None => scenario.placements.push(Placement {
            unit: unit.into(),
            at: at.into(),
            reduced,
            count: 1,
            ..Default::default()
        }),
    }
}

/// Takes one counter off placement `index`; the placement goes when its last counter does.
/// Returns the unit and side taken, or None for an index that does not exist.
pub fn take_one(scenario: &mut Scenario, index: usize) -> Option<(Id, bool)> {
    let p = scenario.placements.get_mut(index)?;
    let taken = (p.unit.clone(), p.reduced);
    if p.count > 1 {
        p.count -= 1;
    } else {
        scenario.placements.remove(index);
    }
    Some(taken)
}

/// Moves one counter of placement `index` to the space `to`.
pub fn move_one(scenario: &mut Scenario, index: usize, to: &str) {
    if scenario.placements.get(index).is_some_and(|p| p.at == to) {
        return;
    }
    if let Some((unit, reduced)) = take_one(scenario, index) {
        place(scenario, &unit, to, reduced);
    }
}

/// Moves every counter in space `from` to space `to` (dragging a whole stack).
pub fn move_stack(scenario: &mut Scenario, from: &str, to: &str) {
    if from == to {
        return;
    }
    let moving: Vec<Placement> = scenario
        .placements
        .iter()
        .filter(|p| p.at == from)
        .cloned()
        .collect();
    scenario.placements.retain(|p| p.at != from);
    for p in moving {
        for _ in 0..p.count {
            place(scenario, &p.unit, to, p.reduced);
        }
    }
}

/// Turns one counter of placement `index` to its other side.
pub fn flip_one(scenario: &mut Scenario, index: usize) {
    let Some(at) = scenario.placements.get(index).map(|p| p.at.clone()) else {
        return;
    };
    if let Some((unit, reduced)) = take_one(scenario, index) {
        place(scenario, &unit, &at, !reduced);
    }
}

/// What painting control does to a space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paint {
    /// This faction controls the space at the start.
    Faction(Id),
    /// No one controls it at the start.
    NoOne,
    /// Whatever the map says (the scenario's override goes).
    AsOnMap,
}

/// Sets the control of `space` at the start of the scenario. An override equal to the map's
/// control is dropped rather than written, so the file says only what differs.
pub fn paint_control(scenario: &mut Scenario, map: &MapFile, space: &str, paint: &Paint) {
    let on_map = map
        .spaces
        .iter()
        .find(|s| s.id == space)
        .and_then(|s| s.control.clone());
    let wanted = match paint {
        Paint::Faction(f) => Some(Some(f.clone())),
        Paint::NoOne => Some(None),
        Paint::AsOnMap => None,
    };
    scenario.control.retain(|c| c.space != space);
    if let Some(faction) = wanted
        && faction != on_map
    {
        scenario.control.push(ControlOverride {
            space: space.into(),
            faction,
        });
    }
}

/// Who controls a space at the start: the scenario's override, else the map's.
pub fn control_of<'a>(scenario: &'a Scenario, map: &'a MapFile, space: usize) -> Option<&'a str> {
    let s = map.spaces.get(space)?;
    match scenario.control.iter().find(|c| c.space == s.id) {
        Some(c) => c.faction.as_deref(),
        None => s.control.as_deref(),
    }
}

/// The diagnostics of the scenario file that concern a space: each placement's and control
/// override's findings, by the space they name (stacking, supply, order of battle...).
pub fn marks<'d>(
    diagnostics: &'d [Diagnostic],
    scenario_path: &Path,
    map: &MapFile,
    scenario: &Scenario,
) -> BTreeMap<usize, Vec<&'d Diagnostic>> {
    let mut out: BTreeMap<usize, Vec<&Diagnostic>> = BTreeMap::new();
    for d in diagnostics {
        if d.location.file != scenario_path {
            continue;
        }
        let Some(pointer) = d.location.pointer.as_deref() else {
            continue;
        };
        let mut tokens = pointer.split('/').skip(1);
        let (Some(list), Some(index)) = (tokens.next(), tokens.next()) else {
            continue;
        };
        let Ok(index) = index.parse::<usize>() else {
            continue;
        };
        let space_id = match list {
            "placements" => scenario.placements.get(index).map(|p| p.at.as_str()),
            "control" => scenario.control.get(index).map(|c| c.space.as_str()),
            _ => None,
        };
        if let Some(space) = space_id.and_then(|id| map.spaces.iter().position(|s| s.id == id)) {
            out.entry(space).or_default().push(d);
        }
    }
    out
}

/// The spaces closed at the start of `scenario` by a nation's neutrality: those in an area
/// `closed_while_neutral` for a nation the scenario lists as `neutral` (and not in limited
/// entry, which opens its land).
pub fn closed_by_neutrality(game: &Game, map: &MapFile, scenario: &Scenario) -> Vec<usize> {
    let closing: Vec<&str> = game
        .areas
        .iter()
        .filter(|a| {
            a.closed_while_neutral.as_ref().is_some_and(|f| {
                scenario.neutral.contains(f) && !scenario.limited_entry.contains(f)
            })
        })
        .map(|a| a.id.as_str())
        .collect();
    if closing.is_empty() {
        return Vec::new();
    }
    map.spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.areas.iter().any(|a| closing.contains(&a.as_str())))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use orbat_validator::model::{Space, Unit};

    fn space(id: &str, control: Option<&str>) -> Space {
        serde_json::from_value(serde_json::json!({
            "id": id, "kind": "town", "x": 0.0, "y": 0.0, "control": control
        }))
        .expect("a space")
    }

    fn map() -> MapFile {
        serde_json::from_value(serde_json::json!({ "spaces": [], "links": [] }))
            .map(|mut m: MapFile| {
                m.spaces = vec![space("a", Some("fr")), space("b", None)];
                m
            })
            .expect("a map")
    }

    fn scenario() -> Scenario {
        Scenario::empty("s", "g")
    }

    fn units() -> UnitsFile {
        let unit = |id: &str, count: u32| -> Unit {
            serde_json::from_value(serde_json::json!({
                "id": id, "faction": "fr", "kind": "army", "full": {}, "count": count
            }))
            .expect("a unit")
        };
        UnitsFile {
            units: vec![unit("fr-1", 1), unit("fr-corps", 3)],
        }
    }

    #[test]
    fn placing_joins_the_same_unit_and_side_and_counts_what_is_left() {
        let mut sc = scenario();
        place(&mut sc, "fr-corps", "a", false);
        place(&mut sc, "fr-corps", "a", false);
        place(&mut sc, "fr-corps", "a", true);
        assert_eq!(sc.placements.len(), 2);
        assert_eq!(sc.placements[0].count, 2);
        assert_eq!(
            to_place(&units(), &sc),
            vec![ToPlace { unit: 0, left: 1 }],
            "the corps are all placed, the army is not"
        );
        assert_eq!(counters(&sc, &[0, 1]), 3);
    }

    #[test]
    fn moving_flipping_and_taking_one_counter() {
        let mut sc = scenario();
        place(&mut sc, "fr-corps", "a", false);
        place(&mut sc, "fr-corps", "a", false);
        move_one(&mut sc, 0, "b");
        assert_eq!(stacks(&map(), &sc).get(&1).map(Vec::len), Some(1));
        assert_eq!(sc.placements[0].count, 1);
        flip_one(&mut sc, 1);
        assert!(sc.placements.iter().any(|p| p.at == "b" && p.reduced));
        move_stack(&mut sc, "b", "a");
        assert!(sc.placements.iter().all(|p| p.at == "a"));
        assert_eq!(take_one(&mut sc, 0), Some(("fr-corps".into(), false)));
        assert_eq!(sc.placements.len(), 1);
        assert_eq!(take_one(&mut sc, 7), None);
    }

    #[test]
    fn control_overrides_only_what_differs_from_the_map() {
        let m = map();
        let mut sc = scenario();
        paint_control(&mut sc, &m, "a", &Paint::Faction("fr".into()));
        assert!(sc.control.is_empty(), "the map already says fr");
        paint_control(&mut sc, &m, "a", &Paint::NoOne);
        assert_eq!(control_of(&sc, &m, 0), None);
        paint_control(&mut sc, &m, "b", &Paint::Faction("ge".into()));
        assert_eq!(control_of(&sc, &m, 1), Some("ge"));
        paint_control(&mut sc, &m, "a", &Paint::AsOnMap);
        assert_eq!(control_of(&sc, &m, 0), Some("fr"));
        assert_eq!(sc.control.len(), 1);
    }
}
