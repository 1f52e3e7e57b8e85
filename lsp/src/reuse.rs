//! Files kept between checks: a file whose text has not changed since the last check is not
//! parsed again; its source (with any span index a finding in it built), its typed value and
//! what loading it found are put back as they were, and only the files that changed are
//! parsed. The rules still run on the whole folder.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use orbat_validator::load::{GameFolder, SourceFile, load_texts, text_language};
use orbat_validator::{Diagnostic, FileKind, FileValue};

/// One file as the last check loaded it.
struct Kept {
    src: Arc<SourceFile>,
    /// `None`: it did not load (its findings say why).
    value: Option<FileValue>,
    /// What loading it found (syntax, schema): about this text alone.
    found: Vec<Diagnostic>,
}

/// The files of the folders checked so far, by path (owned by the thread that checks).
#[derive(Default)]
pub struct Reuse {
    kept: HashMap<PathBuf, Kept>,
    /// What loading found in each file of the folder being checked, until [`Reuse::keep`].
    found: HashMap<PathBuf, Vec<Diagnostic>>,
    /// Of each file that no longer loads (being typed), what it last loaded as: navigation
    /// still knows its ids.
    last_good: HashMap<PathBuf, (Arc<SourceFile>, FileValue)>,
}

impl Reuse {
    /// Loads a folder from its texts as `load_texts` does, parsing only the files that
    /// changed since the last check; what loading finds goes to `out`. Give the folder back
    /// with [`Reuse::keep`] once checked.
    pub fn load(
        &mut self,
        dir: &Path,
        inputs: Vec<(PathBuf, String)>,
        out: &mut Vec<Diagnostic>,
    ) -> GameFolder {
        let mut files: Vec<(PathBuf, Option<Kept>)> = Vec::new();
        let mut changed = Vec::new();
        let mut before: HashMap<PathBuf, (Arc<SourceFile>, FileValue)> = HashMap::new();
        for (path, text) in inputs {
            match self.kept.remove(&path) {
                Some(kept) if kept.src.text == text => files.push((path, Some(kept))),
                old => {
                    if let Some(Kept {
                        src,
                        value: Some(value),
                        ..
                    }) = old
                    {
                        before.insert(path.clone(), (src, value));
                    }
                    changed.push((path, text));
                }
            }
        }
        // what is left of this folder is gone from it
        self.kept.retain(|p, _| p.parent() != Some(dir));
        let present: Vec<&PathBuf> = files
            .iter()
            .map(|(p, _)| p)
            .chain(changed.iter().map(|(p, _)| p))
            .collect();
        self.last_good
            .retain(|p, _| p.parent() != Some(dir) || present.contains(&p));
        let mut found = Vec::new();
        let mut fresh = take_files(load_texts(dir, &changed, &mut found));
        for (path, _) in changed {
            let mine = found
                .iter()
                .filter(|d| d.location.file == path)
                .cloned()
                .collect();
            let kept = fresh.remove(&path).map(|(src, value)| Kept {
                src,
                value,
                found: mine,
            });
            // (no source: too large to read; its finding is in `found`)
            if kept.is_none() {
                out.extend(found.iter().filter(|d| d.location.file == path).cloned());
            }
            let loads = kept.as_ref().is_some_and(|k| k.value.is_some());
            match before.remove(&path) {
                _ if loads => {
                    self.last_good.remove(&path);
                }
                Some(good) => {
                    self.last_good.insert(path.clone(), good);
                }
                // broken before too: what it last loaded as is already kept
                None => {}
            }
            files.push((path, kept));
        }
        // the folder's files in path order, as the validator's loader puts them
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let mut folder = GameFolder {
            dir: dir.to_owned(),
            ..GameFolder::default()
        };
        self.found.clear();
        for (path, kept) in files {
            let kind = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(FileKind::of);
            let Some(kept) = kept else {
                folder.failed.extend(kind);
                continue;
            };
            out.extend(kept.found.iter().cloned());
            folder.sources.push(kept.src.clone());
            match kept.value {
                Some(value) => {
                    let name = path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or_default();
                    folder.put(name, kept.src, value);
                }
                None => folder.failed.extend(kind),
            }
            self.found.insert(path, kept.found);
        }
        folder
    }

    /// Takes a checked folder's files back for the next check, and returns what is kept for
    /// navigation (see [`Reuse::navigation`]).
    pub fn keep(&mut self, folder: GameFolder) -> GameFolder {
        let dir = folder.dir.clone();
        self.store(folder);
        self.navigation(&dir)
    }

    /// Takes a checked folder's files back for the next check.
    pub fn store(&mut self, folder: GameFolder) {
        for (path, (src, value)) in take_files(folder) {
            let found = self.found.remove(&path).unwrap_or_default();
            self.kept.insert(path, Kept { src, value, found });
        }
    }

    /// A copy of the model of the folder last stored, for navigation: hover, completion and
    /// names read the game, map, units, cards and the source language's texts (scenarios and
    /// translations are left to the index). Made only when a request needs it: at 10,000
    /// spaces the copy takes 10-20 ms and some 40 MB.
    pub fn navigation(&self, dir: &Path) -> GameFolder {
        let mut folder = GameFolder {
            dir: dir.to_owned(),
            ..GameFolder::default()
        };
        let mut files: Vec<(&PathBuf, &Kept)> = self
            .kept
            .iter()
            .filter(|(p, _)| p.parent() == Some(dir))
            .collect();
        files.sort_by(|a, b| a.0.cmp(b.0));
        let source = files.iter().find_map(|(_, k)| match &k.value {
            Some(FileValue::Game(g)) => Some(g.source_language.clone()),
            _ => None,
        });
        for (path, kept) in files {
            folder.sources.push(kept.src.clone());
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            // a file that does not load: what it last loaded as
            let (src, value) = match (&kept.value, self.last_good.get(path)) {
                (Some(value), _) => (&kept.src, value),
                (None, Some((src, value))) => {
                    folder.failed.extend(FileKind::of(name));
                    (src, value)
                }
                (None, None) => {
                    folder.failed.extend(FileKind::of(name));
                    continue;
                }
            };
            let wanted = match value {
                FileValue::Scenario(_) => false,
                FileValue::Text(_) => text_language(name) == source.as_deref(),
                _ => true,
            };
            if wanted {
                folder.put(name, src.clone(), value.clone());
            }
        }
        folder
    }
}

/// A loaded folder's files by path: each one's source and typed value (`None`: it did not
/// load).
fn take_files(folder: GameFolder) -> HashMap<PathBuf, (Arc<SourceFile>, Option<FileValue>)> {
    let mut out: HashMap<PathBuf, (Arc<SourceFile>, Option<FileValue>)> = folder
        .sources
        .iter()
        .map(|s| (s.path.clone(), (s.clone(), None)))
        .collect();
    let mut put = |src: Arc<SourceFile>, value: FileValue| {
        out.insert(src.path.clone(), (src, Some(value)));
    };
    if let Some(d) = folder.game {
        put(d.src, d.value.into());
    }
    if let Some(d) = folder.map {
        put(d.src, d.value.into());
    }
    if let Some(d) = folder.units {
        put(d.src, d.value.into());
    }
    if let Some(d) = folder.cards {
        put(d.src, d.value.into());
    }
    for (_, d) in folder.texts {
        put(d.src, d.value.into());
    }
    for d in folder.scenarios {
        put(d.src, d.value.into());
    }
    if let Some(d) = folder.checks {
        put(d.src, d.value.into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(folder: &GameFolder, found: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let inputs = orbat_validator::Inputs::Loaded { folder, found };
        orbat_validator::engine::check(inputs, &orbat_validator::Settings::default())
            .unwrap_or_default()
            .diagnostics
    }

    /// Loading through the kept files gives the findings a fresh load gives, edit after
    /// edit (a file broken, mended, removed), on every shipped game.
    #[test]
    fn kept_files_give_what_a_fresh_load_gives() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut reuse = Reuse::default();
        for entry in std::fs::read_dir(root).unwrap() {
            let dir = entry.unwrap().path();
            if !dir.join("game.ron").exists() {
                continue;
            }
            let files = crate::analysis::folder_files(&dir);
            let read = |p: &PathBuf| (p.clone(), std::fs::read_to_string(p).unwrap());
            let original: Vec<(PathBuf, String)> = files.iter().map(read).collect();
            let mut broken = original.clone();
            let map = broken
                .iter_mut()
                .find(|(p, _)| p.ends_with("map.ron"))
                .unwrap();
            map.1 = map.1.replacen("(id: \"", "(id: \"x", 1);
            let mut text = original.clone();
            let first_text = text
                .iter()
                .position(|(p, _)| p.to_string_lossy().contains("text."))
                .unwrap();
            text[first_text].1.push_str(" (");
            let mut fewer = original.clone();
            fewer.retain(|(p, _)| !p.to_string_lossy().ends_with(".scenario.ron"));
            for inputs in [&original, &broken, &original, &text, &fewer, &original] {
                let mut fresh_found = Vec::new();
                let fresh = load_texts(&dir, inputs, &mut fresh_found);
                let want = check(&fresh, fresh_found);
                let mut found = Vec::new();
                let folder = reuse.load(&dir, inputs.clone(), &mut found);
                let got = check(&folder, found);
                assert_eq!(got, want, "{}", dir.display());
                assert_eq!(folder.failed, fresh.failed);
                assert_eq!(folder.scenarios.len(), fresh.scenarios.len());
                reuse.keep(folder);
            }
        }
    }
}
