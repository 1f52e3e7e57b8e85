//! One state of play judged: every rule that judges states runs on it, and what it finds that
//! the state it came from did not is reported, located on the step that made the state, with
//! the entity concerned as a related location.

use std::collections::HashSet;
use std::ops::Range;
use std::path::PathBuf;

use crate::analysis::events::{Board, Origin, StepAt};
use crate::analysis::placements::{Placements, SetUp};
use crate::analysis::supply::trace::{Lines, Reuse};
use crate::diagnostic::{Diagnostic, Location, Related, State};
use crate::load::{Doc, GameFolder};
use crate::model::{Scenario, StateKind};
use crate::rule::{Family, Rule};
use crate::rules::Context;
use crate::rules::events::e001_step_cannot_apply::E001;

pub use super::reduced::Reach;
use super::reduced::{reduced, widen};
use super::view::{Plain, same_map, view, with_attrs};

/// Which file a step is written in.
pub const IN_CARDS: usize = 0;
pub const IN_GAME: usize = 1;
pub const IN_SCENARIO: usize = 2;

/// A scenario whose states are judged, in one view of the folder.
#[derive(Clone)]
pub struct Scene<'a> {
    pub folder: &'a GameFolder,
    pub doc: &'a Doc<Scenario>,
    pub plain: Plain,
    /// The values' own faults the start found (R002, A001, A002): the declared checks' findings
    /// on them are set aside in every state too.
    pub faults: &'a [Diagnostic],
    /// The folder as a state leaves it (the start, or a turn whose schedule changed the map),
    /// with its ids and world, built once: a state with that map is judged in it
    /// (`rules::check_state`), an event's reduced to what it changed. None when the game
    /// declares checks, which read every state whole.
    pub shared: Option<Shared<'a>>,
}

/// A folder built once for the states that share its map.
#[derive(Clone, Copy)]
pub struct Shared<'a> {
    pub cx: &'a Context<'a>,
    /// The scenario's placements as set up, looked up once.
    pub set_up: &'a SetUp,
    /// The state whose map the folder has.
    pub map_of: &'a Board,
    /// What makes a change reach every placement on that map.
    pub reach: Reach,
}

/// The state an event was played in: its board and the supply searches made in it.
pub type Base<'b> = (&'b Board, &'b Lines);

/// A finding as the designer would recognise it in any state: its code, its message, and what
/// it is about (a place as set up, or the step that made the thing).
pub type Key = (&'static str, String, Where);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Where {
    File(PathBuf, Option<Range<usize>>),
    Step(String),
}

/// Where a finding of a state is, in the files as written.
enum Place {
    /// An entity as set up (or in a file no step changes).
    Written(Location),
    /// A thing a step made or changed.
    Made(StepAt),
}

/// What a state's rules found: the keys of all of it, and what was new.
pub struct Judged {
    pub keys: HashSet<Key>,
    pub new: Vec<Diagnostic>,
}

/// The rules that judge states: what a step can change (the map only when it changed, the
/// cards only when cards moved).
fn judges(rule: &Rule, map_changed: bool, cards_moved: bool) -> bool {
    match rule.family {
        Family::Supply | Family::Stacking | Family::OrderOfBattle | Family::Game => true,
        Family::Cards => cards_moved,
        Family::Map => map_changed,
        _ => false,
    }
}

impl Scene<'_> {
    /// Judges `board`: `before` are the keys of the state it came from, and for an event
    /// the state it was played in (its base); `from` is where its own steps begin in
    /// `board.applied` (and `failures_from` in its failures).
    pub fn judge(
        &self,
        whole: &Board,
        (kind, state): (StateKind, Option<&State>),
        before: Option<(&HashSet<Key>, Option<Base<'_>>)>,
        (from, failures_from): (usize, usize),
    ) -> Judged {
        // the start is judged by every rule that judges states, so that what the set-up
        // shows is known there and never reported again as new in a later state
        let map_changed = before.is_none()
            || match &self.shared {
                // the declared checks, which alone read attributes, leave no folder shared
                Some(sh) => !same_map(whole, sh.map_of),
                None => whole.beyond_scenario(),
            };
        // an event's cards are judged against its base's (which the base's findings hold),
        // a turn's against the start's
        let a = match before {
            Some((_, Some((base, _)))) => &base.rest,
            _ => &self.doc.value,
        };
        let b = &whole.rest;
        let cards_moved = before.is_none()
            || a.decks != b.decks
            || a.hands != b.hands
            || a.in_play != b.in_play
            || a.removed != b.removed;
        let keep = |r: &Rule| judges(r, map_changed, cards_moved);
        let base = before.and_then(|(_, base)| base);
        let shared = self.shared.filter(|_| !map_changed);
        let found = match shared {
            Some(sh) => self.found_in(sh, whole, (base, from), keep),
            None => {
                let mut folder = view(self.folder, &self.plain, whole);
                if let Some(v) = folder.view.as_mut() {
                    v.scenario_only = !map_changed;
                }
                let mut found = Vec::new();
                crate::rules::check_folder_with(
                    &folder,
                    crate::registry::rules(),
                    keep,
                    &mut found,
                );
                crate::rules::game::held::set_aside(&folder, &mut found, self.faults);
                found
            }
        };
        let board = whole;
        let before = before.map(|(keys, _)| keys);
        let mut out = Judged {
            keys: HashSet::new(),
            new: Vec::new(),
        };
        let fallback = board.applied.get(from).cloned();
        for d in found {
            if !self.judged_in(d.code, kind) {
                continue;
            }
            let place = self.place(board, &d);
            let key = (d.code, d.message.clone(), where_of(&place));
            let new = before.is_some_and(|b| !b.contains(&key));
            out.keys.insert(key);
            if let (true, Some(state)) = (new, state) {
                out.new
                    .push(self.relocated(d, place, fallback.as_ref(), state));
            }
        }
        if let Some(state) = state {
            for f in &whole.failures[failures_from.min(whole.failures.len())..] {
                let mut d = Diagnostic::new(
                    &E001,
                    format!("{}: {}", state.describe(), f.message),
                    self.step_location(&f.at),
                )
                .with_help(f.help.clone());
                d.state = Some(state.clone());
                out.new.push(d);
            }
        }
        out
    }

    /// What the rules `keep` keeps find in `whole`, in the folder shared by the states with
    /// its map; an event's state (played on `base`, its steps from `from` on) reduced to the
    /// placements whose findings its steps may have changed, and its findings pointed at the
    /// whole state's placements.
    fn found_in(
        &self,
        sh: Shared<'_>,
        whole: &Board,
        (base, from): (Option<Base<'_>>, usize),
        keep: impl Fn(&Rule) -> bool,
    ) -> Vec<Diagnostic> {
        let reduced = match (sh.cx.world, base) {
            (Some(w), Some((base, _))) => reduced((base, whole, from), (w, sh.reach), sh.set_up),
            _ => None,
        };
        let (scenario, placed_by, index, changed) = match reduced {
            Some(r) => (r.scenario, r.placed_by, Some(r.index), r.lines),
            None => {
                let (scenario, placed_by) = whole.scenario();
                (scenario, placed_by, None, Vec::new())
            }
        };
        let doc = Doc {
            src: self.plain.scenario.clone(),
            value: with_attrs(scenario, whole),
        };
        let changes: Vec<(&str, Vec<u32>)> = (changed.iter())
            .map(|(f, k)| (f.as_str(), k.clone()))
            .collect();
        let reuse = match (&index, base) {
            (Some(_), Some((_, lines))) => Some(Reuse {
                lines,
                changes: &changes,
            }),
            _ => None,
        };
        let placed = (sh.cx.world).map(|w| Placements::of_state(w, &doc, sh.set_up, &placed_by));
        let mut found = Vec::new();
        crate::rules::check_state(sh.cx, (&doc, reuse.as_ref(), placed), keep, &mut found);
        if let Some(index) = &index {
            for d in &mut found {
                widen(index, &mut d.location, &self.plain.scenario);
                for rel in &mut d.related {
                    widen(index, &mut rel.location, &self.plain.scenario);
                }
            }
        }
        found
    }

    /// Whether the game has the rule `code` judge states of this kind (game.ron `states`).
    fn judged_in(&self, code: &str, kind: StateKind) -> bool {
        let Some(g) = &self.folder.game else {
            return true;
        };
        g.value
            .states
            .iter()
            .filter(|s| s.rules.iter().any(|r| r == code))
            .all(|s| s.states.contains(&kind))
    }

    /// Where a step is written.
    pub fn step_location(&self, at: &StepAt) -> Location {
        let folder = self.folder;
        match at.file {
            IN_CARDS => folder.cards.as_ref().map(|c| c.at(&at.pointer)),
            IN_GAME => folder.game.as_ref().map(|g| g.at(&at.pointer)),
            _ => Some(self.doc.at(&at.pointer)),
        }
        .unwrap_or_else(|| Location::file(&self.doc.src.path))
    }

    /// What a finding of a state is about, in the files as written.
    fn place(&self, board: &Board, d: &Diagnostic) -> Place {
        let loc = &d.location;
        let pointer = loc.pointer.as_deref().unwrap_or("");
        if loc.file == self.plain.scenario.path {
            if let Some((i, tail)) = indexed(pointer, "/placements") {
                return match board.pieces.origin(i) {
                    Some(Origin::Step(s)) => Place::Made(s.clone()),
                    Some(Origin::Start(j)) => {
                        Place::Written(self.doc.at(&format!("/placements/{j}{tail}")))
                    }
                    None => Place::Written(self.doc.at(pointer)),
                };
            }
            return match as_set_up(&self.doc.value, &board.rest, pointer) {
                Some(p) => Place::Written(self.doc.at(&p)),
                None => match board.applied.last() {
                    Some(s) => Place::Made(s.clone()),
                    None => Place::Written(self.doc.at(pointer)),
                },
            };
        }
        if let (Some(map), Some(plain)) = (&self.folder.map, &self.plain.map)
            && loc.file == plain.path
            && board.beyond_scenario()
        {
            if let Some((i, tail)) = indexed(pointer, "/links") {
                let j = (0..board.links_open.len())
                    .filter(|&k| board.links_open[k])
                    .nth(i);
                return Place::Written(map.at(&format!("/links/{}{tail}", j.unwrap_or(i))));
            }
            return Place::Written(map.at(pointer));
        }
        Place::Written(loc.clone())
    }

    /// A finding of a state, located on the step that made it.
    fn relocated(
        &self,
        mut d: Diagnostic,
        place: Place,
        fallback: Option<&StepAt>,
        state: &State,
    ) -> Diagnostic {
        let (step, about) = match place {
            Place::Made(s) => (Some(s), None),
            Place::Written(l) => (fallback.cloned(), Some(l)),
        };
        if let Some(l) = about {
            d.related.insert(
                0,
                Related {
                    location: l,
                    message: "what it concerns, as written".into(),
                },
            );
        }
        if let Some(s) = step {
            d.location = self.step_location(&s);
        }
        // rules word their findings for the start ("out of supply at start"): the prefix names
        // the state instead
        let message = d.message.replace(" at start", "");
        d.message = format!("{}: {message}", state.describe());
        d.state = Some(state.clone());
        d.fix = None;
        d
    }
}

fn where_of(place: &Place) -> Where {
    match place {
        Place::Written(l) => Where::File(l.file.clone(), l.span.clone()),
        Place::Made(s) => Where::Step(s.pointer.clone()),
    }
}

/// `/list/<i><tail>` as `(i, tail)`.
fn indexed<'p>(pointer: &'p str, list: &str) -> Option<(usize, &'p str)> {
    let rest = pointer.strip_prefix(list)?.strip_prefix('/')?;
    let (i, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    Some((i.parse().ok()?, tail))
}

/// The pointer into the scenario as set up of what `pointer` points at in the state `now`:
/// an item of a list is found there by its value (None: a step made it).
fn as_set_up(start: &Scenario, now: &Scenario, pointer: &str) -> Option<String> {
    fn find<T: PartialEq>(a: &[T], b: &[T], i: usize) -> Option<usize> {
        let item = b.get(i)?;
        a.iter().position(|x| x == item)
    }
    let list = pointer.split('/').nth(1).unwrap_or("");
    let Some((i, tail)) = indexed(pointer, &format!("/{list}")) else {
        return Some(pointer.to_owned());
    };
    let j = match list {
        "control" => find(&start.control, &now.control, i),
        "markers" => find(&start.markers, &now.markers, i),
        "tracks" => find(&start.tracks, &now.tracks, i),
        "neutral" => find(&start.neutral, &now.neutral, i),
        "limited_entry" => find(&start.limited_entry, &now.limited_entry, i),
        "alignments" => find(&start.alignments, &now.alignments, i),
        "relations" => find(&start.relations, &now.relations, i),
        "decks" => find(&start.decks, &now.decks, i),
        "hands" => find(&start.hands, &now.hands, i),
        "in_play" => find(&start.in_play, &now.in_play, i),
        "removed" => find(&start.removed, &now.removed, i),
        _ => Some(i),
    }?;
    Some(format!("/{list}/{j}{tail}"))
}
