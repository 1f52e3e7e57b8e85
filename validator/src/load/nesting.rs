//! A guard run before ron2 sees a file: ron2 0.3 (recursion limit 128) loops for ever,
//! allocating, when a wrong closing bracket follows brackets nested to its limit (found by
//! fuzzing), so such nesting is refused first with a located syntax error.
//!
//! Brackets are counted outside strings, raw strings, chars and comments. A damaged file (NUL
//! or other raw control characters, which no valid game file holds) can make ron2's lexer see strings
//! differently from this scan, as a fuzzed file did; there every bracket counts, which can
//! only over-count.

/// Brackets may nest at most this deep.
pub const MAX_NESTING: usize = 127;

/// The byte offset of the first bracket nested deeper than [`MAX_NESTING`].
pub fn too_deep(text: &str) -> Option<usize> {
    careful_depth(text).or_else(|| damaged(text).then(|| naive_depth(text)).flatten())
}

fn damaged(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

fn naive_depth(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn careful_depth(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0usize;
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
                i += 1;
                while i < b.len() && b[i] != b'\'' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
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
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
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
        // in a damaged file (a NUL byte) every bracket counts
        assert_eq!(too_deep(&format!("\"\0{}", "[".repeat(500))), Some(129));
    }
}
