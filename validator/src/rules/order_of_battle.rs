//! Order of battle: O001 a unit placed more often than the counter mix holds, O002 a faction
//! the scenario does not field, O003 forbidden terrain, O004 reduced one-step units,
//! O005 areas closed to the unit's faction.

use rustc_hash::FxHashMap as HashMap;

use crate::diagnostic::Diagnostic;

use super::world::World;

pub fn check(w: &World<'_>, out: &mut Vec<Diagnostic>) {
    for doc in &w.folder.scenarios {
        let s = &doc.value;
        let mut placed: HashMap<&str, (u32, usize)> =
            HashMap::with_capacity_and_hasher(s.placements.len(), Default::default());
        for (i, p) in s.placements.iter().enumerate() {
            let Some(unit) = w.unit(&p.unit) else {
                continue;
            };
            let at = |field: &str| doc.at(&format!("/placements/{i}/{field}"));
            let entry = placed.entry(p.unit.as_str()).or_insert((0, i));
            entry.0 += p.count;
            if entry.0 > unit.count {
                let mut d = Diagnostic::new(
                    "O001",
                    format!(
                        "`{}` is placed {} times, but the counter mix holds {}",
                        p.unit, entry.0, unit.count
                    ),
                    at("unit"),
                )
                .with_label("one placement too many")
                .with_help(format!(
                    "remove a placement, or raise `count` of `{}` in units.ron",
                    p.unit
                ));
                if entry.1 != i {
                    d = d.with_related(
                        doc.at(&format!("/placements/{}/unit", entry.1)),
                        "first placed here",
                    );
                }
                out.push(d);
            }
            if !s.factions.is_empty() && !s.factions.contains(&unit.faction) {
                out.push(
                    Diagnostic::new(
                        "O002",
                        format!(
                            "`{}` belongs to `{}`, which this scenario does not field",
                            p.unit, unit.faction
                        ),
                        at("unit"),
                    )
                    .with_help(format!(
                        "add `{}` to the scenario's `factions`, or remove the placement",
                        unit.faction
                    )),
                );
            }
            if p.reduced && unit.reduced.is_none() {
                out.push(
                    Diagnostic::new(
                        "O004",
                        format!("`{}` is placed reduced but has no reduced side", p.unit),
                        at("reduced"),
                    )
                    .with_help(format!(
                        "remove `reduced: true`, or give `{}` its `reduced` values in units.ron",
                        p.unit
                    )),
                );
            }
            let Some(space) = w.ids.spaces.index(&p.at) else {
                continue;
            };
            let sp = &w.map.value.spaces[space];
            if let (Some(kind), Some(terrain)) = (w.unit_kind(&unit.kind), &sp.terrain)
                && kind.forbidden_terrains.contains(terrain)
            {
                out.push(
                    Diagnostic::new("O003", format!("`{}` is a `{}`, which may not enter `{terrain}` terrain (`{}`)", p.unit, kind.id, sp.id), at("at"))
                        .with_help(format!("place it elsewhere; unit kind `{}` lists `{terrain}` among its `forbidden_terrains`", kind.id)),
                );
            }
            // the space's own areas, looked up by id (not every area of the game per unit)
            let closed = sp
                .areas
                .iter()
                .filter_map(|a| w.ids.areas.index(a).map(|k| &w.game.areas[k]))
                .filter(|a| a.closed_to.contains(&unit.faction));
            for area in closed {
                out.push(
                    Diagnostic::new("O005", format!("`{}` ({}) is in `{}`, inside area `{}`, which is closed to its faction", p.unit, unit.faction, sp.id, area.id), at("at"))
                        .with_help(format!("place it outside `{}`", area.id)),
                );
            }
        }
    }
}
