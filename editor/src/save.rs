//! Saving never loses data: each file's text edited in place (only what changed since the file
//! was loaded is rewritten, into the text as loaded, the designer's comments and layout kept:
//! `orbat_validator::in_place`), written to a
//! temporary file in the same folder, flushed to disk, then renamed over the original. Files
//! that failed to load are never written; a file changed on disk since it was loaded, or one
//! that cannot be edited in place, is not overwritten unless asked.

use std::path::{Path, PathBuf};

use crate::document::{Base, DiskStamp, Document, FileId};

/// What a save did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SaveReport {
    pub saved: Vec<PathBuf>,
    /// Files changed on disk since they were loaded: not written, the user is asked.
    pub conflicts: Vec<FileId>,
    /// Files that cannot be edited in place, with what writing them anew would lose: not
    /// written, the user is asked.
    pub reprints: Vec<(FileId, String)>,
    /// Files that could not be written, with the reason.
    pub errors: Vec<(PathBuf, String)>,
}

impl SaveReport {
    pub fn is_complete(&self) -> bool {
        self.conflicts.is_empty() && self.reprints.is_empty() && self.errors.is_empty()
    }
}

/// Saves every changed file. Files in `overwrite` are written even if they changed on disk.
pub fn save(doc: &mut Document, overwrite: &[FileId]) -> SaveReport {
    let mut report = SaveReport::default();
    for f in doc.files.iter_mut().filter(|f| f.dirty) {
        let Some(value) = &f.value else { continue };
        let now = DiskStamp::read(&f.path);
        let changed_on_disk = match (&f.disk, &now) {
            (Some(then), Some(now)) => !then.same_content(now),
            (None, Some(_)) => true,
            // deleted meanwhile: writing it back loses nothing
            (_, None) => false,
        };
        if changed_on_disk && !overwrite.contains(&f.id) {
            report.conflicts.push(f.id.clone());
            continue;
        }
        // merged into the text as loaded, from the model read from it: what did not change
        // since loading keeps its loaded bytes, whatever saves came between (so an undone
        // deletion gets its comments back), and the same content always gives the same bytes
        let in_place = f
            .base
            .as_ref()
            .map(|base| orbat_validator::in_place::save_text(&base.text, &base.value, value));
        let (text, anew) = match in_place {
            Some(Ok(text)) => (text, false),
            Some(Err(refusal)) if !overwrite.contains(&f.id) => {
                report.reprints.push((f.id.clone(), refusal.to_string()));
                continue;
            }
            // a new file, or one the user chose to write anew
            _ => match value.to_text() {
                // the file's own line endings and final newline, as it has them on disk
                Ok(t) => (
                    orbat_validator::text_style::TextStyle::of_file(&f.path).apply(&t),
                    true,
                ),
                Err(e) => {
                    report.errors.push((f.path.clone(), e.to_string()));
                    continue;
                }
            },
        };
        match write_atomic(&f.path, text.as_bytes()) {
            Ok(()) => {
                let modified = std::fs::metadata(&f.path).and_then(|m| m.modified()).ok();
                f.disk = Some(DiskStamp::of_bytes(text.as_bytes(), modified));
                if anew {
                    // written anew: later saves merge into this text
                    f.base = Base::of(&text, f.value.as_ref());
                }
                f.saved = f.value.clone();
                f.dirty = false;
                report.saved.push(f.path.clone());
            }
            Err(e) => report.errors.push((f.path.clone(), e.to_string())),
        }
    }
    report
}

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one
/// (temporary file in the same folder, flushed, renamed over); shared with `orbat-po`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    orbat_validator::atomic::write(path, bytes)
}

/// Writes the whole game into `target` (a new folder, or an empty one), then continues there:
/// every game file as the editor holds it (a file that failed to load as it is on disk), and
/// every other file of the folder (the backdrop...) copied. All of it is written into a
/// temporary folder beside `target`, which is renamed into place at the end, so a failure
/// leaves no half-written game behind. Returns how many files were written.
pub fn save_as(doc: &mut Document, target: &Path) -> Result<usize, String> {
    let shown = target.display();
    if target.exists() {
        let empty = std::fs::read_dir(target)
            .map_err(|e| format!("cannot read {shown}: {e}"))?
            .next()
            .is_none();
        if !empty {
            return Err(format!(
                "{shown} is not empty: choose a new folder or an empty one"
            ));
        }
    }
    let name = target
        .file_name()
        .ok_or_else(|| format!("{shown} does not name a folder"))?;
    let parent = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let tmp = parent.join(format!(
        ".{}.orbat-save-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = write_folder(doc, &tmp).and_then(|w| {
        if target.exists() {
            std::fs::remove_dir(target)?;
        }
        std::fs::rename(&tmp, target)?;
        Ok(w)
    });
    let written = match written {
        Ok(w) => w,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(format!("could not save the game to {shown}: {e}"));
        }
    };
    // continue in the new folder: what was written is now what is saved
    let dir = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_owned());
    for f in &mut doc.files {
        f.path = dir.join(f.id.file_name());
        f.disk = DiskStamp::read(&f.path);
        if f.value.is_some() {
            // written anew there: later saves merge into the text as written
            f.base = std::fs::read_to_string(&f.path)
                .ok()
                .and_then(|text| Base::of(&text, f.value.as_ref()));
            f.saved = f.value.clone();
            f.dirty = false;
        }
    }
    for d in &mut doc.load_diagnostics {
        if d.location.file.parent() == Some(doc.dir.as_path())
            && let Some(n) = d.location.file.file_name()
        {
            d.location.file = dir.join(n);
        }
    }
    doc.dir = dir;
    doc.revision += 1;
    Ok(written)
}

/// The game's files into a new folder `into`: what the editor holds, then the folder's other
/// files as they are.
fn write_folder(doc: &Document, into: &Path) -> std::io::Result<usize> {
    std::fs::create_dir(into)?;
    let mut written = 0;
    let mut names = Vec::new();
    for f in &doc.files {
        let name = f.id.file_name();
        let to = into.join(&name);
        match &f.value {
            Some(v) => {
                let text = v
                    .to_text()
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                let text = orbat_validator::text_style::TextStyle::of_file(&f.path).apply(&text);
                write_atomic(&to, text.as_bytes())?;
            }
            // never loaded: its bytes as they are, for the user to fix there
            None => {
                std::fs::copy(&f.path, &to)?;
            }
        }
        names.push(name);
        written += 1;
    }
    for entry in std::fs::read_dir(&doc.dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        // game files the editor does not hold were deleted in it; sub-folders are not the game's
        if names.contains(&name) || FileId::of(&name).is_some() || !entry.file_type()?.is_file() {
            continue;
        }
        std::fs::copy(entry.path(), into.join(&name))?;
        written += 1;
    }
    Ok(written)
}
