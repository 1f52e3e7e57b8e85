//! A serde `Serializer` that builds the [`Node`] tree of a model value.

use serde::Serialize;
use serde::ser;

use super::error::WriteError;
use super::key::KeySerializer;
use super::node::{Node, Res, quote};

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

pub struct TreeSerializer;

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

pub struct SeqBuilder {
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

pub struct VariantBuilder<B> {
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

pub struct MapBuilder {
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

pub struct StructBuilder(Vec<(&'static str, Node)>);

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
