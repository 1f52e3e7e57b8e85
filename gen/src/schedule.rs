//! The schedules of a game with events: game.ron's (war weariness on every other turn,
//! reinforcements, a card into its deck) and each scenario's own (a winter closing two links
//! and opening a depot, a spring opening them and closing it, a front that may move), from their own share of the pools, so that
//! an event judged on a turn's state never finds its things used.

use orbat_validator::model::{CardsTo, Id, Scenario, Scheduled, Step};

use crate::cast::FACTIONS;
use crate::pools::Pools;

/// The schedule's share of the pools.
pub(crate) fn share(pools: &mut Pools) -> Pools {
    pools.split(2, 2, 2)
}

/// game.ron's schedule: every scenario gets it on the turns its `turns` cover.
pub(crate) fn game(own: &mut Pools, scenarios: &[Scenario]) -> Vec<Scheduled> {
    let last = scenarios.iter().map(|s| s.turns.last).max().unwrap_or(10);
    let mut out = vec![Scheduled {
        turns: (2..=last).step_by(2).collect(),
        why: "war weariness".into(),
        steps: vec![Step::ShiftTrack {
            track: "war-status".into(),
            by: 1,
        }],
    }];
    // each faction's first two spare counters arrive together on turn 3
    let mut arrivals = Vec::new();
    for f in 0..FACTIONS.len() {
        let (Some(u), Some(v), Some(at)) = (
            own.units[f].take(),
            own.units[f].take(),
            own.targets[f].take(),
        ) else {
            continue;
        };
        arrivals.push(Step::Place {
            units: if u == v { vec![u] } else { vec![u, v] },
            at,
            reduced: false,
        });
    }
    if !arrivals.is_empty() {
        out.push(Scheduled {
            turns: vec![3],
            why: "reinforcements".into(),
            steps: arrivals,
        });
    }
    if let Some((card, deck)) = own.others.take() {
        out.push(Scheduled {
            turns: vec![6],
            why: "a late card is shuffled into its deck".into(),
            steps: vec![Step::Cards {
                cards: vec![card],
                to: CardsTo::Deck(deck),
            }],
        });
    }
    out
}

/// Scenario `k`'s own schedule, on turns inside its `turns`: a winter that closes the
/// schedule's links and a spring that opens them, and a front that may move.
pub(crate) fn scenario(k: usize, s: &Scenario, own: &mut Pools) -> Vec<Scheduled> {
    let first = s.turns.first;
    let mut out = Vec::new();
    let links: Vec<(Id, Id)> = (0..2).filter_map(|_| own.links.take()).collect();
    if !links.is_empty() && first + 3 <= s.turns.last {
        let (mut winter, mut spring) = (
            vec![Step::CloseLinks {
                links: links.clone(),
                kind: None,
            }],
            vec![Step::OpenLinks { links, kind: None }],
        );
        // a depot supplies the winter front, and closes in spring
        if let Some((space, faction)) = own.gains.take() {
            winter.push(Step::GainSupplySource {
                space: space.clone(),
                faction: faction.clone(),
            });
            spring.push(Step::LoseSupplySource { space, faction });
        }
        out.push(Scheduled {
            turns: vec![first + 1],
            why: "winter closes the passes; a depot opens".into(),
            steps: winter,
        });
        out.push(Scheduled {
            turns: vec![first + 3],
            why: "spring opens them; the depot closes".into(),
            steps: spring,
        });
    }
    if let Some((space, faction)) = own.flips.take() {
        // the first alternative is the state later turns build on
        out.push(Scheduled {
            turns: vec![first + 2 + (k % 2) as u32],
            why: "the front may move".into(),
            steps: vec![Step::OneOf(vec![
                vec![Step::Control {
                    space,
                    faction: Some(faction),
                }],
                Vec::new(),
            ])],
        });
    }
    out
}
