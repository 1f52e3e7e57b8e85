//! Steps applied to a state, their choices expanded: each alternative of a `OneOf`, each pick
//! of an `UpTo`, the branch an `If` takes in that state, the events a `Play` plays. Up to a
//! bound of states; past it, the count of all there would be, so the cut is never silent.

use std::collections::HashMap;

use crate::model::{Card, Game, MapFile, Step};

use super::at::StepAt;
use super::board::Board;

/// The most states one event (or one turn) makes before the rest are counted, not judged.
pub const BOUND: usize = 64;

/// The most steps one event applies (a `Play` applies its card's steps again each time):
/// past it, none of its states is judged and E002 says so, so that plays of plays are never
/// a hang.
pub const WORK: usize = 100_000;

/// What a condition of an `If` is judged by: a CEL expression over a state.
pub trait Ask {
    /// Whether `expr` holds in `board`; Err says why it cannot be judged.
    fn holds(&self, board: &Board, expr: &str) -> Result<bool, String>;
}

/// What the steps are applied with.
pub struct With<'a> {
    pub map: Option<&'a MapFile>,
    pub game: Option<&'a Game>,
    /// Every card, for `Play`, and the index of cards.ron among the folder's sources.
    pub cards: &'a [Card],
    pub cards_file: usize,
    pub ask: &'a dyn Ask,
    /// Where references name nothing (R002 says so): a step holding one is not applied, so
    /// that one fault makes one finding.
    pub unresolved: &'a [(usize, String)],
}

/// The states steps make from one state.
pub struct Expanded {
    pub boards: Vec<Board>,
    /// How many states there would be without the bound (at most: a condition decides).
    pub ways: u64,
    /// Each condition judged: where it is written, and whether it held.
    pub conditions: Vec<(StepAt, bool)>,
    /// Whether the steps would apply more than [`WORK`] steps (no state is then kept).
    pub past_work: bool,
}

/// `steps`, written at `list` in the file `file`, applied to `start`; `card`: the card whose
/// event they are (a `Play` of it again stops there: E004 reports the cycle).
pub fn expand<'w>(
    start: Board,
    steps: &'w [Step],
    (file, list): (usize, &str),
    card: Option<&'w str>,
    with: &With<'w>,
) -> Expanded {
    let mut out = Expanded {
        boards: Vec::new(),
        ways: ways(steps, with),
        conditions: Vec::new(),
        past_work: false,
    };
    let mut run = Run {
        with,
        playing: card.into_iter().collect(),
        conditions: &mut out.conditions,
        left: WORK,
    };
    let boards = run.steps(vec![start], steps, file, list);
    // a state made of part of the steps would show faults the event does not make
    out.past_work = run.left == 0;
    if !out.past_work {
        out.boards = boards;
    }
    out
}

struct Run<'a, 'w> {
    with: &'a With<'w>,
    /// The cards being played (a card that plays itself again is E004's; it stops here).
    playing: Vec<&'w str>,
    conditions: &'a mut Vec<(StepAt, bool)>,
    /// How many more steps may be applied ([`WORK`]).
    left: usize,
}

impl<'w> Run<'_, 'w> {
    /// The steps of the list written at `list`.
    fn steps(
        &mut self,
        boards: Vec<Board>,
        steps: &'w [Step],
        file: usize,
        list: &str,
    ) -> Vec<Board> {
        let items = steps
            .iter()
            .enumerate()
            .map(|(i, s)| (step_at(file, &format!("{list}/{i}"), s), s));
        self.seq(boards, items.collect())
    }

    /// Steps one after the other, each on every state the ones before made.
    fn seq(&mut self, mut boards: Vec<Board>, items: Vec<(StepAt, &'w Step)>) -> Vec<Board> {
        for (at, step) in items {
            let mut next = Vec::new();
            for b in boards {
                next.extend(self.one(b, step, &at));
                if next.len() >= BOUND {
                    break;
                }
            }
            next.truncate(BOUND);
            boards = next;
        }
        boards
    }

    fn one(&mut self, mut b: Board, step: &'w Step, at: &StepAt) -> Vec<Board> {
        if self.left == 0 {
            return vec![b];
        }
        self.left -= 1;
        let here = &at.pointer;
        match step {
            Step::Play { card } => {
                b.applied.push(at.clone());
                let Some((k, c)) = self
                    .with
                    .cards
                    .iter()
                    .enumerate()
                    .find(|(_, c)| c.id == *card)
                else {
                    return vec![b];
                };
                if self.playing.contains(&c.id.as_str()) {
                    return vec![b];
                }
                self.playing.push(&c.id);
                let list = format!("/cards/{k}/effects");
                let out = self.steps(vec![b], &c.effects, self.with.cards_file, &list);
                self.playing.pop();
                out
            }
            Step::If {
                when,
                then,
                otherwise,
                ..
            } => {
                b.applied.push(at.clone());
                match self.with.ask.holds(&b, when) {
                    Ok(holds) => {
                        self.conditions.push((at.clone(), holds));
                        let (branch, name) = match holds {
                            true => (then, "then"),
                            false => (otherwise, "otherwise"),
                        };
                        self.steps(vec![b], branch, at.file, &format!("{here}/{name}"))
                    }
                    Err(why) => {
                        b.failures.push(super::board::Failure {
                            at: at.clone(),
                            message: format!("the condition cannot be judged in this state: {why}"),
                            help: "write `when` as a Scenario check's expression that gives true or false".into(),
                        });
                        vec![b]
                    }
                }
            }
            Step::OneOf(options) => {
                let mut out = Vec::new();
                let mut b = Some(b);
                for (j, option) in options.iter().enumerate() {
                    // the last alternative takes the state itself: a large one is costly to copy
                    let here_b = match j + 1 == options.len() {
                        true => b.take(),
                        false => b.clone(),
                    };
                    let Some(from) = here_b else { break };
                    out.extend(self.steps(vec![from], option, at.file, &format!("{here}/{j}")));
                    if out.len() >= BOUND {
                        break;
                    }
                }
                out
            }
            Step::UpTo { n, of } => {
                let mut out = Vec::new();
                for pick in picks(of.len(), *n as usize) {
                    let items = pick
                        .into_iter()
                        .map(|j| (step_at(at.file, &format!("{here}/of/{j}"), &of[j]), &of[j]));
                    out.extend(self.seq(vec![b.clone()], items.collect()));
                    if out.len() >= BOUND {
                        break;
                    }
                }
                out
            }
            _ => {
                let inside = |(f, p): &(usize, String)| {
                    *f == at.file
                        && p.strip_prefix(here.as_str())
                            .is_some_and(|r| r.starts_with('/'))
                };
                if !self.with.unresolved.iter().any(inside) {
                    b.apply(step, at, self.with.map, self.with.game);
                }
                vec![b]
            }
        }
    }
}

/// Where the step written at `item` (`/cards/3/effects/0`) is: under its variant's name.
fn step_at(file: usize, item: &str, step: &Step) -> StepAt {
    StepAt {
        file,
        pointer: format!("{item}/{}", crate::analysis::walk::effects::variant(step)),
    }
}

/// Every pick of at least one and at most `n` of `m` things, as ascending indices.
fn picks(m: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..n.min(m) {
        let mut next = Vec::new();
        for p in &frontier {
            let from = p.last().map_or(0, |l| l + 1);
            for j in from..m {
                let mut q = p.clone();
                q.push(j);
                next.push(q);
            }
            if out.len() + next.len() > BOUND * 4 {
                break;
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
        // past the bound, longer picks are not made at all (each size would add up to `m`
        // more, `n` times over: UpTo(n: 2000) of 2000 steps built gigabytes of picks)
        if out.len() > BOUND * 4 {
            break;
        }
    }
    out
}

/// How many states `steps` make at most (saturating). A `Play` counts the states of the card
/// it plays, worked out once per card (a card played again inside its own play counts one:
/// E004's cycle, which the expansion stops at).
pub fn ways(steps: &[Step], with: &With<'_>) -> u64 {
    Counter {
        with,
        done: HashMap::new(),
        playing: Vec::new(),
    }
    .steps(steps)
}

struct Counter<'a, 'w> {
    with: &'a With<'w>,
    /// Each card's count, once worked out.
    done: HashMap<&'w str, u64>,
    playing: Vec<&'w str>,
}

impl<'w> Counter<'_, 'w> {
    fn steps(&mut self, steps: &'w [Step]) -> u64 {
        steps
            .iter()
            .fold(1u64, |acc, s| acc.saturating_mul(self.one(s)))
    }

    fn one(&mut self, step: &'w Step) -> u64 {
        match step {
            Step::OneOf(options) => options
                .iter()
                .fold(0u64, |acc, o| acc.saturating_add(self.steps(o))),
            Step::UpTo { n, of } => {
                let inner = of.iter().map(|s| self.one(s)).max().unwrap_or(1);
                let m = of.len() as u64;
                (1..=(*n as u64).min(m)).fold(0u64, |acc, k| {
                    acc.saturating_add(choose(m, k).saturating_mul(inner.saturating_pow(k as u32)))
                })
            }
            Step::If {
                then, otherwise, ..
            } => self.steps(then).max(self.steps(otherwise)),
            Step::Play { card } => {
                let Some(c) = self.with.cards.iter().find(|c| c.id == *card) else {
                    return 1;
                };
                let id = c.id.as_str();
                if let Some(&n) = self.done.get(id) {
                    return n;
                }
                if self.playing.contains(&id) {
                    return 1;
                }
                self.playing.push(id);
                let n = self.steps(&c.effects);
                self.playing.pop();
                self.done.insert(id, n);
                n
            }
            _ => 1,
        }
    }
}

fn choose(m: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(m - i) / (i + 1))
}
