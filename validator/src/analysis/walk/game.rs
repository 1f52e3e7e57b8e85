//! The references of game.ron: sides, factions, kinds, terrains, areas, spaces and decks it names.

use crate::analysis::ids::Ids;
use crate::load::GameFolder;

use super::target::{Target, Visit};

pub fn game(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let Some(g) = &folder.game else { return };
    let game = &g.value;
    super::scenarios::schedule(ids, &g.src, &game.schedule, refs);
    for (i, f) in game.factions.iter().enumerate() {
        if let Some(side) = &f.side {
            refs.visit(Target::Id(&ids.sides), side, &|| {
                g.at(&format!("/factions/{i}/side"))
            });
        }
    }
    for (i, r) in game.relations.iter().enumerate() {
        refs.visit(Target::Id(&ids.factions), &r.factions.0, &|| {
            g.at(&format!("/relations/{i}/factions/0"))
        });
        refs.visit(Target::Id(&ids.factions), &r.factions.1, &|| {
            g.at(&format!("/relations/{i}/factions/1"))
        });
    }
    for (i, k) in game.location_kinds.iter().enumerate() {
        for (j, cap) in k.kind_caps.iter().enumerate() {
            refs.visit(Target::Id(&ids.unit_kinds), &cap.unit_kind, &|| {
                g.at(&format!("/location_kinds/{i}/kind_caps/{j}/unit_kind"))
            });
        }
    }
    for (i, k) in game.unit_kinds.iter().enumerate() {
        for (j, t) in k.forbidden_terrains.iter().enumerate() {
            refs.visit(Target::Id(&ids.terrains), t, &|| {
                g.at(&format!("/unit_kinds/{i}/forbidden_terrains/{j}"))
            });
        }
    }
    for (i, a) in game.areas.iter().enumerate() {
        for (j, f) in a.closed_to.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                g.at(&format!("/areas/{i}/closed_to/{j}"))
            });
        }
    }
    for (i, (a, b)) in game.stacking.never_together.iter().enumerate() {
        refs.visit(Target::Id(&ids.factions), a, &|| {
            g.at(&format!("/stacking/never_together/{i}/0"))
        });
        refs.visit(Target::Id(&ids.factions), b, &|| {
            g.at(&format!("/stacking/never_together/{i}/1"))
        });
    }
    for (i, l) in game.stacking.faction_limits.iter().enumerate() {
        refs.visit(Target::Id(&ids.factions), &l.faction, &|| {
            g.at(&format!("/stacking/faction_limits/{i}/faction"))
        });
    }
    for (i, s) in game.supply.iter().enumerate() {
        for (j, f) in s.factions.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                g.at(&format!("/supply/{i}/factions/{j}"))
            });
        }
        for (j, f) in s.uses_sources_of.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                g.at(&format!("/supply/{i}/uses_sources_of/{j}"))
            });
        }
        if folder.map.is_some() {
            for (j, sp) in s.limited_sources.iter().enumerate() {
                refs.visit(Target::Id(&ids.spaces), sp, &|| {
                    g.at(&format!("/supply/{i}/limited_sources/{j}"))
                });
            }
        }
        for (j, a) in s.always_supplied_in.iter().enumerate() {
            refs.visit(Target::AreaOrSpace, a, &|| {
                g.at(&format!("/supply/{i}/always_supplied_in/{j}"))
            });
        }
        for (field, list) in [("ports_in", &s.ports_in), ("ports_not_in", &s.ports_not_in)] {
            for (j, a) in list.iter().enumerate() {
                refs.visit(Target::Id(&ids.areas), a, &|| {
                    g.at(&format!("/supply/{i}/{field}/{j}"))
                });
            }
        }
    }
    for (i, a) in game.areas.iter().enumerate() {
        if let Some(f) = &a.closed_while_neutral {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                g.at(&format!("/areas/{i}/closed_while_neutral"))
            });
        }
    }
    for (i, flag) in game.unit_flags.iter().enumerate() {
        for (j, a) in flag.only_in.iter().enumerate() {
            refs.visit(Target::Id(&ids.areas), a, &|| {
                g.at(&format!("/unit_flags/{i}/only_in/{j}"))
            });
        }
        for (j, a) in flag.always_supplied_in.iter().enumerate() {
            refs.visit(Target::AreaOrSpace, a, &|| {
                g.at(&format!("/unit_flags/{i}/always_supplied_in/{j}"))
            });
        }
    }
    for (i, m) in game.marker_kinds.iter().enumerate() {
        for (j, u) in m.port_for.iter().enumerate() {
            refs.visit(Target::UnitOrFlag, u, &|| {
                g.at(&format!("/marker_kinds/{i}/port_for/{j}"))
            });
        }
    }
    for (i, d) in game.decks.iter().enumerate() {
        if let Some(owner) = &d.owner {
            refs.visit(Target::SideOrFaction, owner, &|| {
                g.at(&format!("/decks/{i}/owner"))
            });
        }
    }
}
