//! A state of play as a folder the rules can judge: the folder with one scenario, the state's,
//! its map's closed links left out and the values steps set put in.

use std::sync::Arc;

use crate::analysis::events::Board;
use crate::analysis::text_keys::{KeyKind, Named, named};
use crate::load::{Doc, GameFolder, SourceFile, ViewOf};
use crate::model::{AttrValue, Id, MapFile};

/// The files a scenario's states are written against: its own and the map's, as sources
/// whose pointers are the state's own (a view of a ruleset renumbers pointers into the
/// file's; a state's lists differ from the file's, and findings are located by them here).
#[derive(Clone)]
pub struct Plain {
    pub scenario: Arc<SourceFile>,
    pub map: Option<Arc<SourceFile>>,
}

impl Plain {
    pub fn of(folder: &GameFolder, scenario: &Doc<crate::model::Scenario>) -> Self {
        Plain {
            scenario: plain(&scenario.src),
            map: folder.map.as_ref().map(|m| plain(&m.src)),
        }
    }
}

pub fn plain(src: &Arc<SourceFile>) -> Arc<SourceFile> {
    if src.is_renumbered() {
        Arc::new(SourceFile::new(src.path.clone(), src.body().to_owned()))
    } else {
        src.clone()
    }
}

/// The folder as `board` leaves it, holding only its scenario.
pub fn view(folder: &GameFolder, plain: &Plain, board: &Board) -> GameFolder {
    let set = |kind: KeyKind| {
        board
            .attrs
            .iter()
            .filter_map(move |(of, attr, value)| match named(of) {
                Named::Thing(k, id) if k == kind => Some((id, attr, value)),
                _ => None,
            })
    };
    let scenario = scenario_of(board).0;
    let map_changed = board.beyond_scenario();
    GameFolder {
        dir: folder.dir.clone(),
        game: folder.game.as_ref().map(|g| {
            let mut value = g.value.clone();
            put(&mut value.factions, set(KeyKind::Faction), |f| {
                (&f.id, &mut f.attrs)
            });
            put(&mut value.areas, set(KeyKind::Area), |a| {
                (&a.id, &mut a.attrs)
            });
            Doc {
                src: g.src.clone(),
                value,
            }
        }),
        map: folder
            .map
            .as_ref()
            .map(|m| match (map_changed, &plain.map) {
                (true, Some(src)) => Doc {
                    src: src.clone(),
                    value: changed_map(&m.value, board, set(KeyKind::Space)),
                },
                _ => Doc {
                    src: m.src.clone(),
                    value: m.value.clone(),
                },
            }),
        units: folder.units.as_ref().map(|u| {
            let mut value = u.value.clone();
            put(&mut value.units, set(KeyKind::Unit), |u| {
                (&u.id, &mut u.attrs)
            });
            Doc {
                src: u.src.clone(),
                value,
            }
        }),
        cards: folder.cards.as_ref().map(|c| {
            let mut value = c.value.clone();
            put(&mut value.cards, set(KeyKind::Card), |c| {
                (&c.id, &mut c.attrs)
            });
            Doc {
                src: c.src.clone(),
                value,
            }
        }),
        // no rule judging a state reads the names
        texts: Vec::new(),
        scenarios: vec![Doc {
            src: plain.scenario.clone(),
            value: scenario,
        }],
        checks: folder.checks.clone(),
        sources: folder.sources.clone(),
        failed: folder.failed.clone(),
        view: Some(ViewOf {
            ruleset: folder.view.as_ref().and_then(|v| v.ruleset.clone()),
            first: false,
            elsewhere: Vec::new(),
            derived: true,
            scenario_only: !map_changed,
            example: None,
        }),
    }
}

/// Whether two states have the same map (the same links closed, the same sources gained and
/// lost).
pub fn same_map(a: &Board, b: &Board) -> bool {
    a.links_open == b.links_open && net_sources(a) == net_sources(b)
}

/// The supply sources a state gained and lost, as they stand: a source is gained only where
/// there was none and lost only where there was one, so one gained then lost is as it was.
fn net_sources(b: &Board) -> Vec<&(Id, Id, bool)> {
    let mut net: Vec<&(Id, Id, bool)> = Vec::new();
    for change in &b.sources {
        let (space, faction, _) = change;
        match net.iter().position(|(s, f, _)| s == space && f == faction) {
            Some(k) => {
                net.remove(k);
            }
            None => net.push(change),
        }
    }
    net.sort_by(|p, q| (&p.0, &p.1).cmp(&(&q.0, &q.1)));
    net
}

/// Whether two states have the same map and the same values set beyond their scenarios (what
/// a condition may read of the folder besides the scenario).
pub fn same_beyond(a: &Board, b: &Board) -> bool {
    fn beyond(x: &Board) -> Vec<&(Id, Id, AttrValue)> {
        let mut set: Vec<_> = x.attrs.iter().filter(|(of, ..)| of != "scenario").collect();
        set.sort_by(|p, q| (&p.0, &p.1).cmp(&(&q.0, &q.1)));
        set
    }
    same_map(a, b) && beyond(a) == beyond(b)
}

/// The scenario as `board` leaves it, with the values steps set on it, and where each of its
/// placements comes from.
pub fn scenario_of(
    board: &Board,
) -> (crate::model::Scenario, Vec<crate::analysis::events::Origin>) {
    let (scenario, origins) = board.scenario();
    (with_attrs(scenario, board), origins)
}

/// `scenario` with the values the steps of `board` set on its scenario.
pub fn with_attrs(mut scenario: crate::model::Scenario, board: &Board) -> crate::model::Scenario {
    for (of, attr, value) in &board.attrs {
        if of == "scenario" {
            scenario.attrs.insert(attr.clone(), value.clone());
        }
    }
    scenario
}

/// The map with the state's closed links left out, its supply sources and space values set.
fn changed_map<'b>(
    map: &MapFile,
    board: &Board,
    attrs: impl Iterator<Item = (&'b str, &'b Id, &'b AttrValue)>,
) -> MapFile {
    let mut out = map.clone();
    let mut open = board.links_open.iter();
    out.links.retain(|_| open.next().copied().unwrap_or(true));
    for (space, faction, gained) in &board.sources {
        if let Some(s) = out.spaces.iter_mut().find(|s| s.id == *space) {
            s.supply_source_for.retain(|f| f != faction);
            if *gained {
                s.supply_source_for.push(faction.clone());
            }
        }
    }
    put(&mut out.spaces, attrs, |s| (&s.id, &mut s.attrs));
    out
}

/// Puts the values set on entities of one kind.
fn put<'b, T>(
    items: &mut [T],
    set: impl Iterator<Item = (&'b str, &'b Id, &'b AttrValue)>,
    fields: impl Fn(&mut T) -> (&Id, &mut crate::model::Attrs),
) {
    for (id, attr, value) in set {
        for item in items.iter_mut() {
            let (item_id, attrs) = fields(item);
            if item_id == id {
                attrs.insert(attr.clone(), value.clone());
            }
        }
    }
}
