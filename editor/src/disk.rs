//! Files changed on disk by another program while the folder is open: noticing them, and
//! reloading one as an undoable step.
//!
//! Reloading changes two things. The baseline (what is on disk: the file's `saved` value and
//! its stamp) moves to the new version for good, since that is now the truth on disk. The
//! content moves to the new version as an ordinary edit in the history, so undo brings back
//! exactly what the user had before the reload, and every older step still applies to the
//! content it was recorded on.

use crate::document::{DiskStamp, Document, FileId};
use crate::edit::Edit;

/// A file whose content on disk is no longer what the editor loaded or last saved.
#[derive(Debug, Clone, PartialEq)]
pub struct DiskChange {
    pub id: FileId,
    /// The file as it is now on disk.
    pub stamp: DiskStamp,
    /// Whether the user has unsaved changes to it (then the reload is asked, not done).
    pub dirty: bool,
}

/// Files changed on disk since they were loaded or saved. Cheap when nothing changed: a
/// file is read and hashed only when its size or modification time moved.
pub fn changes(doc: &Document) -> Vec<DiskChange> {
    let mut out = Vec::new();
    for f in &doc.files {
        let Some(then) = &f.disk else { continue };
        let Ok(meta) = std::fs::metadata(&f.path) else {
            // deleted or unreadable: saving writes it back; nothing to reload
            continue;
        };
        if meta.len() == then.len && meta.modified().ok() == then.modified {
            continue;
        }
        let Some(now) = DiskStamp::read(&f.path) else {
            continue;
        };
        if !now.same_content(then) {
            out.push(DiskChange {
                id: f.id.clone(),
                stamp: now,
                dirty: f.dirty,
            });
        }
    }
    out
}

/// Remembers that a file's new modification time holds the same content (e.g. `touch`), so
/// it is not read again at every check.
pub fn note_unchanged(doc: &mut Document) {
    for f in &mut doc.files {
        let Some(then) = &mut f.disk else { continue };
        let Ok(meta) = std::fs::metadata(&f.path) else {
            continue;
        };
        if meta.len() == then.len
            && meta.modified().ok() != then.modified
            && let Some(now) = DiskStamp::read(&f.path)
            && now.same_content(then)
        {
            *then = now;
        }
    }
}

/// Reads a changed file and makes the reload: the baseline moves now (not undoable), and
/// the returned edit, applied through the history, moves the content. A file that no longer
/// reads as its kind is refused with the reason, and nothing changes.
pub fn reload(doc: &mut Document, id: &FileId) -> Result<Edit, String> {
    let f = doc
        .file(id)
        .ok_or_else(|| format!("{} is not part of this game", id.file_name()))?;
    if f.value.is_none() {
        return Err(format!(
            "{} did not load when the folder was opened: open the folder again",
            id.file_name()
        ));
    }
    let bytes =
        std::fs::read(&f.path).map_err(|e| format!("cannot read {}: {e}", f.path.display()))?;
    let text = String::from_utf8(bytes.clone()).map_err(|_| {
        format!(
            "{} is no longer UTF-8 text: kept your version",
            id.file_name()
        )
    })?;
    let value = crate::document::parse_value(id.kind(), &text).map_err(|e| {
        format!(
            "{} changed on disk but no longer reads ({e}): kept your version; fix the file or save over it",
            id.file_name()
        )
    })?;
    let modified = std::fs::metadata(&f.path).and_then(|m| m.modified()).ok();
    let stamp = DiskStamp::of_bytes(&bytes, modified);
    if let Some(f) = doc.file_mut(id) {
        f.saved = Some(value.clone());
        f.disk = Some(stamp);
    }
    doc.touched(id);
    Ok(Edit::SetFile {
        id: id.clone(),
        value: Box::new(value),
        label: format!("reload {} from disk", id.file_name()),
    })
}
