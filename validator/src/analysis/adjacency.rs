//! The map's links as one compact list per space (compressed rows): the supply searches walk
//! every link of every space they reach, once per faction and scenario, and a walk through
//! two flat arrays stays in the cache where petgraph's linked edge lists do not. Each end
//! says which way the link may be followed (a one-way link only from its `a`).

use petgraph::graph::UnGraph;
use petgraph::visit::EdgeRef;

/// This space to the neighbour may be followed.
const OUT: u32 = 1 << 31;
/// The neighbour to this space may be followed.
const IN: u32 = 1 << 30;
/// The link index, below the two bits of its ways.
const LINK: u32 = IN - 1;

pub struct Adjacency {
    /// Where each space's neighbours start in `ends`; one more entry than spaces.
    starts: Vec<u32>,
    /// (neighbouring space, link index with its ways), grouped by space.
    ends: Vec<(u32, u32)>,
}

impl Adjacency {
    /// From the map graph (node `i` is space `i`, each edge carries its link's index, from
    /// the link's `a` to its `b`), and whether each link is one way.
    pub fn new(graph: &UnGraph<(), usize>, one_way: impl Fn(usize) -> bool) -> Self {
        let n = graph.node_count();
        let mut degree = vec![0u32; n + 1];
        for e in graph.edge_references() {
            degree[e.source().index()] += 1;
            degree[e.target().index()] += 1;
        }
        let mut starts = Vec::with_capacity(n + 1);
        let mut total = 0u32;
        for d in &degree[..n] {
            starts.push(total);
            total += d;
        }
        starts.push(total);
        let mut next: Vec<u32> = starts[..n].to_vec();
        let mut ends = vec![(0u32, 0u32); total as usize];
        for e in graph.edge_references() {
            let (a, b, link) = (e.source().index(), e.target().index(), *e.weight());
            let (from_a, from_b) = if one_way(link) {
                (OUT, IN)
            } else {
                (OUT | IN, OUT | IN)
            };
            let link = link as u32 & LINK;
            ends[next[a] as usize] = (b as u32, link | from_a);
            next[a] += 1;
            ends[next[b] as usize] = (a as u32, link | from_b);
            next[b] += 1;
        }
        Adjacency { starts, ends }
    }

    /// How many (space, link) ends there are in all: twice the links.
    pub fn ends(&self) -> usize {
        self.ends.len()
    }

    /// The ends at `space` with their ways.
    fn at(&self, space: usize) -> &[(u32, u32)] {
        &self.ends[self.starts[space] as usize..self.starts[space + 1] as usize]
    }

    /// The spaces linked to `space` either way, as (space, link index).
    pub fn of(&self, space: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ways(space, OUT | IN)
    }

    /// The spaces `space` leads to (where a unit there may go), as (space, link index).
    pub fn out_of(&self, space: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ways(space, OUT)
    }

    /// The spaces that lead to `space` (from where a unit may come), as (space, link index):
    /// a search from a destination back towards where lines start walks these.
    pub fn toward(&self, space: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ways(space, IN)
    }

    fn ways(&self, space: usize, way: u32) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.at(space)
            .iter()
            .filter(move |&&(_, l)| l & way != 0)
            .map(|&(t, l)| (t as usize, (l & LINK) as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::graph::NodeIndex;

    #[test]
    fn a_one_way_link_is_followed_from_a_only() {
        let mut g = UnGraph::<(), usize>::new_undirected();
        let n: Vec<NodeIndex> = (0..3).map(|_| g.add_node(())).collect();
        g.add_edge(n[0], n[1], 0); // both ways
        g.add_edge(n[1], n[2], 1); // one way, 1 -> 2
        let adj = Adjacency::new(&g, |l| l == 1);
        let list = |it: &mut dyn Iterator<Item = (usize, usize)>| it.collect::<Vec<_>>();
        assert_eq!(list(&mut adj.out_of(1)), [(0, 0), (2, 1)]);
        assert_eq!(list(&mut adj.toward(1)), [(0, 0)]);
        assert_eq!(list(&mut adj.out_of(2)), []);
        assert_eq!(list(&mut adj.toward(2)), [(1, 1)]);
        assert_eq!(list(&mut adj.of(2)), [(1, 1)]);
        assert_eq!(adj.ends(), 4);
    }
}
