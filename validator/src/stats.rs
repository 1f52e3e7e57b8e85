//! `--stats`: what each game folder holds, as a Markdown table (the README's games table) or
//! as JSON. A file that does not load leaves its counts unknown: the folder is reported as
//! failed (which file, and why), never as holding nothing.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::load::{self, FileKind, GameFolder};
use crate::render::display_path;
use crate::render::escape::escape;
use crate::{CheckError, Diagnostic, Severity};

/// What the game folders under some paths hold.
#[derive(Debug, Serialize)]
pub struct Stats {
    /// Format version of the JSON; bumped on incompatible changes.
    pub version: u32,
    /// One entry per game folder, in path order.
    pub games: Vec<GameStats>,
    /// Files and folders that could not be read while searching, outside any game folder's
    /// counts.
    pub failed: Vec<Failure>,
}

/// One game folder. A count is `None` (JSON `null`, `?` in the table) when the file it comes
/// from did not load.
#[derive(Debug, Serialize)]
pub struct GameStats {
    /// The folder's name.
    pub game: String,
    /// The folder, as given (`/`-separated).
    pub path: String,
    pub scenarios: Option<usize>,
    /// Spaces on the map (location kinds with `on_map: true`).
    pub spaces: Option<usize>,
    /// Boxes off the map.
    pub boxes: Option<usize>,
    pub links: Option<usize>,
    /// Units in the counter mix.
    pub units: Option<usize>,
    /// Counters: the units' `count`s summed.
    pub counters: Option<u64>,
    pub cards: Option<usize>,
    pub languages: Option<Vec<String>>,
    /// The folder's files that did not load, each with its first error: non-empty means
    /// the folder failed and some counts are unknown.
    pub failed: Vec<Failure>,
}

/// A file that did not load, and the first reason.
#[derive(Debug, Serialize)]
pub struct Failure {
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    pub code: &'static str,
    pub message: String,
    /// Errors in this file (the first is the one above).
    pub errors: usize,
}

impl Failure {
    fn new(first: &Diagnostic, errors: usize) -> Self {
        Failure {
            file: display_path(&first.location.file),
            line: first.location.start.map(|p| p.line),
            column: first.location.start.map(|p| p.column),
            code: first.code,
            message: first.message.clone(),
            errors,
        }
    }

    /// `path:line:col: message [CODE]`, and how many more errors the file has.
    pub fn describe(&self) -> String {
        let mut at = self.file.clone();
        if let (Some(l), Some(c)) = (self.line, self.column) {
            at.push_str(&format!(":{l}:{c}"));
        }
        let more = match self.errors {
            0 | 1 => String::new(),
            2 => " (and 1 more error)".to_owned(),
            n => format!(" (and {} more errors)", n - 1),
        };
        format!("{at}: {} [{}]{more}", self.message, self.code)
    }
}

/// Counts what each game folder under `paths` holds.
pub fn collect(paths: &[PathBuf]) -> Result<Stats, CheckError> {
    let found = load::discover::discover(paths).map_err(|m| CheckError::MissingPath(m.0))?;
    let mut stats = Stats {
        version: 1,
        games: Vec::new(),
        failed: failures(&found.diagnostics),
    };
    for (dir, files) in &found.folders {
        let mut diags = Vec::new();
        let folder = load::load_folder(dir, files, &mut diags);
        stats.games.push(game(dir, &folder, &diags));
    }
    Ok(stats)
}

/// One row per game folder found under `paths` (the table `--stats` prints).
pub fn table(paths: &[PathBuf]) -> Result<String, CheckError> {
    collect(paths).map(|s| s.table())
}

impl Stats {
    /// The Markdown table; a count that is not known is `?`, and a failed folder's name is
    /// followed by `(failed: <files>)` (why they failed: [`Stats::failures`]).
    pub fn table(&self) -> String {
        let mut out = String::from(
            "| game | scenarios | spaces (boxes) | links | units (counters) | cards | languages |\n|---|---|---|---|---|---|---|\n",
        );
        for g in &self.games {
            let n = |v: Option<usize>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
            let counters = g.counters.map_or_else(|| "?".to_owned(), |v| v.to_string());
            let languages = g
                .languages
                .as_ref()
                .map_or_else(|| "?".to_owned(), |l| l.join(", "));
            let mut game = g.game.clone();
            if !g.failed.is_empty() {
                let names: Vec<&str> = g
                    .failed
                    .iter()
                    .map(|f| f.file.rsplit('/').next().unwrap_or(&f.file))
                    .collect();
                game.push_str(&format!(" (failed: {})", names.join(", ")));
            }
            // folder and file names are strangers' text: no control character reaches the table
            let (game, languages) = (escape(&game), escape(&languages));
            out.push_str(&format!(
                "| {game} | {} | {} ({}) | {} | {} ({counters}) | {} | {languages} |\n",
                n(g.scenarios),
                n(g.spaces),
                n(g.boxes),
                n(g.links),
                n(g.units),
                n(g.cards),
            ));
        }
        out
    }

    /// The JSON document (shape in the README).
    pub fn json(&self) -> String {
        crate::render::json::to_string(self)
    }

    /// Every failure, as lines for stderr: `error: <game>: <file>:<line>:<col>: <why> [CODE]`.
    pub fn failures(&self) -> Vec<String> {
        let outside = self
            .failed
            .iter()
            .map(|f| format!("error: {}", f.describe()));
        let inside = self.games.iter().flat_map(|g| {
            g.failed.iter().map(move |f| {
                format!(
                    "error: {}: {}; the counts that depend on it are `?`",
                    g.game,
                    f.describe()
                )
            })
        });
        outside
            .chain(inside)
            .map(|line| escape(&line).into_owned())
            .collect()
    }

    /// 0 when every file loaded; 1 when a file did not load (its folder's counts are
    /// incomplete); 2 when a file or folder could not be read at all (L001).
    pub fn exit_status(&self) -> u8 {
        let all = || {
            self.failed
                .iter()
                .chain(self.games.iter().flat_map(|g| &g.failed))
        };
        if all().any(|f| f.code == crate::load::codes::L001.code) {
            2
        } else if all().next().is_some() {
            1
        } else {
            0
        }
    }
}

/// The first error of each file among `diags`, with its file's count of errors, in order.
fn failures(diags: &[Diagnostic]) -> Vec<Failure> {
    let mut out: Vec<(&Diagnostic, usize)> = Vec::new();
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        match out
            .iter_mut()
            .find(|(f, _)| f.location.file == d.location.file)
        {
            Some((_, n)) => *n += 1,
            None => out.push((d, 1)),
        }
    }
    out.into_iter().map(|(d, n)| Failure::new(d, n)).collect()
}

fn game(dir: &Path, f: &GameFolder, diags: &[Diagnostic]) -> GameStats {
    let name = dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let failed = |kind| f.has_failed(kind);
    let game = f.game.as_ref().map(|g| &g.value);
    // which spaces are boxes depends on game.ron's location kinds
    let map = f
        .map
        .as_ref()
        .filter(|_| !failed(FileKind::Map) && !failed(FileKind::Game));
    let (spaces, boxes) = match map {
        Some(m) => {
            let off = m
                .value
                .spaces
                .iter()
                .filter(|s| {
                    game.and_then(|g| g.location_kinds.iter().find(|k| k.id == s.kind))
                        .is_some_and(|k| !k.on_map)
                })
                .count();
            (Some(m.value.spaces.len() - off), Some(off))
        }
        None if failed(FileKind::Map) || failed(FileKind::Game) => (None, None),
        None => (Some(0), Some(0)),
    };
    let links = match &f.map {
        Some(m) => Some(m.value.links.len()),
        None if failed(FileKind::Map) => None,
        None => Some(0),
    };
    let (units, counters) = match &f.units {
        Some(u) => (
            Some(u.value.units.len()),
            Some(u.value.units.iter().map(|x| u64::from(x.count)).sum()),
        ),
        None if failed(FileKind::Units) => (None, None),
        None => (Some(0), Some(0)),
    };
    let cards = match &f.cards {
        Some(c) => Some(c.value.cards.len()),
        None if failed(FileKind::Cards) => None,
        None => Some(0),
    };
    let scenarios = (!failed(FileKind::Scenario)).then_some(f.scenarios.len());
    let languages = match game {
        Some(g) => Some(g.languages.clone()),
        None if failed(FileKind::Game) => None,
        None => Some(Vec::new()),
    };
    GameStats {
        game: name,
        path: display_path(dir),
        scenarios,
        spaces,
        boxes,
        links,
        units,
        counters,
        cards,
        languages,
        failed: failures(diags),
    }
}
