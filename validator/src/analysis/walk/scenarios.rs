//! The references of each scenario: ruleset, factions, seats, relations, control, placements,
//! decks, hands, cards in play and removed, tracks, markers.

use crate::analysis::ids::Ids;
use crate::load::GameFolder;

use super::target::{Target, Visit};

pub fn scenarios(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    for doc in &folder.scenarios {
        let s = &doc.value;
        if folder.game.is_none() {
            continue;
        }
        if let Some(r) = &s.ruleset {
            refs.visit(Target::Id(&ids.rulesets), r, &|| doc.at("/ruleset"));
        }
        for (i, f) in s.factions.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), f, &|| {
                doc.at(&format!("/factions/{i}"))
            });
        }
        for (i, seat) in s.seats.iter().enumerate() {
            for (j, f) in seat.factions.iter().enumerate() {
                refs.visit(Target::Id(&ids.factions), f, &|| {
                    doc.at(&format!("/seats/{i}/factions/{j}"))
                });
            }
        }
        for (i, r) in s.relations.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), &r.factions.0, &|| {
                doc.at(&format!("/relations/{i}/factions/0"))
            });
            refs.visit(Target::Id(&ids.factions), &r.factions.1, &|| {
                doc.at(&format!("/relations/{i}/factions/1"))
            });
        }
        let map = folder.map.is_some();
        for (i, c) in s.control.iter().enumerate() {
            if map {
                refs.visit(Target::Id(&ids.spaces), &c.space, &|| {
                    doc.at(&format!("/control/{i}/space"))
                });
            }
            if let Some(f) = &c.faction {
                refs.visit(Target::SideOrFaction, f, &|| {
                    doc.at(&format!("/control/{i}/faction"))
                });
            }
        }
        for (field, list) in [("neutral", &s.neutral), ("limited_entry", &s.limited_entry)] {
            for (i, f) in list.iter().enumerate() {
                refs.visit(Target::Id(&ids.factions), f, &|| {
                    doc.at(&format!("/{field}/{i}"))
                });
            }
        }
        for (i, a) in s.alignments.iter().enumerate() {
            refs.visit(Target::Id(&ids.factions), &a.faction, &|| {
                doc.at(&format!("/alignments/{i}/faction"))
            });
            refs.visit(Target::Id(&ids.sides), &a.side, &|| {
                doc.at(&format!("/alignments/{i}/side"))
            });
        }
        for (i, p) in s.placements.iter().enumerate() {
            if folder.units.is_some() {
                refs.visit(Target::Id(&ids.units), &p.unit, &|| {
                    doc.at(&format!("/placements/{i}/unit"))
                });
            }
            if map {
                refs.visit(Target::Id(&ids.spaces), &p.at, &|| {
                    doc.at(&format!("/placements/{i}/at"))
                });
            }
        }
        let cards = folder.cards.is_some();
        for (i, d) in s.decks.iter().enumerate() {
            refs.visit(Target::Id(&ids.decks), &d.deck, &|| {
                doc.at(&format!("/decks/{i}/deck"))
            });
            if cards {
                for (j, c) in d.cards.iter().enumerate() {
                    refs.visit(Target::Id(&ids.cards), c, &|| {
                        doc.at(&format!("/decks/{i}/cards/{j}"))
                    });
                }
            }
        }
        for (i, h) in s.hands.iter().enumerate() {
            refs.visit(Target::SideOrFaction, &h.holder, &|| {
                doc.at(&format!("/hands/{i}/holder"))
            });
            if cards {
                for (j, c) in h.cards.iter().enumerate() {
                    refs.visit(Target::Id(&ids.cards), c, &|| {
                        doc.at(&format!("/hands/{i}/cards/{j}"))
                    });
                }
            }
        }
        if cards {
            for (field, list) in [("in_play", &s.in_play), ("removed", &s.removed)] {
                for (j, c) in list.iter().enumerate() {
                    refs.visit(Target::Id(&ids.cards), c, &|| {
                        doc.at(&format!("/{field}/{j}"))
                    });
                }
            }
        }
        schedule(ids, &doc.src, &s.schedule, refs);
        for (i, t) in s.tracks.iter().enumerate() {
            refs.visit(Target::Id(&ids.tracks), &t.track, &|| {
                doc.at(&format!("/tracks/{i}/track"))
            });
        }
        for (i, m) in s.markers.iter().enumerate() {
            refs.visit(Target::Id(&ids.marker_kinds), &m.kind, &|| {
                doc.at(&format!("/markers/{i}/kind"))
            });
            if map {
                refs.visit(Target::Id(&ids.spaces), &m.at, &|| {
                    doc.at(&format!("/markers/{i}/at"))
                });
            }
            if let Some(side) = &m.side {
                refs.visit(Target::SideOrFaction, side, &|| {
                    doc.at(&format!("/markers/{i}/side"))
                });
            }
        }
    }
}

/// The steps of each turn of a schedule (a scenario's or the game's).
pub fn schedule(
    ids: &Ids<'_>,
    src: &crate::load::SourceFile,
    schedule: &[crate::model::Scheduled],
    refs: &mut impl Visit,
) {
    for (i, entry) in schedule.iter().enumerate() {
        super::effects::steps(
            ids,
            src,
            &format!("/schedule/{i}/steps"),
            &entry.steps,
            refs,
        );
    }
}
