//! The cycles of a graph over a list's items (cards requiring or playing one another): each
//! strongly connected set of two or more, or an item leading to itself, its indexes sorted.

use petgraph::algo::TarjanScc;
use petgraph::graph::{DiGraph, NodeIndex};

/// The cycles among `n` items joined by `edges` (from, to).
pub fn cycles(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut graph = DiGraph::<(), ()>::with_capacity(n, 0);
    for _ in 0..n {
        graph.add_node(());
    }
    for (a, b) in edges {
        graph.add_edge(NodeIndex::new(a), NodeIndex::new(b), ());
    }
    let mut out = Vec::new();
    // the components handed over one by one: `TarjanScc` makes a list of each, one for
    // every item not in a cycle
    TarjanScc::new().run(&graph, |scc| {
        if scc.len() < 2 && !graph.contains_edge(scc[0], scc[0]) {
            return;
        }
        let mut members: Vec<usize> = scc.iter().map(|n| n.index()).collect();
        members.sort_unstable();
        out.push(members);
    });
    out
}
