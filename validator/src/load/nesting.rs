//! A guard run before ron2 sees a file: ron2 0.3 (recursion limit 128) loops for ever,
//! allocating, when a wrong closing bracket follows brackets nested to its limit (found by
//! fuzzing), so such nesting is refused first with a located syntax error.
//!
//! The count is deliberately naive: every bracket counts, even inside strings and comments.
//! A scan that skipped strings could disagree with ron2's lexer on a damaged file (an
//! unterminated string, a bad escape) and let the dangerous nesting through, as a fuzzed file
//! did; counting every bracket can only over-count, and no game file has a string with a
//! hundred unbalanced opening brackets.

/// Brackets may nest at most this deep.
pub const MAX_NESTING: usize = 127;

/// The byte offset of the first bracket nested deeper than [`MAX_NESTING`].
pub fn too_deep(text: &str) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_deep_nesting() {
        assert_eq!(too_deep(&"[".repeat(127)), None);
        assert_eq!(too_deep(&format!("{})", "[".repeat(128))), Some(127));
        assert_eq!(too_deep(&format!("([(:,{})", "[".repeat(125))), Some(129));
        assert_eq!(too_deep(&"[]".repeat(100_000)), None);
        // brackets in strings count too: a damaged string must not hide nesting from the guard
        assert_eq!(too_deep(&format!("\"{}", "[".repeat(500))), Some(128));
    }
}
