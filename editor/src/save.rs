//! Saving never loses data: canonical text written to a temporary file in the same folder,
//! flushed to disk, then renamed over the original. Files that failed to load are never
//! written, and a file changed on disk since it was loaded is not overwritten unless asked.

use std::path::{Path, PathBuf};

use crate::document::{DiskStamp, Document, FileId};

/// What a save did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SaveReport {
    pub saved: Vec<PathBuf>,
    /// Files changed on disk since they were loaded: not written, the user is asked.
    pub conflicts: Vec<FileId>,
    /// Files that could not be written, with the reason.
    pub errors: Vec<(PathBuf, String)>,
}

impl SaveReport {
    pub fn is_complete(&self) -> bool {
        self.conflicts.is_empty() && self.errors.is_empty()
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
        let text = match value.to_text() {
            Ok(t) => t,
            Err(e) => {
                report.errors.push((f.path.clone(), e.to_string()));
                continue;
            }
        };
        match write_atomic(&f.path, text.as_bytes()) {
            Ok(()) => {
                let modified = std::fs::metadata(&f.path).and_then(|m| m.modified()).ok();
                f.disk = Some(DiskStamp::of_bytes(text.as_bytes(), modified));
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
