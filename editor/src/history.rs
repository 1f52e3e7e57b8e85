//! Undo and redo over [`Edit`]s. A drag (or typing in one field) is merged into one step;
//! the history is capped so a long session does not grow without bound.

use crate::document::Document;
use crate::edit::{Edit, EditError};

/// Steps kept by default.
pub const DEFAULT_CAP: usize = 500;

#[derive(Debug, Clone)]
struct Step {
    label: String,
    redo: Edit,
    undo: Edit,
    /// Edits with the same key merge into this step until [`History::seal`].
    merge_key: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    cap: usize,
}

impl Default for History {
    fn default() -> Self {
        History::with_cap(DEFAULT_CAP)
    }
}

impl History {
    pub fn with_cap(cap: usize) -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            cap: cap.max(1),
        }
    }

    /// Applies an edit as a new undo step.
    pub fn apply(&mut self, doc: &mut Document, edit: Edit) -> Result<(), EditError> {
        self.apply_inner(doc, edit, None)
    }

    /// Applies an edit, merging it into the last step if that step has the same key and
    /// has not been sealed (one drag = one step).
    pub fn apply_merging(
        &mut self,
        doc: &mut Document,
        edit: Edit,
        key: u64,
    ) -> Result<(), EditError> {
        self.apply_inner(doc, edit, Some(key))
    }

    fn apply_inner(
        &mut self,
        doc: &mut Document,
        edit: Edit,
        key: Option<u64>,
    ) -> Result<(), EditError> {
        let label = edit.label();
        let undo = edit.clone().apply(doc)?;
        self.redo.clear();
        if let (Some(k), Some(last)) = (key, self.undo.last_mut())
            && last.merge_key == Some(k)
        {
            let empty = || Edit::Batch {
                label: String::new(),
                edits: vec![],
            };
            let first = std::mem::replace(&mut last.redo, empty());
            last.redo = first.merged(edit);
            let old_undo = std::mem::replace(&mut last.undo, empty());
            last.undo = old_undo.compose_undo(undo);
            return Ok(());
        }
        self.undo.push(Step {
            label,
            redo: edit,
            undo,
            merge_key: key,
        });
        if self.undo.len() > self.cap {
            let extra = self.undo.len() - self.cap;
            self.undo.drain(..extra);
        }
        Ok(())
    }

    /// Ends merging: the next edit starts a new step.
    pub fn seal(&mut self) {
        if let Some(last) = self.undo.last_mut() {
            last.merge_key = None;
        }
    }

    /// Ends merging for one gesture only, leaving others (e.g. a drag on the map) open.
    pub fn seal_key(&mut self, key: u64) {
        if let Some(last) = self.undo.last_mut()
            && last.merge_key == Some(key)
        {
            last.merge_key = None;
        }
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self, doc: &mut Document) -> Result<Option<String>, EditError> {
        let Some(mut step) = self.undo.pop() else {
            return Ok(None);
        };
        match step.undo.clone().apply(doc) {
            Ok(redo) => {
                step.redo = redo;
                step.merge_key = None;
                let label = step.label.clone();
                self.redo.push(step);
                Ok(Some(label))
            }
            Err(e) => {
                self.undo.push(step);
                Err(e)
            }
        }
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self, doc: &mut Document) -> Result<Option<String>, EditError> {
        let Some(mut step) = self.redo.pop() else {
            return Ok(None);
        };
        match step.redo.clone().apply(doc) {
            Ok(undo) => {
                step.undo = undo;
                let label = step.label.clone();
                self.undo.push(step);
                Ok(Some(label))
            }
            Err(e) => {
                self.redo.push(step);
                Err(e)
            }
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }

    pub fn len(&self) -> usize {
        self.undo.len()
    }

    pub fn is_empty(&self) -> bool {
        self.undo.is_empty()
    }
}
