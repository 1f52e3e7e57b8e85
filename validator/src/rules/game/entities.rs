//! The entities a declared check runs over, by scope: each with its id, the view its
//! expressions see, and the place a finding about it points at.

use std::sync::Arc;

use cel::Value;
use cel::common::value::Val;

use super::view::{GameView, ScenarioView, field};
use crate::diagnostic::Location;
use crate::load::SourceFile;
use crate::model::Scope;
use crate::rules::context::Context;

/// One entity of a scope: its id, its view, and where it is written.
pub(super) struct Entity<'a> {
    pub(super) id: String,
    pub(super) view: Value,
    /// The view as CEL reads it, made once (binding a `Value` converts it whole each time).
    pub(super) val: Option<Box<dyn Val>>,
    pub(super) at: Where<'a>,
    pub(super) scenario: Option<usize>,
    pub(super) scenario_id: Option<String>,
}

/// A value as CEL reads it.
pub(super) fn to_val(v: &Value) -> Option<Box<dyn Val>> {
    Box::<dyn Val>::try_from(v.clone()).ok()
}

/// Where an entity is written: its file and pointer (`{list}/{index}{tail}`), made into a
/// location only for the entities a finding is about (a location of each of 10,000 spaces,
/// for each check, cost more than running the checks).
#[derive(Clone, Copy)]
pub(super) struct Where<'a> {
    pub(super) src: Option<&'a SourceFile>,
    pub(super) list: &'static str,
    pub(super) index: usize,
    pub(super) tail: &'static str,
}

impl Where<'_> {
    pub(super) fn location(&self, dir: &std::path::Path) -> Location {
        match self.src {
            None => Location::file(dir),
            Some(src) if self.list.is_empty() => src.at(self.tail),
            Some(src) => src.at(&format!("{}/{}{}", self.list, self.index, self.tail)),
        }
    }
}

pub(super) fn entities<'a>(
    cx: &Context<'a>,
    view: &GameView,
    starts: &[Arc<ScenarioView>],
    scope: Scope,
) -> Vec<Entity<'a>> {
    let f = cx.folder;
    let id_of = |v: &Value| {
        field(v, "id")
            .and_then(|v| super::view::as_text(&v))
            .unwrap_or_default()
    };
    let plain = |list: &[Value],
                 src: Option<&'a SourceFile>,
                 name: &'static str,
                 tail: &'static str|
     -> Vec<Entity<'a>> {
        list.iter()
            .enumerate()
            .map(|(i, v)| Entity {
                id: id_of(v),
                val: to_val(v),
                view: v.clone(),
                at: Where {
                    src,
                    list: name,
                    index: i,
                    tail,
                },
                scenario: None,
                scenario_id: None,
            })
            .collect()
    };
    let game = f.game.as_ref().map(|d| &*d.src);
    match scope {
        Scope::Space => plain(
            &view.spaces,
            f.map.as_ref().map(|d| &*d.src),
            "/spaces",
            "/id",
        ),
        Scope::Link => {
            let mut v = plain(&view.links, f.map.as_ref().map(|d| &*d.src), "/links", "");
            for e in &mut v {
                let t = |k| {
                    field(&e.view, k)
                        .and_then(|x| super::view::as_text(&x))
                        .unwrap_or_default()
                };
                e.id = format!("{}-{}", t("a"), t("b"));
            }
            v
        }
        Scope::Unit => plain(
            &view.units,
            f.units.as_ref().map(|d| &*d.src),
            "/units",
            "/id",
        ),
        Scope::Card => plain(
            &view.cards,
            f.cards.as_ref().map(|d| &*d.src),
            "/cards",
            "/id",
        ),
        Scope::Area => plain(&view.areas, game, "/areas", "/id"),
        Scope::Deck => plain(&view.decks, game, "/decks", "/id"),
        Scope::Faction => plain(&view.factions, game, "/factions", "/id"),
        Scope::Placement | Scope::Stack | Scope::Scenario => {
            let mut out = Vec::new();
            for (s, (doc, start)) in f.scenarios.iter().zip(starts).enumerate() {
                let sid = doc.value.id.to_string();
                match scope {
                    Scope::Scenario => out.push(Entity {
                        id: sid.clone(),
                        val: to_val(&start.scenario),
                        view: start.scenario.clone(),
                        at: Where {
                            src: Some(&doc.src),
                            list: "",
                            index: 0,
                            tail: "/id",
                        },
                        scenario: Some(s),
                        scenario_id: Some(sid),
                    }),
                    Scope::Placement => {
                        out.extend(start.placements.iter().enumerate().map(|(i, p)| Entity {
                            id: id_of(p),
                            val: to_val(p),
                            view: p.clone(),
                            at: Where {
                                src: Some(&doc.src),
                                list: "/placements",
                                index: i,
                                tail: "",
                            },
                            scenario: Some(s),
                            scenario_id: Some(sid.clone()),
                        }))
                    }
                    _ => out.extend((0..start.stacks.len()).map(|k| {
                        let view = start.stack(view, k, &sid);
                        Entity {
                            id: start.stacks[k].0.clone(),
                            val: to_val(&view),
                            view,
                            at: Where {
                                src: Some(&doc.src),
                                list: "/placements",
                                index: start.stacks[k].2,
                                tail: "/at",
                            },
                            scenario: Some(s),
                            scenario_id: Some(sid.clone()),
                        }
                    })),
                }
            }
            out
        }
    }
}
