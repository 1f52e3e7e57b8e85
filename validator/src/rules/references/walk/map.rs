//! The references of map.ron (kinds, terrains, areas, factions, link ends) and of units.ron
//! (factions, kinds, unit values).

use crate::load::GameFolder;
use crate::rules::ids::Ids;

use super::conditions::conditions;
use super::target::{Target, Visit};

pub fn map(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let (Some(m), Some(_)) = (&folder.map, &folder.game) else {
        return;
    };
    for (i, s) in m.value.spaces.iter().enumerate() {
        let p = |f: &str| format!("/spaces/{i}/{f}");
        refs.visit(Target::Id(&ids.location_kinds), &s.kind, &|| {
            m.at(&p("kind"))
        });
        if let Some(t) = &s.terrain {
            refs.visit(Target::Id(&ids.terrains), t, &|| m.at(&p("terrain")));
        }
        for (j, a) in s.areas.iter().enumerate() {
            refs.visit(Target::Id(&ids.areas), a, &|| {
                m.at(&format!("/spaces/{i}/areas/{j}"))
            });
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
        refs.visit(Target::Id(&ids.spaces), &l.a, &|| {
            m.at(&format!("/links/{i}/a"))
        });
        refs.visit(Target::Id(&ids.spaces), &l.b, &|| {
            m.at(&format!("/links/{i}/b"))
        });
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
