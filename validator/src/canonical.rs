//! Canonical RON: the one layout the editor writes, so that saving an unchanged document is
//! byte-identical and diffs stay small.
//!
//! The layout: fields in struct order, defaults omitted (as `skip_serializing_if` says),
//! 4-space indentation; the top-level value and its direct fields are spread over lines, one
//! list item (a space, a link, a unit, a card, a text entry) per line, and anything deeper is
//! written on one line. Enums are `Limit(3)` / `Unlimited`, options `Some(x)`, maps `{"k": v}`,
//! tuples `("a", "b")`. The loader in [`crate::load::ron_json`] reads all of it back.
//!
//! This is a small serde `Serializer` building a tree, then a printer: a `serde_json::Value`
//! cannot tell an enum variant from a string, and the `ron` crate is not a dependency here.

use std::fmt::{self, Write as _};

use serde::Serialize;
use serde::ser::{self, Impossible};

use crate::model::{CardsFile, Game, MapFile, Scenario, TextFile, UnitsFile};

/// Containers this deep or shallower are spread over lines; deeper ones stay on one line.
const SPREAD_DEPTH: usize = 2;
const INDENT: &str = "    ";

/// A value that cannot be written as RON (e.g. a coordinate that is not a finite number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteError(pub String);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

impl ser::Error for WriteError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        WriteError(msg.to_string())
    }
}

/// Canonical text of any serializable model value.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
    let node = value.serialize(TreeSerializer)?;
    let mut out = String::new();
    print(&node, 0, &mut out);
    out.push('\n');
    Ok(out)
}

pub fn game(value: &Game) -> Result<String, WriteError> {
    to_string(value)
}

pub fn map(value: &MapFile) -> Result<String, WriteError> {
    to_string(value)
}

pub fn units(value: &UnitsFile) -> Result<String, WriteError> {
    to_string(value)
}

pub fn cards(value: &CardsFile) -> Result<String, WriteError> {
    to_string(value)
}

pub fn text(value: &TextFile) -> Result<String, WriteError> {
    to_string(value)
}

pub fn scenario(value: &Scenario) -> Result<String, WriteError> {
    to_string(value)
}

/// The serde data model, as far as our files use it.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    /// A scalar already in its RON spelling (number, bool, string literal, `()`, `None`).
    Atom(String),
    /// `Name`, `Name(x)`, `Name(a, b)` or `Name(a: x)`.
    Variant(&'static str, Option<Box<Node>>),
    Some(Box<Node>),
    Seq(Vec<Node>),
    Tuple(Vec<Node>),
    Map(Vec<(Node, Node)>),
    Struct(Vec<(&'static str, Node)>),
}

fn print(node: &Node, depth: usize, out: &mut String) {
    let spread = depth < SPREAD_DEPTH;
    match node {
        Node::Atom(s) => out.push_str(s),
        Node::Variant(name, None) => out.push_str(name),
        Node::Variant(name, Some(inner)) => {
            out.push_str(name);
            match &**inner {
                // `Name(a, b)` and `Name(a: x)`: the parentheses are the variant's own
                Node::Tuple(_) | Node::Struct(_) => print(inner, depth, out),
                other => {
                    out.push('(');
                    print(other, depth + 1, out);
                    out.push(')');
                }
            }
        }
        Node::Some(inner) => {
            out.push_str("Some(");
            print(inner, depth + 1, out);
            out.push(')');
        }
        Node::Seq(items) => list(out, depth, spread, ('[', ']'), items, |n, d, o| {
            print(n, d, o)
        }),
        Node::Tuple(items) => {
            // a tuple is short and positional: always on one line
            list(out, depth, false, ('(', ')'), items, |n, d, o| {
                print(n, d, o)
            });
        }
        Node::Map(entries) => list(out, depth, spread, ('{', '}'), entries, |(k, v), d, o| {
            print(k, d, o);
            o.push_str(": ");
            print(v, d, o);
        }),
        Node::Struct(fields) => list(out, depth, spread, ('(', ')'), fields, |(k, v), d, o| {
            o.push_str(k);
            o.push_str(": ");
            print(v, d, o);
        }),
    }
}

fn list<T>(
    out: &mut String,
    depth: usize,
    spread: bool,
    (open, close): (char, char),
    items: &[T],
    mut item: impl FnMut(&T, usize, &mut String),
) {
    out.push(open);
    if spread && !items.is_empty() {
        out.push('\n');
        for it in items {
            indent(out, depth + 1);
            item(it, depth + 1, out);
            out.push_str(",\n");
        }
        indent(out, depth);
    } else {
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            item(it, depth + 1, out);
        }
    }
    out.push(close);
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str(INDENT);
    }
}

fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\r' => q.push_str("\\r"),
            '\t' => q.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(q, "\\u{{{:x}}}", c as u32);
            }
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

fn float(v: f64, shortest: String) -> Result<Node, WriteError> {
    if !v.is_finite() {
        return Err(WriteError(format!(
            "`{v}` is not a finite number and cannot be saved"
        )));
    }
    // `10` would read back as an integer: keep the decimal point so the type is plain
    let s = if shortest.contains(['.', 'e', 'E']) {
        shortest
    } else {
        format!("{shortest}.0")
    };
    Ok(Node::Atom(s))
}

struct TreeSerializer;

type Res = Result<Node, WriteError>;

impl ser::Serializer for TreeSerializer {
    type Ok = Node;
    type Error = WriteError;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = VariantBuilder<SeqBuilder>;
    type SerializeMap = MapBuilder;
    type SerializeStruct = StructBuilder;
    type SerializeStructVariant = VariantBuilder<StructBuilder>;

    fn serialize_bool(self, v: bool) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_i8(self, v: i8) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_i16(self, v: i16) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_i32(self, v: i32) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_i64(self, v: i64) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_u8(self, v: u8) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_u16(self, v: u16) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_u32(self, v: u32) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_u64(self, v: u64) -> Res {
        Ok(Node::Atom(v.to_string()))
    }
    fn serialize_f32(self, v: f32) -> Res {
        // f32's own shortest form, so a value read back as f64 and narrowed is the same f32
        float(f64::from(v), v.to_string())
    }
    fn serialize_f64(self, v: f64) -> Res {
        float(v, v.to_string())
    }
    fn serialize_char(self, v: char) -> Res {
        Ok(Node::Atom(quote(&v.to_string())))
    }
    fn serialize_str(self, v: &str) -> Res {
        Ok(Node::Atom(quote(v)))
    }
    fn serialize_bytes(self, v: &[u8]) -> Res {
        Ok(Node::Seq(
            v.iter().map(|b| Node::Atom(b.to_string())).collect(),
        ))
    }
    fn serialize_none(self) -> Res {
        Ok(Node::Atom("None".into()))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Res {
        Ok(Node::Some(Box::new(value.serialize(TreeSerializer)?)))
    }
    fn serialize_unit(self) -> Res {
        Ok(Node::Atom("()".into()))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Res {
        Ok(Node::Atom("()".into()))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Res {
        Ok(Node::Variant(variant, None))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Res {
        value.serialize(TreeSerializer)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Res {
        let inner = value.serialize(TreeSerializer)?;
        Ok(Node::Variant(variant, Some(Box::new(inner))))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder, WriteError> {
        Ok(SeqBuilder::new(len, false))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder, WriteError> {
        Ok(SeqBuilder::new(Some(len), true))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<SeqBuilder, WriteError> {
        Ok(SeqBuilder::new(Some(len), true))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantBuilder<SeqBuilder>, WriteError> {
        Ok(VariantBuilder {
            variant,
            inner: SeqBuilder::new(Some(len), true),
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapBuilder, WriteError> {
        Ok(MapBuilder {
            entries: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<StructBuilder, WriteError> {
        Ok(StructBuilder(Vec::with_capacity(len)))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantBuilder<StructBuilder>, WriteError> {
        Ok(VariantBuilder {
            variant,
            inner: StructBuilder(Vec::with_capacity(len)),
        })
    }
}

struct SeqBuilder {
    items: Vec<Node>,
    tuple: bool,
}

impl SeqBuilder {
    fn new(len: Option<usize>, tuple: bool) -> Self {
        SeqBuilder {
            items: Vec::with_capacity(len.unwrap_or(0)),
            tuple,
        }
    }
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.items.push(value.serialize(TreeSerializer)?);
        Ok(())
    }
    fn done(self) -> Node {
        if self.tuple {
            Node::Tuple(self.items)
        } else {
            Node::Seq(self.items)
        }
    }
}

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.push(value)
    }
    fn end(self) -> Res {
        Ok(self.done())
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.push(value)
    }
    fn end(self) -> Res {
        Ok(self.done())
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.push(value)
    }
    fn end(self) -> Res {
        Ok(self.done())
    }
}

struct VariantBuilder<B> {
    variant: &'static str,
    inner: B,
}

impl ser::SerializeTupleVariant for VariantBuilder<SeqBuilder> {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.inner.push(value)
    }
    fn end(self) -> Res {
        Ok(Node::Variant(
            self.variant,
            Some(Box::new(self.inner.done())),
        ))
    }
}

impl ser::SerializeStructVariant for VariantBuilder<StructBuilder> {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        self.inner.0.push((key, value.serialize(TreeSerializer)?));
        Ok(())
    }
    fn end(self) -> Res {
        Ok(Node::Variant(
            self.variant,
            Some(Box::new(Node::Struct(self.inner.0))),
        ))
    }
}

struct MapBuilder {
    entries: Vec<(Node, Node)>,
    key: Option<Node>,
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), WriteError> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| WriteError("a map value came without its key".into()))?;
        self.entries.push((key, value.serialize(TreeSerializer)?));
        Ok(())
    }
    fn end(self) -> Res {
        Ok(Node::Map(self.entries))
    }
}

struct StructBuilder(Vec<(&'static str, Node)>);

impl ser::SerializeStruct for StructBuilder {
    type Ok = Node;
    type Error = WriteError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        self.0.push((key, value.serialize(TreeSerializer)?));
        Ok(())
    }
    fn end(self) -> Res {
        Ok(Node::Struct(self.0))
    }
}

/// Map keys: our loader reads string keys only, so anything else is refused here rather than
/// written and then rejected on load.
struct KeySerializer;

fn key_error() -> WriteError {
    WriteError("map keys must be strings".into())
}

impl ser::Serializer for KeySerializer {
    type Ok = Node;
    type Error = WriteError;
    type SerializeSeq = Impossible<Node, WriteError>;
    type SerializeTuple = Impossible<Node, WriteError>;
    type SerializeTupleStruct = Impossible<Node, WriteError>;
    type SerializeTupleVariant = Impossible<Node, WriteError>;
    type SerializeMap = Impossible<Node, WriteError>;
    type SerializeStruct = Impossible<Node, WriteError>;
    type SerializeStructVariant = Impossible<Node, WriteError>;

    fn serialize_str(self, v: &str) -> Res {
        Ok(Node::Atom(quote(v)))
    }
    fn serialize_char(self, v: char) -> Res {
        Ok(Node::Atom(quote(&v.to_string())))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Res {
        value.serialize(self)
    }
    fn serialize_bool(self, _: bool) -> Res {
        Err(key_error())
    }
    fn serialize_i8(self, _: i8) -> Res {
        Err(key_error())
    }
    fn serialize_i16(self, _: i16) -> Res {
        Err(key_error())
    }
    fn serialize_i32(self, _: i32) -> Res {
        Err(key_error())
    }
    fn serialize_i64(self, _: i64) -> Res {
        Err(key_error())
    }
    fn serialize_u8(self, _: u8) -> Res {
        Err(key_error())
    }
    fn serialize_u16(self, _: u16) -> Res {
        Err(key_error())
    }
    fn serialize_u32(self, _: u32) -> Res {
        Err(key_error())
    }
    fn serialize_u64(self, _: u64) -> Res {
        Err(key_error())
    }
    fn serialize_f32(self, _: f32) -> Res {
        Err(key_error())
    }
    fn serialize_f64(self, _: f64) -> Res {
        Err(key_error())
    }
    fn serialize_bytes(self, _: &[u8]) -> Res {
        Err(key_error())
    }
    fn serialize_none(self) -> Res {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Res {
        Err(key_error())
    }
    fn serialize_unit(self) -> Res {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Res {
        Err(key_error())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Res {
        Err(key_error())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Res {
        Err(key_error())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, WriteError> {
        Err(key_error())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, WriteError> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, WriteError> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, WriteError> {
        Err(key_error())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, WriteError> {
        Err(key_error())
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, WriteError> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, WriteError> {
        Err(key_error())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::de::DeserializeOwned;

    use super::*;
    use crate::load::ron_json;
    use crate::model::*;

    /// Reads text back the way the loader does: RON -> JSON value -> typed model.
    fn read<T: DeserializeOwned>(text: &str) -> T {
        let (parsed, issues) = ron_json::parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert!(issues.is_empty(), "{issues:?}\n{text}");
        serde_json::from_value(parsed.value).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: &T) -> String {
        let text = to_string(value).unwrap();
        let back: T = read(&text);
        assert_eq!(&back, value, "\n{text}");
        let again = to_string(&back).unwrap();
        assert_eq!(text, again, "writing twice must give the same bytes");
        text
    }

    fn space(id: &str, x: f32, y: f32) -> Space {
        Space {
            id: id.into(),
            x,
            y,
            kind: "space".into(),
            terrain: None,
            areas: vec![],
            control: None,
            vp: 0,
            fort: None,
            port: false,
            capital_of: None,
            supply_source_for: vec![],
        }
    }

    fn sample_map() -> MapFile {
        let mut trento = space("trento", 120.5, 48.0);
        trento.terrain = Some("mountain".into());
        trento.areas = vec!["austria".into()];
        trento.control = Some("ah".into());
        trento.vp = 1;
        trento.fort = Some(2);
        trento.capital_of = None;
        trento.supply_source_for = vec!["ah".into(), "ge".into()];
        let mut venezia = space("venezia", 0.1, -3.25);
        venezia.port = true;
        MapFile {
            backdrop: Some(Backdrop {
                image: "map.png".into(),
                width: 800,
                height: 600,
            }),
            spaces: vec![trento, venezia],
            links: vec![Link {
                a: "trento".into(),
                b: "venezia".into(),
                kind: "normal".into(),
                only_for: vec!["it".into()],
            }],
        }
    }

    #[test]
    fn map_layout_is_one_item_per_line() {
        let text = round_trip(&sample_map());
        let expected = r#"(
    backdrop: Some((image: "map.png", width: 800, height: 600)),
    spaces: [
        (id: "trento", x: 120.5, y: 48.0, kind: "space", terrain: Some("mountain"), areas: ["austria"], control: Some("ah"), vp: 1, fort: Some(2), supply_source_for: ["ah", "ge"]),
        (id: "venezia", x: 0.1, y: -3.25, kind: "space", port: true),
    ],
    links: [
        (a: "trento", b: "venezia", kind: "normal", only_for: ["it"]),
    ],
)
"#;
        assert_eq!(text, expected);
    }

    #[test]
    fn empty_lists_stay_on_one_line() {
        let map = MapFile {
            backdrop: None,
            spaces: vec![],
            links: vec![],
        };
        assert_eq!(round_trip(&map), "(\n    spaces: [],\n    links: [],\n)\n");
    }

    #[test]
    fn game_enums_tuples_and_defaults_round_trip() {
        let game = Game {
            id: "g".into(),
            source_language: "en".into(),
            languages: vec!["en".into(), "it".into()],
            rulesets: vec![],
            players: Some((2, 6)),
            sides: vec![Side { id: "ap".into() }],
            factions: vec![Faction {
                id: "it".into(),
                side: Some("ap".into()),
                non_player: false,
                hostile_to_all: true,
            }],
            relations: vec![Relation {
                factions: ("it".into(), "ge".into()),
                stance: Stance::AlliedApart,
            }],
            terrains: vec![Terrain { id: "clear".into() }],
            location_kinds: vec![
                LocationKind {
                    id: "space".into(),
                    on_map: true,
                    stacking: Stacking::Limit(3),
                    kind_caps: vec![],
                    opposing_may_share: false,
                    may_be_supply_source: false,
                },
                LocationKind {
                    id: "box".into(),
                    on_map: false,
                    stacking: Stacking::Unlimited,
                    kind_caps: vec![KindCap {
                        unit_kind: "army".into(),
                        max: 2,
                    }],
                    opposing_may_share: true,
                    may_be_supply_source: false,
                },
            ],
            link_kinds: vec![LinkKind {
                id: "normal".into(),
                carries_supply: false,
            }],
            unit_kinds: vec![UnitKind {
                id: "army".into(),
                counts_for_stacking: true,
                max_per_location: Some(1),
                forbidden_terrains: vec![],
                needs_no_supply: false,
            }],
            unit_values: vec!["combat".into()],
            areas: vec![],
            stacking: StackingRules {
                count_per: CountPer::Faction,
                never_together: vec![("ru".into(), "br".into())],
                faction_limits: vec![],
            },
            supply: vec![SupplyRule {
                factions: vec!["it".into()],
                uses_sources_of: vec![],
                limited_sources: vec![],
                always_supplied_in: vec![],
                trace_through: TraceThrough::NotEnemy,
            }],
            decks: vec![],
            tracks: vec![Track {
                id: "vp".into(),
                min: -5,
                max: 20,
            }],
            marker_kinds: vec![],
            allow: vec![],
        };
        let text = round_trip(&game);
        assert!(text.contains("stacking: Limit(3)"), "{text}");
        assert!(text.contains("stacking: Unlimited"), "{text}");
        assert!(text.contains("players: Some((2, 6))"), "{text}");
        assert!(
            text.contains("never_together: [(\"ru\", \"br\")]"),
            "{text}"
        );
    }

    #[test]
    fn text_with_escapes_round_trips() {
        let mut entries = BTreeMap::new();
        entries.insert(
            "card:x".to_owned(),
            TextEntry {
                name: "Quote \" back\\slash".into(),
                text: Some("line one\nline two\ttab \u{1} é".into()),
                source: Some(SourceRecord {
                    name: "src".into(),
                    text: None,
                }),
            },
        );
        entries.insert(
            "space:a/b~c".to_owned(),
            TextEntry {
                name: "A".into(),
                text: None,
                source: None,
            },
        );
        let text = round_trip(&TextFile {
            language: "it".into(),
            entries,
        });
        assert!(
            text.contains("    entries: {\n        \"card:x\": (name:"),
            "{text}"
        );
    }

    #[test]
    fn units_cards_scenarios_round_trip() {
        let mut full = BTreeMap::new();
        full.insert("combat".to_owned(), 3);
        full.insert("movement".to_owned(), 4);
        round_trip(&UnitsFile {
            units: vec![Unit {
                id: "it-1".into(),
                faction: "it".into(),
                kind: "army".into(),
                full: full.clone(),
                reduced: Some(full),
                count: 2,
            }],
        });
        round_trip(&CardsFile {
            cards: vec![Card {
                id: "c1".into(),
                deck: "ap".into(),
                group: "mob".into(),
                number: 1,
                ops: 4,
                sr: Some(4),
                rp: None,
                combat: true,
                removed_after_play: false,
                requires: vec!["c0".into()],
                cancels: vec![],
                prevents: vec![],
                reinforcements: vec![Reinforcement {
                    unit: "it-1".into(),
                    to: "venezia".into(),
                }],
                spaces: vec![],
            }],
        });
        round_trip(&Scenario {
            id: "s".into(),
            game: "g".into(),
            ruleset: None,
            turns: Turns { first: 1, last: 20 },
            players: None,
            seats: vec![],
            factions: vec![],
            control: vec![ControlOverride {
                space: "trento".into(),
                faction: None,
            }],
            relations: vec![],
            placements: vec![Placement {
                unit: "it-1".into(),
                at: "venezia".into(),
                reduced: true,
                count: 1,
            }],
            decks: vec![],
            hands: vec![],
            in_play: vec![],
            removed: vec![],
            tracks: vec![TrackValue {
                track: "vp".into(),
                value: -2,
            }],
            markers: vec![],
        });
    }

    #[test]
    fn awkward_floats_round_trip() {
        let mut map = sample_map();
        for (i, x) in [
            0.1f32,
            1e-7,
            123456.79,
            f32::MAX,
            f32::MIN_POSITIVE,
            -0.0,
            16777217.0,
        ]
        .into_iter()
        .enumerate()
        {
            map.spaces.push(space(&format!("s{i}"), x, x));
        }
        round_trip(&map);
    }

    #[test]
    fn refuses_non_finite_numbers() {
        let mut map = sample_map();
        map.spaces[0].x = f32::NAN;
        let err = to_string(&map).unwrap_err();
        assert!(err.0.contains("not a finite number"), "{err}");
    }
}
