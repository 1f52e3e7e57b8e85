//! What is selected on the map: spaces and links, by index into `map.ron`'s lists.

use std::collections::BTreeSet;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub spaces: BTreeSet<usize>,
    pub links: BTreeSet<usize>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty() && self.links.is_empty()
    }

    pub fn clear(&mut self) {
        self.spaces.clear();
        self.links.clear();
    }

    pub fn only_space(index: usize) -> Self {
        Selection {
            spaces: BTreeSet::from([index]),
            links: BTreeSet::new(),
        }
    }

    pub fn only_link(index: usize) -> Self {
        Selection {
            spaces: BTreeSet::new(),
            links: BTreeSet::from([index]),
        }
    }

    /// Adds the space, or removes it if already selected (shift-click).
    pub fn toggle_space(&mut self, index: usize) {
        if !self.spaces.remove(&index) {
            self.spaces.insert(index);
        }
    }

    pub fn toggle_link(&mut self, index: usize) {
        if !self.links.remove(&index) {
            self.links.insert(index);
        }
    }

    /// The single selected space, if exactly one thing is selected and it is a space.
    pub fn single_space(&self) -> Option<usize> {
        if self.spaces.len() == 1 && self.links.is_empty() {
            self.spaces.first().copied()
        } else {
            None
        }
    }

    pub fn single_link(&self) -> Option<usize> {
        if self.links.len() == 1 && self.spaces.is_empty() {
            self.links.first().copied()
        } else {
            None
        }
    }

    /// Drops indices that no longer exist (after undo, redo or delete).
    pub fn prune(&mut self, spaces: usize, links: usize) {
        self.spaces.retain(|&i| i < spaces);
        self.links.retain(|&i| i < links);
    }
}
