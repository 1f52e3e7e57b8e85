//! A unit's values by name (`{"strength": 3, "moves": 2}`): a short list kept sorted by name.
//! A unit has a handful of values and a game thousands of units; a `BTreeMap` per unit side
//! held a 300-byte node for three numbers (a 100,000-space game spent 77 MB on them).

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::common::Id;

/// Values by name, sorted by name, each name once; read and written as a map.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UnitValues(Vec<(Id, u32)>);

impl UnitValues {
    pub fn new() -> Self {
        UnitValues(Vec::new())
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(n, _)| n.as_str().cmp(name))
    }

    pub fn get(&self, name: &str) -> Option<&u32> {
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut u32> {
        self.find(name).ok().map(|i| &mut self.0[i].1)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets a value; returns the one it replaces.
    pub fn insert(&mut self, name: impl Into<Id>, value: u32) -> Option<u32> {
        let name = name.into();
        match self.find(&name) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (name, value));
                None
            }
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<u32> {
        self.find(name).ok().map(|i| self.0.remove(i).1)
    }

    /// Name and value pairs, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&Id, &u32)> {
        self.0.iter().map(|(n, v)| (n, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &Id> {
        self.0.iter().map(|(n, _)| n)
    }

    pub fn values(&self) -> impl Iterator<Item = &u32> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Into<Id>> FromIterator<(K, u32)> for UnitValues {
    /// A name given twice keeps its last value, as a map would.
    fn from_iter<I: IntoIterator<Item = (K, u32)>>(pairs: I) -> Self {
        let mut pairs: Vec<(Id, u32)> = pairs.into_iter().map(|(k, v)| (k.into(), v)).collect();
        // stable: of equal names, the last given stays last
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(Id, u32)> = Vec::with_capacity(pairs.len());
        for (name, value) in pairs {
            match out.last_mut() {
                Some(last) if last.0 == name => last.1 = value,
                _ => out.push((name, value)),
            }
        }
        UnitValues(out)
    }
}

impl<'a> IntoIterator for &'a UnitValues {
    type Item = (&'a Id, &'a u32);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (Id, u32)>, PairRef>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(pair_ref)
    }
}

type PairRef = for<'b> fn(&'b (Id, u32)) -> (&'b Id, &'b u32);

fn pair_ref(pair: &(Id, u32)) -> (&Id, &u32) {
    (&pair.0, &pair.1)
}

impl Serialize for UnitValues {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for UnitValues {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ValuesVisitor;
        impl<'de> Visitor<'de> for ValuesVisitor {
            type Value = UnitValues;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of value names to numbers")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UnitValues, A::Error> {
                let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(16));
                while let Some(pair) = map.next_entry::<Id, u32>()? {
                    pairs.push(pair);
                }
                Ok(pairs.into_iter().collect())
            }
        }
        deserializer.deserialize_map(ValuesVisitor)
    }
}

/// The schema of the map it is read as (`schemas/units.schema.json` is unchanged).
impl JsonSchema for UnitValues {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        <BTreeMap<String, u32>>::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        <BTreeMap<String, u32>>::schema_id()
    }

    fn inline_schema() -> bool {
        <BTreeMap<String, u32>>::inline_schema()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <BTreeMap<String, u32>>::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&str, u32)]) -> UnitValues {
        pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    #[test]
    fn kept_sorted_by_name_with_each_name_once() {
        let v = values(&[("strength", 3), ("moves", 2), ("strength", 4)]);
        let names: Vec<&Id> = v.keys().collect();
        assert_eq!(names, ["moves", "strength"]);
        assert_eq!(v.get("strength"), Some(&4));
        let mut v = v;
        assert_eq!(v.insert("attack", 1), None);
        assert_eq!(v.insert("moves", 5), Some(2));
        assert_eq!(
            v.keys().map(Id::as_str).collect::<Vec<_>>(),
            ["attack", "moves", "strength"]
        );
        assert_eq!(v.remove("attack"), Some(1));
        assert_eq!(v.get("attack"), None);
        *v.get_mut("moves").expect("present") += 1;
        assert_eq!(v.values().copied().collect::<Vec<_>>(), [6, 4]);
    }

    #[test]
    fn read_and_written_as_the_map_it_replaces() {
        let v = values(&[("strength", 3), ("moves", 2)]);
        let as_map: BTreeMap<String, u32> = v.iter().map(|(n, x)| (n.to_string(), *x)).collect();
        assert_eq!(
            serde_json::to_string(&v).expect("serialises"),
            serde_json::to_string(&as_map).expect("serialises")
        );
        let back: UnitValues =
            serde_json::from_str(r#"{"strength": 3, "moves": 2}"#).expect("reads");
        assert_eq!(back, v);
        let schema = |s: schemars::Schema| serde_json::to_value(s).expect("schema");
        assert_eq!(
            schema(schemars::schema_for!(UnitValues)),
            schema(schemars::schema_for!(BTreeMap<String, u32>))
        );
    }
}
