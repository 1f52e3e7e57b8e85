//! Byte offsets in a text and LSP positions (line and character), both ways. LSP counts
//! characters in UTF-16 code units unless the client accepts UTF-8 (negotiated at start).

use std::borrow::Cow;
use std::ops::Range;

use lsp_types::{Position, Range as LspRange};

/// How the client counts characters in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

/// The start of each line of a text, to turn offsets into positions and back.
#[derive(Debug, Clone)]
pub struct Lines<'t> {
    text: &'t str,
    starts: Cow<'t, [usize]>,
    encoding: Encoding,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str, encoding: Encoding) -> Self {
        Lines {
            text,
            starts: Cow::Owned(line_starts(text)),
            encoding,
        }
    }

    /// Lines of a text whose line starts ([`line_starts`]) are known already.
    pub fn with_starts(text: &'t str, starts: &'t [usize], encoding: Encoding) -> Self {
        Lines {
            text,
            starts: Cow::Borrowed(starts),
            encoding,
        }
    }

    /// The position of a byte offset (clamped to the text, moved back to a char boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let before = &self.text[self.starts[line]..offset];
        let character = match self.encoding {
            Encoding::Utf8 => before.len(),
            Encoding::Utf16 => before.encode_utf16().count(),
        };
        Position::new(line as u32, character as u32)
    }

    pub fn range(&self, span: &Range<usize>) -> LspRange {
        LspRange::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of a position (a character past the line's end is its end; a line
    /// past the text's end is the text's end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = &self.text[start..end];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        end
    }

    pub fn span(&self, range: LspRange) -> Range<usize> {
        self.offset(range.start)..self.offset(range.end)
    }
}

/// The offset where each line starts.
pub fn line_starts(text: &str) -> Vec<usize> {
    let newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
    std::iter::once(0)
        .chain(newlines.map(|(i, _)| i + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_counts_surrogate_pairs_and_utf8_counts_bytes() {
        let text = "a: \"é𝄞x\"\nnext";
        let u16 = Lines::new(text, Encoding::Utf16);
        let x = text.find('x').unwrap();
        assert_eq!(u16.position(x), Position::new(0, 7));
        assert_eq!(u16.offset(Position::new(0, 7)), x);
        let u8 = Lines::new(text, Encoding::Utf8);
        assert_eq!(u8.position(x), Position::new(0, 10));
        assert_eq!(u8.offset(Position::new(0, 10)), x);
        assert_eq!(u16.position(text.len()), Position::new(1, 4));
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let lines = Lines::new("ab\ncd", Encoding::Utf16);
        assert_eq!(lines.offset(Position::new(0, 99)), 2);
        assert_eq!(lines.offset(Position::new(9, 0)), 5);
        assert_eq!(lines.position(99), Position::new(1, 2));
    }
}
