//! The entities a declared check runs over, by scope; an entity's id, and the place a finding
//! about it points at (made only for the entities a finding is about: a location of each of
//! 10,000 spaces, for each check, would cost more than running the checks).

use std::borrow::Cow;

use super::data::{Data, F};
use super::value::{Obj, Val};
use crate::diagnostic::Location;
use crate::load::GameFolder;
use crate::model::Scope;

/// Every entity of `scope` (of each scenario, for the scenario scopes).
pub(super) fn entities(data: &Data<'_>, scope: Scope) -> Vec<Obj> {
    match scope {
        Scope::Placement | Scope::Stack => {
            let count = |start: &super::start::Start| match scope {
                Scope::Placement => start.scenario.placements.len(),
                _ => start.stacks.len(),
            };
            // room for all at once: fresh memory touched at each doubling costs more than
            // the list (BENCHMARKS.md, session 35)
            let mut out = Vec::with_capacity(data.starts.iter().map(count).sum());
            for (s, start) in data.starts.iter().enumerate() {
                out.extend((0..count(start)).map(|i| Obj::in_scenario(scope, i, s)));
            }
            out
        }
        Scope::Scenario => (0..data.starts.len())
            .map(|s| Obj::in_scenario(scope, s, s))
            .collect(),
        _ => (0..data.count(scope)).map(|i| Obj::new(scope, i)).collect(),
    }
}

/// The scenario whose start an entity's checks read.
pub(super) fn scenario_of(o: Obj) -> Option<usize> {
    o.kind.in_scenario().then_some(o.scenario as usize)
}

/// An entity's id (a link's: `a-b`).
pub(super) fn id<'d>(data: &'d Data<'_>, o: Obj) -> Cow<'d, str> {
    match o.kind {
        Scope::Link => {
            let l = &data.links[o.index as usize];
            Cow::Owned(format!("{}-{}", l.a, l.b))
        }
        _ => Cow::Borrowed(match data.field(o, F::Id) {
            Some(Val::Str(s)) => s,
            _ => "",
        }),
    }
}

/// Whether an example's `on` names an entity: its id, or for a link `a-b` or `a-b:kind` (the
/// kind tells one of parallel links from the others).
pub(super) fn names(data: &Data<'_>, o: Obj, on: &str) -> bool {
    if o.kind == Scope::Link {
        let l = &data.links[o.index as usize];
        let (ends, kind) = on
            .rsplit_once(':')
            .map_or((on, None), |(e, k)| (e, Some(k)));
        return ends
            .strip_prefix(l.a.as_str())
            .and_then(|r| r.strip_prefix('-'))
            == Some(&l.b)
            && kind.is_none_or(|k| k == l.kind);
    }
    id(data, o) == on
}

/// The kinds of the links an example's `on` (`a-b`, no kind) names when it names more than
/// one; None when it names one or none.
pub(super) fn parallel<'d>(data: &'d Data<'_>, entities: &[Obj], on: &str) -> Option<Vec<&'d str>> {
    if on.contains(':') {
        return None;
    }
    let kinds: Vec<&str> = (entities.iter())
        .filter(|o| o.kind == Scope::Link && names(data, **o, on))
        .map(|o| data.links[o.index as usize].kind.as_str())
        .collect();
    (kinds.len() > 1).then_some(kinds)
}

/// Where an entity is written.
pub(super) fn location(folder: &GameFolder, data: &Data<'_>, o: Obj) -> Location {
    let i = o.index as usize;
    let (src, pointer) = match o.kind {
        Scope::Space => (
            folder.map.as_ref().map(|d| &d.src),
            format!("/spaces/{i}/id"),
        ),
        Scope::Link => (folder.map.as_ref().map(|d| &d.src), format!("/links/{i}")),
        Scope::Unit => (
            folder.units.as_ref().map(|d| &d.src),
            format!("/units/{i}/id"),
        ),
        Scope::Card => (
            folder.cards.as_ref().map(|d| &d.src),
            format!("/cards/{i}/id"),
        ),
        Scope::Area | Scope::Deck | Scope::Faction => (
            folder.game.as_ref().map(|d| &d.src),
            format!("/{}s/{i}/id", o.kind.var()),
        ),
        Scope::Placement | Scope::Stack | Scope::Scenario => {
            let s = o.scenario as usize;
            let pointer = match o.kind {
                Scope::Placement => format!("/placements/{i}"),
                Scope::Stack => format!("/placements/{}/at", data.starts[s].stacks[i].first),
                _ => "/id".to_owned(),
            };
            (folder.scenarios.get(s).map(|d| &d.src), pointer)
        }
    };
    match src {
        Some(src) => src.at(&pointer),
        None => Location::file(&folder.dir),
    }
}
