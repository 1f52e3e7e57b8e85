//! Autosave to a recovery folder outside the game folder (so neither git nor the validator
//! ever sees it), offered when the folder is opened again after a crash.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;
use crate::save::write_atomic;

/// Where the editor keeps its own state: `$ORBAT_EDITOR_STATE`, else the XDG state folder.
pub fn default_state_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ORBAT_EDITOR_STATE") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("XDG_STATE_HOME") {
        return PathBuf::from(dir).join("orbat-editor");
    }
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(".local/state/orbat-editor"),
        None => std::env::temp_dir().join("orbat-editor"),
    }
}

/// The recovery folder of one game folder.
fn slot(state_dir: &Path, game_dir: &Path) -> PathBuf {
    let mut h = DefaultHasher::new();
    game_dir.hash(&mut h);
    let name = game_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    state_dir
        .join("recovery")
        .join(format!("{name}-{:016x}", h.finish()))
}

/// Writes the changed files of a document to its recovery folder (or clears it when nothing
/// is unsaved).
pub fn autosave(doc: &Document, state_dir: &Path) -> std::io::Result<()> {
    let dir = slot(state_dir, &doc.dir);
    if !doc.is_dirty() {
        return discard(doc, state_dir);
    }
    std::fs::create_dir_all(&dir)?;
    write_atomic(
        &dir.join("folder.txt"),
        doc.dir.to_string_lossy().as_bytes(),
    )?;
    for f in &doc.files {
        let path = dir.join(f.id.file_name());
        match (&f.value, f.dirty) {
            (Some(v), true) => {
                let text = v.to_text().map_err(std::io::Error::other)?;
                write_atomic(&path, text.as_bytes())?;
            }
            _ => {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
    Ok(())
}

/// Forgets the recovery copy of a folder (after a save, or when the user declines it).
pub fn discard(doc: &Document, state_dir: &Path) -> std::io::Result<()> {
    let dir = slot(state_dir, &doc.dir);
    match std::fs::remove_dir_all(&dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Unsaved work found for a folder.
#[derive(Debug, Clone)]
pub struct Recovery {
    pub saved_at: Option<SystemTime>,
    pub files: Vec<(FileId, FileValue)>,
    /// Recovery files that could not be read back, with the reason.
    pub unreadable: Vec<(String, String)>,
}

impl Recovery {
    /// The edit that brings the recovered content into the document (one undoable step).
    pub fn edit(&self) -> Edit {
        Edit::Batch {
            label: "recover unsaved changes".into(),
            edits: self
                .files
                .iter()
                .map(|(id, v)| Edit::ReplaceFile {
                    id: id.clone(),
                    value: Box::new(v.clone()),
                })
                .collect(),
        }
    }
}

/// The recovery copy of a folder, if one was left behind.
pub fn find(doc: &Document, state_dir: &Path) -> Option<Recovery> {
    let dir = slot(state_dir, &doc.dir);
    let entries = std::fs::read_dir(&dir).ok()?;
    let mut rec = Recovery {
        saved_at: None,
        files: Vec::new(),
        unreadable: Vec::new(),
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(id) = FileId::of(&name) else {
            continue;
        };
        if doc.file(&id).and_then(|f| f.value.as_ref()).is_none() {
            continue;
        }
        let modified = entry.metadata().and_then(|m| m.modified()).ok();
        rec.saved_at = rec.saved_at.max(modified);
        let parsed = std::fs::read_to_string(entry.path())
            .map_err(|e| e.to_string())
            .and_then(|text| crate::document::parse_value(id.kind(), &text));
        match parsed {
            // identical to what is open: nothing to recover
            Ok(v) if doc.file(&id).and_then(|f| f.value.as_ref()) == Some(&v) => {}
            Ok(v) => rec.files.push((id, v)),
            Err(e) => rec.unreadable.push((name, e)),
        }
    }
    rec.files.sort_by(|a, b| a.0.cmp(&b.0));
    (!rec.files.is_empty() || !rec.unreadable.is_empty()).then_some(rec)
}

/// Recently opened folders, most recent first.
pub fn recent(state_dir: &Path) -> Vec<PathBuf> {
    std::fs::read_to_string(state_dir.join("recent.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(PathBuf::from)
        .collect()
}

/// Puts a folder at the top of the recent list (keeps ten).
pub fn remember(state_dir: &Path, dir: &Path) -> std::io::Result<()> {
    let mut list = recent(state_dir);
    list.retain(|p| p != dir);
    list.insert(0, dir.to_owned());
    list.truncate(10);
    std::fs::create_dir_all(state_dir)?;
    let text: String = list.iter().map(|p| format!("{}\n", p.display())).collect();
    write_atomic(&state_dir.join("recent.txt"), text.as_bytes())
}
