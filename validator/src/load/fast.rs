//! A fast path for [`super::ron_json::parse`]: one pass over the bytes of the common subset of
//! RON that game files use, building the JSON value and the span index directly, with no
//! syntax tree and no pointer strings (pointers are hashed as they grow; see [`SpanIndex`]).
//!
//! It gives up (returns `None`) on anything outside that subset or anything wrong: syntax
//! errors, duplicate fields, escapes other than `\"`, `\\`, `\n`, `\t`, `\r`, raw strings,
//! chars, bytes, block comments, attributes, special or exotic numbers, empty or one-element
//! tuples, non-ASCII identifiers. The caller then parses with the ron2 syntax tree, which gives
//! the same value and spans for what the fast path accepts (a test compares the two on every
//! RON file of the repository and on generated games) and the located messages for errors.
//!
//! Profiling showed the syntax tree plus a `String` per indexed pointer costing about 3/4 of
//! the whole pipeline on a large game, and most of its memory.

use serde_json::{Map, Number, Value};

use super::spans::{PointerHash, SpanIndex, ValueSpan};

/// Values nested deeper than this go to the slow path (which reports the recursion limit).
pub(super) const MAX_DEPTH: usize = 64;

/// Parses `text` if it is in the fast subset.
pub fn parse(text: &str) -> Option<(Value, SpanIndex)> {
    if has_control(text) {
        return None;
    }
    let mut p = Parser::new(text);
    p.skip_ws()?;
    let start = p.i;
    let root = PointerHash::root();
    let value = if p.peek_ident_start() {
        // a named struct at the top (`Game(...)`) is read as its fields
        let (name_start, name_end) = p.ident()?;
        let name = &text[name_start..name_end];
        if is_keyword(name) {
            return None;
        }
        p.skip_ws()?;
        if p.peek() != Some(b'(') {
            return None;
        }
        p.i += 1;
        p.skip_ws()?;
        if !p.starts_field() {
            return None;
        }
        let v = p.fields(root, b')')?;
        p.spans.insert_hash(
            root,
            ValueSpan {
                value: start..p.i,
                key: None,
            },
        );
        v
    } else {
        p.value(root, None)?
    };
    p.skip_ws()?;
    if p.i != p.b.len() {
        return None;
    }
    Some((value, p.spans))
}

/// Whether the text holds a control character other than tab, line feed and carriage return
/// (C0, DEL or C1). No game file holds one, ron2 may lex them differently from the nesting
/// guard, and the slow path refuses them with a located message, so the fast paths leave
/// such a file to it. One pass that compilers turn into vector code, then a precise look
/// only if a byte might start one (C1 characters start with 0xC2, as do `°` or `«`).
pub(super) fn has_control(text: &str) -> bool {
    let mut maybe = 0u8;
    for &c in text.as_bytes() {
        let c0 = (c < 0x20) & (c != b'\t') & (c != b'\n') & (c != b'\r');
        maybe |= u8::from(c0 | (c == 0x7f) | (c == 0xc2));
    }
    maybe != 0 && super::nesting::control_character(text).is_some()
}

pub(super) fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "true" | "false" | "None" | "Some" | "inf" | "NaN" | "r" | "b" | "br"
    )
}

/// The byte scanner shared with [`super::direct`].
pub(super) struct Parser<'t> {
    pub(super) b: &'t [u8],
    pub(super) text: &'t str,
    pub(super) i: usize,
    pub(super) spans: SpanIndex,
    pub(super) depth: usize,
}

/// A number as written: whole (unsigned or negative) or with a fraction.
#[derive(Debug, Clone, Copy)]
pub(super) enum Num {
    U(u64),
    I(i64),
    F(f64),
}

impl<'t> Parser<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        Parser {
            b: text.as_bytes(),
            text,
            i: 0,
            spans: SpanIndex::with_capacity(text.len() / 12),
            depth: 0,
        }
    }

    /// A parser that will not record spans (no index allocated).
    pub(super) fn without_index(text: &'t str) -> Self {
        Parser {
            b: text.as_bytes(),
            text,
            i: 0,
            spans: SpanIndex::default(),
            depth: 0,
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Skips whitespace and line comments; gives up on block comments and other
    /// whitespace.
    pub(super) fn skip_ws(&mut self) -> Option<()> {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b' ' | b'\n' | b'\t' | b'\r' => self.i += 1,
                b'/' => {
                    if self.b.get(self.i + 1) != Some(&b'/') {
                        return None;
                    }
                    self.i = memchr::memchr(b'\n', &self.b[self.i..])
                        .map_or(self.b.len(), |n| self.i + n);
                }
                _ if c >= 0x80 => return None,
                _ => break,
            }
        }
        Some(())
    }

    pub(super) fn peek_ident_start(&self) -> bool {
        self.peek()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
    }

    pub(super) fn ident(&mut self) -> Option<(usize, usize)> {
        let start = self.i;
        if !self.peek_ident_start() {
            return None;
        }
        self.i += 1;
        while let Some(&c) = self.b.get(self.i) {
            if c.is_ascii_alphanumeric() || c == b'_' {
                self.i += 1;
            } else {
                break;
            }
        }
        match self.peek() {
            // raw identifiers, raw strings, byte strings, non-ASCII identifiers
            Some(b'#' | b'"' | b'\'') => None,
            Some(c) if c >= 0x80 => None,
            _ => Some((start, self.i)),
        }
    }

    /// After `(` and whitespace: does a field (`name:`) follow?
    pub(super) fn starts_field(&self) -> bool {
        let mut j = self.i;
        let b = self.b;
        if !b
            .get(j)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return false;
        }
        while b
            .get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            j += 1;
        }
        while b
            .get(j)
            .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        {
            j += 1;
        }
        b.get(j) == Some(&b':') && b.get(j + 1) != Some(&b':')
    }

    /// One value, indexed at `ptr` (with its key span, if any).
    fn value(&mut self, ptr: PointerHash, key: Option<(usize, usize)>) -> Option<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let start = self.i;
        let c = self.peek()?;
        let value = match c {
            b'"' => Value::String(self.string()?),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws()?;
                    if self.peek()? == b']' {
                        self.i += 1;
                        break;
                    }
                    let v = self.value(ptr.index(items.len()), None)?;
                    items.push(v);
                    self.skip_ws()?;
                    match self.peek()? {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                Value::Array(items)
            }
            b'{' => {
                self.i += 1;
                let mut obj = Map::new();
                loop {
                    self.skip_ws()?;
                    if self.peek()? == b'}' {
                        self.i += 1;
                        break;
                    }
                    if self.peek()? != b'"' {
                        return None;
                    }
                    let key_start = self.i;
                    let name = self.string()?;
                    let key_end = self.i;
                    self.skip_ws()?;
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    self.skip_ws()?;
                    let v = self.value(ptr.child(&name), Some((key_start, key_end)))?;
                    if obj.insert(name, v).is_some() {
                        return None;
                    }
                    self.skip_ws()?;
                    match self.peek()? {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                Value::Object(obj)
            }
            b'(' => {
                self.i += 1;
                self.skip_ws()?;
                if self.starts_field() {
                    self.fields(ptr, b')')?
                } else {
                    let items = self.tuple(ptr)?;
                    if items.len() < 2 {
                        return None;
                    }
                    Value::Array(items)
                }
            }
            b'-' | b'0'..=b'9' => self.number()?,
            _ if self.peek_ident_start() => {
                let (ns, ne) = self.ident()?;
                let name = &self.text[ns..ne];
                match name {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    "None" => Value::Null,
                    "Some" => {
                        self.skip_ws()?;
                        if self.peek()? != b'(' {
                            return None;
                        }
                        self.i += 1;
                        self.skip_ws()?;
                        // `Some(x)` stands for `x`, indexed under the same pointer; its
                        // bracket counts as a level, as every bracket does
                        let v = self.value(ptr, key)?;
                        self.skip_ws()?;
                        if self.peek()? == b',' {
                            self.i += 1;
                            self.skip_ws()?;
                        }
                        if self.peek()? != b')' {
                            return None;
                        }
                        self.i += 1;
                        self.depth -= 1;
                        return Some(v);
                    }
                    _ if is_keyword(name) => return None,
                    _ => {
                        let name = name.to_owned();
                        // whitespace between a name and its parenthesis: leave it to ron2
                        if self.peek() == Some(b'(') {
                            self.i += 1;
                            let inner = ptr.child(&name);
                            let inner_key = Some((ns, ne));
                            let open = self.i - 1;
                            self.skip_ws()?;
                            let v = if self.starts_field() {
                                let v = self.fields(inner, b')')?;
                                self.spans.insert_hash(inner, span(open, self.i, inner_key));
                                v
                            } else {
                                // `Name(x)`: x is indexed at the inner pointer, keyed by the
                                // name; `Name(a, b)` is rare: the slow path
                                let v = self.value(inner, inner_key)?;
                                self.skip_ws()?;
                                if self.peek()? != b')' {
                                    return None;
                                }
                                self.i += 1;
                                v
                            };
                            let mut m = Map::new();
                            m.insert(name, v);
                            Value::Object(m)
                        } else {
                            Value::String(name)
                        }
                    }
                }
            }
            _ => return None,
        };
        self.spans.insert_hash(ptr, span(start, self.i, key));
        self.depth -= 1;
        Some(value)
    }

    /// The fields of a struct up to `close`, the opening bracket already read.
    fn fields(&mut self, ptr: PointerHash, close: u8) -> Option<Value> {
        let mut obj = Map::new();
        loop {
            self.skip_ws()?;
            if self.peek()? == close {
                self.i += 1;
                break;
            }
            let (ns, ne) = self.ident()?;
            let name = &self.text[ns..ne];
            self.skip_ws()?;
            if self.peek()? != b':' {
                return None;
            }
            self.i += 1;
            self.skip_ws()?;
            let v = self.value(ptr.child(name), Some((ns, ne)))?;
            if obj.insert(name.to_owned(), v).is_some() {
                return None;
            }
            self.skip_ws()?;
            match self.peek()? {
                b',' => self.i += 1,
                c if c == close => {
                    self.i += 1;
                    break;
                }
                _ => return None,
            }
        }
        Some(Value::Object(obj))
    }

    /// Tuple elements up to `)`, the `(` already read; each indexed at `ptr/<i>`.
    fn tuple(&mut self, ptr: PointerHash) -> Option<Vec<Value>> {
        let mut items = Vec::new();
        loop {
            self.skip_ws()?;
            if self.peek()? == b')' {
                self.i += 1;
                break;
            }
            let v = self.value(ptr.index(items.len()), None)?;
            items.push(v);
            self.skip_ws()?;
            match self.peek()? {
                b',' => self.i += 1,
                b')' => {
                    self.i += 1;
                    break;
                }
                _ => return None,
            }
        }
        Some(items)
    }

    pub(super) fn string(&mut self) -> Option<String> {
        self.i += 1; // the opening quote
        let start = self.i;
        let b = self.b;
        // the common case: no escape (memchr2 scans many bytes at a time)
        let mut j = start + memchr::memchr2(b'"', b'\\', &b[start..])?;
        if b[j] == b'"' {
            self.i = j + 1;
            return Some(self.text[start..j].to_owned());
        }
        let mut out = String::with_capacity(j - start + 16);
        out.push_str(&self.text[start..j]);
        let mut seg = j;
        loop {
            let c = *b.get(j)?;
            match c {
                b'"' => {
                    out.push_str(&self.text[seg..j]);
                    self.i = j + 1;
                    return Some(out);
                }
                b'\\' => {
                    out.push_str(&self.text[seg..j]);
                    let e = *b.get(j + 1)?;
                    out.push(match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        _ => return None,
                    });
                    j += 2;
                    seg = j;
                }
                _ => j += 1,
            }
        }
    }

    fn number(&mut self) -> Option<Value> {
        Some(match self.scan_number()? {
            Num::U(u) => Value::from(u),
            Num::I(i) => Value::from(i),
            Num::F(f) => Value::Number(Number::from_f64(f)?),
        })
    }

    /// `-?digits(.digits)?`, and nothing else (exponents, hex, `_`, `+`: the slow path).
    pub(super) fn scan_number(&mut self) -> Option<Num> {
        let start = self.i;
        let b = self.b;
        let mut j = start;
        let neg = b[j] == b'-';
        if neg {
            j += 1;
        }
        let digits = j;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j == digits {
            return None;
        }
        let mut float = false;
        if b.get(j) == Some(&b'.') {
            float = true;
            j += 1;
            let frac = j;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if j == frac {
                return None;
            }
        }
        if b.get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'.')
        {
            return None;
        }
        // a leading zero before more digits (`007`) is not plain RON: leave it to ron2
        if b[digits] == b'0' && j > digits + 1 && b[digits + 1].is_ascii_digit() {
            return None;
        }
        let raw = &self.text[start..j];
        let n = if float {
            Num::F(raw.parse::<f64>().ok().filter(|f| f.is_finite())?)
        } else {
            let magnitude: u64 = self.text[digits..j].parse().ok()?;
            if neg {
                Num::I(i64::try_from(magnitude).ok()?.checked_neg()?)
            } else {
                Num::U(magnitude)
            }
        };
        self.i = j;
        Some(n)
    }
}

pub(super) fn span(start: usize, end: usize, key: Option<(usize, usize)>) -> ValueSpan {
    ValueSpan {
        value: start..end,
        key: key.map(|(s, e)| s..e),
    }
}

#[cfg(test)]
mod tests {
    use super::super::ron_json::parse_slow;
    use super::*;

    /// Every pointer of a value.
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    pointers(x, format!("{at}/{i}"), out);
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    pointers(x, super::super::spans::child(&at, k), out);
                }
            }
            _ => {}
        }
        out.push(at);
    }

    /// When the fast path accepts a text, ron2 accepts it too, with no issue, and both give
    /// the same value and the same spans.
    fn agrees(text: &str) -> bool {
        let Some((value, spans)) = parse(text) else {
            return false;
        };
        let (slow, issues) = match parse_slow(text) {
            Ok(x) => x,
            Err(e) => panic!("fast path accepted what ron2 rejects ({e:?}):\n{text}"),
        };
        assert!(issues.is_empty(), "{issues:?}\n{text}");
        assert_eq!(value, slow.value, "{text}");
        let mut ps = Vec::new();
        pointers(&value, String::new(), &mut ps);
        for p in ps {
            assert_eq!(
                spans.get(&p),
                slow.spans.get(&p),
                "pointer {p:?} in\n{text}"
            );
        }
        assert_eq!(spans.len(), slow.spans.len(), "{text}");
        true
    }

    fn repo_ron_files() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for dir in ["tests/fixtures", "scenarios"] {
            for e in walkdir::WalkDir::new(root.join(dir)).into_iter().flatten() {
                if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "ron") {
                    files.push(e.into_path());
                }
            }
        }
        files
    }

    #[test]
    fn agrees_with_ron2_on_every_file_of_the_repository() {
        let mut fast = 0;
        let files = repo_ron_files();
        for f in &files {
            let Ok(text) = std::fs::read_to_string(f) else {
                continue;
            };
            fast += usize::from(agrees(&text));
        }
        // the fast path takes nearly all of them
        assert!(fast * 10 >= files.len() * 8, "{fast} of {}", files.len());
    }

    #[test]
    fn never_accepts_what_ron2_rejects_in_damaged_files() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for name in [
            "game.ron",
            "map.ron",
            "units.ron",
            "cards.ron",
            "text.it.ron",
            "1914.scenario.ron",
        ] {
            let text =
                std::fs::read_to_string(root.join("tests/fixtures/valid/minimal").join(name))
                    .expect("fixture");
            let b = text.as_bytes();
            for i in (0..b.len()).step_by(3) {
                // drop one byte, or cut the file there
                let mut dropped = b.to_vec();
                dropped.remove(i);
                if let Ok(t) = String::from_utf8(dropped) {
                    agrees(&t);
                }
                agrees(&text[..text.floor_char_boundary(i)]);
            }
        }
    }

    #[test]
    fn agrees_on_forms() {
        for text in [
            r#"(a: Limit(3), b: Unlimited, c: Some("x"), d: None, e: [1, -2, 16], f: ("p", "q"), g: {"k": 1.5})"#,
            r#"Game(id: "x", n: -0, f: -1.25, t: true, u: false)"#,
            "// comment\n(\n  a: [ ], // trailing\n  b: {},\n  c: V(x: 1, y: [2,],),\n)\n",
            r#"(s: "a \"quoted\" \\ line\nnext\ttab", k: {"a/b~c": 1})"#,
        ] {
            assert!(agrees(text), "the fast path takes {text}");
        }
        for text in [
            r#"(a: Some(Some(1)), b: Pair(1, 2), c: (1), d: (), e: 1e5, f: 0x10, g: 1_000, h: 'c')"#,
            r#"(a: 1, a: 2)"#,
            r#"(a: [1 2])"#,
            "(a: 1) x",
            "/* block */ (a: 1)",
            r#"(a: r"raw")"#,
            r#"(a: "\u{e9}")"#,
            "(a: 007)",
        ] {
            agrees(text);
        }
    }
}
