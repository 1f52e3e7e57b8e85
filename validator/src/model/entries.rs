//! A text file's entries: one list kept sorted by key, each key once, read and written as a
//! map. Files list their keys in order, so reading one is a pass that checks the order; a
//! `BTreeMap` built from it took a second copy while it was built and some 12% more room
//! once built (a 100,000-space game's three languages hold 650,000 entries).

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::common::Id;
use super::text::TextEntry;

/// Entries by key, sorted by key, each key once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextEntries(Vec<(Id, TextEntry)>);

impl TextEntries {
    pub fn new() -> Self {
        TextEntries(Vec::new())
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&TextEntry> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut TextEntry> {
        self.find(key).ok().map(|i| &mut self.0[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets an entry; returns the one it replaces.
    pub fn insert(&mut self, key: impl Into<Id>, entry: TextEntry) -> Option<TextEntry> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, entry)),
            Err(i) => {
                self.0.insert(i, (key, entry));
                None
            }
        }
    }

    /// The entry of `key`, made by `make` first if there is none.
    pub fn get_or_insert_with(
        &mut self,
        key: &str,
        make: impl FnOnce() -> TextEntry,
    ) -> &mut TextEntry {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.0.insert(i, (key.into(), make()));
                i
            }
        };
        &mut self.0[i].1
    }

    pub fn remove(&mut self, key: &str) -> Option<TextEntry> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Key and entry pairs, by key.
    pub fn iter(&self) -> Iter<'_> {
        self.0.iter().map(pair_ref)
    }

    pub fn keys(&self) -> impl Iterator<Item = &Id> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl Iterator<Item = &TextEntry> {
        self.0.iter().map(|(_, e)| e)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut TextEntry> {
        self.0.iter_mut().map(|(_, e)| e)
    }

    /// From pairs already sorted by key with each key once (checked: else sorted here, a
    /// repeated key keeping its last entry, as a map would).
    fn from_list(mut list: Vec<(Id, TextEntry)>) -> Self {
        if !list.windows(2).all(|w| w[0].0 < w[1].0) {
            // stable: of equal keys, the last given stays last
            list.sort_by(|a, b| a.0.cmp(&b.0));
            let mut out: Vec<(Id, TextEntry)> = Vec::with_capacity(list.len());
            for (key, entry) in list {
                match out.last_mut() {
                    Some(last) if last.0 == key => last.1 = entry,
                    _ => out.push((key, entry)),
                }
            }
            list = out;
        }
        TextEntries(list)
    }
}

impl std::ops::Index<&str> for TextEntries {
    type Output = TextEntry;
    fn index(&self, key: &str) -> &TextEntry {
        self.get(key).expect("no text entry with this key")
    }
}

impl<K: Into<Id>> FromIterator<(K, TextEntry)> for TextEntries {
    fn from_iter<I: IntoIterator<Item = (K, TextEntry)>>(pairs: I) -> Self {
        TextEntries::from_list(pairs.into_iter().map(|(k, e)| (k.into(), e)).collect())
    }
}

pub type Iter<'a> = std::iter::Map<std::slice::Iter<'a, (Id, TextEntry)>, PairRef>;

type PairRef = for<'b> fn(&'b (Id, TextEntry)) -> (&'b Id, &'b TextEntry);

fn pair_ref(pair: &(Id, TextEntry)) -> (&Id, &TextEntry) {
    (&pair.0, &pair.1)
}

impl<'a> IntoIterator for &'a TextEntries {
    type Item = (&'a Id, &'a TextEntry);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for TextEntries {
    type Item = (Id, TextEntry);
    type IntoIter = std::vec::IntoIter<(Id, TextEntry)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl Serialize for TextEntries {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, entry) in &self.0 {
            map.serialize_entry(key, entry)?;
        }
        map.end()
    }
}

/// Lists from this length up are given exactly their room once read: read entry by entry,
/// a list's room doubles as it grows and up to half of it is never used.
const FIT_FROM: usize = 1024;

impl<'de> Deserialize<'de> for TextEntries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = TextEntries;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of text entries")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TextEntries, A::Error> {
                let mut list = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
                while let Some(pair) = map.next_entry::<Id, TextEntry>()? {
                    list.push(pair);
                }
                if list.len() >= FIT_FROM && list.capacity() - list.len() > list.len() / 8 {
                    // a copy, not `shrink_to_fit`: an allocator may keep a block it is asked
                    // to shrink by less than half
                    let mut exact = Vec::with_capacity(list.len());
                    exact.append(&mut list);
                    list = exact;
                }
                Ok(TextEntries::from_list(list))
            }
        }
        deserializer.deserialize_map(EntriesVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str) -> TextEntry {
        TextEntry {
            name: name.into(),
            text: None,
            source: None,
        }
    }

    #[test]
    fn unsorted_input_is_sorted_and_a_repeated_key_keeps_its_last_entry() {
        let e: TextEntries = [
            ("space:b", entry("B")),
            ("card:a", entry("A1")),
            ("card:a", entry("A2")),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            e.keys().map(Id::as_str).collect::<Vec<_>>(),
            ["card:a", "space:b"]
        );
        assert_eq!(e["card:a"].name, "A2");
    }

    #[test]
    fn insert_and_remove_keep_the_order() {
        let mut e = TextEntries::new();
        assert!(e.insert("space:b", entry("B")).is_none());
        assert!(e.insert("game", entry("G")).is_none());
        assert_eq!(
            e.insert("space:b", entry("B2")).map(|x| x.name),
            Some("B".into())
        );
        assert_eq!(
            e.keys().map(Id::as_str).collect::<Vec<_>>(),
            ["game", "space:b"]
        );
        assert_eq!(e.remove("game").map(|x| x.name), Some("G".into()));
        assert!(e.remove("game").is_none());
        assert!(!e.contains_key("game") && e.contains_key("space:b"));
    }

    #[test]
    fn reads_and_writes_as_a_map_in_key_order() {
        let e: TextEntries =
            serde_json::from_str(r#"{"space:b": {"name": "B"}, "card:a": {"name": "A"}}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"card:a":{"name":"A"},"space:b":{"name":"B"}}"#
        );
    }
}
