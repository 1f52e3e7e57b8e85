//! The generated game as typed documents, and writing it out as canonical RON or as JSON.

use std::path::{Path, PathBuf};

use orbat_validator::canonical;
use orbat_validator::model::{CardsFile, Game, MapFile, Scenario, TextFile, UnitsFile};

/// A generated game folder, as typed documents.
#[derive(Debug, Clone)]
pub struct GeneratedGame {
    pub game: Game,
    pub map: MapFile,
    pub units: UnitsFile,
    pub cards: CardsFile,
    /// By language.
    pub texts: Vec<(String, TextFile)>,
    pub scenarios: Vec<Scenario>,
}

/// Output format of [`GeneratedGame::files`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Canonical RON, as the editor writes it (`map.ron`...).
    Ron,
    /// The same documents as JSON (`map.json`...), for generic schema checkers.
    Json,
}

impl GeneratedGame {
    /// File name and text of every file of the folder.
    pub fn files(&self, format: Format) -> Vec<(String, String)> {
        fn one<T: serde::Serialize>(
            format: Format,
            stem: &str,
            value: &T,
            ron: fn(&T) -> Result<String, canonical::WriteError>,
        ) -> (String, String) {
            match format {
                Format::Ron => (
                    format!("{stem}.ron"),
                    ron(value).expect("generated values are writable"),
                ),
                Format::Json => (
                    format!("{stem}.json"),
                    serde_json::to_string_pretty(value).expect("generated values are writable"),
                ),
            }
        }
        let mut out = vec![
            one(format, "game", &self.game, canonical::to_string),
            one(format, "map", &self.map, canonical::to_string),
            one(format, "units", &self.units, canonical::to_string),
            one(format, "cards", &self.cards, canonical::to_string),
        ];
        for (lang, t) in &self.texts {
            out.push(one(
                format,
                &format!("text.{lang}"),
                t,
                canonical::to_string,
            ));
        }
        for s in &self.scenarios {
            out.push(one(
                format,
                &format!("{}.scenario", s.id),
                s,
                canonical::to_string,
            ));
        }
        out
    }

    /// Writes the folder (created if needed).
    pub fn write(&self, dir: &Path, format: Format) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (name, text) in self.files(format) {
            std::fs::write(dir.join(name), text)?;
        }
        Ok(())
    }

    /// The RON files as `(path under dir, text)`, for `orbat_validator::load::load_texts`.
    pub fn ron_texts(&self, dir: &Path) -> Vec<(PathBuf, String)> {
        self.files(Format::Ron)
            .into_iter()
            .map(|(n, t)| (dir.join(n), t))
            .collect()
    }
}
