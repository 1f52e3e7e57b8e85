//! The serde `Deserializer` of the direct path and the access types it hands out (enum
//! variants, sequences, struct fields, `{...}` maps). Over 500 lines as one unit on purpose:
//! the deserializer creates each access type and each access type calls back into the
//! deserializer, so splitting them would make two modules import each other.
//!
//! Over 500 lines: one `Deserializer` and the access types it hands out (see above).

use std::borrow::Cow;

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess,
    Visitor,
};

use super::give_up::{GiveUp, R, need};
use super::seen::Seen;
use crate::load::scan::{MAX_DEPTH, Num, Parser, is_keyword, span};
use crate::load::spans::PointerHash;

pub struct De<'t> {
    pub p: Parser<'t>,
    /// Whether spans are recorded (when not, pointers are not even hashed).
    pub index: bool,
    /// Where the next value goes in the span index, and the span of its key.
    pub ptr: PointerHash,
    pub key: Option<(usize, usize)>,
}

impl<'t> De<'t> {
    /// Records the span of the value at `ptr`, from `start` to here.
    pub fn index(&mut self, ptr: PointerHash, start: usize, key: Option<(usize, usize)>) {
        if self.index {
            self.p.spans.insert_hash(ptr, span(start, self.p.i, key));
        }
    }

    /// `ptr/token`, if spans are recorded.
    fn child(&self, ptr: PointerHash, token: &str) -> PointerHash {
        if self.index { ptr.child(token) } else { ptr }
    }

    fn enter(&mut self) -> R<()> {
        self.p.depth += 1;
        if self.p.depth > MAX_DEPTH {
            return Err(GiveUp);
        }
        Ok(())
    }

    /// Leaves a value: records its span.
    fn record(&mut self, ptr: PointerHash, start: usize, key: Option<(usize, usize)>) {
        self.index(ptr, start, key);
        self.p.depth -= 1;
    }

    fn byte(&mut self, b: u8) -> R<()> {
        need(self.p.skip_ws())?;
        if self.p.peek() != Some(b) {
            return Err(GiveUp);
        }
        self.p.i += 1;
        Ok(())
    }

    /// After a list item or field: a comma (then maybe the close), or the close. True when
    /// the list is closed.
    fn after_item(&mut self, close: u8) -> R<bool> {
        need(self.p.skip_ws())?;
        match self.p.peek() {
            Some(b',') => {
                self.p.i += 1;
                Ok(false)
            }
            Some(c) if c == close => {
                self.p.i += 1;
                Ok(true)
            }
            _ => Err(GiveUp),
        }
    }

    /// After `Some`: `(x)`, read as x at the same pointer with the same key.
    fn some_content<'de, V: Visitor<'de>>(
        &mut self,
        ptr: PointerHash,
        key: Option<(usize, usize)>,
        visitor: V,
    ) -> R<V::Value> {
        self.byte(b'(')?;
        // `Some(` nests like any bracket: uncounted, `Some(Some(...` 3,000 deep recursed until
        // the stack overflowed
        self.enter()?;
        self.ptr = ptr;
        self.key = key;
        let v = visitor.visit_some(&mut *self)?;
        self.p.depth -= 1;
        need(self.p.skip_ws())?;
        if self.p.peek() == Some(b',') {
            self.p.i += 1;
        }
        self.byte(b')')?;
        Ok(v)
    }

    /// Before a list item: true (and consumed) if the list closes here.
    fn closes(&mut self, close: u8) -> R<bool> {
        need(self.p.skip_ws())?;
        if self.p.peek() == Some(close) {
            self.p.i += 1;
            return Ok(true);
        }
        Ok(false)
    }
}

impl<'de> de::Deserializer<'de> for &mut De<'_> {
    type Error = GiveUp;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> R<V::Value> {
        need(self.p.skip_ws())?;
        let (ptr, key) = (self.ptr, self.key.take());
        self.enter()?;
        let start = self.p.i;
        let value = match need(self.p.peek())? {
            b'"' => visit_text(visitor, need(self.p.string_cow())?)?,
            b'[' => {
                self.p.i += 1;
                let mut seq = Seq::new(self, ptr, b']');
                let v = visitor.visit_seq(&mut seq)?;
                seq.finish()?;
                v
            }
            b'{' => {
                self.p.i += 1;
                visitor.visit_map(Braces::new(self, ptr))?
            }
            b'(' => {
                self.p.i += 1;
                need(self.p.skip_ws())?;
                if self.p.starts_field() {
                    visitor.visit_map(Fields::new(self, ptr, b')'))?
                } else {
                    let mut seq = Seq::new(self, ptr, b')');
                    let v = visitor.visit_seq(&mut seq)?;
                    seq.finish()?;
                    // a tuple has two or more elements (else it is not plain RON here)
                    if seq.n < 2 {
                        return Err(GiveUp);
                    }
                    v
                }
            }
            b'-' | b'0'..=b'9' => match need(self.p.scan_number())? {
                Num::U(u) => visitor.visit_u64(u)?,
                Num::I(i) => visitor.visit_i64(i)?,
                Num::F(f) => visitor.visit_f64(f)?,
            },
            _ if self.p.peek_ident_start() => {
                let (ns, ne) = need(self.p.ident())?;
                match &self.p.text[ns..ne] {
                    "true" => visitor.visit_bool(true)?,
                    "false" => visitor.visit_bool(false)?,
                    "None" => visitor.visit_none()?,
                    "Some" => {
                        self.p.depth -= 1;
                        return self.some_content(ptr, key, visitor);
                    }
                    name if is_keyword(name) => return Err(GiveUp),
                    // `Name(...)` as a value other than an enum: not in this path
                    _ if self.p.peek() == Some(b'(') => return Err(GiveUp),
                    name => visitor.visit_str(name)?,
                }
            }
            _ => return Err(GiveUp),
        };
        self.record(ptr, start, key);
        Ok(value)
    }

    /// A string, read here rather than in `deserialize_any` (the most common value by far);
    /// anything else goes there.
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> R<V::Value> {
        need(self.p.skip_ws())?;
        if self.p.peek() != Some(b'"') {
            return self.deserialize_any(visitor);
        }
        // the depth limit as `deserialize_any` applies it, so both give up alike
        if self.p.depth >= MAX_DEPTH {
            return Err(GiveUp);
        }
        let (ptr, key) = (self.ptr, self.key.take());
        let start = self.p.i;
        let value = visit_text(visitor, need(self.p.string_cow())?)?;
        self.index(ptr, start, key);
        Ok(value)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> R<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> R<V::Value> {
        need(self.p.skip_ws())?;
        let at = self.p.i;
        let word = |w: &[u8]| {
            self.p.b[at..].starts_with(w)
                && !self
                    .p
                    .b
                    .get(at + w.len())
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        };
        if word(b"Some") {
            // as `deserialize_any` reads it, depth limit included, without its dispatch
            if self.p.depth >= MAX_DEPTH {
                return Err(GiveUp);
            }
            self.p.i += 4;
            return self.some_content(self.ptr, self.key, visitor);
        }
        if word(b"None") {
            return self.deserialize_any(visitor);
        }
        // a bare value where an option goes stands for `Some(value)`, as in the JSON path
        visitor.visit_some(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> R<V::Value> {
        need(self.p.skip_ws())?;
        let (ptr, key) = (self.ptr, self.key.take());
        self.enter()?;
        let start = self.p.i;
        let value = match need(self.p.peek())? {
            // `"Name"`: a unit variant, as a JSON string would be
            b'"' => {
                let name = need(self.p.string())?;
                visitor.visit_enum(IntoDeserializer::<GiveUp>::into_deserializer(name))?
            }
            _ if self.p.peek_ident_start() => {
                let (ns, ne) = need(self.p.ident())?;
                if is_keyword(&self.p.text[ns..ne]) {
                    return Err(GiveUp);
                }
                if self.p.peek() == Some(b'(') {
                    self.p.i += 1;
                    visitor.visit_enum(Variant {
                        de: self,
                        name: (ns, ne),
                        ptr,
                    })?
                } else {
                    let name = &self.p.text[ns..ne];
                    visitor.visit_enum(de::value::StrDeserializer::<GiveUp>::new(name))?
                }
            }
            _ => return Err(GiveUp),
        };
        self.record(ptr, start, key);
        Ok(value)
    }

    /// A struct only as `(name: value, ...)` or `{"name": value}`: serde would also take a
    /// sequence of field values, which the schema (and the JSON path) refuses.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> R<V::Value> {
        need(self.p.skip_ws())?;
        match self.p.peek() {
            Some(b'{') => self.deserialize_any(visitor),
            Some(b'(') => {
                // as `deserialize_any` reads `(name: value, ...)`, without its other cases
                let (ptr, key) = (self.ptr, self.key.take());
                self.enter()?;
                let start = self.p.i;
                self.p.i += 1;
                need(self.p.skip_ws())?;
                if !self.p.starts_field() {
                    return Err(GiveUp);
                }
                let value = visitor.visit_map(Fields::new(self, ptr, b')'))?;
                self.record(ptr, start, key);
                Ok(value)
            }
            _ => Err(GiveUp),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> R<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map identifier ignored_any
    }
}

/// A string value: borrowed text as `&str` (an id type keeps it in place without an
/// allocation; `String` copies it as before), an unescaped copy as the `String` it is.
fn visit_text<'de, V: Visitor<'de>>(visitor: V, text: Cow<'_, str>) -> R<V::Value> {
    match text {
        Cow::Borrowed(s) => visitor.visit_str(s),
        Cow::Owned(s) => visitor.visit_string(s),
    }
}

/// `Name(...)` read as an enum variant: the content is at `ptr/Name`, keyed by the name.
struct Variant<'a, 't> {
    de: &'a mut De<'t>,
    name: (usize, usize),
    ptr: PointerHash,
}

impl<'de> EnumAccess<'de> for Variant<'_, '_> {
    type Error = GiveUp;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> R<(S::Value, Self)> {
        let name = &self.de.p.text[self.name.0..self.name.1];
        let v = seed.deserialize(de::value::StrDeserializer::<GiveUp>::new(name))?;
        Ok((v, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'_, '_> {
    type Error = GiveUp;

    fn unit_variant(self) -> R<()> {
        // `Name()` is not plain RON for a unit variant
        Err(GiveUp)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> R<S::Value> {
        let name = &self.de.p.text[self.name.0..self.name.1];
        need(self.de.p.skip_ws())?;
        if self.de.p.starts_field() {
            // `Name(a: 1)` holding a struct: read as the struct's fields, as `fast` does
            let inner = self.de.child(self.ptr, name);
            let open = self.name.1;
            let v = seed.deserialize(Fields::new(self.de, inner, b')'))?;
            self.de.index(inner, open, Some(self.name));
            return Ok(v);
        }
        self.de.ptr = self.de.child(self.ptr, name);
        self.de.key = Some(self.name);
        let v = seed.deserialize(&mut *self.de)?;
        self.de.byte(b')')?;
        Ok(v)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> R<V::Value> {
        let name = &self.de.p.text[self.name.0..self.name.1];
        need(self.de.p.skip_ws())?;
        if !self.de.p.starts_field() {
            return Err(GiveUp);
        }
        let inner = self.de.child(self.ptr, name);
        let open = self.name.1;
        let v = visitor.visit_map(Fields::new(self.de, inner, b')'))?;
        self.de.index(inner, open, Some(self.name));
        Ok(v)
    }
}

/// The elements of `[...]` or of a tuple `(a, b)`, each at `ptr/<i>`.
struct Seq<'a, 't> {
    de: &'a mut De<'t>,
    ptr: PointerHash,
    close: u8,
    n: usize,
    closed: bool,
}

impl<'a, 't> Seq<'a, 't> {
    fn new(de: &'a mut De<'t>, ptr: PointerHash, close: u8) -> Self {
        Seq {
            de,
            ptr,
            close,
            n: 0,
            closed: false,
        }
    }

    /// After the visitor: a fixed-length visitor (a tuple) stops before the close, which
    /// must come next.
    fn finish(&mut self) -> R<()> {
        if !self.closed && !self.de.closes(self.close)? {
            return Err(GiveUp);
        }
        self.closed = true;
        Ok(())
    }
}

impl<'de> SeqAccess<'de> for Seq<'_, '_> {
    type Error = GiveUp;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> R<Option<S::Value>> {
        if self.closed || self.de.closes(self.close)? {
            self.closed = true;
            return Ok(None);
        }
        self.de.ptr = if self.de.index {
            self.ptr.index(self.n)
        } else {
            self.ptr
        };
        self.de.key = None;
        let v = seed.deserialize(&mut *self.de)?;
        self.n += 1;
        self.closed = self.de.after_item(self.close)?;
        Ok(Some(v))
    }
}

/// The fields of a struct `(name: value, ...)` up to `close`, each at `ptr/name`.
pub struct Fields<'a, 't> {
    de: &'a mut De<'t>,
    ptr: PointerHash,
    close: u8,
    key: Option<(usize, usize)>,
    closed: bool,
}

impl<'a, 't> Fields<'a, 't> {
    pub fn new(de: &'a mut De<'t>, ptr: PointerHash, close: u8) -> Self {
        Fields {
            de,
            ptr,
            close,
            key: None,
            closed: false,
        }
    }
}

impl<'de> MapAccess<'de> for Fields<'_, '_> {
    type Error = GiveUp;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> R<Option<K::Value>> {
        if self.closed || self.de.closes(self.close)? {
            self.closed = true;
            return Ok(None);
        }
        let (ns, ne) = need(self.de.p.ident())?;
        let name = &self.de.p.text[ns..ne];
        self.de.byte(b':')?;
        self.key = Some((ns, ne));
        seed.deserialize(de::value::StrDeserializer::<GiveUp>::new(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> R<V::Value> {
        let (ns, ne) = need(self.key.take())?;
        self.de.ptr = self.de.child(self.ptr, &self.de.p.text[ns..ne]);
        self.de.key = Some((ns, ne));
        let v = seed.deserialize(&mut *self.de)?;
        self.closed = self.de.after_item(self.close)?;
        Ok(v)
    }
}

impl<'de> de::Deserializer<'de> for Fields<'_, '_> {
    type Error = GiveUp;

    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> R<V::Value> {
        let v = visitor.visit_map(&mut self)?;
        if !self.closed {
            return Err(GiveUp);
        }
        Ok(v)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The entries of a map `{"key": value, ...}`, each at `ptr/key`.
struct Braces<'a, 't> {
    de: &'a mut De<'t>,
    ptr: PointerHash,
    /// The pointer and span of the key just read, for its value.
    key: Option<(PointerHash, (usize, usize))>,
    seen: Seen,
}

impl<'a, 't> Braces<'a, 't> {
    fn new(de: &'a mut De<'t>, ptr: PointerHash) -> Self {
        Braces {
            de,
            ptr,
            key: None,
            seen: Seen::default(),
        }
    }
}

impl<'de> MapAccess<'de> for Braces<'_, '_> {
    type Error = GiveUp;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> R<Option<K::Value>> {
        if self.de.closes(b'}')? {
            return Ok(None);
        }
        if self.de.p.peek() != Some(b'"') {
            return Err(GiveUp);
        }
        let start = self.de.p.i;
        let name = need(self.de.p.string_cow())?;
        let span = (start, self.de.p.i);
        if !self.seen.insert(&name) {
            return Err(GiveUp);
        }
        self.de.byte(b':')?;
        // the value's pointer now, so the key can be handed over: borrowed text as `&str` (an
        // id key keeps it in place), an unescaped copy as the `String` it is
        self.key = Some((self.de.child(self.ptr, &name), span));
        let k = match name {
            Cow::Borrowed(s) => seed.deserialize(de::value::StrDeserializer::<GiveUp>::new(s))?,
            Cow::Owned(s) => seed.deserialize(de::value::StringDeserializer::<GiveUp>::new(s))?,
        };
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> R<V::Value> {
        let (ptr, span) = need(self.key.take())?;
        self.de.ptr = ptr;
        self.de.key = Some(span);
        let v = seed.deserialize(&mut *self.de)?;
        // `}` closes at the next key; a comma or the close must follow
        need(self.de.p.skip_ws())?;
        match self.de.p.peek() {
            Some(b',') => self.de.p.i += 1,
            Some(b'}') => {}
            _ => return Err(GiveUp),
        }
        Ok(v)
    }
}
