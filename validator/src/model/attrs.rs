//! Attributes a game declares (game.ron `attributes`) and the values its entities carry for
//! them (`attrs: {"command": 6, "religion": "catholic"}`): a designer's own vocabulary, read
//! by the game's own checks (`checks.ron`) without a line of Rust.

use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::common::{Id, is_false};
use super::sorted::SortedMap;

/// An entity's attribute values by attribute id, sorted by id.
pub type Attrs = SortedMap<AttrValue>;

/// One attribute value as written: a bool, a whole number, a number, a text (also an id or
/// a named value), a list of these, or a map of them by id (an attribute declared with `keys`).
#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    Bool(bool),
    Int(i64),
    Number(f64),
    Text(Id),
    List(Vec<AttrValue>),
    /// Values by id (`{"us": 2, "ussr": 1}`), sorted by id.
    Map(SortedMap<AttrValue>),
}

impl AttrValue {
    /// What sort of value this is, in a designer's words.
    pub fn describe(&self) -> &'static str {
        match self {
            AttrValue::Bool(_) => "true or false",
            AttrValue::Int(_) => "a whole number",
            AttrValue::Number(_) => "a number",
            AttrValue::Text(_) => "a text",
            AttrValue::List(_) => "a list",
            AttrValue::Map(_) => "a map",
        }
    }
}

impl Serialize for AttrValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AttrValue::Bool(b) => s.serialize_bool(*b),
            AttrValue::Int(i) => s.serialize_i64(*i),
            AttrValue::Number(f) => s.serialize_f64(*f),
            AttrValue::Text(t) => s.serialize_str(t),
            AttrValue::List(l) => l.serialize(s),
            AttrValue::Map(m) => m.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for AttrValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AttrValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a bool, a number, a text, a list or a map")
            }
            fn visit_bool<E>(self, b: bool) -> Result<AttrValue, E> {
                Ok(AttrValue::Bool(b))
            }
            fn visit_i64<E>(self, i: i64) -> Result<AttrValue, E> {
                Ok(AttrValue::Int(i))
            }
            fn visit_u64<E: de::Error>(self, u: u64) -> Result<AttrValue, E> {
                i64::try_from(u)
                    .map(AttrValue::Int)
                    .map_err(|_| E::custom("a whole number over 9223372036854775807"))
            }
            fn visit_f64<E>(self, f: f64) -> Result<AttrValue, E> {
                Ok(AttrValue::Number(f))
            }
            fn visit_str<E>(self, s: &str) -> Result<AttrValue, E> {
                Ok(AttrValue::Text(s.into()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<AttrValue, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element()? {
                    out.push(v);
                }
                Ok(AttrValue::List(out))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<AttrValue, A::Error> {
                let d = de::value::MapAccessDeserializer::new(map);
                SortedMap::deserialize(d).map(AttrValue::Map)
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for AttrValue {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "AttrValue".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A value of an attribute the game declares: true or false, a number, a text (an id, a named value), a list of these, or a map of them by id; the game's `attributes` say which.",
            "anyOf": [
                {"type": "boolean"},
                {"type": "number"},
                {"type": "string"},
                {"type": "array", "items": {"$ref": "#/$defs/AttrValue"}},
                {"type": "object", "additionalProperties": {"$ref": "#/$defs/AttrValue"}}
            ]
        })
    }
}

/// The kinds of entity that may carry attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Holder {
    Space,
    Link,
    Area,
    Unit,
    Card,
    Faction,
    MarkerKind,
    Placement,
    Scenario,
    Track,
    /// The game itself (game.ron's own `attrs`).
    Game,
}

impl Holder {
    pub const ALL: [Holder; 11] = [
        Holder::Space,
        Holder::Link,
        Holder::Area,
        Holder::Unit,
        Holder::Card,
        Holder::Faction,
        Holder::MarkerKind,
        Holder::Placement,
        Holder::Scenario,
        Holder::Track,
        Holder::Game,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Holder::Space => "space",
            Holder::Link => "link",
            Holder::Area => "area",
            Holder::Unit => "unit",
            Holder::Card => "card",
            Holder::Faction => "faction",
            Holder::MarkerKind => "marker_kind",
            Holder::Placement => "placement",
            Holder::Scenario => "scenario",
            Holder::Track => "track",
            Holder::Game => "game",
        }
    }
}

/// The kinds of thing an attribute of type `Ref` may name, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum RefKind {
    Space,
    Unit,
    Card,
    Faction,
    Side,
    Area,
    Deck,
    MarkerKind,
    Terrain,
    UnitKind,
    LocationKind,
    LinkKind,
    Track,
    UnitFlag,
}

impl RefKind {
    pub const ALL: [RefKind; 14] = [
        RefKind::Space,
        RefKind::Unit,
        RefKind::Card,
        RefKind::Faction,
        RefKind::Side,
        RefKind::Area,
        RefKind::Deck,
        RefKind::MarkerKind,
        RefKind::Terrain,
        RefKind::UnitKind,
        RefKind::LocationKind,
        RefKind::LinkKind,
        RefKind::Track,
        RefKind::UnitFlag,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Space => "space",
            RefKind::Unit => "unit",
            RefKind::Card => "card",
            RefKind::Faction => "faction",
            RefKind::Side => "side",
            RefKind::Area => "area",
            RefKind::Deck => "deck",
            RefKind::MarkerKind => "marker kind",
            RefKind::Terrain => "terrain",
            RefKind::UnitKind => "unit kind",
            RefKind::LocationKind => "location kind",
            RefKind::LinkKind => "link kind",
            RefKind::Track => "track",
            RefKind::UnitFlag => "unit flag",
        }
    }
}

/// The type of an attribute's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AttrKind {
    /// `true` or `false`.
    Bool,
    /// A whole number (within the declaration's `min` and `max`, when given).
    Int,
    /// A number, whole or not (within `min` and `max`, when given).
    Number,
    /// Free text.
    Text,
    /// One of the declaration's `values` (ids; the display name of each is the text key
    /// `value:<attribute>.<value>`).
    OneOf,
    /// The id of a thing of the kind the declaration's `of` names.
    Ref,
}

/// An attribute the game declares: an extra field its entities of some kinds may carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttrDecl {
    /// Stable id of the attribute, the key entities write it under in `attrs`.
    pub id: Id,
    /// The kinds of entity that may carry it.
    pub on: Vec<Holder>,
    /// The type of its values (of each item, for a list).
    #[serde(rename = "type")]
    pub kind: AttrKind,
    /// For `Ref`: the kind of thing its values name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<RefKind>,
    /// For `OneOf`: the values it may take.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Id>,
    /// For `Int` and `Number`: the least value allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// For `Int` and `Number`: the greatest value allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// True when the value is a list, each item of the type.
    #[serde(default, skip_serializing_if = "is_false")]
    pub list: bool,
    /// When given, the value is a map from the ids of things of this kind to values of the
    /// type (each a list, with `list`): amounts by faction, by space (`{"us": 2, "ussr": 1}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<RefKind>,
    /// The value an entity that does not write it has; absent: such an entity has none
    /// (checks see `null`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<AttrValue>,
    /// What the attribute means, for designers and for `--explain`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

impl AttrDecl {
    /// The type of one item in a designer's words (`a whole number from 0 to 9`).
    pub fn describe_item(&self) -> String {
        let num = |v: f64| v.to_string();
        let range = match (self.min, self.max) {
            (Some(a), Some(b)) => format!(" from {} to {}", num(a), num(b)),
            (Some(a), None) => format!(" of at least {}", num(a)),
            (None, Some(b)) => format!(" of at most {}", num(b)),
            (None, None) => String::new(),
        };
        match self.kind {
            AttrKind::Bool => "true or false".into(),
            AttrKind::Int => format!("a whole number{range}"),
            AttrKind::Number => format!("a number{range}"),
            AttrKind::Text => "a text".into(),
            AttrKind::OneOf => {
                let names: Vec<String> = self.values.iter().map(|n| format!("`{n}`")).collect();
                format!("one of {}", names.join(", "))
            }
            AttrKind::Ref => match self.of {
                Some(of) => format!("the id of a {}", of.as_str()),
                None => "an id".into(),
            },
        }
    }

    /// The whole type in a designer's words.
    pub fn describe(&self) -> String {
        match self.keys {
            Some(keys) => format!(
                "a map from {} ids to {}",
                keys.as_str(),
                self.describe_entry()
            ),
            None => self.describe_entry(),
        }
    }

    /// The type of one entry of a map (the whole value when not a map).
    pub fn describe_entry(&self) -> String {
        if self.list {
            format!("a list, each item {}", self.describe_item())
        } else {
            self.describe_item()
        }
    }
}

impl fmt::Display for Holder {
    /// The kind in a designer's words (`marker kind`).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.as_str().replace('_', " "))
    }
}
