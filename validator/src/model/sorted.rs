//! A map by id kept as one list sorted by id, each id once, read and written as a map. The
//! model's many small or large maps by id (a unit's values, a text file's entries) hold no
//! tree nodes: a `BTreeMap` took a 300-byte node for a unit's three values, and for a text
//! file's entries some 12% more room than the list plus a second copy while it was built.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::common::{Id, fit_room};
use super::compare::{self, less};

/// Values by id, sorted by id, each id once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortedMap<V>(Vec<(Id, V)>);

impl<V> Default for SortedMap<V> {
    fn default() -> Self {
        SortedMap(Vec::new())
    }
}

impl<V> SortedMap<V> {
    pub fn new() -> Self {
        Self::default()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| compare::cmp(k, key))
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        self.find(key).ok().map(|i| &mut self.0[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets a value; returns the one it replaces.
    pub fn insert(&mut self, key: impl Into<Id>, value: V) -> Option<V> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    /// The value of `key`, made by `make` first if there is none.
    pub fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.0.insert(i, (key.into(), make()));
                i
            }
        };
        &mut self.0[i].1
    }

    pub fn remove(&mut self, key: &str) -> Option<V> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Id and value pairs, by id.
    pub fn iter(&self) -> Iter<'_, V> {
        self.0.iter().map(pair_ref)
    }

    pub fn keys(&self) -> impl Iterator<Item = &Id> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.0.iter_mut().map(|(_, v)| v)
    }

    /// From pairs with each id once, in any order (files list them sorted, which one pass
    /// checks; others are sorted here); `None` if an id repeats.
    pub fn from_unique(mut list: Vec<(Id, V)>) -> Option<Self> {
        if !list.windows(2).all(|w| less(&w[0].0, &w[1].0)) {
            list.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            if list.windows(2).any(|w| w[0].0 == w[1].0) {
                return None;
            }
        }
        Some(SortedMap(list))
    }

    /// From pairs in any order: files list them sorted, which one pass checks; else they are
    /// sorted here, a repeated id keeping its last value, as a map would.
    fn from_list(mut list: Vec<(Id, V)>) -> Self {
        if !list.windows(2).all(|w| less(&w[0].0, &w[1].0)) {
            // stable: of equal ids, the last given stays last
            list.sort_by(|a, b| a.0.cmp(&b.0));
            let mut out: Vec<(Id, V)> = Vec::with_capacity(list.len());
            for (key, value) in list {
                match out.last_mut() {
                    Some(last) if last.0 == key => last.1 = value,
                    _ => out.push((key, value)),
                }
            }
            list = out;
        }
        SortedMap(list)
    }
}

impl<V> std::ops::Index<&str> for SortedMap<V> {
    type Output = V;
    fn index(&self, key: &str) -> &V {
        self.get(key).expect("no value with this id")
    }
}

impl<K: Into<Id>, V> FromIterator<(K, V)> for SortedMap<V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        SortedMap::from_list(pairs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }
}

pub type Iter<'a, V> = std::iter::Map<std::slice::Iter<'a, (Id, V)>, PairRef<V>>;

type PairRef<V> = for<'b> fn(&'b (Id, V)) -> (&'b Id, &'b V);

fn pair_ref<V>(pair: &(Id, V)) -> (&Id, &V) {
    (&pair.0, &pair.1)
}

impl<'a, V> IntoIterator for &'a SortedMap<V> {
    type Item = (&'a Id, &'a V);
    type IntoIter = Iter<'a, V>;
    fn into_iter(self) -> Iter<'a, V> {
        self.iter()
    }
}

impl<V> IntoIterator for SortedMap<V> {
    type Item = (Id, V);
    type IntoIter = std::vec::IntoIter<(Id, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<V: Serialize> Serialize for SortedMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for SortedMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = SortedMap<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map by id")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SortedMap<V>, A::Error> {
                let mut list = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
                while let Some(pair) = map.next_entry::<Id, V>()? {
                    list.push(pair);
                }
                fit_room(&mut list);
                Ok(SortedMap::from_list(list))
            }
        }
        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

/// The schema of the map it is read as (the committed schemas are unchanged).
impl<V: JsonSchema> JsonSchema for SortedMap<V> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        <BTreeMap<String, V>>::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        <BTreeMap<String, V>>::schema_id()
    }

    fn inline_schema() -> bool {
        <BTreeMap<String, V>>::inline_schema()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <BTreeMap<String, V>>::json_schema(generator)
    }
}
