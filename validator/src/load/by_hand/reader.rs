//! The steps every hand-written reader is made of, over the byte scanner. Each reads exactly
//! what the direct path ([`crate::load::direct`]) reads for the same model type, or gives up
//! (`None`) where that path would do more (bare words as strings, `{"field": ...}` structs,
//! sets of fields it would refuse); `tests.rs` holds them to that.

use std::borrow::Cow;

use crate::load::scan::{Num, Parser, continues_ident, has_control, is_keyword};
use crate::model::common::fit_room;
use smallvec::SmallVec;

use crate::model::{AttrValue, Attrs, Id, LongText, SortedMap, ThinVec};

/// Entries of a `{...}` map after which its room is set from the rate they are read at, at any
/// size (a real-sized game's maps get theirs earlier, as long lists do).
const ROOM_FROM_RATE_AFTER: usize = 1024;

/// Items of a long list (or entries of a map) after which its room is set from the rate they
/// are read at.
const LIST_ROOM_FROM_RATE_AFTER: usize = 32;
/// The most entries a short map's room is set for at [`LIST_ROOM_FROM_RATE_AFTER`] entries (a
/// real-sized game's text maps); a longer one's is set at [`ROOM_FROM_RATE_AFTER`].
const MAP_ROOM_EARLY_AT_MOST: usize = 4096;

pub struct Reader<'t> {
    pub p: Parser<'t>,
}

impl<'t> Reader<'t> {
    /// Reads a whole file as one struct, `(field: value, ...)` or `Name(field: value, ...)`,
    /// each field through `field`, then nothing but blanks and comments.
    pub fn file(text: &'t str, field: impl FnMut(&mut Self, &'t str) -> Option<()>) -> Option<()> {
        if has_control(text) {
            return None;
        }
        let mut r = Reader {
            p: Parser::without_index(text),
        };
        r.p.skip_ws()?;
        if r.p.peek_ident_start() {
            let (start, end) = r.p.ident()?;
            if is_keyword(&text[start..end]) {
                return None;
            }
            r.p.skip_ws()?;
        }
        r.record(field)?;
        r.p.skip_ws()?;
        (r.p.i == r.p.b.len()).then_some(())
    }

    /// `(field: value, ...)`, each field read by `field` (which gives up on a name it does
    /// not know or has already read); a struct with no field is left to the direct path.
    pub fn record(&mut self, field: impl FnMut(&mut Self, &'t str) -> Option<()>) -> Option<()> {
        self.open(b'(')?;
        self.fields(field)
    }

    /// The fields of a struct after its `(`, up to its `)`.
    pub fn fields(
        &mut self,
        mut field: impl FnMut(&mut Self, &'t str) -> Option<()>,
    ) -> Option<()> {
        self.p.skip_ws()?;
        let mut first = true;
        loop {
            let (start, end) = self.p.ident()?;
            let name = &self.p.text[start..end];
            if first {
                // as the direct path tells a struct from a tuple: the first name is followed
                // by `:` (not `::`) with only blanks between, no comment
                first = false;
                while matches!(self.p.peek()?, b' ' | b'\t' | b'\n' | b'\r') {
                    self.p.i += 1;
                }
                if self.p.peek()? != b':' || self.p.b.get(self.p.i + 1) == Some(&b':') {
                    return None;
                }
            }
            self.open(b':')?;
            field(self, name)?;
            if self.item_end(b')')? {
                return Some(());
            }
            self.p.skip_ws()?;
            if self.p.peek() == Some(b')') {
                self.p.i += 1;
                return Some(());
            }
        }
    }

    /// An enum variant with content, `Name(`: its name (the content is the caller's to read).
    pub fn variant(&mut self) -> Option<&'t str> {
        self.p.skip_ws()?;
        let (start, end) = self.p.ident()?;
        if self.p.peek() != Some(b'(') {
            return None;
        }
        self.p.i += 1;
        Some(&self.p.text[start..end])
    }

    /// `[item, ...]`, a trailing comma allowed.
    pub fn list<T, L: Default + Extend<T>>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<L> {
        let mut out = L::default();
        self.items(|r| {
            out.extend(Some(item(r)?));
            Some(())
        })?;
        Some(out)
    }

    /// `[item, ...]` as a long list (a map's spaces and links, the units, the cards, a
    /// scenario's placements): each time it is full (first at 32 items), given room for the
    /// rest of the file at the rate read so far, with a sixteenth to spare. Grown by doubling,
    /// a real-sized game's lists were copied six to eight times each as they grew (2% of the
    /// instructions of a check), and a 100,000-space game's took 251 MiB as they grew for
    /// some 80 MiB kept: the rest was freed, and zeroed afresh by the kernel when used again
    /// (BENCHMARKS.md, session 20).
    /// Text after the list (a map's links after its spaces) only over-estimates, and room
    /// never written is not resident, so the list is not copied to its exact size after. Room
    /// the allocator refuses (a huge estimate) is left to doubling, not a crash.
    pub fn long_list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let start = self.p.i;
        let mut out = Vec::new();
        self.items(|r| {
            out.push(item(r)?);
            if out.len() == out.capacity() && out.len() >= LIST_ROOM_FROM_RATE_AFTER {
                // at least half again what it holds, so that estimates that keep falling
                // short (later items shorter than the first) still grow it geometrically
                let rest = r.items_left(start, out.len());
                let _ = out.try_reserve_exact((rest + rest / 16).max(out.len() / 2));
            }
            Some(())
        })?;
        Some(out)
    }

    /// How many more items the rest of the file would hold at the size of the `read` items
    /// read since `start`.
    fn items_left(&self, start: usize, read: usize) -> usize {
        (self.p.b.len() - self.p.i) / (self.p.i - start).div_ceil(read).max(1)
    }

    /// `[item, ...]`, a trailing comma allowed: `item` reads each item.
    fn items(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.open(b'[')?;
        loop {
            self.p.skip_ws()?;
            if self.p.peek() == Some(b']') {
                self.p.i += 1;
                return Some(());
            }
            item(self)?;
            if self.item_end(b']')? {
                return Some(());
            }
        }
    }

    /// `[item, ...]` as a list that is mostly empty or short (a space's areas, a link's
    /// conditions): gathered in place, then given exactly its room (one by one, a `ThinVec`
    /// takes room for four).
    pub fn short_list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<ThinVec<T>> {
        let mut items: SmallVec<[T; 4]> = SmallVec::new();
        self.items(|r| {
            items.push(item(r)?);
            Some(())
        })?;
        let mut out = ThinVec::with_capacity(items.len());
        out.extend(items);
        Some(out)
    }

    /// `{"key": value, ...}` as a map sorted by key ([`SortedMap::from_unique`]). A repeated
    /// key is left to the direct path (which refuses it).
    pub fn sorted_map<V>(
        &mut self,
        mut value: impl FnMut(&mut Self) -> Option<V>,
    ) -> Option<SortedMap<V>> {
        self.open(b'{')?;
        let start = self.p.i;
        // a short map (a unit's values) gathered in place, then given exactly its room: a
        // list grown one by one takes room for four, then eight
        let mut out: SmallVec<[(Id, V); 8]> = SmallVec::new();
        loop {
            self.p.skip_ws()?;
            match self.p.peek()? {
                b'}' => {
                    self.p.i += 1;
                    break;
                }
                b'"' => {}
                _ => return None,
            }
            let key = self.p.string_cow()?;
            self.open(b':')?;
            let v = value(self)?;
            out.push((id_of(key), v));
            if out.len() == LIST_ROOM_FROM_RATE_AFTER || out.len() == ROOM_FROM_RATE_AFTER {
                // a map this long is a text file's entries, nearly the whole file: room for
                // the rest of the text at the rate read so far, where doubling would leave up
                // to half its room unused and take twice the room while it moves (at 100,000
                // spaces, two text files read at once held a third of the peak that way), and
                // copy it six to eight times on a real-sized game. Early, only for a real-sized
                // game's map (a few thousand entries); later, for any. Text after the map (a
                // long comment) only over-estimates: room never written is not resident, and
                // fit_room trims it; the file's size caps it (MAX_FILE_BYTES). Room the
                // allocator refuses (a huge estimate) is left to doubling, not a crash
                let rest = self.items_left(start, out.len());
                if out.len() == ROOM_FROM_RATE_AFTER || rest <= MAP_ROOM_EARLY_AT_MOST {
                    let _ = out.try_reserve_exact(rest + rest / 32);
                }
            }
            if self.item_end(b'}')? {
                break;
            }
        }
        let mut out = out.into_vec();
        fit_room(&mut out);
        SortedMap::from_unique(out)
    }

    /// `Some(x)`, `None`, or a bare `x` (standing for `Some(x)`, as in the direct path).
    pub fn option<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        self.p.skip_ws()?;
        if self.word(b"None") {
            self.p.i += 4;
            return Some(None);
        }
        if !self.word(b"Some") {
            return read(self).map(Some);
        }
        self.p.i += 4;
        self.open(b'(')?;
        let v = read(self)?;
        self.p.skip_ws()?;
        if self.p.peek() == Some(b',') {
            self.p.i += 1;
        }
        self.open(b')')?;
        Some(Some(v))
    }

    /// A quoted string, as it is written (borrowed) or unescaped. This and [`Self::id`] are
    /// called for most values: as calls, their entries and exits took some 2% of a check.
    #[inline(always)]
    pub fn text(&mut self) -> Option<Cow<'t, str>> {
        self.p.skip_ws()?;
        if self.p.peek() != Some(b'"') {
            return None;
        }
        self.p.string_cow()
    }

    pub fn string(&mut self) -> Option<String> {
        self.text().map(Cow::into_owned)
    }

    /// A longer text: one allocation holding it (after the copy that unescapes it, if it
    /// holds an escape).
    pub fn long_text(&mut self) -> Option<LongText> {
        self.text().map(|t| LongText::from(&*t))
    }

    /// An id or other short text, kept in place when short.
    #[inline(always)]
    pub fn id(&mut self) -> Option<Id> {
        self.text().map(id_of)
    }

    pub fn u32(&mut self) -> Option<u32> {
        self.p.skip_ws()?;
        if !self.p.peek()?.is_ascii_digit() {
            return None;
        }
        match self.p.scan_number()? {
            Num::U(u) => u32::try_from(u).ok(),
            Num::I(_) | Num::F(_) => None,
        }
    }

    pub fn i32(&mut self) -> Option<i32> {
        self.p.skip_ws()?;
        if !matches!(self.p.peek()?, b'-' | b'0'..=b'9') {
            return None;
        }
        match self.p.scan_number()? {
            Num::U(u) => i32::try_from(u).ok(),
            Num::I(i) => i32::try_from(i).ok(),
            Num::F(_) => None,
        }
    }

    /// A unit enum variant: its bare name (a name followed by `(` is left to the direct path).
    pub fn unit_variant(&mut self) -> Option<&'t str> {
        self.p.skip_ws()?;
        let (start, end) = self.p.ident()?;
        if self.p.peek() == Some(b'(') {
            return None;
        }
        Some(&self.p.text[start..end])
    }

    /// An enum variant bare (`InPlay`) or with content (`Deck(`, its `(` read): its name, and
    /// whether content follows.
    pub fn any_variant(&mut self) -> Option<(&'t str, bool)> {
        self.p.skip_ws()?;
        let (start, end) = self.p.ident()?;
        let content = self.p.peek() == Some(b'(');
        if content {
            self.p.i += 1;
        }
        Some((&self.p.text[start..end], content))
    }

    /// A pair written as a tuple, `(a, b)`, a trailing comma allowed.
    pub fn pair<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<(T, T)> {
        self.open(b'(')?;
        let a = item(self)?;
        self.open(b',')?;
        let b = item(self)?;
        self.p.skip_ws()?;
        if self.p.peek() == Some(b',') {
            self.p.i += 1;
        }
        self.open(b')')?;
        Some((a, b))
    }

    /// A number as serde makes an `f32` of any number it is given.
    pub fn f32(&mut self) -> Option<f32> {
        self.p.skip_ws()?;
        if !matches!(self.p.peek()?, b'-' | b'0'..=b'9') {
            return None;
        }
        Some(match self.p.scan_number()? {
            Num::U(u) => u as f32,
            Num::I(i) => i as f32,
            Num::F(f) => f as f32,
        })
    }

    /// A number as serde makes an `f64` of any number it is given.
    pub fn f64(&mut self) -> Option<f64> {
        self.p.skip_ws()?;
        if !matches!(self.p.peek()?, b'-' | b'0'..=b'9') {
            return None;
        }
        Some(match self.p.scan_number()? {
            Num::U(u) => u as f64,
            Num::I(i) => i as f64,
            Num::F(f) => f,
        })
    }

    /// An entity's attribute values, `{"command": 6, "religion": "catholic"}`.
    pub fn attrs(&mut self) -> Option<Attrs> {
        self.sorted_map(Reader::attr_value)
    }

    /// One attribute value: a bool, a number, a text or a list of these (anything else is
    /// left to the direct path).
    pub fn attr_value(&mut self) -> Option<AttrValue> {
        self.p.skip_ws()?;
        match self.p.peek()? {
            b'"' => self.id().map(AttrValue::Text),
            b'[' => self.list(Reader::attr_value).map(AttrValue::List),
            b'{' => self.sorted_map(Reader::attr_value).map(AttrValue::Map),
            b'-' | b'0'..=b'9' => match self.p.scan_number()? {
                Num::U(u) => i64::try_from(u).ok().map(AttrValue::Int),
                Num::I(i) => Some(AttrValue::Int(i)),
                Num::F(f) => Some(AttrValue::Number(f)),
            },
            _ => self.bool().map(AttrValue::Bool),
        }
    }

    pub fn bool(&mut self) -> Option<bool> {
        self.p.skip_ws()?;
        for (word, value) in [(&b"true"[..], true), (b"false", false)] {
            if self.word(word) {
                self.p.i += word.len();
                return Some(value);
            }
        }
        None
    }

    /// Skips blanks, then takes `b` or gives up.
    pub fn open(&mut self, b: u8) -> Option<()> {
        self.p.skip_ws()?;
        (self.p.peek()? == b).then(|| self.p.i += 1)
    }

    /// After an item: a comma (false) or the close (true).
    fn item_end(&mut self, close: u8) -> Option<bool> {
        self.p.skip_ws()?;
        let c = self.p.peek()?;
        self.p.i += 1;
        match c {
            b',' => Some(false),
            c if c == close => Some(true),
            _ => None,
        }
    }

    /// Whether the word `w` is next, whole.
    fn word(&self, w: &[u8]) -> bool {
        let rest = &self.p.b[self.p.i..];
        rest.starts_with(w) && !rest.get(w.len()).is_some_and(|&c| continues_ident(c))
    }
}

/// An id from a string read: copied in place when short, else kept as the copy it is.
#[inline(always)]
fn id_of(text: Cow<'_, str>) -> Id {
    match text {
        Cow::Borrowed(s) => Id::from(s),
        Cow::Owned(s) => Id::from(s),
    }
}

/// Reads one field's value into its slot: gives up if the field was read already (the
/// direct path refuses a repeated field).
pub fn once<T>(slot: &mut Option<T>, value: Option<T>) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value?);
    Some(())
}

/// Puts a value read into a field whose repeats the caller refuses.
pub fn put<T>(slot: &mut T, value: Option<T>) -> Option<()> {
    *slot = value?;
    Some(())
}
