//! Who draws supply from where: the supply rule that governs a faction, the sources it may
//! use (its own, those of the factions its rule names, its limited sources), and which of
//! them are sources at a scenario's start (a source may be one only while its nation is at
//! war, or while a side controls it).

use crate::analysis::start::Start;
use crate::analysis::world::World;
use crate::model::{Id, SupplyRule};

/// The supply rule that governs a faction, if any.
pub fn rule_for<'a>(w: &World<'a>, faction: &str) -> Option<&'a SupplyRule> {
    w.game
        .supply
        .iter()
        .find(|r| r.factions.iter().any(|f| f == faction))
}

/// Spaces that may supply `faction`: its own sources, those of the factions its rule names,
/// and its rule's limited sources. With a scenario's start, only those whose `source_while`
/// holds then.
pub fn sources_for(w: &World<'_>, start: Option<&Start<'_>>, faction: &str) -> Vec<usize> {
    let rule = rule_for(w, faction);
    let uses = |f: &Id| f == faction || rule.is_some_and(|r| r.uses_sources_of.contains(f));
    let active = |i: usize| start.is_none_or(|st| st.all(w, &w.map.value.spaces[i].source_while));
    let mut found: Vec<usize> = w
        .map
        .value
        .spaces
        .iter()
        .enumerate()
        .filter(|(i, s)| s.supply_source_for.iter().any(uses) && active(*i))
        .map(|(i, _)| i)
        .collect();
    for id in rule
        .map(|r| r.limited_sources.as_slice())
        .unwrap_or_default()
    {
        if let Some(i) = w.ids.spaces.index(id)
            && !found.contains(&i)
            && active(i)
        {
            found.push(i);
        }
    }
    found
}

/// Whether a faction's units need no supply trace at all, or none where they stand: the
/// faction is always supplied, or always supplied in an area or space that includes `space`.
pub fn always_supplied_in(w: &World<'_>, places: &[Id], space: usize) -> bool {
    let s = &w.map.value.spaces[space];
    places.iter().any(|p| *p == s.id || s.areas.contains(p))
}
