//! Where comments are in a RON text (outside strings and character literals): what
//! `--check-format`, `--fix` and in-place saving look for before they rewrite a file.

use std::ops::Range;

/// Where the first comment (`//` or `/* */`) of a RON text starts, outside strings and
/// character literals.
pub fn first_comment(text: &str) -> Option<usize> {
    next_start(text.as_bytes(), 0)
}

/// Every comment of a RON text, in order: a line comment from `//` to the end of its line
/// (without the line ending), a block comment from `/*` to its `*/` (nested ones included, as
/// RON reads them; an unclosed one runs to the end of the text).
pub fn comments(text: &str) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(start) = next_start(b, i) {
        let end = if b[start + 1] == b'/' {
            let eol = b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |k| start + k);
            // a CRLF line's `\r` is its ending, not the comment's
            if eol > start + 2 && b[eol - 1] == b'\r' {
                eol - 1
            } else {
                eol
            }
        } else {
            block_end(b, start)
        };
        found.push(start..end);
        i = end;
    }
    found
}

/// The index after the `*/` that closes the block comment opening at `start`.
fn block_end(b: &[u8], start: usize) -> usize {
    let (mut level, mut i) = (0usize, start);
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            level += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            level -= 1;
            i += 2;
            if level == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// Where the first comment at or after `i` starts, outside strings and character literals.
fn next_start(b: &[u8], mut i: usize) -> Option<usize> {
    while i < b.len() {
        match b[i] {
            b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => return Some(i),
            b'"' => i = string_end(b, i + 1),
            // raw strings: r"..." and r#"..."#
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let closer: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                let body = i + 2 + hashes;
                i = b[body..]
                    .windows(closer.len())
                    .position(|w| w == closer.as_slice())
                    .map_or(b.len(), |p| body + p + closer.len());
            }
            // a character literal: '\'' or 'x'
            b'\'' => {
                i += if b.get(i + 1) == Some(&b'\\') { 4 } else { 2 };
                while i < b.len() && b[i - 1] != b'\'' {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The index after the closing quote of a string whose body starts at `i`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::{comments, first_comment};

    #[test]
    fn comments_are_found_outside_strings_only() {
        assert_eq!(first_comment("(a: 1) // note"), Some(7));
        assert_eq!(first_comment("(a: \"http://x\", b: 2)"), None);
        assert_eq!(first_comment("(a: \"\\\"//\", b: 2)"), None);
        assert_eq!(first_comment("(a: r#\"/* \"x\"#) /* c */"), Some(16));
        assert_eq!(first_comment("(c: '/', d: '\\'') // x"), Some(18));
        assert_eq!(first_comment("(name: \"l'offensiva\") // x"), Some(22));
        assert_eq!(first_comment("(a: 1)"), None);
    }

    #[test]
    fn every_comment_is_found_with_its_end() {
        let text = "// top\r\n(a: \"//\", /* b /* nested */ c */ d: 1) // e\n/* open";
        let found: Vec<&str> = comments(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(
            found,
            ["// top", "/* b /* nested */ c */", "// e", "/* open"]
        );
        assert!(comments("(a: \"/* no */\")").is_empty());
    }
}
