//! One state of play of a scenario as a front end shows it (the editor's preview): its start,
//! the start of a turn its schedule changes, or the state after an event. The states are made
//! as the judging makes them (the same turns, the same bases for an event, the same steps of
//! `analysis/events`); where a choice makes several, the first is shown and the count said.

use crate::analysis::events::{Board, Origin, With, expand};
use crate::load::{Doc, GameFolder};
use crate::model::{Id, Scenario};

use super::found::IN_CARDS;
use super::view::Plain;
use super::{Asker, bases_for, turn_states, turns, unresolved};

/// A moment of a scenario that may be shown.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Moment {
    /// The scenario as set up.
    Start,
    /// The start of a turn the schedule changes (the turns before it applied too).
    Turn(u32),
    /// After the card's event, played on the first state it may be played in.
    After(Id),
}

/// A state of play to show.
#[derive(Debug, Clone)]
pub struct Preview {
    pub board: Shown,
    /// For an event: the turn whose state it was played on (None: the scenario's start).
    pub played_on: Option<u32>,
    /// How many states the steps made (a choice makes several; `board` is the first).
    pub states: usize,
}

/// A state as a list of placements, whole: what the editor draws.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The scenario as the state leaves it.
    pub scenario: Scenario,
    /// For each placement: where it comes from (as set up, or made or last changed by a step).
    pub placed_by: Vec<Origin>,
    /// The map's links, each with whether it is open.
    pub links_open: Vec<bool>,
}

impl Shown {
    fn of(board: &Board) -> Self {
        let (scenario, placed_by) = board.scenario();
        Shown {
            scenario,
            placed_by,
            links_open: board.links_open.clone(),
        }
    }
}

/// The moments of the scenario `id` that may be shown: its start, each turn its schedule
/// changes, each card with effects that may be played in one of those states.
pub fn moments(folder: &GameFolder, id: &str) -> Vec<Moment> {
    let Some(doc) = scenario(folder, id) else {
        return Vec::new();
    };
    let mut out = vec![Moment::Start];
    out.extend(turns(folder, doc).into_iter().map(|(t, _)| Moment::Turn(t)));
    let cards = folder.cards.as_ref().map_or(&[][..], |c| &c.value.cards);
    if cards.iter().any(|c| !c.effects.is_empty()) {
        let bases = made(folder, doc, None);
        for card in cards.iter().filter(|c| !c.effects.is_empty()) {
            if !bases_for(card, &bases, &doc.value).is_empty() {
                out.push(Moment::After(card.id.clone()));
            }
        }
    }
    out
}

/// The state of the scenario `id` at `moment`; None when the scenario is not in the folder,
/// the turn is not one its schedule changes, or the card has no event that may be played.
pub fn preview(folder: &GameFolder, id: &str, moment: &Moment) -> Option<Preview> {
    let doc = scenario(folder, id)?;
    match moment {
        Moment::Start => {
            let map = folder.map.as_ref().map(|m| &m.value);
            Some(Preview {
                board: Shown::of(&Board::start(&doc.value, map)),
                played_on: None,
                states: 1,
            })
        }
        Moment::Turn(t) => {
            let mut bases = made(folder, doc, Some(*t));
            let (turn, board, states) = bases.pop()?;
            (turn == Some(*t)).then_some(Preview {
                board: Shown::of(&board),
                played_on: None,
                states,
            })
        }
        Moment::After(card_id) => {
            let cards = folder.cards.as_ref().map_or(&[][..], |c| &c.value.cards);
            let (k, card) = cards
                .iter()
                .enumerate()
                .find(|(_, c)| c.id == *card_id && !c.effects.is_empty())?;
            let bases = made(folder, doc, None);
            let (turn, base, _) = bases_for(card, &bases, &doc.value).into_iter().next()?;
            let list = format!("/cards/{k}/effects");
            let (plain, unresolved) = (Plain::of(folder, doc), unresolved(folder, doc));
            let asker = Asker {
                folder,
                plain: &plain,
                shared: None,
                memo: super::memo::Memo::default(),
            };
            let with = with(folder, &asker, &unresolved);
            let x = expand(
                base.clone(),
                &card.effects,
                (IN_CARDS, &list),
                Some(&card.id),
                &with,
            );
            let states = x.boards.len();
            let board = x.boards.into_iter().next()?;
            Some(Preview {
                board: Shown::of(&board),
                played_on: turn,
                states,
            })
        }
    }
}

fn scenario<'f>(folder: &'f GameFolder, id: &str) -> Option<&'f Doc<Scenario>> {
    folder.scenarios.iter().find(|s| s.value.id == id)
}

fn with<'w>(
    folder: &'w GameFolder,
    asker: &'w Asker<'_, '_>,
    unresolved: &'w [(usize, String)],
) -> With<'w> {
    With {
        map: folder.map.as_ref().map(|m| &m.value),
        game: folder.game.as_ref().map(|g| &g.value),
        cards: folder.cards.as_ref().map_or(&[], |c| &c.value.cards),
        cards_file: IN_CARDS,
        ask: asker,
        unresolved,
    }
}

/// The start and the start of each turn the schedule changes (up to `until`), each made from
/// the one before, with how many states its steps made (the first goes on).
fn made(
    folder: &GameFolder,
    doc: &Doc<Scenario>,
    until: Option<u32>,
) -> Vec<(Option<u32>, Board, usize)> {
    let (plain, unresolved) = (Plain::of(folder, doc), unresolved(folder, doc));
    let asker = Asker {
        folder,
        plain: &plain,
        shared: None,
        memo: super::memo::Memo::default(),
    };
    let with = with(folder, &asker, &unresolved);
    let mut out = vec![(None, Board::start(&doc.value, with.map), 1)];
    for (turn, entries) in turns(folder, doc) {
        if until.is_some_and(|u| turn > u) {
            break;
        }
        let before = &out.last().expect("the start is first").1;
        let (boards, _) = turn_states(before, entries, &with, |_, _, _| {});
        let states = boards.len();
        if let Some(b) = boards.into_iter().next() {
            out.push((Some(turn), b, states));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    /// The events fixture: a game schedule (turn 2), a scenario's (turns 3 and 5), four events.
    fn folder() -> GameFolder {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid/events");
        let files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
            .expect("fixture")
            .map(|e| {
                let path = e.expect("entry").path();
                let body = std::fs::read_to_string(&path).expect("fixture file");
                (path, body)
            })
            .collect();
        crate::load::load_texts(&dir, &files, &mut Vec::new())
    }

    #[test]
    fn the_moments_are_the_start_the_scheduled_turns_and_the_playable_events() {
        let f = folder();
        let m = moments(&f, "1914");
        assert_eq!(
            m[..4],
            [
                Moment::Start,
                Moment::Turn(2),
                Moment::Turn(3),
                Moment::Turn(5)
            ]
        );
        assert!(m.contains(&Moment::After("bef".into())), "{m:?}");
        assert!(moments(&f, "no-such-scenario").is_empty());
    }

    #[test]
    fn a_state_is_the_boards_the_judging_makes_the_first_of_a_choice_shown() {
        let f = folder();
        let start = preview(&f, "1914", &Moment::Start).expect("the start");
        assert_eq!(start.board.scenario, f.scenarios[0].value);
        let winter = preview(&f, "1914", &Moment::Turn(3)).expect("turn 3");
        assert_eq!(winter.board.links_open.iter().filter(|o| !**o).count(), 1);
        let spring = preview(&f, "1914", &Moment::Turn(5)).expect("turn 5");
        assert!(spring.board.links_open.iter().all(|o| *o));
        let bef = preview(&f, "1914", &Moment::After("bef".into())).expect("bef");
        assert!(
            bef.board
                .scenario
                .placements
                .iter()
                .any(|p| p.unit == "br-bef" && p.at == "calais")
        );
        let marne = preview(&f, "1914", &Moment::After("miracle-of-the-marne".into()));
        assert_eq!(
            marne.expect("marne").states,
            2,
            "a OneOf of two makes two states"
        );
        assert!(
            preview(&f, "1914", &Moment::Turn(4)).is_none(),
            "no schedule on turn 4"
        );
        assert!(preview(&f, "1914", &Moment::After("nothing".into())).is_none());
    }
}
