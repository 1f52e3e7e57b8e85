//! A file's line endings and final newline: whatever rewrites a game file (the editor's save,
//! `orbat-po import`, `--fix`) writes them as the file had them, so a designer on Windows does
//! not get every line of a file changed by a save, nor a `--fix` stub ending in another style.

/// How a text ends its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextStyle {
    /// Lines end in `\r\n` (as the first line does), not `\n`.
    pub crlf: bool,
    /// The text ends with a line ending (an empty text counts as one that does).
    pub final_newline: bool,
}

impl Default for TextStyle {
    /// What the canonical form writes: `\n`, and a final newline.
    fn default() -> Self {
        TextStyle {
            crlf: false,
            final_newline: true,
        }
    }
}

impl TextStyle {
    /// The style of `text`, judged by its first line ending.
    pub fn of(text: &str) -> Self {
        TextStyle {
            crlf: text.find('\n').is_some_and(|i| text[..i].ends_with('\r')),
            final_newline: text.is_empty() || text.ends_with('\n'),
        }
    }

    /// The style of the file at `path` as it is on disk (the canonical style when it cannot be
    /// read, e.g. a new file).
    pub fn of_file(path: &std::path::Path) -> Self {
        std::fs::read(path)
            .map(|bytes| TextStyle::of(&String::from_utf8_lossy(&bytes)))
            .unwrap_or_default()
    }

    /// The line ending to write.
    pub fn newline(self) -> &'static str {
        if self.crlf { "\r\n" } else { "\n" }
    }

    /// `text`, written with `\n` line endings and a final newline, in this style.
    pub fn apply(self, text: &str) -> String {
        let mut out = if self.crlf {
            text.replace("\r\n", "\n").replace('\n', "\r\n")
        } else {
            text.to_owned()
        };
        if !self.final_newline {
            let trimmed = out
                .strip_suffix(self.newline())
                .map(str::len)
                .unwrap_or(out.len());
            out.truncate(trimmed);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_style_is_read_and_given_back() {
        let canonical = "(\n    a: 1,\n)\n";
        for written in [
            "(\r\n    a: 1,\r\n)\r\n",
            "(\n    a: 1,\n)",
            "(\r\n    a: 1,\r\n)",
            canonical,
        ] {
            let style = TextStyle::of(written);
            assert_eq!(style.apply(canonical), written);
        }
        assert_eq!(TextStyle::of(""), TextStyle::default());
        assert_eq!(TextStyle::default().apply(canonical), canonical);
    }
}
