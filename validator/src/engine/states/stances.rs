//! The factions whose standing a state changed, by what the rules read of it: each one's stance
//! towards every faction and side, its side, and its own `alignments` entry. A relation written
//! again as it stood, or one the sides imply anyway, changes nothing, and leaves the state's
//! placements of those factions judged as they were in the state it came from.

use crate::analysis::world::World;
use crate::model::Scenario;

/// The factions (and any other names the lists give) whose standing differs between `b` and
/// `s`, sorted.
pub fn changed(w: &World<'_>, b: &Scenario, s: &Scenario) -> Vec<String> {
    let mut names: Vec<&str> = (w.game.factions.iter().map(|f| f.id.as_str()))
        .chain(w.game.sides.iter().map(|x| x.id.as_str()))
        .collect();
    for x in [b, s] {
        for r in &x.relations {
            names.extend([r.factions.0.as_str(), r.factions.1.as_str()]);
        }
        names.extend(x.alignments.iter().map(|a| a.faction.as_str()));
    }
    names.sort_unstable();
    names.dedup();
    let entry = |x: &Scenario, f: &str| x.alignments.iter().find(|a| a.faction == f).cloned();
    let mut out: Vec<String> = Vec::new();
    for &a in &names {
        let differs = w.side_of(a, Some(b)) != w.side_of(a, Some(s))
            || w.side_names_none(a, Some(b)) != w.side_names_none(a, Some(s))
            || entry(b, a) != entry(s, a)
            || (names.iter()).any(|x| w.stance(a, x, Some(b)) != w.stance(a, x, Some(s)));
        if differs {
            out.push(a.to_owned());
        }
    }
    out
}
