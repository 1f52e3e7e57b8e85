//! The open game folder: typed files, where each came from, which changed, what the
//! validator said last. No egui here; every change arrives as an [`Edit`](crate::edit::Edit).

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

pub use crate::file_id::FileId;
pub use orbat_validator::FileValue;
use orbat_validator::load::{self, FileKind, GameFolder, SourceFile, ron_json};
use orbat_validator::model::{CardsFile, Game, MapFile, Scenario, TextFile, UnitsFile};
use orbat_validator::{Diagnostic, Inputs, Settings, engine};

/// Reads RON text of a file kind back into a value (recovery files, files changed on disk).
pub fn parse_value(kind: FileKind, text: &str) -> Result<FileValue, String> {
    let (parsed, issues) = ron_json::parse(text).map_err(|e| e.message)?;
    if let Some(issue) = issues.first() {
        return Err(issue.message.clone());
    }
    FileValue::from_json(kind, parsed.value).map_err(|e| e.to_string())
}

/// What a file looked like on disk when it was loaded or last saved, to notice changes made
/// by someone else meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiskStamp {
    pub modified: Option<SystemTime>,
    pub len: u64,
    pub hash: u64,
}

impl DiskStamp {
    pub fn of_bytes(bytes: &[u8], modified: Option<SystemTime>) -> Self {
        let mut h = DefaultHasher::new();
        h.write(bytes);
        DiskStamp {
            modified,
            len: bytes.len() as u64,
            hash: h.finish(),
        }
    }

    /// The stamp of a file as it is now; None when it cannot be read (e.g. deleted).
    pub fn read(path: &Path) -> Option<Self> {
        let bytes = std::fs::read(path).ok()?;
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        Some(DiskStamp::of_bytes(&bytes, modified))
    }

    /// Same content: the time alone may change (e.g. `touch`) without a real change.
    pub fn same_content(&self, other: &DiskStamp) -> bool {
        self.len == other.len && self.hash == other.hash
    }
}

/// One file of the folder.
#[derive(Debug, Clone)]
pub struct FileEntry {
    pub id: FileId,
    pub path: PathBuf,
    /// The typed content; None when the file failed to load (it is then never written).
    pub value: Option<FileValue>,
    /// The content as last loaded or saved, to tell whether there is anything to save.
    pub saved: Option<FileValue>,
    /// The text as loaded from disk and the model read from it: every save merges into this
    /// text (`orbat_validator::in_place`), so what is unchanged since loading keeps its loaded
    /// bytes, comments and all, whatever saves came between (an undone deletion gets its
    /// comments back). None for a file not on disk yet; moved only when the file is read
    /// from disk again or written anew.
    pub base: Option<Arc<Base>>,
    pub dirty: bool,
    /// The file on disk at load or last save; None for a file not on disk yet.
    pub disk: Option<DiskStamp>,
    /// The source the latest diagnostics point into: the file as loaded while unchanged,
    /// else the canonical text of the current value. Rebuilt lazily after edits.
    pub src: Option<Arc<SourceFile>>,
}

/// A file's text as read from disk (or last written anew) and the model read from it: what
/// saves merge into.
#[derive(Debug, Clone, PartialEq)]
pub struct Base {
    pub text: String,
    pub value: FileValue,
}

impl Base {
    /// The base of a file read as `text` whose model is `value` (None when it did not load).
    pub fn of(text: &str, value: Option<&FileValue>) -> Option<Arc<Base>> {
        value.map(|value| {
            Arc::new(Base {
                text: text.to_owned(),
                value: value.clone(),
            })
        })
    }
}

/// Why a folder could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    NotAFolder(PathBuf),
    NoGameFiles {
        dir: PathBuf,
        games_below: Vec<PathBuf>,
    },
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotAFolder(p) => {
                write!(f, "{} is not a folder that can be read", p.display())
            }
            OpenError::NoGameFiles { dir, games_below } if games_below.is_empty() => write!(
                f,
                "{} holds no game files (game.ron, map.ron, ...); choose a game's folder, or start a \
                 game there with File > New game…",
                dir.display()
            ),
            OpenError::NoGameFiles { dir, games_below } => {
                let names: Vec<String> = games_below
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect();
                write!(
                    f,
                    "{} holds no game files itself; open one of its game folders: {}",
                    dir.display(),
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for OpenError {}

/// An open game folder.
#[derive(Debug, Clone)]
pub struct Document {
    pub dir: PathBuf,
    pub files: Vec<FileEntry>,
    /// Problems found while loading (unreadable files, syntax and schema errors): they belong
    /// to files that are not editable, and stay until the folder is opened again.
    pub load_diagnostics: Vec<Diagnostic>,
    /// The latest diagnostics for the whole folder.
    pub diagnostics: Vec<Diagnostic>,
    /// Bumped by every change; the app re-validates when it moves.
    pub revision: u64,
    /// The revision `diagnostics` were computed for.
    pub checked_revision: u64,
    /// How long the last check took, in milliseconds (shown in the status bar).
    pub check_ms: f64,
    /// What is wrong with the orbat.toml above the folder, if anything (the folder is then
    /// checked with no rule levels, and the diagnostics panel says why).
    pub config_problem: Option<String>,
}

impl Document {
    /// Loads a game folder with the validator's loader and checks it.
    pub fn open(dir: &Path) -> Result<Document, OpenError> {
        let dir = std::fs::canonicalize(dir).map_err(|_| OpenError::NotAFolder(dir.to_owned()))?;
        if !dir.is_dir() {
            return Err(OpenError::NotAFolder(dir));
        }
        let found = load::discover::discover(std::slice::from_ref(&dir))
            .map_err(|_| OpenError::NotAFolder(dir.clone()))?;
        let Some(paths) = found.folders.get(&dir) else {
            return Err(OpenError::NoGameFiles {
                games_below: found.folders.keys().cloned().collect(),
                dir,
            });
        };
        let mut load_diagnostics: Vec<Diagnostic> = found
            .diagnostics
            .into_iter()
            .filter(|d| d.location.file.parent() == Some(dir.as_path()))
            .collect();
        let folder = load::load_folder(&dir, paths, &mut load_diagnostics);
        let mut files = Vec::new();
        for path in paths {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let Some(id) = FileId::of(name) else { continue };
            let src = folder.sources.iter().find(|s| &s.path == path).cloned();
            let disk = src.as_ref().map(|s| {
                let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
                DiskStamp::of_bytes(s.text.as_bytes(), modified)
            });
            let value = loaded_value(&folder, path);
            let base = src.as_ref().and_then(|s| Base::of(&s.text, value.as_ref()));
            files.push(FileEntry {
                id,
                path: path.clone(),
                base,
                saved: value.clone(),
                value,
                dirty: false,
                disk,
                src,
            });
        }
        files.sort_by(|a, b| a.id.cmp(&b.id));
        let mut doc = Document {
            dir,
            files,
            load_diagnostics,
            diagnostics: Vec::new(),
            revision: 1,
            checked_revision: 0,
            check_ms: 0.0,
            config_problem: None,
        };
        doc.validate();
        Ok(doc)
    }

    pub fn file(&self, id: &FileId) -> Option<&FileEntry> {
        self.files.iter().find(|f| &f.id == id)
    }

    pub fn file_mut(&mut self, id: &FileId) -> Option<&mut FileEntry> {
        self.files.iter_mut().find(|f| &f.id == id)
    }

    pub fn game(&self) -> Option<&Game> {
        match self.file(&FileId::Game)?.value.as_ref()? {
            FileValue::Game(g) => Some(g),
            _ => None,
        }
    }

    pub fn map(&self) -> Option<&MapFile> {
        match self.file(&FileId::Map)?.value.as_ref()? {
            FileValue::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn map_mut(&mut self) -> Option<&mut MapFile> {
        match self.file_mut(&FileId::Map)?.value.as_mut()? {
            FileValue::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The text file of a language, if loaded.
    pub fn text(&self, lang: &str) -> Option<&TextFile> {
        match self.file(&FileId::Text(lang.to_owned()))?.value.as_ref()? {
            FileValue::Text(t) => Some(t),
            _ => None,
        }
    }

    /// Display name of a space in the source language, if it has one.
    pub fn space_name(&self, id: &str) -> Option<&str> {
        self.source_name(&format!("space:{id}"))
    }

    /// The name of a text key (`unit:it-1`) in the source language, if it has one.
    pub fn source_name(&self, key: &str) -> Option<&str> {
        let lang = &self.game()?.source_language;
        let entry = self.text(lang)?.entries.get(key)?;
        Some(entry.name.as_str())
    }

    /// Index of a space by id.
    pub fn space_index(&self, id: &str) -> Option<usize> {
        self.map()?.spaces.iter().position(|s| s.id == id)
    }

    /// Whether a file not on disk yet may be added under `id`.
    pub fn can_add(&self, id: &FileId) -> Result<(), String> {
        match self.file(id) {
            Some(_) => Err(format!("{} already exists in this game", id.file_name())),
            None => Ok(()),
        }
    }

    /// Adds a file that is not on disk yet; it is written at the next save.
    pub fn add_file(&mut self, id: FileId, value: FileValue) -> Result<(), String> {
        self.can_add(&id)?;
        if value.kind() != id.kind() {
            return Err(format!(
                "{} cannot hold that kind of content",
                id.file_name()
            ));
        }
        self.files.push(FileEntry {
            path: self.dir.join(id.file_name()),
            id: id.clone(),
            value: Some(value),
            saved: None,
            base: None,
            dirty: true,
            disk: None,
            src: None,
        });
        self.files.sort_by(|a, b| a.id.cmp(&b.id));
        self.touched(&id);
        Ok(())
    }

    /// Removes a file added in this session and never saved; returns its content.
    pub fn remove_new_file(&mut self, id: &FileId) -> Result<FileValue, String> {
        let Some(pos) = self.files.iter().position(|f| &f.id == id) else {
            return Err(format!("{} is not part of this game", id.file_name()));
        };
        let f = &self.files[pos];
        if f.disk.is_some() || f.saved.is_some() || f.value.is_none() {
            return Err(format!(
                "{} is on disk: delete it outside the editor if it must go",
                id.file_name()
            ));
        }
        let f = self.files.remove(pos);
        self.revision += 1;
        f.value
            .ok_or_else(|| format!("{} did not load", id.file_name()))
    }

    pub fn units(&self) -> Option<&UnitsFile> {
        match self.file(&FileId::Units)?.value.as_ref()? {
            FileValue::Units(u) => Some(u),
            _ => None,
        }
    }

    pub fn cards(&self) -> Option<&CardsFile> {
        match self.file(&FileId::Cards)?.value.as_ref()? {
            FileValue::Cards(c) => Some(c),
            _ => None,
        }
    }

    /// A scenario by file name (`<id>.scenario.ron`).
    pub fn scenario(&self, file_name: &str) -> Option<&Scenario> {
        match self
            .file(&FileId::Scenario(file_name.to_owned()))?
            .value
            .as_ref()?
        {
            FileValue::Scenario(v) => Some(v),
            _ => None,
        }
    }

    /// File names of the scenarios that loaded, in order.
    pub fn scenario_files(&self) -> Vec<String> {
        self.files
            .iter()
            .filter_map(|f| match (&f.id, &f.value) {
                (FileId::Scenario(name), Some(_)) => Some(name.clone()),
                _ => None,
            })
            .collect()
    }

    /// Languages with a text file that loaded, in order.
    pub fn languages(&self) -> Vec<String> {
        self.files
            .iter()
            .filter_map(|f| match (&f.id, &f.value) {
                (FileId::Text(lang), Some(_)) => Some(lang.clone()),
                _ => None,
            })
            .collect()
    }

    /// Loaded files whose content differs from what is on disk.
    pub fn dirty_files(&self) -> impl Iterator<Item = &FileEntry> {
        self.files.iter().filter(|f| f.dirty)
    }

    pub fn is_dirty(&self) -> bool {
        self.files.iter().any(|f| f.dirty)
    }

    /// Files present but not loaded: shown with their diagnostics, never written.
    pub fn failed_files(&self) -> impl Iterator<Item = &FileEntry> {
        self.files.iter().filter(|f| f.value.is_none())
    }

    /// Called after a file's value changed: recompute its dirty flag, drop its stale source.
    pub(crate) fn touched(&mut self, id: &FileId) {
        if let Some(f) = self.file_mut(id) {
            f.dirty = f.value != f.saved;
            f.src = None;
        }
        self.revision += 1;
    }

    /// The folder as the validator sees it, built from the current values (each changed
    /// file's source built and kept for the diagnostics to point into).
    pub fn game_folder(&mut self) -> GameFolder {
        for f in &mut self.files {
            if let (None, Some(value)) = (&f.src, &f.value) {
                f.src = Some(Arc::new(source_of(&f.path, value)));
            }
        }
        self.folder_now()
    }

    /// [`Document::game_folder`] without keeping the sources it builds (a read-only look,
    /// e.g. the set-up view's preview of a state of play).
    pub fn folder_now(&self) -> GameFolder {
        let mut folder = GameFolder {
            dir: self.dir.clone(),
            ..GameFolder::default()
        };
        for f in &self.files {
            let Some(value) = &f.value else {
                folder.failed.push(f.id.kind());
                if let Some(src) = &f.src {
                    folder.sources.push(src.clone());
                }
                continue;
            };
            let src = f
                .src
                .clone()
                .unwrap_or_else(|| Arc::new(source_of(&f.path, value)));
            folder.sources.push(src.clone());
            folder.put(&f.id.file_name(), src, value.clone());
        }
        folder
    }

    /// Re-checks the document in-process and stores the diagnostics, under the rule levels of
    /// the orbat.toml above the folder (read again each time, as `orbat-validate` and the
    /// language server read it each run).
    pub fn validate(&mut self) {
        let start = std::time::Instant::now();
        let folder = self.game_folder();
        let (settings, problem) = match Settings::for_path(&self.dir) {
            Ok(settings) => (settings, None),
            Err(e) => (Settings::default(), Some(e)),
        };
        let found = self.load_diagnostics.clone();
        // (only paths that do not exist fail a check: a loaded folder never does)
        let report = engine::check(
            Inputs::Loaded {
                folder: &folder,
                found,
            },
            &settings,
        )
        .unwrap_or_default();
        self.diagnostics = report.diagnostics;
        self.config_problem = problem;
        self.checked_revision = self.revision;
        self.check_ms = start.elapsed().as_secs_f64() * 1000.0;
    }

    /// Validates if anything changed since the last check.
    pub fn validate_if_stale(&mut self) -> bool {
        if self.checked_revision == self.revision {
            return false;
        }
        self.validate();
        true
    }

    /// Every loaded value, for comparisons in tests.
    pub fn values(&self) -> Vec<(FileId, Option<FileValue>)> {
        self.files
            .iter()
            .map(|f| (f.id.clone(), f.value.clone()))
            .collect()
    }
}

/// A source for diagnostics to point into: the canonical text (its span index is built when
/// a diagnostic first points into it).
fn source_of(path: &Path, value: &FileValue) -> SourceFile {
    // a value that cannot be written (never expected from the editor's own edits) still
    // gets checked, just without line numbers
    let text = value.to_text().unwrap_or_default();
    SourceFile::new(path.to_owned(), text)
}

/// The value the loader read from `path`, if it loaded.
fn loaded_value(folder: &GameFolder, path: &Path) -> Option<FileValue> {
    folder.value_of(path)
}
