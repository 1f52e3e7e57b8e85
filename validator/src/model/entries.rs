//! A text file's entries by key: a map kept as one list sorted by key ([`SortedMap`]). Files
//! list their keys in order, so reading one is a pass that checks the order; a `BTreeMap`
//! built from it took a second copy while it was built and some 12% more room once built (a
//! 100,000-space game's three languages hold 650,000 entries).

use super::sorted::SortedMap;
use super::text::TextEntry;

/// Entries by key, sorted by key, each key once; read and written as a map.
pub type TextEntries = SortedMap<TextEntry>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Id;

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
