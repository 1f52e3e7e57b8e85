//! What the server holds: the documents the editor has open (their unsaved text), the last
//! analysis of each game folder, and how positions are counted.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use lsp_types::Uri;

use crate::analysis::{Analysis, Text, folder_files};
use crate::position::{Encoding, Lines};
use crate::uri;

#[derive(Debug)]
pub struct Workspace {
    pub encoding: Encoding,
    /// Open documents by path.
    pub open: HashMap<PathBuf, Text>,
    /// The last analysis of each game folder, by folder.
    pub analyses: HashMap<PathBuf, Analysis>,
    /// The folders the client opened (searched for game folders at start).
    pub roots: Vec<PathBuf>,
}

/// A file of an analysed folder, ready to answer a request about it.
pub struct FileView<'w> {
    pub path: PathBuf,
    pub analysis: &'w Analysis,
    /// The text the analysis read (positions of findings and ids are in it).
    pub text: &'w str,
    pub lines: Lines<'w>,
}

impl Workspace {
    pub fn new(encoding: Encoding, roots: Vec<PathBuf>) -> Self {
        Workspace {
            encoding,
            open: HashMap::new(),
            analyses: HashMap::new(),
            roots,
        }
    }

    /// The texts of a folder's game files: open documents as the editor holds them, the
    /// others from disk.
    pub fn texts_of(&self, dir: &Path) -> BTreeMap<PathBuf, Text> {
        let mut texts = BTreeMap::new();
        for path in folder_files(dir) {
            if self.open.contains_key(&path) {
                continue;
            }
            // a file that cannot be read is left out (the walk of the next run reports it)
            if let Ok(text) = std::fs::read_to_string(&path) {
                texts.insert(
                    path,
                    Text {
                        text,
                        version: None,
                    },
                );
            }
        }
        for (path, text) in &self.open {
            if path.parent() == Some(dir) && crate::analysis::is_game_file(path) {
                texts.insert(path.clone(), text.clone());
            }
        }
        texts
    }

    /// The analysed file a URI names.
    pub fn file(&self, uri: &Uri) -> Option<FileView<'_>> {
        let path = uri::to_path(uri)?;
        let analysis = self.analyses.get(path.parent()?)?;
        let text = analysis.texts.get(&path)?;
        Some(FileView {
            lines: analysis.texts.lines(&path, self.encoding)?,
            path,
            analysis,
            text,
        })
    }

    /// The lines of any analysed file (for locations in other files of a folder).
    pub fn lines_of<'a>(&self, analysis: &'a Analysis, path: &Path) -> Option<Lines<'a>> {
        analysis.texts.lines(path, self.encoding)
    }
}

impl FileView<'_> {
    /// The findings in this file whose span meets `range` (ends included).
    pub fn findings_in(
        &self,
        range: std::ops::Range<usize>,
    ) -> impl Iterator<Item = &orbat_validator::Diagnostic> {
        let list = self.analysis.diagnostics.get(&self.path);
        list.into_iter().flatten().filter(move |d| {
            d.location
                .span
                .as_ref()
                .is_some_and(|s| s.start <= range.end && range.start <= s.end)
        })
    }
}
