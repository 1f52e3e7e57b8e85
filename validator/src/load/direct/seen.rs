//! The keys already seen in one map, to refuse duplicates as the JSON path does.

use rustc_hash::FxHashSet;

/// Keys already seen in one `{...}` map, to refuse duplicates as the JSON path does (a map
/// type would keep the last silently; struct fields are refused by serde itself). Keys are
/// kept as hashes: two different keys sharing one only make this path give up, which is safe.
/// Most maps are small (a unit's three strength factors), so the first few hashes are kept
/// in place and searched in turn; a hash set is built only for a map with more keys.
#[derive(Default)]
pub struct Seen {
    few: [u64; SEEN_IN_PLACE],
    count: usize,
    many: FxHashSet<u64>,
}

pub const SEEN_IN_PLACE: usize = 8;

impl Seen {
    /// False if `key` (or a key with its hash) was seen before.
    pub fn insert(&mut self, key: &str) -> bool {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        key.hash(&mut h);
        let hash = h.finish();
        if self.count < SEEN_IN_PLACE {
            if self.few[..self.count].contains(&hash) {
                return false;
            }
            self.few[self.count] = hash;
            self.count += 1;
            return true;
        }
        if self.many.is_empty() {
            self.many.extend(self.few);
        }
        self.many.insert(hash)
    }
}
