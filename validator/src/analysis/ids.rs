//! Id tables of one game folder: what each kind of reference may name, and where each id
//! is defined, and the ids defined twice. Built once per folder; every rule looks ids up here.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;

use crate::load::{GameFolder, SourceFile};
use crate::model::compare::same;
use crate::model::labels::LABELS;

/// The ids of one kind, with the location of each definition.
#[derive(Debug, Default)]
pub struct IdTable<'a> {
    /// What the ids name, for messages ("space", "faction"...).
    pub kind: &'static str,
    /// Which file and field list defines them, for help texts.
    pub defined_in: &'static str,
    /// Each id with the index of its first definition, found by the id's hash.
    table: HashTable<(&'a str, usize)>,
    /// The same ids in order, for a table of at most [`FEW`] ids: compared one by one, which
    /// costs less than hashing the id looked up.
    few: Vec<(&'a str, usize)>,
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
            table: HashTable::new(),
            few: Vec::new(),
            order: Vec::new(),
            loaded: false,
        }
    }

    /// A table of ids Orbat itself defines, always loaded.
    fn fixed(kind: &'static str, defined_in: &'static str, ids: &[(&'static str, &str)]) -> Self {
        let mut t = IdTable::new(kind, defined_in);
        for (i, &(id, _)) in ids.iter().enumerate() {
            t.table.insert_unique(hash(id), (id, i), |&(k, _)| hash(k));
            t.order.push(id);
        }
        if t.table.len() <= FEW {
            t.few.extend(t.table.iter().copied());
            t.few.sort_unstable_by_key(|&(_, i)| i);
        }
        t.loaded = true;
        t
    }

    #[inline]
    pub fn contains(&self, id: &str) -> bool {
        self.index(id).is_some()
    }

    /// The index of the id's first definition in its list.
    #[inline(always)]
    pub fn index(&self, id: &str) -> Option<usize> {
        if self.table.len() <= FEW {
            return self
                .few
                .iter()
                .find(|&&(k, _)| same(k, id))
                .map(|&(_, i)| i);
        }
        self.table
            .find(hash(id), |&(k, _)| same(k, id))
            .map(|&(_, i)| i)
    }

    /// Every id with the index of its first definition, in no particular order.
    pub fn definitions(&self) -> impl Iterator<Item = (&'a str, usize)> + '_ {
        self.table.iter().copied()
    }

    /// Adds the ids of a list; a repeated id is recorded in `duplicates` (R001 reports it)
    /// and keeps pointing at its first definition.
    fn fill<T>(
        &mut self,
        src: &'a SourceFile,
        list: &'static str,
        items: &'a [T],
        id: impl Fn(&'a T) -> &'a str,
        duplicates: &mut Vec<Duplicate<'a>>,
    ) {
        self.loaded = true;
        // sized once: growing a table rehashes every id already in it
        self.table.reserve(items.len(), |&(k, _)| hash(k));
        self.order.reserve(items.len());
        for (i, item) in items.iter().enumerate() {
            let key = id(item);
            match self
                .table
                .entry(hash(key), |&(k, _)| same(k, key), |&(k, _)| hash(k))
            {
                Entry::Occupied(first) => duplicates.push(Duplicate {
                    kind: self.kind,
                    id: key,
                    src,
                    list,
                    index: i,
                    first: first.get().1,
                }),
                Entry::Vacant(slot) => {
                    slot.insert((key, i));
                    self.order.push(key);
                }
            }
        }
        self.refresh_few();
    }
}

/// The most ids a table compares one by one rather than by hash (sides, terrains, kinds...:
/// most tables of a game hold a handful of ids, and most references name one of them).
impl<'a> IdTable<'a> {
    /// Ids spread over files of their own (one scenario a file): a repeated one is kept once
    /// (the scenarios' own rules report it).
    fn fill_each(&mut self, ids: impl Iterator<Item = &'a str>) {
        self.loaded = true;
        for key in ids {
            let i = self.order.len();
            let found = self
                .table
                .entry(hash(key), |&(k, _)| same(k, key), |&(k, _)| hash(k));
            if let Entry::Vacant(slot) = found {
                slot.insert((key, i));
                self.order.push(key);
            }
        }
        self.refresh_few();
    }
}

impl IdTable<'_> {
    /// A small table is searched as a list, in order of definition so that the first ids
    /// met are found first: made again after each fill.
    fn refresh_few(&mut self) {
        self.few.clear();
        if self.table.len() <= FEW {
            self.few.extend(self.table.iter().copied());
            self.few.sort_unstable_by_key(|&(_, i)| i);
        }
    }
}

const FEW: usize = 8;

fn hash(id: &str) -> u64 {
    FxBuildHasher.hash_one(id)
}

#[derive(Debug)]
pub struct Duplicate<'a> {
    /// What the ids name ("space", "faction"...).
    pub kind: &'static str,
    pub id: &'a str,
    /// The file and the JSON pointer of the list.
    pub src: &'a SourceFile,
    pub list: &'static str,
    /// The second definition's index, and the first's.
    pub index: usize,
    pub first: usize,
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
    pub unit_flags: IdTable<'a>,
    pub spaces: IdTable<'a>,
    pub units: IdTable<'a>,
    pub cards: IdTable<'a>,
    /// The scenarios, each from its own file.
    pub scenarios: IdTable<'a>,
    /// The groups of every deck, each id once (a text key `group:<id>` names the groups of
    /// that id in every deck).
    pub groups: IdTable<'a>,
    /// The words of Orbat's own a game may name (`label:fort`), and those its events'
    /// conditions say (`analysis/says.rs`).
    pub labels: IdTable<'a>,
    /// The attributes game.ron declares (`attr:winter`).
    pub attrs: IdTable<'a>,
    /// Ids defined twice (R001).
    pub duplicates: Vec<Duplicate<'a>>,
    /// The named values of the game's `OneOf` attributes as `<attribute>.<value>`, sorted (a
    /// text key `value:religion.catholic` names one); None when game.ron did not load.
    pub attr_values: Option<Vec<String>>,
}

impl Ids<'_> {
    /// Whether `value` (`religion.catholic`) is a named value of a `OneOf` attribute; true
    /// when that cannot be told (game.ron did not load).
    pub fn has_attr_value(&self, value: &str) -> bool {
        self.attr_values
            .as_ref()
            .is_none_or(|v| v.binary_search_by(|x| x.as_str().cmp(value)).is_ok())
    }
}

impl<'a> Ids<'a> {
    /// Builds the tables, recording repeated ids.
    pub fn build(folder: &'a GameFolder) -> Self {
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
            unit_flags: IdTable::new("unit flag", "game.ron `unit_flags`"),
            spaces: IdTable::new("space", "map.ron `spaces`"),
            units: IdTable::new("unit", "units.ron"),
            cards: IdTable::new("card", "cards.ron"),
            scenarios: IdTable::new("scenario", "a scenario file's `id`"),
            groups: IdTable::new("deck group", "game.ron `decks` `groups`"),
            labels: IdTable::fixed(
                "label",
                "Orbat's labels (`orbat-print`'s words) and the `says` of events' `If` steps",
                LABELS,
            ),
            attrs: IdTable::new("attribute", "game.ron `attributes`"),
            duplicates: Vec::new(),
            attr_values: None,
        };
        let dup = &mut ids.duplicates;
        if let Some(g) = &folder.game {
            let v = &g.value;
            ids.sides.fill(&g.src, "/sides", &v.sides, |x| &x.id, dup);
            ids.factions
                .fill(&g.src, "/factions", &v.factions, |x| &x.id, dup);
            ids.terrains
                .fill(&g.src, "/terrains", &v.terrains, |x| &x.id, dup);
            ids.location_kinds
                .fill(&g.src, "/location_kinds", &v.location_kinds, |x| &x.id, dup);
            ids.link_kinds
                .fill(&g.src, "/link_kinds", &v.link_kinds, |x| &x.id, dup);
            ids.unit_kinds
                .fill(&g.src, "/unit_kinds", &v.unit_kinds, |x| &x.id, dup);
            ids.areas.fill(&g.src, "/areas", &v.areas, |x| &x.id, dup);
            ids.decks.fill(&g.src, "/decks", &v.decks, |x| &x.id, dup);
            let groups = v.decks.iter().flat_map(|d| &d.groups);
            ids.groups.fill_each(groups.map(|x| x.id.as_str()));
            ids.tracks
                .fill(&g.src, "/tracks", &v.tracks, |x| &x.id, dup);
            ids.marker_kinds
                .fill(&g.src, "/marker_kinds", &v.marker_kinds, |x| &x.id, dup);
            ids.rulesets
                .fill(&g.src, "/rulesets", &v.rulesets, |x| &x.id, dup);
            ids.unit_flags
                .fill(&g.src, "/unit_flags", &v.unit_flags, |x| &x.id, dup);
            // each id once: an attribute declared twice is judged with the declarations (A003)
            ids.attrs
                .fill_each(v.attributes.iter().map(|d| d.id.as_str()));
            let mut values: Vec<String> = v
                .attributes
                .iter()
                .flat_map(|d| d.values.iter().map(move |x| format!("{}.{x}", d.id)))
                .collect();
            values.sort_unstable();
            ids.attr_values = Some(values);
        }
        if let Some(m) = &folder.map {
            ids.spaces
                .fill(&m.src, "/spaces", &m.value.spaces, |x| &x.id, dup);
        }
        if let Some(u) = &folder.units {
            ids.units
                .fill(&u.src, "/units", &u.value.units, |x| &x.id, dup);
        }
        if let Some(c) = &folder.cards {
            ids.cards
                .fill(&c.src, "/cards", &c.value.cards, |x| &x.id, dup);
        }
        (ids.scenarios).fill_each(folder.scenarios.iter().map(|s| s.value.id.as_str()));
        (ids.labels).fill_each(super::says::label_ids(folder).into_iter());
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::{FEW, IdTable};
    use crate::load::SourceFile;

    #[test]
    fn ids_are_found_at_their_first_definition_in_small_tables_and_large() {
        let src = SourceFile::new("game.ron".into(), String::new());
        for n in [1, FEW - 1, FEW, FEW + 1, 40] {
            // each id twice: the second definition is a duplicate
            let ids: Vec<String> = (0..n).map(|i| format!("faction-{i}")).collect();
            let twice: Vec<&String> = ids.iter().chain(&ids).collect();
            let mut table = IdTable::new("faction", "game.ron `factions`");
            let mut duplicates = Vec::new();
            table.fill(&src, "/factions", &twice, |s| s.as_str(), &mut duplicates);
            assert_eq!(duplicates.len(), n);
            for (i, id) in ids.iter().enumerate() {
                assert_eq!(table.index(id), Some(i), "{id} of {n}");
            }
            assert_eq!(table.index("faction-x"), None);
            assert_eq!(table.index(""), None);
        }
    }
}
