//! Which file of a game folder: its name, and its kind of file.

use orbat_validator::load::{self, FileKind};

/// Which file of the folder.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FileId {
    Game,
    Map,
    Units,
    Cards,
    /// `text.<lang>.ron`, by language.
    Text(String),
    /// `<id>.scenario.ron`, by file name.
    Scenario(String),
    /// checks.ron: no view edits it yet, but its checks run as the command line runs them.
    Checks,
}

impl FileId {
    /// The file's name in its folder.
    pub fn file_name(&self) -> String {
        match self {
            FileId::Game => "game.ron".into(),
            FileId::Map => "map.ron".into(),
            FileId::Units => "units.ron".into(),
            FileId::Cards => "cards.ron".into(),
            FileId::Text(lang) => format!("text.{lang}.ron"),
            FileId::Scenario(name) => name.clone(),
            FileId::Checks => "checks.ron".into(),
        }
    }

    /// The id a file name stands for, if it is a game file.
    pub fn of(file_name: &str) -> Option<FileId> {
        Some(match FileKind::of(file_name)? {
            FileKind::Game => FileId::Game,
            FileKind::Map => FileId::Map,
            FileKind::Units => FileId::Units,
            FileKind::Cards => FileId::Cards,
            FileKind::Text => FileId::Text(load::text_language(file_name)?.to_owned()),
            FileKind::Scenario => FileId::Scenario(file_name.to_owned()),
            FileKind::Checks => FileId::Checks,
        })
    }

    pub fn kind(&self) -> FileKind {
        match self {
            FileId::Game => FileKind::Game,
            FileId::Map => FileKind::Map,
            FileId::Units => FileKind::Units,
            FileId::Cards => FileKind::Cards,
            FileId::Text(_) => FileKind::Text,
            FileId::Scenario(_) => FileKind::Scenario,
            FileId::Checks => FileKind::Checks,
        }
    }
}
