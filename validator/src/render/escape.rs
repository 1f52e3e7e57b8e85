//! Making text from checked files safe to print on a terminal or into a CI log.
//!
//! Ids, names and source lines come from files a stranger may have written. Printed raw, a
//! control character can drive the terminal (`ESC ] 0 ; ... BEL` sets its title, other
//! sequences move the cursor or hide text), a line break can start a line of its own that a CI
//! runner executes (`::warning::...` on GitHub Actions), and a bidirectional override can make
//! the text read differently from what it is ("Trojan Source"). The human and GitHub renderers
//! pass every value from a file through [`escape`]; JSON and SARIF keep the exact data.

use std::borrow::Cow;

/// Whether a character must not reach a terminal or a log as it is.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // line and paragraph separators: some viewers break lines on them
            '\u{2028}' | '\u{2029}'
            // bidirectional marks, embeddings, overrides and isolates
            | '\u{061C}' | '\u{200E}' | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every unsafe character written as an escape (`\n`, `\u{1b}`), as RON itself
/// would write it; borrowed when there is nothing to escape (the usual case).
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// Appends `c`, escaped if it is unsafe.
pub fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if is_unsafe(c) => {
            use std::fmt::Write;
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_line_breaks_and_bidi_overrides_are_escaped() {
        assert_eq!(escape("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
        assert_eq!(escape("x\n::warning::INJECTED"), "x\\n::warning::INJECTED");
        assert_eq!(escape("\r\t\u{85}\u{2028}"), "\\r\\t\\u{85}\\u{2028}");
        assert_eq!(escape("ab\u{202e}cd"), "ab\\u{202e}cd");
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        for text in ["verdun", "Kraków–Lwów", "「東京」", "a b", ""] {
            assert!(matches!(escape(text), Cow::Borrowed(t) if t == text));
        }
    }
}
