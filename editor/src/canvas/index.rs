//! What drawing needs per space and link, derived from the document once per revision:
//! id lookup, display labels and colours.

use std::collections::HashMap;

use egui::{Color32, Pos2, pos2};
use orbat_validator::model::{Id, MapFile};

use super::style;
use crate::document::Document;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpaceLook {
    pub fill: Color32,
    pub ring: Color32,
    /// Off the map graph (a box): drawn square.
    pub boxy: bool,
    pub capital: Option<Color32>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinkLook {
    pub color: Color32,
    /// Restricted to some factions: drawn dashed.
    pub dashed: bool,
    /// Indices of the two ends, when both name a space (looked up once, not every frame).
    pub ends: Option<(usize, usize)>,
}

#[derive(Debug, Default)]
pub struct SpaceIndex {
    revision: u64,
    by_id: HashMap<Id, usize>,
    pub labels: Vec<String>,
    pub spaces: Vec<SpaceLook>,
    pub links: Vec<LinkLook>,
}

impl SpaceIndex {
    /// Rebuilds when the document changed since the last build.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision == doc.revision && self.revision != 0 {
            return;
        }
        self.revision = doc.revision;
        self.by_id.clear();
        self.labels.clear();
        self.spaces.clear();
        self.links.clear();
        let Some(map) = doc.map() else { return };
        let game = doc.game();
        let all = game.map_or(&[][..], |g| &g.factions);
        let table = |ids: Vec<&str>| -> HashMap<String, usize> {
            ids.into_iter()
                .enumerate()
                .map(|(i, id)| (id.to_owned(), i))
                .collect()
        };
        let factions = table(game.map_or_else(Vec::new, |g| {
            g.factions.iter().map(|f| f.id.as_str()).collect()
        }));
        let terrains = table(game.map_or_else(Vec::new, |g| {
            g.terrains.iter().map(|t| t.id.as_str()).collect()
        }));
        let link_kinds = table(game.map_or_else(Vec::new, |g| {
            g.link_kinds.iter().map(|k| k.id.as_str()).collect()
        }));
        let look =
            |t: &HashMap<String, usize>, id: Option<&str>| id.and_then(|id| t.get(id).copied());
        let off_map: Vec<&str> = game.map_or_else(Vec::new, |g| {
            g.location_kinds
                .iter()
                .filter(|k| !k.on_map)
                .map(|k| k.id.as_str())
                .collect()
        });
        let names = doc
            .game()
            .and_then(|g| doc.text(&g.source_language))
            .map(|t| &t.entries);
        for (i, s) in map.spaces.iter().enumerate() {
            self.by_id.entry(s.id.clone()).or_insert(i);
            let name = names.and_then(|n| n.get(format!("space:{}", s.id).as_str()));
            self.labels
                .push(name.map_or_else(|| s.id.to_string(), |e| e.name.to_string()));
            self.spaces.push(SpaceLook {
                fill: style::terrain(look(&terrains, s.terrain.as_deref())),
                ring: style::faction(all, look(&factions, s.control.as_deref())),
                boxy: off_map.contains(&s.kind.as_str()),
                capital: s
                    .capital_of
                    .as_deref()
                    .map(|c| style::faction(all, look(&factions, Some(c)))),
            });
        }
        for l in &map.links {
            let ends = self.get(&l.a).zip(self.get(&l.b));
            self.links.push(LinkLook {
                color: style::link(look(&link_kinds, Some(&l.kind))),
                dashed: !l.only_for.is_empty(),
                ends,
            });
        }
    }

    pub fn get(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Position of a space by id (current, even mid-drag).
    pub fn pos(&self, map: &MapFile, id: &str) -> Option<Pos2> {
        let s = map.spaces.get(self.get(id)?)?;
        Some(pos2(s.x, s.y))
    }
}
