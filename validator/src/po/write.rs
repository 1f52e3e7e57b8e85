//! Writing PO: quoted strings with C escapes, in gettext's layout (a string that holds a line
//! break, or would make its line longer than 80 characters, starts with `""` and goes on one
//! line per `\n`, folded at spaces), the layout Orbat's exports have always had.

/// Characters a PO string cannot carry at all: NUL (gettext cuts the string there) and
/// U+0004 (gettext's separator of msgctxt and msgid).
pub(crate) fn unwritable(s: &str) -> Option<char> {
    s.chars().find(|c| matches!(c, '\0' | '\u{4}'))
}

/// `s` with C escapes: backslash, quote and every control character, so the file holds no
/// raw control character (a terminal showing it stays safe). `s` must be [`unwritable`]-free.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            // three octal digits always, so a digit after it is not read as part of it
            c if c.is_ascii_control() => out.push_str(&format!("\\{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `po` with the given byte ranges replaced (ranges that do not overlap; see
/// [`super::ImportReport::records`]); a range that is not in the file is left alone.
pub fn with_records(po: &[u8], records: &[((usize, usize), String)]) -> Vec<u8> {
    let mut sorted: Vec<&((usize, usize), String)> = records.iter().collect();
    sorted.sort_by_key(|((start, _), _)| *start);
    let mut out = Vec::with_capacity(po.len() + records.len() * 10);
    let mut at = 0;
    for ((start, end), text) in sorted {
        if *start < at || *end > po.len() || start > end {
            continue;
        }
        out.extend_from_slice(&po[at..*start]);
        out.extend_from_slice(text.as_bytes());
        at = *end;
    }
    out.extend_from_slice(&po[at..]);
    out
}

/// `keyword "content"` and its line break, folded as gettext folds long strings.
pub(crate) fn field(out: &mut String, keyword: &str, content: &str) {
    let escaped = escape(content);
    if content.matches('\n').count() <= 1 && keyword.len() + escaped.chars().count() <= 78 {
        out.push_str(keyword);
        out.push_str(" \"");
        out.push_str(&escaped);
        out.push_str("\"\n");
        return;
    }
    out.push_str(keyword);
    out.push_str(" \"\"\n");
    for line in escaped.split_inclusive("\\n") {
        for folded in fold(line) {
            out.push('"');
            out.push_str(folded);
            out.push_str("\"\n");
        }
    }
}

/// Cuts `line` after spaces into pieces of at most 77 characters where it can (a word
/// longer than that stays whole). Escapes hold no space, so none is cut.
fn fold(line: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut end = 0;
    let mut width = 0;
    for word in line.split_inclusive(' ') {
        let w = word.chars().count();
        if end == 0 || width + w <= 77 {
            width += w;
        } else {
            pieces.push(&line[start..end]);
            start = end;
            width = w;
        }
        end += word.len();
    }
    pieces.push(&line[start..]);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_control_character() {
        assert_eq!(escape("a\"b\\c\nd\te\r"), "a\\\"b\\\\c\\nd\\te\\r");
        assert_eq!(
            escape("\u{7}\u{8}\u{b}\u{c}\u{1b}1\u{7f}"),
            "\\a\\b\\v\\f\\0331\\177"
        );
        assert_eq!(escape("città"), "città");
        assert_eq!(unwritable("a\u{4}"), Some('\u{4}'));
        assert_eq!(unwritable("a\0"), Some('\0'));
        assert_eq!(unwritable("a\u{1b}"), None);
    }

    #[test]
    fn short_strings_stay_on_their_line_and_long_ones_fold_at_spaces() {
        let mut out = String::new();
        field(&mut out, "msgid", "Kingdom of Italy");
        assert_eq!(out, "msgid \"Kingdom of Italy\"\n");
        let long = "word ".repeat(30);
        let mut out = String::new();
        field(&mut out, "msgstr", long.trim_end());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "msgstr \"\"");
        assert!(lines[1..].iter().all(|l| l.chars().count() <= 79), "{out}");
        assert_eq!(
            lines[1..]
                .iter()
                .map(|l| l.trim_matches('"'))
                .collect::<String>(),
            long.trim_end()
        );
        let mut out = String::new();
        field(&mut out, "msgstr", "a\nb\n");
        assert_eq!(out, "msgstr \"\"\n\"a\\n\"\n\"b\\n\"\n");
    }
}
