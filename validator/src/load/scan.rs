//! The byte scanner the fast and direct paths share: whitespace and line comments, identifiers,
//! strings with the few escapes game files use, plain numbers, and what makes a file leave
//! both paths to the slow one (control characters, keywords, depth).

use std::borrow::Cow;

use super::spans::{SpanIndex, ValueSpan};

/// Values nested deeper than this go to the slow path (which reports the recursion limit).
pub const MAX_DEPTH: usize = 64;

/// Whether the text holds a control character other than tab, line feed and carriage return
/// (C0, DEL or C1). No game file holds one, ron2 may lex them differently from the nesting
/// guard, and the slow path refuses them with a located message, so the fast paths leave
/// such a file to it. One pass that compilers turn into vector code, then a precise look
/// only if a byte might start one (C1 characters start with 0xC2, as do `°` or `«`).
pub fn has_control(text: &str) -> bool {
    let mut maybe = 0u8;
    for &c in text.as_bytes() {
        let c0 = (c < 0x20) & (c != b'\t') & (c != b'\n') & (c != b'\r');
        maybe |= u8::from(c0 | (c == 0x7f) | (c == 0xc2));
    }
    maybe != 0 && super::nesting::control_character(text).is_some()
}

pub fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "true" | "false" | "None" | "Some" | "inf" | "NaN" | "r" | "b" | "br"
    )
}

/// The byte scanner.
pub struct Parser<'t> {
    pub b: &'t [u8],
    pub text: &'t str,
    pub i: usize,
    pub spans: SpanIndex,
    pub depth: usize,
}

/// A number as written: whole (unsigned or negative) or with a fraction.
#[derive(Debug, Clone, Copy)]
pub enum Num {
    U(u64),
    I(i64),
    F(f64),
}

impl<'t> Parser<'t> {
    pub fn new(text: &'t str) -> Self {
        Parser {
            b: text.as_bytes(),
            text,
            i: 0,
            spans: SpanIndex::with_capacity(text.len() / 12),
            depth: 0,
        }
    }

    /// A parser that will not record spans (no index allocated).
    pub fn without_index(text: &'t str) -> Self {
        Parser {
            b: text.as_bytes(),
            text,
            i: 0,
            spans: SpanIndex::default(),
            depth: 0,
        }
    }

    pub fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Skips whitespace and line comments; gives up on block comments and other
    /// whitespace.
    pub fn skip_ws(&mut self) -> Option<()> {
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

    pub fn peek_ident_start(&self) -> bool {
        self.peek()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
    }

    pub fn ident(&mut self) -> Option<(usize, usize)> {
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
    pub fn starts_field(&self) -> bool {
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

    pub fn string(&mut self) -> Option<String> {
        self.string_cow().map(Cow::into_owned)
    }

    /// A string: borrowed from the text when it holds no escape (the usual case), so a
    /// value that keeps short strings in place (an id) copies it without an allocation.
    pub fn string_cow(&mut self) -> Option<Cow<'t, str>> {
        self.i += 1; // the opening quote
        let start = self.i;
        let b = self.b;
        // the common case: no escape (memchr2 scans many bytes at a time)
        let mut j = start + memchr::memchr2(b'"', b'\\', &b[start..])?;
        if b[j] == b'"' {
            self.i = j + 1;
            let text: &'t str = self.text;
            return Some(Cow::Borrowed(&text[start..j]));
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
                    return Some(Cow::Owned(out));
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

    /// `-?digits(.digits)?`, and nothing else (exponents, hex, `_`, `+`: the slow path).
    pub fn scan_number(&mut self) -> Option<Num> {
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

pub fn span(start: usize, end: usize, key: Option<(usize, usize)>) -> ValueSpan {
    ValueSpan {
        value: start..end,
        key: key.map(|(s, e)| s..e),
    }
}
