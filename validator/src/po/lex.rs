//! The PO tokenizer: the tokens of gettext's lexer (`po-lex.c`), made strict.
//!
//! As in gettext: a line starting `#~` holds an obsolete message's tokens and a line starting
//! `#|` (or `#~|`) the previous source text of a message; any other `#` starts a comment that
//! runs to the end of the line; space, tab, CR, FF and VT outside strings separate tokens.
//!
//! Stricter than gettext (which cuts, truncates or joins silently): a string may not hold NUL
//! (gettext cuts the string there) nor U+0004 (gettext refuses it too), an escape may not
//! stand for more than one byte (gettext keeps the low byte), escapes must make valid UTF-8,
//! and a backslash may not end a line (gettext joins the lines).

use super::error::Problem;

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind<'a> {
    /// A comment line, the text after `#` (`, fuzzy` for a flags line).
    Comment(&'a str),
    Domain,
    Msgctxt,
    Msgid,
    MsgidPlural,
    Msgstr,
    /// A quoted string, its escapes decoded.
    Str(String),
    LBracket,
    RBracket,
    Number(u64),
    /// A word that is not a keyword (here).
    Name(&'a str),
    /// A character that cannot start a token.
    Junk(char),
}

/// A token and where it is.
#[derive(Debug, Clone)]
pub(crate) struct Token<'a> {
    pub kind: Kind<'a>,
    /// Byte offset of its first character.
    pub at: usize,
    /// On a line starting `#~`.
    pub obsolete: bool,
    /// On a line starting `#|` (the previous source text of a message).
    pub previous: bool,
    /// Right after a closing quote, with no space between.
    pub glued: bool,
    /// Byte offset just past it (for a string, past its closing quote).
    pub end: usize,
}

pub(crate) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    obsolete: bool,
    previous: bool,
    after_quote: bool,
    /// Problems inside strings that do not stop the reading (the string's end is known).
    pub problems: Vec<Problem>,
}

const ESCAPES_HELP: &str = "a PO string may use the escapes \\n \\t \\\" \\\\ (and \\a \\b \\f \\v \\r, \\NNN in octal, \\xNN in hex); write a backslash itself as \\\\";

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            obsolete: false,
            previous: false,
            after_quote: false,
            problems: Vec::new(),
        }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// The next token, `None` at the end of the file, or a problem that ends the token
    /// stream here (a string with no end): the caller resumes with [`Lexer::skip_to_entry`].
    pub fn next_token(&mut self) -> Option<Result<Token<'a>, Problem>> {
        loop {
            let b = self.byte(self.pos)?;
            match b {
                b'\n' => {
                    self.obsolete = false;
                    self.previous = false;
                    self.after_quote = false;
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.after_quote = false;
                    self.pos += 1;
                }
                b'#' => match self.byte(self.pos + 1) {
                    Some(b'~') => {
                        self.pos += 2;
                        self.obsolete = true;
                        if self.byte(self.pos) == Some(b'|') {
                            self.pos += 1;
                            self.previous = true;
                        }
                        self.after_quote = false;
                    }
                    Some(b'|') => {
                        self.pos += 2;
                        self.previous = true;
                        self.after_quote = false;
                    }
                    _ => {
                        let start = self.pos;
                        let end = memchr::memchr(b'\n', &self.text.as_bytes()[start..])
                            .map_or(self.text.len(), |i| start + i);
                        // a file saved with CRLF line ends reads as one saved with LF
                        let comment = &self.text[start + 1..end];
                        let comment = comment.strip_suffix('\r').unwrap_or(comment);
                        let token = self.token(Kind::Comment(comment), start);
                        self.pos = end;
                        // as gettext: a comment ends the `#~` of its line
                        self.obsolete = false;
                        return Some(Ok(token));
                    }
                },
                b'"' => return Some(self.string()),
                b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => {
                    let start = self.pos;
                    let len = self.text.as_bytes()[start..]
                        .iter()
                        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$'))
                        .unwrap_or(self.text.len() - start);
                    let word = &self.text[start..start + len];
                    self.pos = start + len;
                    let kind = match (self.previous, word) {
                        (false, "domain") => Kind::Domain,
                        (false, "msgstr") => Kind::Msgstr,
                        (_, "msgctxt") => Kind::Msgctxt,
                        (_, "msgid") => Kind::Msgid,
                        (_, "msgid_plural") => Kind::MsgidPlural,
                        _ => Kind::Name(word),
                    };
                    return Some(Ok(self.token(kind, start)));
                }
                b'0'..=b'9' => {
                    let start = self.pos;
                    let mut n: u64 = 0;
                    while let Some(d @ b'0'..=b'9') = self.byte(self.pos) {
                        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                        self.pos += 1;
                    }
                    return Some(Ok(self.token(Kind::Number(n), start)));
                }
                b'[' | b']' => {
                    let start = self.pos;
                    self.pos += 1;
                    let kind = if b == b'[' {
                        Kind::LBracket
                    } else {
                        Kind::RBracket
                    };
                    return Some(Ok(self.token(kind, start)));
                }
                _ => {
                    let start = self.pos;
                    let c = self.text[start..].chars().next().unwrap_or('\u{fffd}');
                    self.pos += c.len_utf8();
                    return Some(Ok(self.token(Kind::Junk(c), start)));
                }
            }
        }
    }

    fn token(&mut self, kind: Kind<'a>, at: usize) -> Token<'a> {
        let glued = std::mem::take(&mut self.after_quote);
        Token {
            kind,
            at,
            obsolete: self.obsolete,
            previous: self.previous,
            glued,
            end: self.pos,
        }
    }

    /// A quoted string from the `"` at `self.pos`.
    fn string(&mut self) -> Result<Token<'a>, Problem> {
        let open = self.pos;
        let bytes = self.text.as_bytes();
        let mut buf: Vec<u8> = Vec::new();
        let mut pos = open + 1;
        loop {
            let Some(&b) = bytes.get(pos) else {
                self.pos = pos;
                return Err(Problem::new(
                    open,
                    "the file ends inside this string",
                    "the file looks cut short: compare its end with the file your PO tool saved, or export it again",
                ));
            };
            match b {
                b'"' => break,
                b'\n' => {
                    self.pos = pos;
                    return Err(Problem::new(
                        pos,
                        "this string has no closing quote: the line ends inside it",
                        "end the string with \" on its line; a long text goes on in a new quoted string on the next line, and a quote inside a string is written \\\"",
                    ));
                }
                b'\\' => pos = self.escape(pos, &mut buf)?,
                0 => {
                    self.problems.push(Problem::new(
                        pos,
                        "a NUL character inside a string (gettext would cut the string here)",
                        "delete it: the file may be damaged, or not a text file",
                    ));
                    pos += 1;
                }
                4 => {
                    self.problems.push(Problem::new(
                        pos,
                        "the character U+0004 inside a string (gettext uses it to separate msgctxt from msgid)",
                        "delete it",
                    ));
                    pos += 1;
                }
                _ => {
                    buf.push(b);
                    pos += 1;
                }
            }
        }
        self.pos = pos + 1;
        let text = match String::from_utf8(buf) {
            Ok(s) => s,
            Err(e) => {
                self.problems.push(Problem::new(
                    open,
                    "the byte escapes in this string do not make UTF-8 text",
                    "write the characters themselves (the file is UTF-8) rather than escapes of their bytes",
                ));
                String::from_utf8_lossy(e.as_bytes()).into_owned()
            }
        };
        let token = self.token(Kind::Str(text), open);
        self.after_quote = true;
        Ok(token)
    }

    /// The escape at `at` (a backslash): its bytes go to `buf`; returns where the string
    /// goes on.
    fn escape(&mut self, at: usize, buf: &mut Vec<u8>) -> Result<usize, Problem> {
        let bytes = self.text.as_bytes();
        let Some(&c) = bytes.get(at + 1) else {
            self.pos = at + 1;
            return Err(Problem::new(
                at,
                "the file ends inside this string",
                "the file looks cut short: compare its end with the file your PO tool saved, or export it again",
            ));
        };
        let simple = match c {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'b' => Some(0x08),
            b'r' => Some(b'\r'),
            b'f' => Some(0x0c),
            b'v' => Some(0x0b),
            b'a' => Some(0x07),
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            _ => None,
        };
        if let Some(v) = simple {
            buf.push(v);
            return Ok(at + 2);
        }
        match c {
            b'\n' | b'\r' if c == b'\n' || bytes.get(at + 2) == Some(&b'\n') => {
                self.pos = at + 1;
                Err(Problem::new(
                    at,
                    "a backslash at the end of the line, inside a string",
                    "close the string with \" on this line and go on in a new quoted string on the next line; write a backslash itself as \\\\",
                ))
            }
            b'0'..=b'7' => {
                let mut end = at + 1;
                let mut value: u32 = 0;
                while end < at + 4
                    && let Some(d @ b'0'..=b'7') = bytes.get(end).copied()
                {
                    value = value * 8 + u32::from(d - b'0');
                    end += 1;
                }
                self.byte_escape(at, end, value, buf);
                Ok(end)
            }
            b'x' => {
                let mut end = at + 2;
                let mut value: u32 = 0;
                while let Some(d) = bytes.get(end).and_then(|b| (*b as char).to_digit(16)) {
                    value = value.saturating_mul(16).saturating_add(d);
                    end += 1;
                }
                if end == at + 2 {
                    self.problems.push(Problem::new(
                        at,
                        "`\\x` with no hex digits after it",
                        ESCAPES_HELP,
                    ));
                    return Ok(at + 2);
                }
                self.byte_escape(at, end, value, buf);
                Ok(end)
            }
            _ => {
                let shown: String = self.text[at + 1..].chars().take(1).collect();
                self.problems.push(Problem::new(
                    at,
                    format!(
                        "`\\{}` is not an escape a PO string may use",
                        super::error::shown(&shown)
                    ),
                    ESCAPES_HELP,
                ));
                // as gettext: the character after the backslash is read as itself
                Ok(at + 1)
            }
        }
    }

    /// An octal or hex escape of one byte, `at..end` in the text.
    fn byte_escape(&mut self, at: usize, end: usize, value: u32, buf: &mut Vec<u8>) {
        let written = &self.text[at..end];
        match u8::try_from(value) {
            Ok(0) => self.problems.push(Problem::new(
                at,
                format!("`{written}` is a NUL character (gettext would cut the string here)"),
                "delete it",
            )),
            Ok(4) => self.problems.push(Problem::new(
                at,
                format!("`{written}` is the character U+0004 (gettext uses it to separate msgctxt from msgid)"),
                "delete it",
            )),
            Ok(b) => buf.push(b),
            Err(_) => self.problems.push(Problem::new(
                at,
                format!("`{}` is larger than one byte", super::error::shown(written)),
                "write the character itself (the file is UTF-8); an escape stands for one byte, \\0 to \\377 or \\x0 to \\xff",
            )),
        }
    }

    /// After a problem: skips to the start of the next line that can start a message (a
    /// comment, `msgctxt` or `msgid`), so one mistake gives one problem, not a cascade.
    pub fn skip_to_entry(&mut self) {
        let bytes = self.text.as_bytes();
        loop {
            match memchr::memchr(b'\n', &bytes[self.pos.min(bytes.len())..]) {
                None => {
                    self.pos = bytes.len();
                    return;
                }
                Some(i) => self.pos += i + 1,
            }
            self.obsolete = false;
            self.previous = false;
            self.after_quote = false;
            let line = &self.text[self.pos..];
            let line = line.trim_start_matches([' ', '\t', '\r', '\u{b}', '\u{c}']);
            let starts_word = |w: &str| {
                line.strip_prefix(w).is_some_and(|rest| {
                    !rest
                        .bytes()
                        .next()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
                })
            };
            if line.starts_with('#') || starts_word("msgctxt") || starts_word("msgid") {
                return;
            }
        }
    }
}

/// Whether only spaces and tabs come before `at` on its line.
pub(crate) fn starts_line(text: &str, at: usize) -> bool {
    text.as_bytes()[..at]
        .iter()
        .rev()
        .take_while(|b| **b != b'\n')
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind<'_>> {
        let mut lex = Lexer::new(text);
        let mut out = Vec::new();
        while let Some(t) = lex.next_token() {
            out.push(t.unwrap().kind);
        }
        assert!(lex.problems.is_empty(), "{:?}", lex.problems);
        out
    }

    fn string(text: &str) -> Result<String, Vec<String>> {
        let mut lex = Lexer::new(text);
        match lex.next_token() {
            Some(Ok(Token {
                kind: Kind::Str(s), ..
            })) if lex.problems.is_empty() => Ok(s),
            Some(Err(p)) => Err(vec![p.message]),
            _ => Err(lex.problems.into_iter().map(|p| p.message).collect()),
        }
    }

    #[test]
    fn tokens_as_gettext_reads_them() {
        assert_eq!(
            kinds("msgctxt\"a\"\r\nmsgid \"x\" \"y\" # c\nmsgstr[0]"),
            vec![
                Kind::Msgctxt,
                Kind::Str("a".into()),
                Kind::Msgid,
                Kind::Str("x".into()),
                Kind::Str("y".into()),
                Kind::Comment(" c"),
                Kind::Msgstr,
                Kind::LBracket,
                Kind::Number(0),
                Kind::RBracket,
            ]
        );
        // `#|` makes msgstr an unknown word; `#~` lines carry tokens
        assert_eq!(
            kinds("#| msgstr\n#~ msgstr"),
            vec![Kind::Name("msgstr"), Kind::Msgstr]
        );
    }

    #[test]
    fn escapes_decode_as_in_c() {
        assert_eq!(
            string(r#""\a\b\f\v\t\r\n\\\"\101\x42\303\251\0601""#).unwrap(),
            "\u{7}\u{8}\u{c}\u{b}\t\r\n\\\"AB\u{e9}01"
        );
        assert_eq!(string("\"a\u{7}\tb\"").unwrap(), "a\u{7}\tb");
    }

    #[test]
    fn strict_where_gettext_is_lenient_or_silent() {
        for (input, expect) in [
            (r#""\q""#, "`\\q` is not an escape"),
            (r#""\u00e9""#, "`\\u` is not an escape"),
            (r#""\x""#, "`\\x` with no hex digits"),
            (r#""\x4142""#, "`\\x4142` is larger than one byte"),
            (r#""\777""#, "`\\777` is larger than one byte"),
            (r#""a\0b""#, "`\\0` is a NUL character"),
            (r#""\x04""#, "U+0004"),
            ("\"a\u{4}\"", "U+0004"),
            ("\"a\0\"", "a NUL character"),
            (r#""\xff""#, "do not make UTF-8 text"),
            ("\"ab\\\n\"", "a backslash at the end of the line"),
            ("\"ab\\\r\n\"", "a backslash at the end of the line"),
            ("\"abc\n", "no closing quote"),
            ("\"abc", "the file ends inside this string"),
            ("\"abc\\", "the file ends inside this string"),
        ] {
            let got = string(input).unwrap_err();
            assert!(got.iter().any(|m| m.contains(expect)), "{input:?}: {got:?}");
        }
    }

    #[test]
    fn after_a_problem_reading_resumes_at_the_next_entry() {
        let text = "msgstr \"a\nb c\n  msgid_plural x\nmsgidx\n  msgid \"y\"";
        let mut lex = Lexer::new(text);
        lex.next_token();
        assert!(matches!(lex.next_token(), Some(Err(_))));
        lex.skip_to_entry();
        let t = lex.next_token().unwrap().unwrap();
        assert_eq!(t.kind, Kind::Msgid);
        assert!(starts_line(text, t.at));
    }
}
