//! Every state of play a game's changes make, judged by every rule: for each scenario, the
//! start of each turn its schedule changes (the game's `schedule`, then its own), and the
//! state after each event playable in it (applied to its start, and to the scheduled turns
//! inside the card's `event_turns`), each choice expanded (analysis/events). A state's
//! findings that the state it came from did not have are reported, located on the step.

pub mod examples;
mod found;
mod memo;
mod played;
pub mod preview;
mod reduced;
mod stances;
mod view;

use std::collections::HashSet;

use crate::analysis::events::{self, Ask, Board, With, expand};
use crate::analysis::ids::Ids;
use crate::analysis::supply::trace::Lines;
use crate::analysis::world::World;
use crate::diagnostic::{Diagnostic, State};
use crate::file_kind::FileKind;
use crate::load::{Doc, GameFolder};
use crate::model::{Card, Scenario, Scheduled, StateKind};
use crate::rules::Context;
use crate::rules::events::e002_choices_past_bound::E002;
use crate::rules::events::e003_condition_never_holds::E003;
use crate::spread;

use crate::analysis::placements::SetUp;
use found::{IN_CARDS, IN_GAME, IN_SCENARIO, Scene, Shared};
use view::Plain;

/// Judges the states of every scenario of `folder` (a view of a game folder).
pub fn judge(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    judge_states(folder, out, true);
}

/// [`judge`] with every state judged in a folder built for it alone, none shared or reduced
/// (as states were judged before they shared one): what both find must be the same, which
/// tests compare.
#[doc(hidden)]
pub fn judge_whole(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    judge_states(folder, out, false);
}

fn judge_states(folder: &GameFolder, out: &mut Vec<Diagnostic>, share: bool) {
    let cards: &[Card] = folder.cards.as_ref().map_or(&[], |c| &c.value.cards);
    let game_schedule = folder.game.as_ref().map_or(&[][..], |g| &g.value.schedule);
    let any = cards.iter().any(|c| !c.effects.is_empty())
        || !game_schedule.is_empty()
        || folder
            .scenarios
            .iter()
            .any(|s| !s.value.schedule.is_empty());
    // a file that failed to load would make every state lack what it holds (no cascades)
    if !any || folder.failed.iter().any(|k| *k != FileKind::Text) {
        return;
    }
    // the values' own faults the start found: no declared check says more about them
    let faults: Vec<Diagnostic> = out
        .iter()
        .filter(|d| crate::rules::game::held::is_fault(d))
        .cloned()
        .collect();
    // on a stack deep enough for the conditions' language, grown once here rather than for
    // each condition asked (`rules::game::ask`)
    let found = spread::filter_map(&folder.scenarios, |doc| {
        Some(stacker::grow(crate::rules::game::ask::STACK * 2, || {
            scenario(folder, doc, &faults, share)
        }))
    });
    let mut conditions: Vec<(events::StepAt, bool, Location)> = Vec::new();
    for (diagnostics, held) in found {
        out.extend(diagnostics);
        conditions.extend(held);
    }
    never_holds(conditions, out);
}

use crate::diagnostic::Location;

/// The findings of one scenario's states, and each condition judged (where, whether it held).
fn scenario(
    folder: &GameFolder,
    doc: &Doc<Scenario>,
    faults: &[Diagnostic],
    share: bool,
) -> (Vec<Diagnostic>, Vec<(events::StepAt, bool, Location)>) {
    let plain = Plain::of(folder, doc);
    let map = folder.map.as_ref().map(|m| &m.value);
    // the folder as the start leaves it, its ids and its world, built once for every state
    // that changes the scenario alone (a game's declared checks read each state whole)
    let shared = view::view(folder, &plain, &Board::start(&doc.value, map));
    let ids = Ids::build(&shared);
    let world = World::new(&shared, &ids);
    let cx = Context::new(&shared, &ids, world.as_ref(), crate::registry::rules());
    let checks = folder
        .checks
        .as_ref()
        .is_some_and(|c| !c.value.checks.is_empty());
    let set_up = SetUp::new(cx.world, cx.placements_of(0));
    let start = Board::start(&doc.value, map);
    let scene = Scene {
        folder,
        doc,
        plain,
        faults,
        shared: (share && !checks).then_some(Shared {
            cx: &cx,
            set_up: &set_up,
            map_of: &start,
            reach: cx.world.map_or(found::Reach::NOTHING, found::Reach::of),
        }),
    };
    let asker = Asker {
        folder,
        plain: &scene.plain,
        shared: share.then_some((&cx, &start, &set_up)),
        memo: memo::Memo::default(),
    };
    let with = With {
        map: folder.map.as_ref().map(|m| &m.value),
        game: folder.game.as_ref().map(|g| &g.value),
        cards: folder.cards.as_ref().map_or(&[], |c| &c.value.cards),
        cards_file: IN_CARDS,
        ask: &asker,
        unresolved: &unresolved(folder, doc),
    };
    let mut out = Vec::new();
    let mut held = Vec::new();
    let id = &doc.value.id;
    let start_keys = scene
        .judge(&start, (StateKind::Start, None), None, (0, 0))
        .keys;
    // the start of each turn the schedule changes, each from the one before
    // each with the keys of what it found and the supply searches its events make
    let mut bases: Vec<played::Base> = Vec::new();
    bases.push((None, start.clone(), (start_keys, Lines::default())));
    for (turn, entries) in turns(folder, doc) {
        let (_, before, (before_keys, _)) = bases.last().expect("the start is first");
        let (from, failures_from) = (before.applied.len(), before.failures.len());
        let (boards, cut) = turn_states(before, entries, &with, |x, list, file| {
            held.extend(x.conditions.iter().cloned());
            past_bound(&scene, x, list, file, &mut out);
        });
        if let Some((ways, list, file)) = cut {
            let at = events::StepAt {
                file,
                pointer: list,
            };
            out.push(
                Diagnostic::new(
                    &E002,
                    format!(
                        "the schedule's choices on turn {turn} make up to {ways} states in \
                         `{id}`; the first {} were judged",
                        events::BOUND
                    ),
                    scene.step_location(&at),
                )
                .with_help("fewer choices on one turn, or some moved to other turns"),
            );
        }
        let state = State {
            scenario: id.to_string(),
            turn: Some(turn),
            after: None,
        };
        let mut first = None;
        for b in boards {
            let j = scene.judge(
                &b,
                (StateKind::Turns, Some(&state)),
                Some((before_keys, None)),
                (from, failures_from),
            );
            out.extend(j.new);
            first.get_or_insert((b, j.keys));
        }
        if let Some((b, mut keys)) = first {
            // what the start found stays known: a rule a state skips (the cards', the map's,
            // when they did not change) found it there
            keys.extend(bases[0].2.0.iter().cloned());
            bases.push((Some(turn), b, (keys, Lines::default())));
        }
    }
    // each event playable, on each state it may be played in
    played::events(&scene, &bases, &with, &mut out, &mut held);
    let held = held
        .into_iter()
        .map(|(s, h)| {
            let l = scene.step_location(&s);
            (s, h, l)
        })
        .collect();
    (dedup(out), held)
}

/// The schedule's entries of one turn: (file, pointer of the steps, steps).
type Entries<'f> = Vec<(usize, String, &'f [crate::model::Step])>;

/// The states one scheduled turn makes from the state before it: each entry's steps applied
/// to every state the entries before made, up to [`events::BOUND`] states; `each` sees every
/// expansion (its list, its file). Past the bound: how many states there would be, and the
/// last entry's list and file.
fn turn_states<'w>(
    before: &Board,
    entries: Entries<'w>,
    with: &With<'w>,
    mut each: impl FnMut(&events::Expanded, &str, usize),
) -> (Vec<Board>, Option<(u64, String, usize)>) {
    let mut boards = vec![before.clone()];
    let (mut ways, mut cut) = (1u64, None);
    for (file, list, steps) in entries {
        let mut next = Vec::new();
        let mut most = 1;
        for b in boards {
            let x = expand(b, steps, (file, &list), None, with);
            each(&x, &list, file);
            most = most.max(x.ways);
            next.extend(x.boards);
        }
        ways = ways.saturating_mul(most);
        if next.len() > events::BOUND {
            next.truncate(events::BOUND);
            cut = Some((list, file));
        }
        boards = next;
    }
    (boards, cut.map(|(list, file)| (ways, list, file)))
}

/// The turns the schedule changes, each with its entries.
fn turns<'f>(folder: &'f GameFolder, doc: &'f Doc<Scenario>) -> Vec<(u32, Entries<'f>)> {
    let game = folder.game.as_ref().map_or(&[][..], |g| &g.value.schedule);
    let own = &doc.value.schedule;
    let range = doc.value.turns.first..=doc.value.turns.last;
    let entries = |file: usize, list: &'f [Scheduled]| {
        list.iter().enumerate().map(move |(i, e)| (file, i, e))
    };
    let all: Vec<(usize, usize, &Scheduled)> = entries(IN_GAME, game)
        .chain(entries(IN_SCENARIO, own))
        .collect();
    let mut turns: Vec<u32> = all
        .iter()
        .flat_map(|(.., e)| e.turns.iter().copied())
        .filter(|t| range.contains(t))
        .collect();
    turns.sort_unstable();
    turns.dedup();
    turns
        .into_iter()
        .map(|t| {
            let on: Vec<_> = all
                .iter()
                .filter(|(.., e)| e.turns.contains(&t))
                .map(|&(file, i, e)| (file, format!("/schedule/{i}/steps"), &e.steps[..]))
                .collect();
            (t, on)
        })
        .collect()
}

/// The states `card`'s event is judged on: the start where it may be played then, and each
/// scheduled turn inside its `event_turns`; without them, the first state that holds it.
fn bases_for<'b, T>(
    card: &Card,
    bases: &'b [(Option<u32>, Board, T)],
    scenario: &Scenario,
) -> Vec<(Option<u32>, &'b Board, &'b T)> {
    let first = scenario.turns.first;
    let holds = |b: &Board| playable(&b.rest, card);
    match &card.event_turns {
        Some(w) => bases
            .iter()
            .filter(|(t, b, _)| {
                let t = t.unwrap_or(first);
                (w.first..=w.last).contains(&t) && holds(b)
            })
            .map(|(t, b, k)| (*t, b, k))
            .collect(),
        None => bases
            .iter()
            .find(|(_, b, _)| holds(b))
            .map(|(t, b, k)| (*t, b, k))
            .into_iter()
            .collect(),
    }
}

/// Whether `card` may be played in a state: in a draw pile or a hand; when the scenario deals
/// no cards at all, any card not out of the game or in play.
fn playable(s: &Scenario, card: &Card) -> bool {
    // an event that requires others is played only once they have been (in play or removed)
    let played = |c: &crate::model::Id| s.in_play.contains(c) || s.removed.contains(c);
    if !card.requires.iter().all(played) {
        return false;
    }
    let dealt =
        s.decks.iter().any(|d| !d.cards.is_empty()) || s.hands.iter().any(|h| !h.cards.is_empty());
    if !dealt {
        return !s.removed.contains(&card.id) && !s.in_play.contains(&card.id);
    }
    s.decks.iter().any(|d| d.cards.contains(&card.id))
        || s.hands.iter().any(|h| h.cards.contains(&card.id))
}

/// E002 when steps make more states than are judged, or apply more steps than are worked.
fn past_bound(
    scene: &Scene<'_>,
    x: &events::Expanded,
    list: &str,
    file: usize,
    out: &mut Vec<Diagnostic>,
) {
    let (id, judged) = (&scene.doc.value.id, x.boards.len());
    let (message, help) = if x.past_work {
        (
            format!(
                "these steps apply more than {} steps in `{id}` (cards played by played cards, \
                 over and over); none of the states they make were judged",
                events::WORK
            ),
            "play each card once: a `Play` applies all of its card's steps again",
        )
    } else if x.ways as usize > judged && judged >= events::BOUND {
        (
            format!(
                "these steps make up to {} states in `{id}`; the first {judged} were judged",
                x.ways
            ),
            "fewer alternatives (OneOf, UpTo), or the choice split over several cards",
        )
    } else {
        return;
    };
    let at = events::StepAt {
        file,
        pointer: list.to_owned(),
    };
    out.push(Diagnostic::new(&E002, message, scene.step_location(&at)).with_help(help));
}

/// E003 for each condition that held in no state it was judged in.
fn never_holds(conditions: Vec<(events::StepAt, bool, Location)>, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<(String, usize, bool, Location)> = Vec::new();
    for (at, held, loc) in conditions {
        match seen
            .iter_mut()
            .find(|(p, f, ..)| *p == at.pointer && *f == at.file)
        {
            Some(s) => s.2 |= held,
            None => seen.push((at.pointer, at.file, held, loc)),
        }
    }
    for (_, _, held, loc) in seen {
        if !held {
            out.push(
                Diagnostic::new(&E003, "this condition holds in no state it is judged in", loc)
                    .with_help("its `then` can never happen: correct the condition or the data it reads, or take the `If` out"),
            );
        }
    }
}

/// The same finding from several states of one scenario once (the first state's).
fn dedup(found: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut seen = HashSet::new();
    found
        .into_iter()
        .filter(|d| {
            let raw = d
                .message
                .split_once(": ")
                .map_or(&d.message[..], |(_, m)| m);
            let related = d
                .related
                .first()
                .map(|r| (r.location.file.clone(), r.location.span.clone()));
            seen.insert((d.code, raw.to_owned(), d.location.span.clone(), related))
        })
        .collect()
}

/// Conditions judged through the declared checks' language, on the state as it stands.
struct Asker<'s, 'c> {
    folder: &'s GameFolder,
    plain: &'s Plain,
    /// A folder built once, the state it was built from, and the scenario's placements as
    /// set up: a state that differs from that one in its scenario alone is asked in it.
    shared: Option<(&'c Context<'c>, &'c Board, &'c SetUp)>,
    memo: memo::Memo,
}

impl Ask for Asker<'_, '_> {
    fn holds(&self, board: &Board, expr: &str) -> Result<bool, String> {
        self.memo.holds(board, expr, || self.ask(board, expr))
    }
}

impl Asker<'_, '_> {
    fn ask(&self, board: &Board, expr: &str) -> Result<bool, String> {
        let shared = self
            .shared
            .filter(|(_, of, _)| view::same_beyond(board, of));
        if let Some((cx, _, set_up)) = shared {
            let (value, placed_by) = view::scenario_of(board);
            let doc = crate::load::Doc {
                src: self.plain.scenario.clone(),
                value,
            };
            let placed = (cx.world).map(|w| {
                crate::analysis::placements::Placements::of_state(w, &doc, set_up, &placed_by)
            });
            return crate::rules::game::ask::holds_in(cx, (&doc, placed), expr);
        }
        let folder = view::view(self.folder, self.plain, board);
        crate::rules::game::ask::holds(&folder, expr)
    }
}

/// Where the steps of `folder`'s cards and game, and of `scenario`, name nothing (file,
/// pointer in the view): R002 reports them.
fn unresolved(folder: &GameFolder, scenario: &Doc<Scenario>) -> Vec<(usize, String)> {
    use crate::analysis::walk::{Target, Visit, effects, schedule};
    struct Misses<'i, 'a> {
        ids: &'i crate::analysis::ids::Ids<'a>,
        file: usize,
        out: Vec<(usize, String)>,
    }
    impl Visit for Misses<'_, '_> {
        fn visit(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool {
            let known = match target {
                Target::Id(t) => !t.loaded || t.contains(value),
                Target::SideOrFaction => {
                    self.ids.sides.contains(value) || self.ids.factions.contains(value)
                }
                _ => true,
            };
            if !known && let Some(p) = at().pointer {
                self.out.push((self.file, p));
            }
            known
        }
    }
    let ids = crate::analysis::ids::Ids::build(folder);
    let mut m = Misses {
        ids: &ids,
        file: IN_CARDS,
        out: Vec::new(),
    };
    // pointers as the view has them (a ruleset's view renumbers those of its sources)
    if let Some(c) = &folder.cards {
        let src = view::plain(&c.src);
        for (k, card) in c.value.cards.iter().enumerate() {
            let list = format!("/cards/{k}/effects");
            effects::steps(&ids, &src, &list, &card.effects, &mut m);
        }
    }
    if let Some(g) = &folder.game {
        m.file = IN_GAME;
        schedule(&ids, &view::plain(&g.src), &g.value.schedule, &mut m);
    }
    m.file = IN_SCENARIO;
    let src = view::plain(&scenario.src);
    schedule(&ids, &src, &scenario.value.schedule, &mut m);
    m.out
}
