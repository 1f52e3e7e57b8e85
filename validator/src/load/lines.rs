//! Byte offset to line and column.

use crate::diagnostic::LineCol;

/// Start offsets of every line of a text, for offset -> line:col lookups.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// How many lines the text has (a text ending in `\n` has an empty last line).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based index of the line holding a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The byte range of a line (0-based), its `\n` included.
    pub fn range(&self, text: &str, index: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(index).copied().unwrap_or(text.len());
        let end = self.starts.get(index + 1).copied().unwrap_or(text.len());
        start..end
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let column = text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        LineCol {
            line: line + 1,
            column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_lines_and_character_columns() {
        let text = "ab\nçd\n\nx";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(idx.line_col(text, 3), LineCol { line: 2, column: 1 });
        // `ç` is two bytes: `d` is the second character
        assert_eq!(idx.line_col(text, 5), LineCol { line: 2, column: 2 });
        assert_eq!(idx.line_col(text, 8), LineCol { line: 4, column: 1 });
        assert_eq!(idx.line_col(text, 99), LineCol { line: 4, column: 2 });
    }
}
