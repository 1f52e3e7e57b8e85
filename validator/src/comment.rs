//! Where comments are in a RON text (outside strings and character literals): what
//! `--check-format`, `--fix` and in-place saving look for before they rewrite a file.

/// Where the first comment (`//` or `/* */`) of a RON text starts, outside strings and
/// character literals.
pub fn first_comment(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
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
    use super::first_comment;

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
}
