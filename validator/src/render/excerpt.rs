//! What the human renderer shows of a source file for one diagnostic: only the lines its
//! labels need, each with unsafe characters escaped ([`super::escape`]) and, when long, cut
//! down to windows around the labels' ends; line and column numbers stay the file's own.
//!
//! codespan-reporting prints whatever its [`Files`] hand it, so this is a `Files` of excerpts:
//! a 50 MB one-line file yields a snippet of a few hundred bytes, and a line holding an escape
//! sequence cannot reach the terminal raw, while carets still sit under what they point at.

use std::collections::BTreeSet;
use std::ops::Range;

use codespan_reporting::files::{Error, Files};

use super::escape::{is_unsafe, push_escaped};
use crate::load::SourceFile;

/// A line up to this many characters is shown whole.
pub const MAX_LINE_CHARS: usize = 400;
/// On a longer line: characters kept on each side of a label's start and end.
const CONTEXT_CHARS: usize = 80;
/// On a longer line: a label up to this many characters is kept whole.
const MAX_LABEL_CHARS: usize = 200;
/// What stands for the characters left out.
const ELISION: &str = "…";

/// The excerpts of the files one diagnostic points into.
#[derive(Default)]
pub struct Excerpts<'s> {
    files: Vec<Excerpt<'s>>,
}

/// The lines of one file that a diagnostic shows, as codespan sees them.
struct Excerpt<'s> {
    name: String,
    src: &'s SourceFile,
    /// Every label's original byte range in this file.
    labels: Vec<Range<usize>>,
    /// The shown text: each kept line, transformed, then `\n`.
    text: String,
    /// The kept lines in order of their index.
    lines: Vec<Line>,
}

/// One kept line: its original index, where it starts in the shown text, and how its shown
/// text maps back onto the original.
struct Line {
    index: usize,
    shown: Range<usize>,
    pieces: Vec<Piece>,
    /// Where the line's content ends in the original (before `\n` or `\r\n`).
    content_end: usize,
}

/// A stretch of a line: copied as it is (`exact`), or standing for other text (an escaped
/// character, an elision).
struct Piece {
    orig: Range<usize>,
    shown: Range<usize>,
    exact: bool,
}

impl<'s> Excerpts<'s> {
    /// Adds a file (once) with a label's byte range; the id codespan is to use for it. `None`
    /// when the range does not fit the file's text (then no snippet is shown).
    pub fn add(&mut self, name: String, src: &'s SourceFile, range: Range<usize>) -> Option<usize> {
        let text = src.text.as_str();
        let fits = range.start <= range.end
            && range.end <= text.len()
            && text.is_char_boundary(range.start)
            && text.is_char_boundary(range.end);
        if !fits {
            return None;
        }
        let id = match self.files.iter().position(|f| std::ptr::eq(f.src, src)) {
            Some(id) => id,
            None => {
                self.files.push(Excerpt {
                    name,
                    src,
                    labels: Vec::new(),
                    text: String::new(),
                    lines: Vec::new(),
                });
                self.files.len() - 1
            }
        };
        self.files[id].labels.push(range);
        Some(id)
    }

    /// Builds the shown text of every file, once all labels are added.
    pub fn build(&mut self) {
        for file in &mut self.files {
            file.build();
        }
    }

    /// A label's original range as a range of the shown text.
    pub fn shown_range(&self, id: usize, range: &Range<usize>) -> Range<usize> {
        let file = &self.files[id];
        file.to_shown(range.start)..file.to_shown(range.end)
    }

    fn file(&self, id: usize) -> Result<&Excerpt<'s>, Error> {
        self.files.get(id).ok_or(Error::FileMissing)
    }
}

impl Excerpt<'_> {
    fn build(&mut self) {
        let lines = self.src.line_index();
        let last = lines.count() - 1;
        // the lines codespan renders: a label's first few and last lines (it draws no more of
        // a long multi-line label), and the line after each, which it shows between two
        // labelled lines one apart
        let mut wanted = BTreeSet::new();
        for r in &self.labels {
            let (first, end) = (lines.line_of(r.start), lines.line_of(r.end));
            wanted.extend(first..=end.min(first + 4));
            wanted.extend(end.saturating_sub(2).max(first)..=(end + 1).min(last));
        }
        for index in wanted {
            self.push_line(index);
        }
    }

    fn push_line(&mut self, index: usize) {
        let text = self.src.text.as_str();
        let range = self.src.line_index().range(text, index);
        let content = text[range.clone()].trim_end_matches('\n');
        let content = content.strip_suffix('\r').unwrap_or(content);
        let content_end = range.start + content.len();
        let keep = self.windows(range.start..content_end);
        let shown_start = self.text.len();
        let mut pieces = Vec::new();
        let mut at = range.start;
        for window in keep {
            if window.start > at {
                self.elide(&mut pieces, at..window.start);
            }
            self.copy_escaped(&mut pieces, window.clone());
            at = window.end;
        }
        if at < content_end {
            self.elide(&mut pieces, at..content_end);
        }
        self.lines.push(Line {
            index,
            shown: shown_start..self.text.len() + 1,
            pieces,
            content_end,
        });
        self.text.push('\n');
    }

    /// The parts of a line's content to show, in order: all of it when short, else windows
    /// around the ends of the labels on it.
    fn windows(&self, line: Range<usize>) -> Vec<Range<usize>> {
        let text = self.src.text.as_str();
        let content = &text[line.clone()];
        if content.len() <= MAX_LINE_CHARS || content.chars().count() <= MAX_LINE_CHARS {
            return vec![line];
        }
        let around = |at: usize| {
            back(text, at, CONTEXT_CHARS).max(line.start)
                ..forward(text, at, CONTEXT_CHARS).min(line.end)
        };
        let mut keep: Vec<Range<usize>> = Vec::new();
        for r in &self.labels {
            let (starts_here, ends_here) = (
                line.contains(&r.start),
                (line.start..=line.end).contains(&r.end),
            );
            if starts_here {
                keep.push(around(r.start));
            }
            if ends_here {
                keep.push(around(r.end));
            }
            if starts_here && ends_here && text[r.clone()].chars().nth(MAX_LABEL_CHARS).is_none() {
                keep.push(r.clone());
            }
        }
        keep.sort_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::new();
        for r in keep {
            match merged.last_mut() {
                Some(m) if r.start <= m.end => m.end = m.end.max(r.end),
                _ => merged.push(r),
            }
        }
        merged
    }

    fn elide(&mut self, pieces: &mut Vec<Piece>, orig: Range<usize>) {
        let start = self.text.len();
        self.text.push_str(ELISION);
        pieces.push(Piece {
            orig,
            shown: start..self.text.len(),
            exact: false,
        });
    }

    /// Copies original text, each unsafe character (tab aside: codespan expands tabs) as an
    /// escape of its own piece, so offsets inside the copied runs map one to one.
    fn copy_escaped(&mut self, pieces: &mut Vec<Piece>, orig: Range<usize>) {
        let src = self.src.text.as_str();
        let mut run = orig.start;
        for (i, c) in src[orig.clone()].char_indices() {
            let at = orig.start + i;
            if c == '\t' || !is_unsafe(c) {
                continue;
            }
            self.copy(pieces, run..at);
            let start = self.text.len();
            push_escaped(&mut self.text, c);
            pieces.push(Piece {
                orig: at..at + c.len_utf8(),
                shown: start..self.text.len(),
                exact: false,
            });
            run = at + c.len_utf8();
        }
        self.copy(pieces, run..orig.end);
    }

    fn copy(&mut self, pieces: &mut Vec<Piece>, orig: Range<usize>) {
        if orig.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.push_str(&self.src.text[orig.clone()]);
        pieces.push(Piece {
            orig,
            shown: start..self.text.len(),
            exact: true,
        });
    }

    fn line(&self, index: usize) -> Option<&Line> {
        self.lines
            .binary_search_by_key(&index, |l| l.index)
            .ok()
            .map(|i| &self.lines[i])
    }

    /// An original offset (on a kept line) in the shown text.
    fn to_shown(&self, offset: usize) -> usize {
        let index = self.src.line_index().line_of(offset);
        let Some(line) = self.line(index) else {
            return self.text.len();
        };
        if offset >= line.content_end {
            return line.shown.end - 1;
        }
        let piece = line
            .pieces
            .iter()
            .find(|p| p.orig.start <= offset && offset < p.orig.end);
        match piece {
            Some(p) if p.exact => p.shown.start + (offset - p.orig.start),
            Some(p) => p.shown.start,
            None => line.shown.start,
        }
    }

    /// A shown offset back in the original.
    fn to_original(&self, line: &Line, shown: usize) -> usize {
        let piece = line
            .pieces
            .iter()
            .find(|p| p.shown.start <= shown && shown < p.shown.end);
        match piece {
            Some(p) if p.exact => p.orig.start + (shown - p.shown.start),
            Some(p) => p.orig.start,
            None => line.content_end,
        }
    }
}

/// The offset `n` characters before `at` (or the text's start).
fn back(text: &str, at: usize, n: usize) -> usize {
    text[..at]
        .char_indices()
        .rev()
        .take(n)
        .last()
        .map_or(at, |(i, _)| i)
}

/// The offset `n` characters after `at` (or the text's end).
fn forward(text: &str, at: usize, n: usize) -> usize {
    text[at..]
        .char_indices()
        .nth(n)
        .map_or(text.len(), |(i, _)| at + i)
}

impl<'a> Files<'a> for Excerpts<'_> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.file(id)?.name)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.file(id)?.text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, Error> {
        let file = self.file(id)?;
        let at = file.lines.partition_point(|l| l.shown.start <= byte_index);
        Ok(file.lines.get(at.saturating_sub(1)).map_or(0, |l| l.index))
    }

    fn column_number(
        &'a self,
        id: usize,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, Error> {
        let file = self.file(id)?;
        let line = file.line(line_index).ok_or(Error::LineTooLarge {
            given: line_index,
            max: file.src.line_index().count() - 1,
        })?;
        let orig = file.to_original(line, byte_index);
        let text = file.src.text.as_str();
        let start = file.src.line_index().range(text, line_index).start;
        Ok(text[start..orig].chars().count() + 1)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, Error> {
        let file = self.file(id)?;
        match file.line(line_index) {
            Some(line) => Ok(line.shown.clone()),
            // a line inside a long multi-line label that codespan looks at but does not draw
            None if line_index < file.src.line_index().count() => Ok(0..0),
            None => Err(Error::LineTooLarge {
                given: line_index,
                max: file.src.line_index().count() - 1,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, label: Range<usize>) -> (String, Range<usize>) {
        let src = SourceFile::new("f.ron".into(), text.to_owned());
        let mut ex = Excerpts::default();
        let id = ex.add("f.ron".into(), &src, label.clone()).unwrap();
        ex.build();
        let r = ex.shown_range(id, &label);
        (ex.files[id].text.clone(), r)
    }

    #[test]
    fn short_lines_are_shown_as_they_are() {
        let text = "(\n    a: \"x\",\n)\n";
        let (shown, r) = shown(text, 9..12);
        assert_eq!(shown, "    a: \"x\",\n)\n");
        assert_eq!(&shown[r], "\"x\"");
    }

    #[test]
    fn long_lines_are_cut_around_the_label() {
        let text = format!("({}a: \"needle\"{})", "x".repeat(5000), "y".repeat(5000));
        let at = text.find("\"needle\"").unwrap();
        let (shown, r) = shown(&text, at..at + 8);
        assert!(shown.chars().count() < 300, "{shown}");
        assert!(shown.starts_with('…') && shown.trim_end().ends_with('…'));
        assert_eq!(&shown[r], "\"needle\"");
    }

    #[test]
    fn unsafe_characters_are_escaped_and_carets_still_fit() {
        let text = "(id: \"a\u{1b}]0;t\u{7}b\", c: 1)\n";
        let at = text.find("c:").unwrap();
        let (shown, r) = shown(text, at..at + 1);
        assert!(
            !shown.contains('\u{1b}') && shown.contains("\\u{1b}"),
            "{shown}"
        );
        assert_eq!(&shown[r], "c");
    }

    #[test]
    fn columns_are_the_originals() {
        let text = format!("{}\u{1b}z\n", "é".repeat(300));
        let src = SourceFile::new("f.ron".into(), text.clone());
        let mut ex = Excerpts::default();
        let at = text.find('z').unwrap();
        let id = ex.add("f.ron".into(), &src, at..at + 1).unwrap();
        ex.build();
        let r = ex.shown_range(id, &(at..at + 1));
        assert_eq!(ex.column_number(id, 0, r.start).unwrap(), 302);
        assert_eq!(ex.line_number(id, 0).unwrap(), 1);
    }
}
