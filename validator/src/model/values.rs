//! A unit's values by name (`{"strength": 3, "moves": 2}`): a short map kept as a list sorted
//! by name ([`SortedMap`]). A unit has a handful of values and a game thousands of units; a
//! `BTreeMap` per unit side held a 300-byte node for three numbers (a 100,000-space game spent
//! 77 MB on them).

use super::sorted::SortedMap;

/// Values by name, sorted by name, each name once; read and written as a map.
pub type UnitValues = SortedMap<u32>;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::Id;

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
