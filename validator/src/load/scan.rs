//! The byte scanner the fast and direct paths share: whitespace and line comments, identifiers,
//! strings with the few escapes game files use, plain numbers, and what makes a file leave
//! both paths to the slow one (control characters, keywords, depth).
//!
//! Over 500 lines: one byte scanner that `fast` and `direct` share, whose token readers
//! (strings, numbers, identifiers, comments) must agree byte for byte; kept in one place.

use std::borrow::Cow;

use super::spans::{SpanIndex, ValueSpan};

/// Values nested deeper than this go to the slow path (which reports the recursion limit).
pub const MAX_DEPTH: usize = 64;

/// Whether the text holds a control character other than tab, line feed and carriage return
/// (C0, DEL or C1). No game file holds one, ron2 may lex them differently from the nesting
/// guard, and the slow path refuses them with a located message, so the fast paths leave
/// such a file to it. One pass that compilers turn into vector code: a C0 byte or DEL is a
/// control character wherever it is; a C1 character is 0xC2 then 0x80-0x9F, and only the
/// bytes after each 0xC2 are looked at. (`°`, `«` and the no-break space start with 0xC2 too:
/// a text file holding one was decoded char by char in full to rule a C1 character out.)
pub fn has_control(text: &str) -> bool {
    let b = text.as_bytes();
    let (mut c0_or_del, mut c2) = (0u8, 0u8);
    for &c in b {
        let c0 = (c < 0x20) & (c != b'\t') & (c != b'\n') & (c != b'\r');
        c0_or_del |= u8::from(c0 | (c == 0x7f));
        c2 |= u8::from(c == 0xc2);
    }
    c0_or_del != 0
        || (c2 != 0
            && memchr::memchr_iter(0xc2, b).any(|i| matches!(b.get(i + 1), Some(0x80..=0x9f))))
}

/// The bytes that continue an identifier (ASCII letters, digits, `_`), looked up by byte: one
/// load a byte where the range tests of `is_ascii_alphanumeric` took some 2% of a check's
/// instructions on real-sized games (field names: BENCHMARKS.md, session 15).
static IDENT_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    table
};

/// The bytes [`Parser::skip_ws`] stops at at once: printable ASCII but `/` (a comment).
static STARTS_TOKEN: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b > b' ' && b != b'/' && b < 0x7f;
        c += 1;
    }
    table
};

/// Whether the byte continues an identifier (an ASCII letter, digit or `_`).
pub fn continues_ident(c: u8) -> bool {
    IDENT_CONTINUE[usize::from(c)]
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
    /// whitespace. Inlined for the usual case, a token next or one space before it (after
    /// `:` and `,`): a call and a loop for that took some 4% of a check's instructions.
    #[inline(always)]
    pub fn skip_ws(&mut self) -> Option<()> {
        // past the end reads as a tab: not a token, and left to the slow path
        let at = |i: usize| self.b.get(i).copied().unwrap_or(b'\t');
        let mut c = at(self.i);
        if c == b' ' {
            self.i += 1;
            c = at(self.i);
        }
        if STARTS_TOKEN[usize::from(c)] {
            return Some(());
        }
        self.skip_ws_slow()
    }

    /// The rest of [`Self::skip_ws`]: line breaks, indentation, comments, the end of the text.
    #[inline(never)]
    fn skip_ws_slow(&mut self) -> Option<()> {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'\n' => {
                    self.i += 1;
                    // the next line's indentation, eight spaces at a time (a byte at a time,
                    // line breaks and indentation took a tenth of reading a text file)
                    while self.eight_spaces() {
                        self.i += 8;
                    }
                }
                b' ' | b'\t' | b'\r' => self.i += 1,
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

    /// Whether eight spaces are next, compared as one word.
    fn eight_spaces(&self) -> bool {
        let word = |w: &[u8]| u64::from_ne_bytes(w.try_into().unwrap_or_default());
        self.b
            .get(self.i..self.i + 8)
            .is_some_and(|w| word(w) == u64::from_ne_bytes(*b"        "))
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
        while self.b.get(self.i).is_some_and(|&c| continues_ident(c)) {
            self.i += 1;
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
        while b.get(j).is_some_and(|&c| continues_ident(c)) {
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
    /// Inlined for the common case, a string with no escape; the rest is [`Self::escaped`].
    #[inline(always)]
    pub fn string_cow(&mut self) -> Option<Cow<'t, str>> {
        let start = self.i + 1; // after the opening quote
        let j = start + quote_or_backslash(self.b.get(start..)?)?;
        if self.b[j] == b'"' {
            self.i = j + 1;
            let text: &'t str = self.text;
            return Some(Cow::Borrowed(&text[start..j]));
        }
        self.escaped(start, j)
    }

    /// The rest of a string from `start` with its first escape at `j`, unescaped.
    #[inline(never)]
    fn escaped(&mut self, start: usize, mut j: usize) -> Option<Cow<'t, str>> {
        let b = self.b;
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

    /// `-?digits(.digits)?`, and nothing else (exponents, hex, `_`, `+`: the slow path). One
    /// pass: the digits are gathered into one integer as they are scanned, which makes the
    /// value of a whole number and of a short decimal (a map's coordinates) without scanning
    /// them again.
    pub fn scan_number(&mut self) -> Option<Num> {
        let start = self.i;
        let b = self.b;
        let neg = b[start] == b'-';
        let digits = start + usize::from(neg);
        // wrapping: the value is used only when there are few enough digits to fit (below)
        let mut value = 0u64;
        let mut j = digits;
        let mut gather = |j: &mut usize| {
            while let Some(&c) = b.get(*j)
                && c.is_ascii_digit()
            {
                value = value.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                *j += 1;
            }
        };
        gather(&mut j);
        let whole_digits = j - digits;
        if whole_digits == 0 {
            return None;
        }
        let mut places = None;
        if b.get(j) == Some(&b'.') {
            j += 1;
            let fraction = j;
            gather(&mut j);
            if j == fraction {
                return None;
            }
            places = Some(j - fraction);
        }
        if b.get(j).is_some_and(|&c| continues_ident(c) || c == b'.') {
            return None;
        }
        // a leading zero before more digits (`007`) is not plain RON: leave it to ron2
        if b[digits] == b'0' && whole_digits > 1 {
            return None;
        }
        let raw = &self.text[start..j];
        let n = match places {
            Some(places) => {
                let f = match exact_decimal(value, whole_digits + places, places) {
                    Some(f) if neg => -f,
                    Some(f) => f,
                    None => raw.parse::<f64>().ok().filter(|f| f.is_finite())?,
                };
                Num::F(f)
            }
            None => {
                // up to 19 digits always fit in a u64; more are parsed (`None` past u64::MAX)
                let magnitude = if whole_digits <= 19 {
                    value
                } else {
                    raw[usize::from(neg)..].parse::<u64>().ok()?
                };
                if neg {
                    Num::I(i64::try_from(magnitude).ok()?.checked_neg()?)
                } else {
                    Num::U(magnitude)
                }
            }
        };
        self.i = j;
        Some(n)
    }
}

/// Where the first `"` or `\` is. Most strings (ids, names) are short: eight bytes at a time
/// in a word finds their end before memchr2 (a call, and set-up for long texts) gets going;
/// memchr2 takes the rest of a long one.
#[inline(always)]
fn quote_or_backslash(b: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const WORDS: usize = 8;
    let mut i = 0;
    for chunk in b.chunks_exact(8).take(WORDS) {
        let x = u64::from_le_bytes(chunk.try_into().ok()?);
        let (q, s) = (x ^ (ONES * u64::from(b'"')), x ^ (ONES * u64::from(b'\\')));
        // a byte of `q` or `s` is zero where `x` has the byte sought; the lowest flag is exact
        let found = (q.wrapping_sub(ONES) & !q | s.wrapping_sub(ONES) & !s) & HIGH;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    memchr::memchr2(b'"', b'\\', &b[i..]).map(|n| i + n)
}

/// A decimal of `count` digits in all, `places` of them after the point, whose digits read
/// as one integer are `value`: the nearest `f64`, when that is one exact division. With at
/// most 15 digits the integer is below 2^53 and the power of ten is exact, so the quotient is
/// correctly rounded, as `str::parse` is (Clinger's fast path). `None` for more digits.
fn exact_decimal(value: u64, count: usize, places: usize) -> Option<f64> {
    const POW10: [f64; 16] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ];
    if count > 15 {
        return None;
    }
    Some(value as f64 / POW10[places])
}

pub fn span(start: usize, end: usize, key: Option<(usize, usize)>) -> ValueSpan {
    ValueSpan {
        value: start..end,
        key: key.map(|(s, e)| s..e),
    }
}

#[cfg(test)]
mod tests {
    use super::{Parser, exact_decimal, has_control, quote_or_backslash};

    #[test]
    fn has_control_agrees_with_the_char_by_char_definition() {
        let texts = [
            "(a: \"x\ty\")\r\n",
            "(a: \"x\0\")",
            "é\u{7f}",
            "\u{85}",
            "« 20 °C » et\u{a0}plus",
            "«\u{9f}»",
            "\u{a0}\u{80}",
            "ends with \u{c2}\u{a0}",
            "\u{1b}[0m",
            "ĂÂ\u{100}",
            "",
        ];
        for text in texts {
            let by_char = text
                .chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'));
            assert_eq!(has_control(text), by_char, "{text:?}");
        }
    }

    /// What `skip_ws` must do, a byte at a time: where it stops, or `None`.
    fn skip_naively(b: &[u8]) -> Option<usize> {
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            match c {
                b' ' | b'\n' | b'\t' | b'\r' => i += 1,
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = b[i..]
                        .iter()
                        .position(|&c| c == b'\n')
                        .map_or(b.len(), |n| i + n)
                }
                b'/' => return None,
                _ if c >= 0x80 => return None,
                _ => break,
            }
        }
        Some(i)
    }

    #[test]
    fn blanks_are_skipped_as_a_byte_at_a_time_would_skip_them() {
        let pieces: [&str; 9] = [
            " ",
            "  ",
            "\n",
            "\n        ",
            "\t",
            "\r\n",
            "// x\n",
            "/",
            "\u{e9}",
        ];
        let ends: [&str; 6] = ["", "x", "(", "\u{7f}", "\u{1}", "/"];
        let mut cases = 0;
        for a in pieces {
            for b in pieces {
                for spaces in [0, 1, 7, 8, 9, 17] {
                    for end in ends {
                        let text = format!("{a}{}{b}{end}", " ".repeat(spaces));
                        // from the start, and from the very end (where a read past the
                        // end would show)
                        for from in [0, text.len()] {
                            let mut p = Parser::without_index(&text);
                            p.i = from;
                            let got = p.skip_ws().map(|()| p.i);
                            let naive = skip_naively(&text.as_bytes()[from..]).map(|n| from + n);
                            assert_eq!(got, naive, "{text:?} from {from}");
                        }
                        cases += 1;
                    }
                }
            }
        }
        assert_eq!(cases, 9 * 9 * 6 * 6);
    }

    #[test]
    fn the_end_of_a_string_is_found_at_every_length_and_position() {
        for len in 0..90 {
            for at in 0..=len {
                for (sought, other) in [(b'"', b'\\'), (b'\\', b'"')] {
                    // bytes that differ from the sought ones by one bit, and high bytes
                    let mut b: Vec<u8> =
                        (0..len).map(|i| [b'a', b'#', 0xa2, b'!'][i % 4]).collect();
                    if at < len {
                        b[at] = sought;
                        if at + 3 < len {
                            b[at + 3] = other;
                        }
                    }
                    let naive = b.iter().position(|&c| c == b'"' || c == b'\\');
                    assert_eq!(quote_or_backslash(&b), naive, "{len} {at}");
                }
            }
        }
    }

    #[test]
    fn whole_numbers_are_read_to_the_limits_of_their_types() {
        let num = |t: &str| super::Parser::without_index(t).scan_number();
        assert!(matches!(
            num("18446744073709551615"),
            Some(super::Num::U(u64::MAX))
        ));
        assert!(num("18446744073709551616").is_none());
        assert!(matches!(
            num("-9223372036854775807"),
            Some(super::Num::I(-9223372036854775807))
        ));
        assert!(num("-9223372036854775808").is_none());
        assert!(matches!(num("-0"), Some(super::Num::I(0))));
        assert!(matches!(num("42,"), Some(super::Num::U(42))));
        assert!(num("007").is_none());
        assert!(num("00.5").is_none());
        assert!(matches!(num("0"), Some(super::Num::U(0))));
        assert!(matches!(num("0.5"), Some(super::Num::F(0.5))));
        // 19 digits are gathered as scanned, 20 parsed
        assert!(matches!(
            num("9999999999999999999"),
            Some(super::Num::U(9_999_999_999_999_999_999))
        ));
        assert!(num("99999999999999999999").is_none());
        assert!(num("1.").is_none() && num("1.5.").is_none() && num("-").is_none());
    }

    #[test]
    fn short_decimals_are_the_nearest_double_as_parsing_gives() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = (x % 16) as usize;
            let whole = (x >> 8) % 10u64.pow(1 + (x % 7) as u32);
            let fraction = format!(
                "{:0width$}",
                (x >> 20) % 10u64.pow(digits.min(9) as u32 + 1),
                width = digits.min(9) + 1
            );
            let raw = format!("{whole}.{fraction}");
            let parsed: f64 = raw.parse().expect("a number");
            for raw in [raw.clone(), format!("-{raw}")] {
                let expected = if raw.starts_with('-') {
                    -parsed
                } else {
                    parsed
                };
                match Parser::without_index(&raw).scan_number() {
                    Some(super::Num::F(f)) => assert_eq!(f.to_bits(), expected.to_bits(), "{raw}"),
                    other => panic!("{raw}: {other:?}"),
                }
            }
        }
        // "0.1", then 16 digits (too many for the exact division), then 15
        assert_eq!(exact_decimal(1, 2, 1), Some(0.1));
        assert_eq!(exact_decimal(1_234_567_890_123_456, 16, 1), None);
        assert_eq!(
            exact_decimal(123_456_789_012_345, 15, 1),
            Some(12345678901234.5)
        );
    }
}
