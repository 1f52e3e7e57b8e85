//! What the game rules share: the map as a petgraph graph, who is friend or enemy, and the
//! control of each space at the start of a scenario. Built once per folder.

use petgraph::graph::{NodeIndex, UnGraph};

use crate::load::{Doc, GameFolder};
use crate::model::compare::same;
use crate::model::{
    Faction, Game, LocationKind, MapFile, Relation, Scenario, Stance, Unit, UnitKind,
};

use super::adjacency::Adjacency;
use super::ids::Ids;

/// A loaded game with its map; rules that need both take a `World`.
pub struct World<'a> {
    pub folder: &'a GameFolder,
    pub game: &'a Game,
    pub map: &'a Doc<MapFile>,
    pub ids: &'a Ids<'a>,
    /// Map graph: node `i` is space `i`, each edge carries its link's index.
    pub graph: UnGraph<(), usize>,
    /// The same links as compact per-space lists, for the searches that walk them all.
    pub adjacency: Adjacency,
    /// Per space: its location kind (None when the kind does not resolve).
    pub space_kinds: Vec<Option<&'a LocationKind>>,
    /// Per link: whether its kind carries supply (true when the kind does not resolve, so
    /// that only R002 reports it).
    pub link_carries_supply: Vec<bool>,
    /// Per space: the areas holding it that are closed to some faction (indexes into the
    /// game's `areas`), looked up once rather than per unit placed there.
    pub closed_areas: PerSpace,
    /// The links open only to some factions (a non-empty `only_for`), by index.
    pub restricted_links: Vec<usize>,
    /// The links with an end that names no space, by index in order (usually none): R002
    /// looks their ends up again to report them, and no other link's.
    pub links_with_unknown_ends: Vec<usize>,
    /// The spaces with an area that names none of the game's, by index in order (usually
    /// none): R002 looks their areas up again, and no other space's.
    pub spaces_with_unknown_areas: Vec<usize>,
    /// Per space: whether a link open to every unit leads there, and whether every link is,
    /// made on first use (each state of play a world serves asks again).
    open_to_all: std::sync::OnceLock<(Vec<bool>, bool)>,
}

/// A list of indexes for each space, held in one list: a list of its own for each space
/// took an allocation (and a free) for each space (some 1% of a check of the corpus of
/// real-sized games, BENCHMARKS.md session 23).
#[derive(Debug, Default)]
pub struct PerSpace {
    /// Every space's indexes, space after space.
    items: Vec<usize>,
    /// Where each space's indexes end in `items`.
    ends: Vec<usize>,
}

impl PerSpace {
    /// The indexes of one space.
    pub fn of(&self, space: usize) -> &[usize] {
        let start = space.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.items[start..self.ends[space]]
    }
}

impl<'a> World<'a> {
    pub fn new(folder: &'a GameFolder, ids: &'a Ids<'a>) -> Option<Self> {
        let game = &folder.game.as_ref()?.value;
        let map = folder.map.as_ref()?;
        let spaces = &map.value.spaces;
        let mut graph = UnGraph::with_capacity(spaces.len(), map.value.links.len());
        for _ in spaces {
            graph.add_node(());
        }
        let mut links_with_unknown_ends = Vec::new();
        for (i, link) in map.value.links.iter().enumerate() {
            match (ids.spaces.index(&link.a), ids.spaces.index(&link.b)) {
                (Some(a), Some(b)) if a != b => {
                    graph.add_edge(NodeIndex::new(a), NodeIndex::new(b), i);
                }
                (Some(_), Some(_)) => {}
                _ => links_with_unknown_ends.push(i),
            }
        }
        let space_kinds = spaces
            .iter()
            .map(|s| {
                ids.location_kinds
                    .index(&s.kind)
                    .map(|k| &game.location_kinds[k])
            })
            .collect();
        let link_carries_supply = map
            .value
            .links
            .iter()
            .map(|l| {
                ids.link_kinds
                    .index(&l.kind)
                    .is_none_or(|k| game.link_kinds[k].carries_supply)
            })
            .collect();
        let mut spaces_with_unknown_areas = Vec::new();
        let mut closed_areas = PerSpace::default();
        for (i, s) in spaces.iter().enumerate() {
            for a in &s.areas {
                match ids.areas.index(a) {
                    Some(k) if !game.areas[k].closed_to.is_empty() => closed_areas.items.push(k),
                    Some(_) => {}
                    None if spaces_with_unknown_areas.last() == Some(&i) => {}
                    None => spaces_with_unknown_areas.push(i),
                }
            }
            closed_areas.ends.push(closed_areas.items.len());
        }
        let restricted_links = map
            .value
            .links
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.only_for.is_empty())
            .map(|(i, _)| i)
            .collect();
        let links = &map.value.links;
        let adjacency = Adjacency::new(&graph, |l| links[l].one_way);
        Some(World {
            folder,
            game,
            map,
            ids,
            graph,
            adjacency,
            restricted_links,
            links_with_unknown_ends,
            spaces_with_unknown_areas,
            space_kinds,
            link_carries_supply,
            closed_areas,
            open_to_all: std::sync::OnceLock::new(),
        })
    }

    /// Per space: whether a link open to every unit and faction (no `only_for`, no
    /// `only_units`) leads there; and whether every link of the map is open to all.
    pub fn open_to_all(&self) -> (&[bool], bool) {
        use petgraph::visit::EdgeRef;
        let (open, all) = self.open_to_all.get_or_init(|| {
            let links = &self.map.value.links;
            let for_all = |l: &crate::model::Link| l.only_for.is_empty() && l.only_units.is_empty();
            let mut open = vec![false; self.graph.node_count()];
            for e in self.graph.edge_references() {
                if for_all(&links[*e.weight()]) {
                    open[e.source().index()] = true;
                    open[e.target().index()] = true;
                }
            }
            (open, links.iter().all(for_all))
        });
        (open, *all)
    }

    /// True for a location on the map graph (not a box off it).
    pub fn on_map(&self, space: usize) -> bool {
        self.space_kinds[space].is_none_or(|k| k.on_map)
    }

    pub fn faction(&self, id: &str) -> Option<&'a Faction> {
        self.ids.factions.index(id).map(|i| &self.game.factions[i])
    }

    pub fn unit(&self, id: &str) -> Option<&'a Unit> {
        let units = &self.folder.units.as_ref()?.value.units;
        self.ids.units.index(id).map(|i| &units[i])
    }

    pub fn unit_kind(&self, id: &str) -> Option<&'a UnitKind> {
        self.ids
            .unit_kinds
            .index(id)
            .map(|i| &self.game.unit_kinds[i])
    }

    /// The stance of faction `a` towards `b`, a faction or a side (a side controls land of no
    /// playing nation): the scenario's relations first, then the game's, then what their
    /// sides imply. A nation neutral at the scenario's start is no one's enemy yet, whichever
    /// side it leans to.
    pub fn stance(&self, a: &str, b: &str, scenario: Option<&Scenario>) -> Stance {
        if same(a, b) {
            return Stance::Allied;
        }
        if scenario.is_some_and(|s| s.neutral.iter().any(|n| same(n, a) || same(n, b))) {
            return Stance::Neutral;
        }
        let explicit = |rels: &[Relation]| {
            rels.iter()
                .find(|r| {
                    (same(&r.factions.0, a) && same(&r.factions.1, b))
                        || (same(&r.factions.0, b) && same(&r.factions.1, a))
                })
                .map(|r| r.stance)
        };
        if let Some(s) = scenario
            .and_then(|s| explicit(&s.relations))
            .or_else(|| explicit(&self.game.relations))
        {
            return s;
        }
        let Some(fa) = self.faction(a) else {
            return Stance::Neutral;
        };
        // a side as the holder: its own factions are its friends, the other sides' its enemies
        let side_b = match self.faction(b) {
            Some(fb) if fa.hostile_to_all || fb.hostile_to_all => return Stance::Enemy,
            Some(fb) => match self.alignment(b, scenario) {
                Some(None) => return Stance::Neutral,
                Some(side) => side,
                None => self.own_side(fb),
            },
            None if self.ids.sides.contains(b) => Some(b),
            None => return Stance::Neutral,
        };
        let side_a = match self.alignment(a, scenario) {
            Some(None) => return Stance::Neutral,
            Some(side) => side,
            None => self.own_side(fa),
        };
        match (side_a, side_b) {
            (_, Some(_)) if fa.hostile_to_all => Stance::Enemy,
            (Some(x), Some(y)) if x == y => Stance::Allied,
            (Some(_), Some(_)) => Stance::Enemy,
            _ => Stance::Neutral,
        }
    }

    /// The side of faction `f` at `scenario`'s start: the scenario's alignment of it, else the
    /// game's.
    pub fn side_of<'s>(&self, f: &str, scenario: Option<&'s Scenario>) -> Option<&'s str>
    where
        'a: 's,
    {
        match self.alignment(f, scenario) {
            Some(side) => side,
            None => self.own_side(self.faction(f)?),
        }
    }

    /// The side game.ron gives faction `f`, when it is one of the game's sides: one that is
    /// not is R002's, and nothing judges the faction's stance on a guess from it.
    fn own_side(&self, f: &'a Faction) -> Option<&'a str> {
        f.side.as_deref().filter(|s| self.ids.sides.contains(s))
    }

    /// Whether faction `f`'s side at `scenario`'s start is no side of the game (R002): the
    /// scenario realigns it to one, or game.ron gives it one. What depends on its side is not
    /// judged on a guess.
    pub fn side_names_none(&self, f: &str, scenario: Option<&Scenario>) -> bool {
        match self.alignment(f, scenario) {
            Some(side) => side.is_none(),
            None => self
                .faction(f)
                .is_some_and(|x| x.side.is_some() && self.own_side(x).is_none()),
        }
    }

    /// The side `scenario` aligns faction `f` with: None when it does not realign it;
    /// Some(None) when the side it names is no side of the game (R002 says so, and nothing
    /// judges the faction's stance on a guess: no findings cascade from the typo).
    fn alignment<'s>(&self, f: &str, scenario: Option<&'s Scenario>) -> Option<Option<&'s str>>
    where
        'a: 's,
    {
        let a = scenario?.alignments.iter().find(|a| same(&a.faction, f))?;
        Some(
            self.ids
                .sides
                .contains(a.side.as_str())
                .then_some(a.side.as_str()),
        )
    }

    pub fn friendly(&self, a: &str, b: &str, scenario: Option<&Scenario>) -> bool {
        matches!(
            self.stance(a, b, scenario),
            Stance::Allied | Stance::AlliedApart
        )
    }

    pub fn enemies(&self, a: &str, b: &str, scenario: Option<&Scenario>) -> bool {
        self.stance(a, b, scenario) == Stance::Enemy
    }

    /// Control of every space at the start: the map's, then the scenario's overrides.
    pub fn control_at_start(&self, scenario: Option<&'a Scenario>) -> Vec<Option<&'a str>> {
        let mut control: Vec<Option<&str>> = self
            .map
            .value
            .spaces
            .iter()
            .map(|s| s.control.as_deref())
            .collect();
        for c in scenario.map(|s| s.control.as_slice()).unwrap_or_default() {
            if let Some(i) = self.ids.spaces.index(&c.space) {
                control[i] = c.faction.as_deref();
            }
        }
        control
    }

    /// Display name of a space for messages: its id.
    pub fn space_id(&self, i: usize) -> &'a str {
        &self.map.value.spaces[i].id
    }
}

#[cfg(test)]
mod tests {
    use super::PerSpace;

    #[test]
    fn each_space_gets_its_own_indexes() {
        let lists: [&[usize]; 5] = [&[], &[3], &[], &[1, 4], &[2]];
        let mut per = PerSpace::default();
        for list in lists {
            per.items.extend_from_slice(list);
            per.ends.push(per.items.len());
        }
        for (space, list) in lists.iter().enumerate() {
            assert_eq!(per.of(space), *list, "space {space}");
        }
    }
}
