//! The references of map.ron (kinds, terrains, areas, factions, link ends) and of units.ron
//! (factions, kinds, unit values).

use crate::analysis::ids::Ids;
use crate::load::GameFolder;

use super::conditions::conditions;
use super::target::{Target, Visit};

/// The references of map.ron the world has already looked up, if it has: the walk then looks
/// only at those the world found nothing for. R002 passes the world's lists
/// ([`crate::analysis::world::World`]): looking every link end and area up again was 45% of
/// its walk of map.ron on real-sized games, a fifth of R002 (BENCHMARKS.md, session 22).
#[derive(Clone, Copy, Default)]
pub struct Resolved<'a> {
    /// When set, every link's ends are known to resolve but those of these links (indexes,
    /// in order).
    pub link_ends_but: Option<&'a [usize]>,
    /// When set, every space's areas are known to resolve but those of these spaces.
    pub space_areas_but: Option<&'a [usize]>,
}

/// Tells, index after index in order, whether an item's references are to be walked.
struct Walked<'a>(Option<std::iter::Peekable<std::slice::Iter<'a, usize>>>);

impl<'a> Walked<'a> {
    fn new(but: Option<&'a [usize]>) -> Self {
        Walked(but.map(|list| list.iter().peekable()))
    }

    fn next_is(&mut self, i: usize) -> bool {
        match &mut self.0 {
            None => true,
            Some(unknown) => {
                // indexes passed over (a list given out of order or twice) are dropped
                while unknown.next_if(|&&k| k < i).is_some() {}
                unknown.next_if_eq(&&i).is_some()
            }
        }
    }
}

pub fn map(folder: &GameFolder, ids: &Ids<'_>, resolved: Resolved<'_>, refs: &mut impl Visit) {
    let (Some(m), Some(_)) = (&folder.map, &folder.game) else {
        return;
    };
    let mut areas_walked = Walked::new(resolved.space_areas_but);
    let mut ends_walked = Walked::new(resolved.link_ends_but);
    for (i, s) in m.value.spaces.iter().enumerate() {
        let p = |f: &str| format!("/spaces/{i}/{f}");
        refs.visit(Target::Id(&ids.location_kinds), &s.kind, &|| {
            m.at(&p("kind"))
        });
        if let Some(t) = &s.terrain {
            refs.visit(Target::Id(&ids.terrains), t, &|| m.at(&p("terrain")));
        }
        if areas_walked.next_is(i) {
            for (j, a) in s.areas.iter().enumerate() {
                refs.visit(Target::Id(&ids.areas), a, &|| {
                    m.at(&format!("/spaces/{i}/areas/{j}"))
                });
            }
        }
        if let Some(c) = &s.control {
            refs.visit(Target::SideOrFaction, c, &|| m.at(&p("control")));
        }
        if let Some(c) = &s.capital_of {
            refs.visit(Target::Id(&ids.factions), c, &|| m.at(&p("capital_of")));
        }
        for (j, f) in s.supply_source_for.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                m.at(&format!("/spaces/{i}/supply_source_for/{j}"))
            });
        }
        let source_while = || format!("/spaces/{i}/source_while");
        conditions(ids, &m.src, source_while, &s.source_while, refs);
        for (j, limit) in s.port_limits.iter().enumerate() {
            refs.visit(Target::SideOrFaction, &limit.users, &|| {
                m.at(&format!("/spaces/{i}/port_limits/{j}/users"))
            });
            let only_while = || format!("/spaces/{i}/port_limits/{j}/only_while");
            conditions(ids, &m.src, only_while, &limit.only_while, refs);
        }
    }
    for (i, l) in m.value.links.iter().enumerate() {
        if ends_walked.next_is(i) {
            refs.visit(Target::Id(&ids.spaces), &l.a, &|| {
                m.at(&format!("/links/{i}/a"))
            });
            refs.visit(Target::Id(&ids.spaces), &l.b, &|| {
                m.at(&format!("/links/{i}/b"))
            });
        }
        refs.visit(Target::Id(&ids.link_kinds), &l.kind, &|| {
            m.at(&format!("/links/{i}/kind"))
        });
        for (field, list) in [("only_for", &l.only_for), ("supply_for", &l.supply_for)] {
            for (j, f) in list.iter().enumerate() {
                refs.visit(Target::Id(&ids.factions), f, &|| {
                    m.at(&format!("/links/{i}/{field}/{j}"))
                });
            }
        }
        for (j, u) in l.only_units.iter().enumerate() {
            refs.visit(Target::UnitOrFlag, u, &|| {
                m.at(&format!("/links/{i}/only_units/{j}"))
            });
        }
        let only_while = || format!("/links/{i}/only_while");
        conditions(ids, &m.src, only_while, &l.only_while, refs);
    }
}

pub fn units(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let (Some(u), Some(g)) = (&folder.units, &folder.game) else {
        return;
    };
    for (i, unit) in u.value.units.iter().enumerate() {
        refs.visit(Target::Id(&ids.factions), &unit.faction, &|| {
            u.at(&format!("/units/{i}/faction"))
        });
        refs.visit(Target::Id(&ids.unit_kinds), &unit.kind, &|| {
            u.at(&format!("/units/{i}/kind"))
        });
        for (j, f) in unit.flags.iter().enumerate() {
            refs.visit(Target::Id(&ids.unit_flags), f, &|| {
                u.at(&format!("/units/{i}/flags/{j}"))
            });
        }
        let sides = [
            ("full", Some(&unit.full)),
            ("reduced", unit.reduced.as_ref()),
        ];
        for (side, values) in sides {
            for name in values.into_iter().flat_map(|v| v.keys()) {
                refs.visit(Target::UnitValue(&g.value.unit_values), name, &|| {
                    u.at_key(&format!("/units/{i}/{side}/{name}"))
                });
            }
        }
    }
}
