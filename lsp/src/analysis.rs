//! One game folder checked from the texts the editor holds (open buffers, the rest from
//! disk): the validator's findings per file, the id index, and the loaded model for hover.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use orbat_validator::load::discover::discover;
use orbat_validator::load::{GameFolder, SourceFile, load_folder};
use orbat_validator::{Diagnostic, FileKind, Inputs, Settings, engine};

use orbat_validator::analysis::ids::Ids;

use crate::index::Index;
use crate::position::{Encoding, Lines, line_starts};
use crate::reuse::Reuse;

/// A file of the folder as analysed: its text and the editor's version of it (`None`: read
/// from disk).
#[derive(Debug, Clone)]
pub struct Text {
    pub text: String,
    pub version: Option<i32>,
}

/// The texts a check read: the validator's sources (no copy of their own), sorted by path,
/// shared with the indexer.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    pub files: Arc<Vec<Arc<SourceFile>>>,
    versions: Vec<Option<i32>>,
    /// Each file's line starts, found when first needed.
    starts: Vec<OnceLock<Vec<usize>>>,
}

impl Texts {
    fn new(folder: &GameFolder, versions: &BTreeMap<PathBuf, Option<i32>>) -> Self {
        let mut files = folder.sources.clone();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let versions = files
            .iter()
            .map(|f| versions.get(&f.path).copied().flatten())
            .collect();
        Texts {
            starts: files.iter().map(|_| OnceLock::new()).collect(),
            files: Arc::new(files),
            versions,
        }
    }

    fn find(&self, path: &Path) -> Option<usize> {
        self.files
            .binary_search_by(|f| f.path.as_path().cmp(path))
            .ok()
    }

    pub fn get(&self, path: &Path) -> Option<&str> {
        self.find(path).map(|i| self.files[i].text.as_str())
    }

    /// A file's text with its lines, to turn offsets into positions.
    pub fn lines(&self, path: &Path, encoding: Encoding) -> Option<Lines<'_>> {
        let i = self.find(path)?;
        let text = self.files[i].text.as_str();
        let starts = self.starts[i].get_or_init(|| line_starts(text));
        Some(Lines::with_starts(text, starts, encoding))
    }

    /// The editor's version of an open file (`None`: read from disk).
    pub fn version(&self, path: &Path) -> Option<i32> {
        self.find(path).and_then(|i| self.versions[i])
    }
}

/// The outcome of checking one folder.
#[derive(Debug)]
pub struct Analysis {
    pub dir: PathBuf,
    /// The texts the findings and occurrences point into.
    pub texts: Texts,
    /// Findings by file; every file of the folder has an entry (an empty list clears it).
    pub diagnostics: BTreeMap<PathBuf, Vec<Diagnostic>>,
    /// Findings about the folder rather than one of its files (a missing game.ron).
    pub folder_diagnostics: Vec<Diagnostic>,
    /// The id index: built apart after each check (it takes longer than the check), so
    /// it may be that of an earlier version of the texts until the new one is ready.
    pub index: Index,
    /// Which check of the folder this is, and which check the index was built for.
    pub generation: u64,
    pub index_generation: u64,
    /// Which check `folder` was built by (it follows the findings: see [`check_with`]).
    pub model_generation: u64,
    /// Files present that did not load (syntax or schema errors).
    pub failed: Vec<PathBuf>,
    pub folder: GameFolder,
    /// A problem with the folder's orbat.toml, if any.
    pub config_problem: Option<String>,
}

/// The game files of a folder on disk (sorted), as the validator's walk finds them.
pub fn folder_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && is_game_file(p))
        .collect();
    files.sort();
    files
}

pub fn is_game_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(FileKind::of)
        .is_some()
}

/// Indexes a folder's ids from its texts (as they are: a file that does not parse is
/// indexed too).
pub fn index(files: &[Arc<SourceFile>]) -> Index {
    crate::index::scan::scan(files.iter().map(|f| (f.path.as_path(), f.text.as_str())))
}

/// Checks a folder from its texts (the index is left empty: see [`index`]).
pub fn analyse(dir: &Path, texts: BTreeMap<PathBuf, Text>) -> Analysis {
    analyse_with(&mut Reuse::default(), dir, texts)
}

/// [`analyse`], parsing only the files that changed since `reuse` last saw the folder.
pub fn analyse_with(reuse: &mut Reuse, dir: &Path, texts: BTreeMap<PathBuf, Text>) -> Analysis {
    let (mut analysis, checked) = check_with(reuse, dir, texts);
    let navigation = reuse.keep(checked);
    analysis.take_navigation(navigation);
    analysis
}

/// The check of [`analyse_with`] without the model for navigation: the analysis comes with
/// an empty `folder`, and the checked folder beside it, to give to [`Reuse::keep`] once the
/// findings are out (at 10,000 spaces, taking the navigation model out of the checked folder
/// took 15-20 ms that a keystroke's findings need not wait for).
pub fn check_with(
    reuse: &mut Reuse,
    dir: &Path,
    texts: BTreeMap<PathBuf, Text>,
) -> (Analysis, GameFolder) {
    let versions: BTreeMap<PathBuf, Option<i32>> =
        texts.iter().map(|(p, t)| (p.clone(), t.version)).collect();
    let inputs: Vec<(PathBuf, String)> = texts.into_iter().map(|(p, t)| (p, t.text)).collect();
    let mut found = Vec::new();
    let clock = crate::timing::Clock::start();
    let unread = walk_findings(dir, &versions, &mut found);
    let mut folder = reuse.load(dir, inputs, &mut found);
    // a file present but not read is a file that failed, as for `orbat-validate`: what
    // names it is not reported as naming a missing file
    folder.failed.extend(unread);
    clock.lap("load");
    let texts = Texts::new(&folder, &versions);
    // the orbat.toml above the folder, as `orbat-validate` reads it; a broken one is said
    // and the folder checked with no levels
    let (settings, config_problem) = match Settings::for_path(dir) {
        Ok(settings) => (settings, None),
        Err(e) => (Settings::default(), Some(e)),
    };
    // (only paths that do not exist fail a check: a loaded folder never does)
    let report = engine::check(
        Inputs::Loaded {
            folder: &folder,
            found,
        },
        &settings,
    )
    .unwrap_or_default();
    clock.lap("rules");
    let mut diagnostics: BTreeMap<PathBuf, Vec<Diagnostic>> =
        versions.keys().map(|p| (p.clone(), Vec::new())).collect();
    let mut folder_diagnostics = Vec::new();
    for d in report.diagnostics {
        match diagnostics.get_mut(&d.location.file) {
            Some(list) => list.push(d),
            None => folder_diagnostics.push(d),
        }
    }
    let failed = versions
        .keys()
        .filter(|p| !loaded(&folder, p))
        .cloned()
        .collect();
    let analysis = Analysis {
        dir: dir.to_owned(),
        texts,
        diagnostics,
        folder_diagnostics,
        index: Index::default(),
        generation: 0,
        index_generation: 0,
        model_generation: 0,
        failed,
        folder: GameFolder::default(),
        config_problem,
    };
    (analysis, folder)
}

/// What `orbat-validate`'s walk finds wrong with the folder's own files (a folder named like a
/// game file, a file of no known kind, a symbolic link...), and why each game file the server
/// could not read as text was not read (the loader says it: unreadable, not UTF-8, too large).
/// Returns the kinds of those unread files.
fn walk_findings(
    dir: &Path,
    read: &BTreeMap<PathBuf, Option<i32>>,
    out: &mut Vec<Diagnostic>,
) -> Vec<FileKind> {
    let Ok(found) = discover(&[dir.to_owned()]) else {
        return Vec::new();
    };
    out.extend(
        found
            .diagnostics
            .into_iter()
            .filter(|d| d.location.file.parent() == Some(dir)),
    );
    let unread: Vec<PathBuf> = found
        .folders
        .get(dir)
        .into_iter()
        .flatten()
        .filter(|p| !read.contains_key(*p))
        .cloned()
        .collect();
    if unread.is_empty() {
        return Vec::new();
    }
    let loaded = load_folder(dir, &unread, out);
    unread
        .iter()
        .filter(|p| loaded.value_of(p).is_none())
        .filter_map(|p| p.file_name()?.to_str().and_then(FileKind::of))
        .collect()
}

fn loaded(folder: &GameFolder, path: &Path) -> bool {
    let is = |d: &std::sync::Arc<orbat_validator::SourceFile>| d.path == path;
    folder.game.as_ref().is_some_and(|d| is(&d.src))
        || folder.map.as_ref().is_some_and(|d| is(&d.src))
        || folder.units.as_ref().is_some_and(|d| is(&d.src))
        || folder.cards.as_ref().is_some_and(|d| is(&d.src))
        || folder.texts.iter().any(|(_, d)| is(&d.src))
        || folder.scenarios.iter().any(|d| is(&d.src))
}

impl Analysis {
    /// Takes the model for navigation of this check (made after it: see [`check_with`]).
    pub fn take_navigation(&mut self, folder: GameFolder) {
        self.model_generation = self.generation;
        self.folder = folder;
    }

    /// Takes a newly built index (of these texts, or of later ones).
    pub fn take_index(&mut self, index: Index, generation: u64) {
        self.index = index;
        self.index_generation = generation;
    }

    /// Every id of a kind the loaded files define, in file order (from the model, so never
    /// older than the last check, unlike the index).
    pub fn ids_of(&self, kind: &str) -> Vec<String> {
        if kind == crate::index::UNIT_VALUE {
            return self
                .folder
                .game
                .as_ref()
                .map(|g| g.value.unit_values.clone())
                .unwrap_or_default();
        }
        let ids = Ids::build(&self.folder);
        let tables = [
            &ids.sides,
            &ids.factions,
            &ids.terrains,
            &ids.location_kinds,
            &ids.link_kinds,
            &ids.unit_kinds,
            &ids.areas,
            &ids.decks,
            &ids.tracks,
            &ids.marker_kinds,
            &ids.rulesets,
            &ids.unit_flags,
            &ids.spaces,
            &ids.units,
            &ids.cards,
        ];
        tables
            .into_iter()
            .filter(|t| t.kind == kind)
            .flat_map(|t| t.order.iter().map(|id| id.to_string()))
            .collect()
    }

    /// The display name of an id in the game's source language (`None` when it has none).
    pub fn name(&self, kind: &str, id: &str) -> Option<&str> {
        let source = &self.folder.game.as_ref()?.value.source_language;
        let (_, texts) = self.folder.texts.iter().find(|(l, _)| l == source)?;
        let key = format!("{kind}:{id}");
        texts
            .value
            .entries
            .get(key.as_str())
            .map(|e| e.name.as_str())
    }
}
