//! Data tied to rulesets (game.ron `rulesets`: two editions of a rulebook, an optional rule): an
//! entity present only under some rulesets (`rulesets: ["it-2nd-edition"]`), or whose values
//! differ under one (`under: {"it-2nd-edition": {"vp": 2, "attrs.limited": true}}`). A scenario
//! names its ruleset and is checked against the data that ruleset sees.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Id;
use super::attrs::{AttrValue, Attrs};
use super::sorted::SortedMap;

/// The values an entity takes under rulesets: ruleset id -> field -> value. A field is named as
/// written in the file (`vp`, `supply_source_for`), an attribute as `attrs.<id>`. Boxed: most
/// entities have none, and a large map holds hundreds of thousands of them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Under(Option<Box<SortedMap<Attrs>>>);

impl Under {
    pub fn new(map: SortedMap<Attrs>) -> Self {
        Under((!map.is_empty()).then(|| Box::new(map)))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Each ruleset named, with the values the entity takes under it.
    pub fn iter(&self) -> impl Iterator<Item = (&super::Id, &Attrs)> {
        self.0.iter().flat_map(|m| m.iter())
    }

    /// The values the entity takes under `ruleset`, if any differ.
    pub fn get(&self, ruleset: &str) -> Option<&Attrs> {
        self.0.as_ref()?.get(ruleset)
    }
}

impl Serialize for Under {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(map) => map.serialize(s),
            None => SortedMap::<Attrs>::new().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Under {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SortedMap::<Attrs>::deserialize(d).map(Under::new)
    }
}

impl JsonSchema for Under {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        SortedMap::<Attrs>::schema_name()
    }

    fn inline_schema() -> bool {
        SortedMap::<Attrs>::inline_schema()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        SortedMap::<Attrs>::json_schema(generator)
    }
}

/// An entity that may be tied to rulesets.
pub trait Tied {
    /// The rulesets it is present under; empty: under every ruleset.
    fn rulesets(&self) -> &[super::Id];
    /// The values it takes under some rulesets.
    fn under(&self) -> &Under;
    /// The values under `ruleset` that do not fit the entity, with why.
    fn misfits(&self, ruleset: &str) -> Vec<(Id, Misfit)>;
    /// Whether the entity is present under `ruleset` (None: the game's data as no ruleset
    /// changes it, which holds only what no ruleset is named for).
    fn present_under(&self, ruleset: Option<&str>) -> bool {
        let tied = self.rulesets();
        tied.is_empty() || ruleset.is_some_and(|r| tied.iter().any(|t| t == r))
    }
}

macro_rules! tied {
    ($($t:ty),*) => {$(
        impl Tied for $t {
            fn rulesets(&self) -> &[super::Id] {
                &self.rulesets
            }
            fn under(&self) -> &Under {
                &self.under
            }
            fn misfits(&self, ruleset: &str) -> Vec<(Id, Misfit)> {
                match self.under.get(ruleset) {
                    Some(values) => apply(self, values).1,
                    None => Vec::new(),
                }
            }
        }
    )*};
}

tied!(
    super::Space,
    super::Link,
    super::Area,
    super::Unit,
    super::Card,
    super::Placement
);

/// Why a value under a ruleset does not apply.
#[derive(Debug, Clone, PartialEq)]
pub enum Misfit {
    /// No field of the entity has this name; the nearest name, if one is near.
    UnknownField(Option<String>),
    /// The field cannot differ by ruleset (`id`, `rulesets`, `under`).
    Fixed,
    /// The value is not of the field's type: what serde said.
    WrongType(String),
}

/// `entity` with `values` applied (field by field, each checked alone), and the keys that did
/// not apply with why.
pub fn apply<T>(entity: &T, values: &Attrs) -> (T, Vec<(Id, Misfit)>)
where
    T: Serialize + DeserializeOwned + JsonSchema + Clone,
{
    let mut misfits = Vec::new();
    let Ok(mut json) = serde_json::to_value(entity) else {
        return (entity.clone(), misfits);
    };
    let fields = field_names::<T>();
    for (key, value) in values {
        let (field, attr) = match key.split_once('.') {
            Some(("attrs", a)) => ("attrs", Some(a)),
            _ => (key.as_str(), None),
        };
        if matches!(field, "id" | "rulesets" | "under") {
            misfits.push((key.clone(), Misfit::Fixed));
            continue;
        }
        if !fields.iter().any(|f| f == field) {
            let near = crate::suggest::near_misses(field, fields.iter().map(String::as_str));
            misfits.push((
                key.clone(),
                Misfit::UnknownField(near.closest.map(str::to_owned)),
            ));
            continue;
        }
        let mut candidate = json.clone();
        let Some(obj) = candidate.as_object_mut() else {
            break;
        };
        let value = to_json(value);
        match attr {
            Some(a) => {
                let attrs = obj
                    .entry("attrs")
                    .or_insert_with(|| serde_json::Value::Object(Default::default()));
                if let Some(attrs) = attrs.as_object_mut() {
                    attrs.insert(a.to_owned(), value);
                }
            }
            None => {
                obj.insert(field.to_owned(), value);
            }
        }
        match serde_json::from_value::<T>(candidate.clone()) {
            Ok(_) => json = candidate,
            Err(e) => misfits.push((key.clone(), Misfit::WrongType(e.to_string()))),
        }
    }
    let out = serde_json::from_value(json).unwrap_or_else(|_| entity.clone());
    (out, misfits)
}

fn to_json(v: &AttrValue) -> serde_json::Value {
    match v {
        AttrValue::Bool(b) => (*b).into(),
        AttrValue::Int(i) => (*i).into(),
        AttrValue::Number(f) => (*f).into(),
        AttrValue::Text(t) => t.as_str().into(),
        AttrValue::List(l) => l.iter().map(to_json).collect(),
        AttrValue::Map(m) => m
            .iter()
            .map(|(k, v)| (k.to_string(), to_json(v)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    }
}

/// The fields an entity of type `T` has, as written in files.
fn field_names<T: JsonSchema>() -> Vec<String> {
    let schema = schemars::SchemaGenerator::default().into_root_schema_for::<T>();
    schema
        .get("properties")
        .and_then(|p| p.as_object())
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Space;

    fn space() -> Space {
        serde_json::from_value(serde_json::json!({
            "id": "mecca", "x": 1.0, "y": 2.0, "kind": "space", "vp": 1
        }))
        .expect("a space")
    }

    fn values(pairs: &[(&str, AttrValue)]) -> Attrs {
        pairs.iter().map(|(k, v)| (*k, v.clone())).collect()
    }

    #[test]
    fn values_under_a_ruleset_replace_fields_and_attributes() {
        let v = values(&[
            ("vp", AttrValue::Int(2)),
            (
                "supply_source_for",
                AttrValue::List(vec![AttrValue::Text("tu".into())]),
            ),
            ("attrs.limited", AttrValue::Bool(true)),
        ]);
        let (s, misfits) = apply(&space(), &v);
        assert!(misfits.is_empty(), "{misfits:?}");
        assert_eq!(s.vp, 2);
        assert_eq!(s.supply_source_for.as_slice(), &[Id::from("tu")]);
        assert_eq!(s.attrs.get("limited"), Some(&AttrValue::Bool(true)));
    }

    #[test]
    fn a_value_that_does_not_fit_is_named_and_the_rest_apply() {
        let v = values(&[
            ("vp", AttrValue::Text("two".into())),
            ("fortt", AttrValue::Int(2)),
            ("id", AttrValue::Text("x".into())),
            ("port", AttrValue::Bool(true)),
        ]);
        let (s, misfits) = apply(&space(), &v);
        assert!(s.port);
        assert_eq!(s.vp, 1);
        let why: Vec<_> = misfits.iter().map(|(k, m)| (k.as_str(), m)).collect();
        assert!(
            matches!(why[0], ("fortt", Misfit::UnknownField(Some(f))) if f == "fort"),
            "{why:?}"
        );
        assert_eq!(why[1], ("id", &Misfit::Fixed));
        assert!(matches!(why[2], ("vp", Misfit::WrongType(_))), "{why:?}");
    }
}
