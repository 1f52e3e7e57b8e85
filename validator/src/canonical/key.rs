//! A serde `Serializer` for map keys: strings (and the few scalars a key may be) only.

use serde::Serialize;
use serde::ser::{self, Impossible};

use super::error::WriteError;
use super::node::{Node, Res, quote};

/// Map keys: our loader reads string keys only, so anything else is refused here rather than
/// written and then rejected on load.
pub struct KeySerializer;

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
