//! The fastest path: RON text straight into the typed model, with the span index, in one
//! pass and with no JSON value in between (no tree of maps and strings built only to be taken
//! apart again). It is a serde `Deserializer` over the subset of RON that [`super::fast`]
//! reads, and it records exactly the spans `fast` records.
//!
//! It gives up on anything else and on anything wrong (a syntax error, a field the model does
//! not know, a value of the wrong type, a duplicate key, a struct written as a tuple...): the
//! loader then takes the path that explains (JSON value, schema check, located diagnostics).
//! A file this path reads is not schema-checked, so it must be exactly as strict as the schema
//! (`tests/tests/direct.rs`), and give the same model and spans as the other path
//! (`tests/tests/direct.rs`); the fuzz target `one_file` checks both on every input.

use std::fmt;

use rustc_hash::FxHashSet;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use super::fast::{MAX_DEPTH, Num, Parser, has_control, is_keyword, span};
use super::spans::{PointerHash, SpanIndex};

/// Reads `text` as a `T`, with its span index, if it is in the fast subset and valid.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<(T, SpanIndex)> {
    read_with(text, true)
}

/// Reads `text` as a `T` without indexing spans (the loader's case: a
/// [`super::SourceFile`] builds its index only if a diagnostic points into it).
pub fn read_model<T: DeserializeOwned>(text: &str) -> Option<T> {
    read_with(text, false).map(|(value, _)| value)
}

fn read_with<T: DeserializeOwned>(text: &str, index: bool) -> Option<(T, SpanIndex)> {
    if has_control(text) {
        return None;
    }
    let mut de = De {
        p: if index {
            Parser::new(text)
        } else {
            Parser::without_index(text)
        },
        index,
        ptr: PointerHash::root(),
        key: None,
    };
    de.p.skip_ws()?;
    let value = if de.p.peek_ident_start() && !starts_keyword(&de.p) {
        // a named struct at the top (`Game(...)`) is read as its fields
        let start = de.p.i;
        let (ns, ne) = de.p.ident()?;
        if is_keyword(&text[ns..ne]) {
            return None;
        }
        de.p.skip_ws()?;
        if de.p.peek() != Some(b'(') {
            return None;
        }
        de.p.i += 1;
        de.p.skip_ws()?;
        if !de.p.starts_field() {
            return None;
        }
        let root = PointerHash::root();
        let v = T::deserialize(Fields::new(&mut de, root, b')')).ok()?;
        de.index(root, start, None);
        v
    } else {
        T::deserialize(&mut de).ok()?
    };
    de.p.skip_ws()?;
    (de.p.i == de.p.b.len()).then_some((value, de.p.spans))
}

/// Whether the identifier ahead is a keyword (`true`, `Some`...), not a struct name.
fn starts_keyword(p: &Parser<'_>) -> bool {
    let rest = &p.b[p.i..];
    let end = rest
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .unwrap_or(rest.len());
    std::str::from_utf8(&rest[..end]).is_ok_and(is_keyword)
}

/// Why this path gave up; the reason is not kept (the other path explains).
#[derive(Debug)]
pub struct GiveUp;

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not in the fast subset")
    }
}

impl std::error::Error for GiveUp {}

impl de::Error for GiveUp {
    fn custom<T: fmt::Display>(_: T) -> Self {
        GiveUp
    }
}

type R<T> = Result<T, GiveUp>;

fn need<T>(o: Option<T>) -> R<T> {
    o.ok_or(GiveUp)
}

struct De<'t> {
    p: Parser<'t>,
    /// Whether spans are recorded (when not, pointers are not even hashed).
    index: bool,
    /// Where the next value goes in the span index, and the span of its key.
    ptr: PointerHash,
    key: Option<(usize, usize)>,
}

impl<'t> De<'t> {
    /// Records the span of the value at `ptr`, from `start` to here.
    fn index(&mut self, ptr: PointerHash, start: usize, key: Option<(usize, usize)>) {
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
            b'"' => visitor.visit_string(need(self.p.string())?)?,
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
        let value = visitor.visit_string(need(self.p.string())?)?;
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

/// Keys already seen in one `{...}` map, to refuse duplicates as the JSON path does (a map
/// type would keep the last silently; struct fields are refused by serde itself). Keys are
/// kept as hashes: two different keys sharing one only make this path give up, which is safe.
/// Most maps are small (a unit's three strength factors), so the first few hashes are kept
/// in place and searched in turn; a hash set is built only for a map with more keys.
#[derive(Default)]
struct Seen {
    few: [u64; SEEN_IN_PLACE],
    count: usize,
    many: FxHashSet<u64>,
}

const SEEN_IN_PLACE: usize = 8;

impl Seen {
    /// False if `key` (or a key with its hash) was seen before.
    fn insert(&mut self, key: &str) -> bool {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        key.hash(&mut h);
        let hash = h.finish();
        if self.count < SEEN_IN_PLACE {
            if self.few[..self.count].contains(&hash) {
                return false;
            }
            self.few[self.count] = hash;
            self.count += 1;
            return true;
        }
        if self.many.is_empty() {
            self.many.extend(self.few);
        }
        self.many.insert(hash)
    }
}

/// The fields of a struct `(name: value, ...)` up to `close`, each at `ptr/name`.
struct Fields<'a, 't> {
    de: &'a mut De<'t>,
    ptr: PointerHash,
    close: u8,
    key: Option<(usize, usize)>,
    closed: bool,
}

impl<'a, 't> Fields<'a, 't> {
    fn new(de: &'a mut De<'t>, ptr: PointerHash, close: u8) -> Self {
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
        let name = need(self.de.p.string())?;
        let span = (start, self.de.p.i);
        if !self.seen.insert(&name) {
            return Err(GiveUp);
        }
        self.de.byte(b':')?;
        // the value's pointer now, so the key string can be handed over (a `String` key
        // takes it as it is rather than copying it)
        self.key = Some((self.de.child(self.ptr, &name), span));
        let k = seed.deserialize(de::value::StringDeserializer::<GiveUp>::new(name))?;
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

/// For tests and fuzzing: reads `text` both ways. `Ok(true)`: this path read it (with and
/// without spans, to the same model), and the JSON path gives the same model and the same
/// spans; `Ok(false)`: this path gave up; `Err`: the two differ (a bug), with what differs.
pub fn agrees_with_json(kind: super::FileKind, text: &str) -> Result<bool, String> {
    use super::FileKind as K;
    use crate::model as m;
    fn both<T: DeserializeOwned + PartialEq + fmt::Debug>(text: &str) -> Result<bool, String> {
        let Some((value, spans)) = read::<T>(text) else {
            return match read_model::<T>(text) {
                None => Ok(false),
                Some(_) => Err("read without spans, but not with them".into()),
            };
        };
        if read_model::<T>(text).as_ref() != Some(&value) {
            return Err("read with spans, but not the same without them".into());
        }
        let (parsed, issues) = super::ron_json::parse(text)
            .map_err(|e| format!("read directly, but the JSON path cannot parse it: {e:?}"))?;
        if !issues.is_empty() {
            return Err(format!("read directly despite syntax issues: {issues:?}"));
        }
        let json: T = serde_json::from_value(parsed.value)
            .map_err(|e| format!("read directly, but the model rejects its JSON: {e}"))?;
        if value != json {
            return Err(format!("different models:\n{value:?}\n{json:?}"));
        }
        if spans != parsed.spans {
            return Err("different span indexes".into());
        }
        Ok(true)
    }
    match kind {
        K::Game => both::<m::Game>(text),
        K::Map => both::<m::MapFile>(text),
        K::Units => both::<m::UnitsFile>(text),
        K::Cards => both::<m::CardsFile>(text),
        K::Text => both::<m::TextFile>(text),
        K::Scenario => both::<m::Scenario>(text),
    }
}

#[cfg(test)]
mod tests {
    use super::{SEEN_IN_PLACE, Seen, agrees_with_json};
    use crate::load::FileKind;

    #[test]
    fn strings_and_options_read_as_the_json_path_reads_them() {
        let entry = |value: &str| format!(r#"(language: "it", entries: {{"game": {value}}})"#);
        // read directly, to the same model as the JSON path
        for value in [
            r#"(name: "a", text: Some("b"))"#,
            r#"(name: "a", text: Some( "b" , ))"#,
            r#"(name: "a", text: "b")"#,
            r#"(name: "a", text: None)"#,
            r#"(name: "a\"q", text: Some("line\nbreak"))"#,
            // a bare name stands for the string, as a unit variant's name does
            r#"(name: a, text: Somebody)"#,
        ] {
            assert_eq!(
                agrees_with_json(FileKind::Text, &entry(value)),
                Ok(true),
                "{value}"
            );
        }
        // not in the direct path's subset, or wrong: it gives up (the JSON path explains)
        for value in [
            r#"(name: "a", text: Some("b", "c"))"#,
            r#"(name: "a", text: Some "b")"#,
            r#"(name: "a", text: Some())"#,
            r#"(name: 1, text: None)"#,
            r#"(name: "a", text: Some(None))"#,
        ] {
            assert_eq!(
                agrees_with_json(FileKind::Text, &entry(value)),
                Ok(false),
                "{value}"
            );
        }
    }

    #[test]
    fn a_repeated_key_is_caught_before_and_after_the_set_is_built() {
        let keys: Vec<String> = (0..3 * SEEN_IN_PLACE).map(|i| format!("k{i}")).collect();
        let mut seen = Seen::default();
        for (i, key) in keys.iter().enumerate() {
            assert!(seen.insert(key), "first sight of {key}");
            // every key seen so far is refused a second time, in place or in the set
            assert!(!seen.insert(&keys[0]));
            assert!(!seen.insert(&keys[i]));
        }
        assert!(seen.insert("new"));
    }
}
