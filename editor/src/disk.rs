//! Files changed on disk by another program while the folder is open: noticing them, and
//! reloading one as an undoable step.
//!
//! Reloading changes two things. The baseline (what is on disk: the file's `saved` value, its
//! stamp, and the text saves merge into, its `base`) moves to the new version for good, since that is now the truth on disk. The
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

/// What reading a changed file again did.
#[derive(Debug)]
pub enum Reloaded {
    /// A loaded file's new content, to apply through the history (undo brings back the
    /// previous version).
    Edit(Box<Edit>),
    /// A file that had failed to load now loads: its value is set outright, as there was no
    /// previous version to go back to.
    PickedUp,
    /// A file that had failed to load changed but still does not load: its problems are the
    /// new ones.
    StillFailing,
}

/// Reads a changed file and makes the reload: the baseline moves now (not undoable), and
/// the returned edit, applied through the history, moves the content. A file that no longer
/// reads as its kind is refused with the reason, and nothing changes. A file that had failed
/// to load is read again by the validator's loader, located problems and all.
pub fn reload(doc: &mut Document, id: &FileId) -> Result<Reloaded, String> {
    let f = doc
        .file(id)
        .ok_or_else(|| format!("{} is not part of this game", id.file_name()))?;
    if f.value.is_none() {
        return Ok(load_again(doc, id));
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
        f.base = crate::document::Base::of(&text, Some(&value));
        f.saved = Some(value.clone());
        f.disk = Some(stamp);
    }
    doc.touched(id);
    Ok(Reloaded::Edit(Box::new(Edit::SetFile {
        id: id.clone(),
        value: Box::new(value),
        label: format!("reload {} from disk", id.file_name()),
    })))
}

/// Loads a file that had failed to load, as opening the folder would: its load problems are
/// replaced by the new ones (none when it now loads), and its stamp moves, so that it is read
/// again only when it changes again.
fn load_again(doc: &mut Document, id: &FileId) -> Reloaded {
    let Some(path) = doc.file(id).map(|f| f.path.clone()) else {
        return Reloaded::StillFailing;
    };
    let mut found = Vec::new();
    let folder =
        orbat_validator::load::load_folder(&doc.dir, std::slice::from_ref(&path), &mut found);
    doc.load_diagnostics.retain(|d| d.location.file != path);
    doc.load_diagnostics
        .extend(found.into_iter().filter(|d| d.location.file == path));
    let value = folder.value_of(&path);
    let src = folder.sources.iter().find(|s| s.path == path).cloned();
    let loaded = value.is_some();
    if let Some(f) = doc.file_mut(id) {
        f.base = src
            .as_ref()
            .and_then(|s| crate::document::Base::of(&s.text, value.as_ref()));
        f.saved = value.clone();
        f.value = value;
        f.disk = src.as_ref().map(|s| {
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
            DiskStamp::of_bytes(s.text.as_bytes(), modified)
        });
    }
    doc.touched(id);
    if let Some(f) = doc.file_mut(id) {
        // the diagnostics point into the file as read
        f.src = src;
    }
    if loaded {
        Reloaded::PickedUp
    } else {
        Reloaded::StillFailing
    }
}
