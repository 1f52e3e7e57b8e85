//! The map's links as one compact list per space (compressed rows): the supply searches walk
//! every link of every space they reach, once per faction and scenario, and a walk through
//! two flat arrays stays in the cache where petgraph's linked edge lists do not.

use petgraph::graph::UnGraph;
use petgraph::visit::EdgeRef;

pub struct Adjacency {
    /// Where each space's neighbours start in `ends`; one more entry than spaces.
    starts: Vec<u32>,
    /// (neighbouring space, link index), grouped by space.
    ends: Vec<(u32, u32)>,
}

impl Adjacency {
    /// From the map graph (node `i` is space `i`, each edge carries its link's index).
    pub fn new(graph: &UnGraph<(), usize>) -> Self {
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
            let (a, b, link) = (e.source().index(), e.target().index(), *e.weight() as u32);
            ends[next[a] as usize] = (b as u32, link);
            next[a] += 1;
            ends[next[b] as usize] = (a as u32, link);
            next[b] += 1;
        }
        Adjacency { starts, ends }
    }

    /// How many (space, link) ends there are in all: twice the links.
    pub fn ends(&self) -> usize {
        self.ends.len()
    }

    /// The neighbours of `space`, as (space, link index).
    pub fn of(&self, space: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let range = self.starts[space] as usize..self.starts[space + 1] as usize;
        self.ends[range]
            .iter()
            .map(|&(t, link)| (t as usize, link as usize))
    }
}
