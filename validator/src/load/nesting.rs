//! Guards run before ron2 sees a file (found by fuzzing):
//!
//! - ron2 0.3 (recursion limit 128) loops for ever, allocating, when a wrong closing bracket
//!   follows brackets nested to its limit, so such nesting is refused first with a located
//!   syntax error ([`too_deep`]). Brackets are counted outside strings, raw strings,
//!   well-formed chars and comments, as ron2's lexer sees them; a closing bracket lowers the
//!   count only when it closes the innermost open one. Where ron2 and this count could differ,
//!   the count is the higher.
//! - A raw control character (a NUL, a DEL...) can make ron2's lexer see strings differently
//!   from that count, so that it nests past its limit where the count does not; no game file
//!   holds one (the writer escapes them), so a file holding one is refused first
//!   ([`control_character`]).

/// Brackets may nest at most this deep.
pub const MAX_NESTING: usize = 127;

/// The byte offset of the first bracket nested deeper than [`MAX_NESTING`].
pub fn too_deep(text: &str) -> Option<usize> {
    careful_depth(text)
}

/// The first control character other than tab, line feed and carriage return, and where.
pub fn control_character(text: &str) -> Option<(usize, char)> {
    text.char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

fn careful_depth(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    // the open brackets, innermost last: a closing bracket of another kind closes nothing
    // (ron2 does not unwind on it either), so it must not lower the count
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'r' if (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                && matches!(b.get(i + 1), Some(b'"' | b'#')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let open = i + 1 + hashes;
                if b.get(open) == Some(&b'"') {
                    let close: Vec<u8> = std::iter::once(b'"')
                        .chain(std::iter::repeat_n(b'#', hashes))
                        .collect();
                    i = b[open + 1..]
                        .windows(close.len())
                        .position(|w| w == close.as_slice())
                        .map_or(b.len(), |p| open + 1 + p + close.len() - 1);
                }
            }
            b'\'' => {
                // only a well-formed char (`'c'`, `'\n'`, `'\u{e9}'`) is skipped: a stray quote
                // must not hide the brackets after it, which ron2 may well count
                if let Some(len) = char_literal(&text[i..]) {
                    i += len - 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut level = 0usize;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        level += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        level -= 1;
                        i += 2;
                        if level == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'(' | b'[' | b'{' => {
                open.push(b[i]);
                if open.len() > MAX_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => {
                let opener = match b[i] {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.last() == Some(&opener) {
                    open.pop();
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The length in bytes of the char literal `text` starts with, if it is one.
fn char_literal(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    let (_, c) = chars.next()?;
    if c == '\\' {
        // an escape: up to the closing quote, on the same line and not far
        let rest = &text[2..];
        let end = rest
            .bytes()
            .take(12)
            .position(|b| b == b'\'' || b == b'\n')?;
        return (rest.as_bytes()[end] == b'\'').then_some(2 + end + 1);
    }
    let (at, close) = chars.next()?;
    (close == '\'' && c != '\'' && c != '\n').then_some(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_deep_nesting_and_skips_strings_and_comments() {
        assert_eq!(too_deep(&"[".repeat(127)), None);
        assert_eq!(too_deep(&format!("{})", "[".repeat(128))), Some(127));
        assert_eq!(too_deep(&format!("([(:,{})", "[".repeat(125))), Some(129));
        assert_eq!(too_deep(&format!("\"{}\"", "[".repeat(500))), None);
        assert_eq!(too_deep(&format!("r#\"{}\"#", "[\"".repeat(500))), None);
        assert_eq!(too_deep(&format!("// {}\n[]", "(".repeat(500))), None);
        assert_eq!(
            too_deep(&format!("/* /* {} */ */ []", "(".repeat(500))),
            None
        );
        assert_eq!(too_deep(&"[]".repeat(100_000)), None);
        // valid strings full of unbalanced brackets are fine
        assert_eq!(too_deep(&format!("[{}]", "\"{\", ".repeat(300))), None);
        // chars are skipped only when well formed
        assert_eq!(
            too_deep(&format!("[{}]", "'[', '\\'', '\\u{5b}', ".repeat(300))),
            None
        );
        assert_eq!(too_deep(&format!("('w {}", "[".repeat(127))), Some(130));
        // a closing bracket of the wrong kind closes nothing (found by fuzzing)
        assert_eq!(
            too_deep(&format!("(s{{\"\"],s:{}", "[".repeat(126))),
            Some(134)
        );
        assert_eq!(
            too_deep(&format!("{}{}", "[]".repeat(200), "(".repeat(127))),
            None
        );
    }

    #[test]
    fn finds_control_characters_but_not_whitespace() {
        assert_eq!(control_character("(a: \"x\ty\")\r\n"), None);
        assert_eq!(control_character("(a: \"x\0\")"), Some((6, '\0')));
        assert_eq!(control_character("é\u{7f}"), Some((2, '\u{7f}')));
        assert_eq!(control_character("\u{85}"), Some((0, '\u{85}')));
    }
}
