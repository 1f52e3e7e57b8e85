//! A scenario's view as a check reads it (`scenario.neutral`, `scenario.relations`...): its
//! start as written, each list of entries made a list or a map by id.

use crate::model::{Holder, Id, Scenario, Stance};

use super::data::{Data, F};
use super::value::Val;

impl<'a> Data<'a> {
    pub(super) fn scenario_field(&self, s: &'a Scenario, f: F) -> Option<Val<'_>> {
        let by_key = |entries: Vec<(&'a Id, Val<'a>)>| {
            Val::map(entries.into_iter().map(|(k, v)| (Val::Str(k), v)).collect())
        };
        Some(match f {
            F::Id => Val::Str(&s.id),
            F::Ruleset => Val::opt_str(s.ruleset.as_ref()),
            F::FirstTurn => Val::Int(s.turns.first.into()),
            F::LastTurn => Val::Int(s.turns.last.into()),
            F::Factions => Val::Ids(&s.factions),
            F::Neutral => Val::Ids(&s.neutral),
            F::LimitedEntry => Val::Ids(&s.limited_entry),
            F::Alignments => by_key(
                s.alignments
                    .iter()
                    .map(|a| (&a.faction, Val::Str(&a.side)))
                    .collect(),
            ),
            F::InPlay => Val::Ids(&s.in_play),
            F::Removed => Val::Ids(&s.removed),
            F::Placements => Val::Int(s.placements.len() as i64),
            F::Decks => by_key(
                s.decks
                    .iter()
                    .map(|d| (&d.deck, Val::Ids(&d.cards)))
                    .collect(),
            ),
            F::Hands => by_key(
                s.hands
                    .iter()
                    .map(|h| (&h.holder, Val::Ids(&h.cards)))
                    .collect(),
            ),
            F::Markers => Val::list(
                s.markers
                    .iter()
                    .map(|m| {
                        Val::map(vec![
                            (Val::Str("kind"), Val::Str(&m.kind)),
                            (Val::Str("at"), Val::Str(&m.at)),
                            (Val::Str("side"), Val::opt_str(m.side.as_ref())),
                        ])
                    })
                    .collect(),
            ),
            F::Tracks => by_key(
                s.tracks
                    .iter()
                    .map(|t| (&t.track, Val::Int(t.value.into())))
                    .collect(),
            ),
            F::Relations => Val::list(
                s.relations
                    .iter()
                    .map(|r| {
                        let (a, b) = &r.factions;
                        Val::map(vec![
                            (
                                Val::Str("factions"),
                                Val::list(vec![Val::Str(a), Val::Str(b)]),
                            ),
                            (Val::Str("stance"), Val::Str(stance(r.stance))),
                        ])
                    })
                    .collect(),
            ),
            F::Attrs => Val::Attrs(Holder::Scenario, &s.attrs),
            _ => return None,
        })
    }
}

/// A stance as game.ron and scenarios write it.
pub(super) fn stance(s: Stance) -> &'static str {
    match s {
        Stance::Allied => "Allied",
        Stance::AlliedApart => "AlliedApart",
        Stance::Neutral => "Neutral",
        Stance::Enemy => "Enemy",
    }
}
