//! A problem in a PO file: where it is (line and column) and what to do about it.

use crate::load::lines::LineIndex;

/// One reason a PO file is refused, located at a 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoError {
    pub line: usize,
    pub column: usize,
    /// What is wrong, in the translator's words; starts lowercase, no trailing period.
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl std::fmt::Display for PoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// At most this many problems are reported for one file (gettext stops at 20 as well): past
/// that, the file is not a damaged PO file but something else.
pub const MAX_PROBLEMS: usize = 20;

/// A problem found while reading, at a byte offset of the text; located once reading is done.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    pub at: usize,
    pub message: String,
    pub help: Option<String>,
}

impl Problem {
    pub fn new(at: usize, message: impl Into<String>, help: impl Into<String>) -> Self {
        Problem {
            at,
            message: message.into(),
            help: Some(help.into()),
        }
    }
}

/// Locates problems in `text`, in the order they occur in the file.
pub(crate) fn locate(text: &str, mut problems: Vec<Problem>) -> Vec<PoError> {
    problems.sort_by_key(|p| p.at);
    problems.truncate(MAX_PROBLEMS);
    let lines = LineIndex::new(text);
    problems
        .into_iter()
        .map(|p| {
            let at = lines.line_col(text, floor_char_boundary(text, p.at));
            PoError {
                line: at.line,
                column: at.column,
                message: p.message,
                help: p.help,
            }
        })
        .collect()
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A value from the file as it may be shown in a message: control characters escaped (so no
/// file can write a line of its own into a terminal or a CI log), cut at 60 characters.
pub fn shown(value: &str) -> String {
    let mut out = String::new();
    for (i, c) in value.chars().enumerate() {
        if i == 60 {
            out.push('…');
            break;
        }
        if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_located_in_file_order_and_capped() {
        let text = "ab\nçd\n";
        let mut problems: Vec<Problem> = (0..30)
            .map(|i| Problem::new(5, format!("p{i}"), "h"))
            .collect();
        problems.insert(0, Problem::new(4, "second", "h"));
        problems.push(Problem::new(0, "first", "h"));
        let errors = locate(text, problems);
        assert_eq!(errors.len(), MAX_PROBLEMS);
        assert_eq!(errors[0].to_string(), "1:1: first");
        // offset 4 is inside `ç` (bytes 3..5): the column is that character's
        assert_eq!(errors[1].to_string(), "2:1: second");
        assert_eq!(errors[2].to_string(), "2:2: p0");
    }

    #[test]
    fn shown_values_cannot_break_a_line() {
        assert_eq!(
            shown("a\n::warning::x\u{1b}]0;t\u{7}"),
            "a\\n::warning::x\\u{1b}]0;t\\u{7}"
        );
        assert_eq!(shown(&"x".repeat(70)).chars().count(), 61);
    }
}
