//! Id tables of one game folder: what each kind of reference may name, and where each id
//! is defined. Built once per folder; every reference check and rule looks ids up here.

use rustc_hash::FxHashMap as HashMap;

use crate::diagnostic::{Diagnostic, Location};
use crate::load::{Doc, GameFolder};
use crate::suggest::{did_you_mean, short};

/// The ids of one kind, with the location of each definition.
#[derive(Debug, Default)]
pub struct IdTable<'a> {
    /// What the ids name, for messages ("space", "faction"...).
    pub kind: &'static str,
    /// Which file and field list defines them, for help texts.
    pub defined_in: &'static str,
    pub ids: HashMap<&'a str, usize>,
    pub order: Vec<&'a str>,
    /// False when the file defining these ids is absent or failed to load: references to
    /// them cannot be judged, and are not reported (no cascades from one broken file).
    pub loaded: bool,
}

impl<'a> IdTable<'a> {
    fn new(kind: &'static str, defined_in: &'static str) -> Self {
        IdTable {
            kind,
            defined_in,
            ids: HashMap::default(),
            order: Vec::new(),
            loaded: false,
        }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    pub fn index(&self, id: &str) -> Option<usize> {
        self.ids.get(id).copied()
    }

    /// Adds the ids of a list, reporting duplicates (R001) against the first definition.
    fn fill<T>(
        &mut self,
        doc: &Doc<impl Sized>,
        list_pointer: &str,
        items: &'a [T],
        id: impl Fn(&'a T) -> &'a str,
        out: &mut Vec<Diagnostic>,
    ) {
        self.loaded = true;
        // sized once: growing a table rehashes every id already in it
        self.ids.reserve(items.len());
        self.order.reserve(items.len());
        for (i, item) in items.iter().enumerate() {
            let key = id(item);
            if let Some(&first) = self.ids.get(key) {
                out.push(
                    Diagnostic::new(
                        "R001",
                        format!("the {} id `{}` is used twice", self.kind, short(key)),
                        doc.at(&format!("{list_pointer}/{i}/id")),
                    )
                    .with_label("second definition")
                    .with_related(
                        doc.at(&format!("{list_pointer}/{first}/id")),
                        "first defined here",
                    )
                    .with_help(format!("give each {} its own id", self.kind)),
                );
            } else {
                self.ids.insert(key, i);
                self.order.push(key);
            }
        }
    }

    /// Checks one reference; pushes R002 (with a suggestion) when it names nothing.
    /// The location is built only when the reference fails: most resolve, and building one
    /// (pointer, span lookup, line and column) costs more than the lookup itself.
    pub fn check(
        &self,
        value: &str,
        at: impl FnOnce() -> Location,
        out: &mut Vec<Diagnostic>,
    ) -> bool {
        if self.contains(value) {
            return true;
        }
        let help = match did_you_mean(value, self.order.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None if self.order.is_empty() => format!(
                "no {} is defined yet: add one to {}",
                self.kind, self.defined_in
            ),
            None => format!(
                "use the id of a {} defined in {}",
                self.kind, self.defined_in
            ),
        };
        out.push(
            Diagnostic::new(
                "R002",
                format!("no {} has the id `{}`", self.kind, short(value)),
                at(),
            )
            .with_label(format!("unknown {}", self.kind))
            .with_help(help),
        );
        false
    }
}

/// Every id table of a game folder.
#[derive(Debug, Default)]
pub struct Ids<'a> {
    pub sides: IdTable<'a>,
    pub factions: IdTable<'a>,
    pub terrains: IdTable<'a>,
    pub location_kinds: IdTable<'a>,
    pub link_kinds: IdTable<'a>,
    pub unit_kinds: IdTable<'a>,
    pub areas: IdTable<'a>,
    pub decks: IdTable<'a>,
    pub tracks: IdTable<'a>,
    pub marker_kinds: IdTable<'a>,
    pub rulesets: IdTable<'a>,
    pub spaces: IdTable<'a>,
    pub units: IdTable<'a>,
    pub cards: IdTable<'a>,
}

impl<'a> Ids<'a> {
    /// Builds the tables, reporting duplicate ids.
    pub fn build(folder: &'a GameFolder, out: &mut Vec<Diagnostic>) -> Self {
        let mut ids = Ids {
            sides: IdTable::new("side", "game.ron `sides`"),
            factions: IdTable::new("faction", "game.ron `factions`"),
            terrains: IdTable::new("terrain", "game.ron `terrains`"),
            location_kinds: IdTable::new("location kind", "game.ron `location_kinds`"),
            link_kinds: IdTable::new("link kind", "game.ron `link_kinds`"),
            unit_kinds: IdTable::new("unit kind", "game.ron `unit_kinds`"),
            areas: IdTable::new("area", "game.ron `areas`"),
            decks: IdTable::new("deck", "game.ron `decks`"),
            tracks: IdTable::new("track", "game.ron `tracks`"),
            marker_kinds: IdTable::new("marker kind", "game.ron `marker_kinds`"),
            rulesets: IdTable::new("ruleset", "game.ron `rulesets`"),
            spaces: IdTable::new("space", "map.ron `spaces`"),
            units: IdTable::new("unit", "units.ron"),
            cards: IdTable::new("card", "cards.ron"),
        };
        if let Some(g) = &folder.game {
            let v = &g.value;
            ids.sides.fill(g, "/sides", &v.sides, |x| &x.id, out);
            ids.factions
                .fill(g, "/factions", &v.factions, |x| &x.id, out);
            ids.terrains
                .fill(g, "/terrains", &v.terrains, |x| &x.id, out);
            ids.location_kinds
                .fill(g, "/location_kinds", &v.location_kinds, |x| &x.id, out);
            ids.link_kinds
                .fill(g, "/link_kinds", &v.link_kinds, |x| &x.id, out);
            ids.unit_kinds
                .fill(g, "/unit_kinds", &v.unit_kinds, |x| &x.id, out);
            ids.areas.fill(g, "/areas", &v.areas, |x| &x.id, out);
            ids.decks.fill(g, "/decks", &v.decks, |x| &x.id, out);
            ids.tracks.fill(g, "/tracks", &v.tracks, |x| &x.id, out);
            ids.marker_kinds
                .fill(g, "/marker_kinds", &v.marker_kinds, |x| &x.id, out);
            ids.rulesets
                .fill(g, "/rulesets", &v.rulesets, |x| &x.id, out);
        }
        if let Some(m) = &folder.map {
            ids.spaces
                .fill(m, "/spaces", &m.value.spaces, |x| &x.id, out);
        }
        if let Some(u) = &folder.units {
            ids.units.fill(u, "/units", &u.value.units, |x| &x.id, out);
        }
        if let Some(c) = &folder.cards {
            ids.cards.fill(c, "/cards", &c.value.cards, |x| &x.id, out);
        }
        ids
    }

    /// A side or a faction (deck owners and hand holders may be either).
    pub fn check_side_or_faction(
        &self,
        value: &str,
        at: impl FnOnce() -> Location,
        out: &mut Vec<Diagnostic>,
    ) {
        if self.sides.contains(value) || self.factions.contains(value) {
            return;
        }
        let candidates = self.sides.order.iter().chain(&self.factions.order).copied();
        let help = did_you_mean(value, candidates).map_or_else(
            || "use the id of a side or a faction from game.ron".to_owned(),
            |s| format!("did you mean `{s}`?"),
        );
        out.push(
            Diagnostic::new(
                "R002",
                format!("no side or faction has the id `{value}`"),
                at(),
            )
            .with_label("unknown side or faction")
            .with_help(help),
        );
    }
}
