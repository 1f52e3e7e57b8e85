//! The counter mix: units spread over the factions, of four kinds, with values on each side.

use orbat_validator::model::{Unit, UnitValues};

use crate::Params;
use crate::cast::{FACTIONS, UNIT_VALUES, id};
use crate::rng::Rng;

pub(crate) fn generate(p: &Params, rng: &mut Rng) -> Vec<Unit> {
    let mut units = Vec::with_capacity(p.units);
    for i in 0..p.units {
        let f = i % FACTIONS.len();
        let roll = rng.below(100);
        let kind = match roll {
            0..10 => "army",
            10..80 => "corps",
            80..85 => "hq",
            _ => "irregular",
        };
        let vals = |rng: &mut Rng, lo: u32| -> UnitValues {
            UNIT_VALUES
                .iter()
                .map(|v| (id(v), rng.range(lo, lo + 4)))
                .collect()
        };
        let full = vals(rng, 1);
        let reduced = matches!(kind, "army" | "corps").then(|| vals(rng, 0));
        units.push(Unit {
            id: format!("{}-{kind}-{i:05}", FACTIONS[f].0).into(),
            faction: id(FACTIONS[f].0),
            kind: id(kind),
            full,
            reduced,
            count: if rng.chance(0.15) { 2 } else { 1 },
            ..Default::default()
        });
    }
    if let Some(n) = p.counters {
        // one counter each, and the rest as second ones to units drawn at random
        units.iter_mut().for_each(|u| u.count = 1);
        for _ in units.len()..n {
            let u = rng.below(units.len());
            units[u].count += 1;
        }
    }
    units
}
