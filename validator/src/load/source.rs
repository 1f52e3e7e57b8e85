//! A file's text and what points into it: the line and span indexes, built on first use, and
//! for a large file read from disk, the text itself, dropped once the file is loaded and read
//! again only if a finding points into it.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

use super::direct;
use super::lines::LineIndex;
use super::ron_json;
use super::spans::SpanIndex;
use crate::diagnostic::Location;
use crate::file_kind::FileKind;

/// A file's text, with what is needed to point into it.
///
/// The line index and the span index are built on first use: in a clean run no diagnostic
/// points into most files, and indexing every value of every file cost a sixth of the time.
#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    /// The text; empty while the source is stowed (see [`SourceFile::stow`]).
    pub text: String,
    /// Set while the text is stowed: what the file on disk must still be for its text to be
    /// read again.
    stowed: Option<Stamp>,
    /// A stowed text read again, for the indexes.
    reread: OnceLock<String>,
    lines: OnceLock<LineIndex>,
    spans: OnceLock<SpanIndex>,
    /// Set on the source of a ruleset's view of a file (crate::load::ruleset_view): the
    /// entities it left out renumber the rest, and pointers are turned back into the file's.
    renumbered: Option<Renumbering>,
}

/// For each list a ruleset's view shortened (`/spaces`): each entity's index in the file, by
/// its index in the view.
#[derive(Debug, Clone, Default)]
pub struct Renumbering {
    pub lists: Vec<(String, Vec<usize>)>,
    /// Values the view took from `under`, as pointers in the file: where the value sits
    /// outside `under` (`/units/3/flags`) -> its entry in `under`.
    pub moved: Vec<(String, String)>,
}

impl Renumbering {
    /// `pointer` with the index in the view (`/spaces/3/x`) turned into the file's.
    fn as_written<'p>(&self, pointer: &'p str) -> std::borrow::Cow<'p, str> {
        for (list, index) in &self.lists {
            let Some(rest) = pointer.strip_prefix(list.as_str()) else {
                continue;
            };
            let Some(rest) = rest.strip_prefix('/') else {
                continue;
            };
            let (i, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            if let Some(&j) = i.parse::<usize>().ok().and_then(|i| index.get(i)) {
                return self.moved(format!("{list}/{j}{tail}")).into();
            }
        }
        self.moved(pointer.to_owned()).into()
    }

    /// A pointer into a value the view took from `under`, turned into the entry there.
    fn moved(&self, pointer: String) -> String {
        for (from, to) in &self.moved {
            if let Some(rest) = pointer.strip_prefix(from.as_str())
                && (rest.is_empty() || rest.starts_with('/'))
            {
                return format!("{to}{rest}");
            }
        }
        pointer
    }
}

/// A file's length and modification time, as read: the same file read again must match both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: SystemTime,
}

impl Stamp {
    /// The stamp of the file at `path` now, if the system gives one.
    pub fn of(path: &Path) -> Option<Stamp> {
        Stamp::of_metadata(&std::fs::metadata(path).ok()?)
    }

    /// The stamp in metadata already read.
    pub fn of_metadata(meta: &std::fs::Metadata) -> Option<Stamp> {
        Some(Stamp {
            len: meta.len(),
            modified: meta.modified().ok()?,
        })
    }

    /// The file's text, if the file still has this stamp (so it is the text that was loaded).
    fn read(self, path: &Path) -> Option<String> {
        if Stamp::of(path)? != self {
            return None;
        }
        let text = std::fs::read_to_string(path).ok()?;
        (text.len() as u64 == self.len && Stamp::of(path)? == self).then_some(text)
    }
}

impl SourceFile {
    /// A source whose indexes are built from its text when first needed.
    pub fn new(path: PathBuf, text: String) -> Self {
        SourceFile {
            path,
            text,
            stowed: None,
            reread: OnceLock::new(),
            lines: OnceLock::new(),
            spans: OnceLock::new(),
            renumbered: None,
        }
    }

    /// The same file for a ruleset's view that left some entities out (see [`Renumbering`]).
    pub fn renumbered(&self, renumbering: Renumbering) -> Self {
        let mut src = SourceFile::new(self.path.clone(), self.body().to_owned());
        src.renumbered = Some(renumbering);
        src
    }

    /// Whether pointers into it are a ruleset view's, turned back into the file's.
    pub fn is_renumbered(&self) -> bool {
        self.renumbered.is_some()
    }

    /// A pointer into the view as a pointer into the file.
    fn as_written<'p>(&self, pointer: &'p str) -> std::borrow::Cow<'p, str> {
        match &self.renumbered {
            Some(r) => r.as_written(pointer),
            None => pointer.into(),
        }
    }

    /// Drops the text of a file loaded from disk whose stamp, taken before it was read, was
    /// `stamp`; [`SourceFile::unstow`] or a location asked for reads it again. A large game's
    /// texts are the biggest thing a check holds and a clean file is never pointed into. If
    /// the file has changed on disk since, it is not read again: locations in it then name
    /// the file without a line (never a line of another text).
    pub fn stow(&mut self, stamp: Stamp) {
        self.text = String::new();
        self.stowed = Some(stamp);
    }

    /// Puts a stowed text back (read again from disk if no location has done so); empty if
    /// the file changed on disk since it was loaded.
    pub fn unstow(&mut self) {
        let Some(stamp) = self.stowed.take() else {
            return;
        };
        self.text = match self.reread.take() {
            Some(text) => text,
            None => stamp.read(&self.path).unwrap_or_default(),
        };
        // the indexes were built from this text, or from nothing if it could not be read
        if self.text.is_empty() {
            self.lines = OnceLock::new();
            self.spans = OnceLock::new();
        }
    }

    /// The text the indexes are built from: a stowed text is read again on first use.
    pub fn body(&self) -> &str {
        match self.stowed {
            None => &self.text,
            Some(stamp) => self
                .reread
                .get_or_init(|| stamp.read(&self.path).unwrap_or_default()),
        }
    }

    /// A source with the span index its parse already built.
    pub fn with_spans(path: PathBuf, text: String, spans: SpanIndex) -> Self {
        let src = SourceFile::new(path, text);
        let _ = src.spans.set(spans);
        src
    }

    /// The span index: JSON pointer -> where the value sits in the text. Built on first use
    /// by parsing the text again (the direct path and [`ron_json::parse`] give the same spans;
    /// `tests/tests/direct.rs` checks it), empty if the text does not parse.
    pub fn spans(&self) -> &SpanIndex {
        self.spans.get_or_init(|| {
            let text = self.body();
            // a file that loaded was read by the direct path, which records the same spans
            // three times as fast; anything else takes the JSON path
            let kind = self
                .path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(FileKind::of);
            kind.and_then(|kind| direct::spans_of(kind, text))
                .or_else(|| ron_json::parse(text).map(|(parsed, _)| parsed.spans).ok())
                .unwrap_or_default()
        })
    }

    /// Frees the span index (it is rebuilt if asked for again).
    pub fn forget_spans(&mut self) {
        self.spans = OnceLock::new();
    }

    /// Where each line starts, built on first use.
    pub fn line_index(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.body()))
    }

    /// A location for a byte range.
    pub fn at_span(&self, span: Range<usize>) -> Location {
        let lines = self.line_index();
        let text = self.body();
        if self.stowed.is_some() && text.is_empty() {
            // stowed, and the file changed on disk since: no line of it is the one loaded
            return Location::file(&self.path);
        }
        Location {
            file: self.path.clone(),
            pointer: None,
            start: Some(lines.line_col(text, span.start)),
            end: Some(lines.line_col(text, span.end)),
            span: Some(span),
        }
    }

    /// A location for the value at a JSON pointer (or its nearest indexed ancestor).
    pub fn at(&self, pointer: &str) -> Location {
        self.at_written(&self.as_written(pointer))
    }

    fn at_written(&self, pointer: &str) -> Location {
        let mut loc = match self.spans().value(pointer) {
            Some(span) => self.at_span(span),
            None => Location::file(&self.path),
        };
        loc.pointer = Some(pointer.to_owned());
        loc
    }

    /// A location for the key (field name) introducing a JSON pointer.
    pub fn at_key(&self, pointer: &str) -> Location {
        let pointer = &*self.as_written(pointer);
        let mut loc = match self.spans().key_or_value(pointer) {
            Some(span) => self.at_span(span),
            None => return self.at_written(pointer),
        };
        loc.pointer = Some(pointer.to_owned());
        loc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_indexes_its_spans_when_first_asked() {
        let text = "(\n    id: \"pog\",\n    spaces: [\n        (id: \"paris\"),\n    ],\n)\n";
        let src = SourceFile::new(PathBuf::from("map.ron"), text.to_owned());
        let loc = src.at("/spaces/0/id");
        let start = loc.start.expect("located");
        assert_eq!((start.line, start.column), (4, 14));
        assert_eq!(&text[loc.span.expect("span")], "\"paris\"");
        // forgotten, then rebuilt on demand
        let mut src = src;
        src.forget_spans();
        assert_eq!(src.at_key("/spaces").start.map(|s| s.line), Some(3));
    }

    #[test]
    fn a_source_that_does_not_parse_points_at_the_file() {
        let src = SourceFile::new(PathBuf::from("map.ron"), "(id: ".to_owned());
        let loc = src.at("/id");
        assert_eq!(loc.start, None);
        assert_eq!(loc.pointer.as_deref(), Some("/id"));
    }
}
