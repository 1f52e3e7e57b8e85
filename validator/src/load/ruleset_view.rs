//! A game folder as one ruleset sees it. Spaces, links, areas, units, cards and placements may
//! be tied to rulesets (`rulesets: [...]`: present only under those) or take other values under
//! one (`under: {"it-2nd-edition": {"vp": 2}}`, model::tied). A folder that ties any data is
//! checked once per view ([`views`]): each view holds the data its ruleset sees and the
//! scenarios that name it, and its sources turn pointers back into the files' (entities left
//! out renumber the rest), so every finding points at what the designer wrote.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::source::Renumbering;
use super::spans::escape_token;
use super::{Doc, GameFolder, SourceFile, ViewOf};
use crate::model::tied::apply;
use crate::model::{Example, Id, Scope, Tied};

/// One entity tied to rulesets, with where it is written.
pub struct TiedAt<'a> {
    pub entity: &'a dyn Tied,
    pub src: &'a SourceFile,
    /// The entity's JSON pointer in its file (`/spaces/3`).
    pub pointer: String,
    /// What it is, for messages ("space", "link"...).
    pub kind: &'static str,
}

/// Every entity of the folder that is tied to a ruleset or takes other values under one.
pub fn tied(folder: &GameFolder) -> Vec<TiedAt<'_>> {
    let mut out = Vec::new();
    if let Some(m) = &folder.map {
        push(&mut out, &m.src, "/spaces", "space", &m.value.spaces);
        push(&mut out, &m.src, "/links", "link", &m.value.links);
    }
    if let Some(g) = &folder.game {
        push(&mut out, &g.src, "/areas", "area", &g.value.areas);
    }
    if let Some(u) = &folder.units {
        push(&mut out, &u.src, "/units", "unit", &u.value.units);
    }
    if let Some(c) = &folder.cards {
        push(&mut out, &c.src, "/cards", "card", &c.value.cards);
    }
    for s in &folder.scenarios {
        push(
            &mut out,
            &s.src,
            "/placements",
            "placement",
            &s.value.placements,
        );
    }
    out
}

fn push<'a, T: Tied>(
    out: &mut Vec<TiedAt<'a>>,
    src: &'a SourceFile,
    list: &str,
    kind: &'static str,
    items: &'a [T],
) {
    for (i, e) in items.iter().enumerate() {
        if !e.rulesets().is_empty() || !e.under().is_empty() {
            out.push(TiedAt {
                entity: e,
                src,
                pointer: format!("{list}/{i}"),
                kind,
            });
        }
    }
}

/// The views a folder is checked under: one per ruleset the game declares, and the data no
/// ruleset changes if a scenario names no ruleset (or the game declares none). `only`: just
/// that ruleset's view (`--ruleset`).
pub fn views(folder: &GameFolder, only: Option<&str>) -> Vec<Option<Id>> {
    if let Some(r) = only {
        return vec![Some(r.into())];
    }
    let declared: Vec<&Id> = declared(folder).collect();
    let mut out = Vec::new();
    if declared.is_empty() || folder.scenarios.iter().any(|s| s.value.ruleset.is_none()) {
        out.push(None);
    }
    out.extend(declared.into_iter().map(|r| Some(r.clone())));
    out
}

fn declared(folder: &GameFolder) -> impl Iterator<Item = &Id> {
    folder
        .game
        .iter()
        .flat_map(|g| g.value.rulesets.iter().map(|r| &r.id))
}

/// Whether a check's example runs in this view of the folder: in its ruleset's view, or its
/// scenario's, or else in the first view (every example runs exactly once).
pub fn example_here(folder: &GameFolder, ex: &Example, scope: Scope) -> bool {
    // an example that changes the start runs on the state it makes, and there alone
    let made_for = folder.view.as_ref().and_then(|v| v.example.as_ref());
    if !ex.then.is_empty() || made_for.is_some() {
        return made_for == Some(ex);
    }
    let Some(v) = &folder.view else { return true };
    if v.derived {
        return false;
    }
    if let Some(r) = &ex.ruleset {
        return v.ruleset.as_ref() == Some(r) || (v.first && !declared(folder).any(|d| d == r));
    }
    // a scenario check's example is about the scenario it names
    let scenario = match scope {
        Scope::Scenario => Some(&ex.on),
        _ => ex.scenario.as_ref(),
    };
    match scenario {
        Some(s) if folder.scenarios.iter().any(|x| x.value.id == *s) => true,
        Some(s) => v.first && !v.elsewhere.contains(s),
        None => v.first,
    }
}

/// Whether `entity` is in the view of `ruleset`. An entity whose rulesets are all unknown is
/// in every view, so that the reference rule reports the names and its data is still checked.
fn present(folder: &GameFolder, entity: &dyn Tied, ruleset: Option<&str>) -> bool {
    entity.present_under(ruleset)
        || !entity
            .rulesets()
            .iter()
            .any(|r| declared(folder).any(|d| d == r))
}

/// The folder as the view of `ruleset` sees it (one of [`views`]).
pub fn view(folder: &GameFolder, ruleset: Option<&str>, first: bool) -> GameFolder {
    let known = |r: &Option<Id>| r.as_ref().is_none_or(|r| declared(folder).any(|d| d == r));
    // a scenario naming an unknown ruleset is checked in the first view, where R002 names it
    let in_view = |s: &Doc<crate::model::Scenario>| match &s.value.ruleset {
        r if !known(r) => first,
        r => r.as_deref() == ruleset,
    };
    let mut scenarios = Vec::new();
    let mut elsewhere = Vec::new();
    for s in &folder.scenarios {
        if in_view(s) {
            let mut placements = s.value.placements.clone();
            let mut r = Renumbering::default();
            keep(folder, &mut placements, ruleset, "/placements", &mut r);
            let mut value = s.value.clone();
            value.placements = placements;
            scenarios.push(Doc {
                src: with(&s.src, r),
                value,
            });
        } else {
            elsewhere.push(s.value.id.clone());
        }
    }
    let mut out = GameFolder {
        dir: folder.dir.clone(),
        game: folder.game.as_ref().map(|g| {
            let mut value = g.value.clone();
            let mut r = Renumbering::default();
            keep(folder, &mut value.areas, ruleset, "/areas", &mut r);
            Doc {
                src: with(&g.src, r),
                value,
            }
        }),
        map: folder.map.as_ref().map(|m| {
            let mut value = m.value.clone();
            let mut r = Renumbering::default();
            keep(folder, &mut value.spaces, ruleset, "/spaces", &mut r);
            keep(folder, &mut value.links, ruleset, "/links", &mut r);
            Doc {
                src: with(&m.src, r),
                value,
            }
        }),
        units: folder.units.as_ref().map(|u| {
            let mut value = u.value.clone();
            let mut r = Renumbering::default();
            keep(folder, &mut value.units, ruleset, "/units", &mut r);
            Doc {
                src: with(&u.src, r),
                value,
            }
        }),
        cards: folder.cards.as_ref().map(|c| {
            let mut value = c.value.clone();
            let mut r = Renumbering::default();
            keep(folder, &mut value.cards, ruleset, "/cards", &mut r);
            Doc {
                src: with(&c.src, r),
                value,
            }
        }),
        texts: Vec::new(),
        scenarios,
        checks: folder.checks.clone(),
        sources: folder.sources.clone(),
        failed: folder.failed.clone(),
        view: Some(ViewOf {
            ruleset: ruleset.map(Id::from),
            first,
            elsewhere,
            derived: false,
            scenario_only: false,
            example: None,
        }),
    };
    out.texts = texts_in_view(folder, &out);
    out
}

/// The text files without the entries of the entities the view left out: their names belong
/// to another ruleset's game.
fn texts_in_view(
    folder: &GameFolder,
    view: &GameFolder,
) -> Vec<(String, Doc<crate::model::TextFile>)> {
    let mut gone: Vec<String> = Vec::new();
    let mut left_out = |kind: &str, all: Vec<&Id>, kept: Vec<&Id>| {
        if all.len() != kept.len() {
            let kept: std::collections::HashSet<&Id> = kept.into_iter().collect();
            gone.extend(
                all.into_iter()
                    .filter(|id| !kept.contains(id))
                    .map(|id| format!("{kind}:{id}")),
            );
        }
    };
    if let (Some(a), Some(b)) = (&folder.map, &view.map) {
        left_out(
            "space",
            a.value.spaces.iter().map(|s| &s.id).collect(),
            b.value.spaces.iter().map(|s| &s.id).collect(),
        );
    }
    if let (Some(a), Some(b)) = (&folder.game, &view.game) {
        left_out(
            "area",
            a.value.areas.iter().map(|s| &s.id).collect(),
            b.value.areas.iter().map(|s| &s.id).collect(),
        );
    }
    if let (Some(a), Some(b)) = (&folder.units, &view.units) {
        left_out(
            "unit",
            a.value.units.iter().map(|s| &s.id).collect(),
            b.value.units.iter().map(|s| &s.id).collect(),
        );
    }
    if let (Some(a), Some(b)) = (&folder.cards, &view.cards) {
        left_out(
            "card",
            a.value.cards.iter().map(|s| &s.id).collect(),
            b.value.cards.iter().map(|s| &s.id).collect(),
        );
    }
    let mut texts = folder.texts.clone();
    if !gone.is_empty() {
        for (_, doc) in &mut texts {
            for key in &gone {
                doc.value.entries.remove(key);
            }
        }
    }
    texts
}

/// Keeps the entities of `items` present under `ruleset`, each with its values under it, and
/// notes in `r` how pointers into the view go back into the file: the index each kept entity
/// has there (if any was left out), and for each value changed, its entry in `under`.
fn keep<T>(
    folder: &GameFolder,
    items: &mut Vec<T>,
    ruleset: Option<&str>,
    list: &str,
    r: &mut Renumbering,
) where
    T: Tied + Serialize + DeserializeOwned + JsonSchema + Clone,
{
    let mut kept = Vec::with_capacity(items.len());
    let mut index = 0;
    items.retain(|e| {
        let here = present(folder, e, ruleset);
        if here {
            kept.push(index);
        }
        index += 1;
        here
    });
    if let Some(rs) = ruleset {
        for (e, &j) in items.iter_mut().zip(&kept) {
            if let Some(values) = e.under().get(rs).cloned() {
                // values that do not fit are A004's; the rest apply
                let (changed, misfits) = apply(e, &values);
                *e = changed;
                for (key, _) in values
                    .iter()
                    .filter(|(k, _)| !misfits.iter().any(|(m, _)| m == *k))
                {
                    let field = match key.split_once('.') {
                        Some(("attrs", a)) => format!("attrs/{}", escape_token(a)),
                        _ => escape_token(key),
                    };
                    r.moved.push((
                        format!("{list}/{j}/{field}"),
                        format!(
                            "{list}/{j}/under/{}/{}",
                            escape_token(rs),
                            escape_token(key)
                        ),
                    ));
                }
            }
        }
    }
    if kept.len() < index {
        r.lists.push((list.to_owned(), kept));
    }
}

fn with(src: &Arc<SourceFile>, r: Renumbering) -> Arc<SourceFile> {
    if r.lists.is_empty() && r.moved.is_empty() {
        src.clone()
    } else {
        Arc::new(src.renumbered(r))
    }
}
