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

use super::scan::{MAX_DEPTH, Num, Parser, has_control, is_keyword, span};
use super::spans::{PointerHash, SpanIndex, ValueSpan};

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

impl Parser<'_> {
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

    fn number(&mut self) -> Option<Value> {
        Some(match self.scan_number()? {
            Num::U(u) => Value::from(u),
            Num::I(i) => Value::from(i),
            Num::F(f) => Value::Number(Number::from_f64(f)?),
        })
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
