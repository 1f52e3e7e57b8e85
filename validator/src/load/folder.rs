//! What loading gives: a game folder's typed files, each with the source it was read from.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::SourceFile;
use crate::diagnostic::Location;
use crate::file_kind::{FileKind, FileValue, text_language};
use crate::model::{CardsFile, ChecksFile, Game, MapFile, Scenario, TextFile, UnitsFile};

/// A typed document and the file it came from.
#[derive(Debug, Clone)]
pub struct Doc<T> {
    pub src: Arc<SourceFile>,
    pub value: T,
}

impl<T> Doc<T> {
    pub fn at(&self, pointer: &str) -> Location {
        self.src.at(pointer)
    }
    pub fn at_key(&self, pointer: &str) -> Location {
        self.src.at_key(pointer)
    }
}

/// A game folder: its typed files (those that loaded cleanly) and every source read.
#[derive(Debug, Default)]
pub struct GameFolder {
    pub dir: PathBuf,
    pub game: Option<Doc<Game>>,
    pub map: Option<Doc<MapFile>>,
    pub units: Option<Doc<UnitsFile>>,
    pub cards: Option<Doc<CardsFile>>,
    /// Text files by the language in their file name.
    pub texts: Vec<(String, Doc<TextFile>)>,
    pub scenarios: Vec<Doc<Scenario>>,
    /// The game's own checks (checks.ron), if it has them.
    pub checks: Option<Doc<ChecksFile>>,
    /// Every file of the folder that was read, loaded or not.
    pub sources: Vec<Arc<SourceFile>>,
    /// Kinds of files present but not loaded (unreadable, bad syntax or schema errors):
    /// checks that need them are skipped rather than reporting cascades.
    pub failed: Vec<FileKind>,
    /// Set on a ruleset's view of the folder ([`super::ruleset_view`]): which view it is.
    pub view: Option<ViewOf>,
}

/// Which of a folder's ruleset views a folder is.
#[derive(Debug, Clone, Default)]
pub struct ViewOf {
    /// The ruleset; None: the data no ruleset changes (for scenarios that name none).
    pub ruleset: Option<crate::model::Id>,
    /// The first view the folder is checked under: examples that name no ruleset run here.
    pub first: bool,
    /// The scenarios of the other views.
    pub elsewhere: Vec<crate::model::Id>,
    /// A state of play an event or a turn made (engine/states.rs): the checks' examples,
    /// proven on the start, are not run again.
    pub derived: bool,
    /// A derived state whose steps changed only its scenario: checks over scopes that cannot
    /// read a scenario (spaces, links, units, cards...) would find what the start found.
    pub scenario_only: bool,
    /// A state made for one declared check's example (its `then`): that example alone runs.
    pub example: Option<crate::model::Example>,
}

impl GameFolder {
    /// Puts a file that loaded in its place: `name` is its file name (a text file's
    /// language comes from it).
    pub fn put(&mut self, name: &str, src: Arc<SourceFile>, value: FileValue) {
        match value {
            FileValue::Game(value) => self.game = Some(Doc { src, value }),
            FileValue::Map(value) => self.map = Some(Doc { src, value }),
            FileValue::Units(value) => self.units = Some(Doc { src, value }),
            FileValue::Cards(value) => self.cards = Some(Doc { src, value }),
            FileValue::Text(value) => {
                let lang = text_language(name).unwrap_or_default().to_owned();
                self.texts.push((lang, Doc { src, value }));
            }
            FileValue::Scenario(value) => self.scenarios.push(Doc { src, value }),
            FileValue::Checks(value) => self.checks = Some(Doc { src, value }),
        }
    }

    /// The value of the file read from `path`, if it loaded.
    pub fn value_of(&self, path: &Path) -> Option<FileValue> {
        let at = |src: &SourceFile| src.path == path;
        if let Some(d) = self.game.as_ref().filter(|d| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        if let Some(d) = self.map.as_ref().filter(|d| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        if let Some(d) = self.units.as_ref().filter(|d| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        if let Some(d) = self.cards.as_ref().filter(|d| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        if let Some((_, d)) = self.texts.iter().find(|(_, d)| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        if let Some(d) = self.checks.as_ref().filter(|d| at(&d.src)) {
            return Some(d.value.clone().into());
        }
        let d = self.scenarios.iter().find(|d| at(&d.src))?;
        Some(d.value.clone().into())
    }

    /// True when a file of this kind is present but failed to load.
    pub fn has_failed(&self, kind: FileKind) -> bool {
        self.failed.contains(&kind)
    }
}
