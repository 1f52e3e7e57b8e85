//! What views and panels want done, collected while they draw and carried out afterwards, in
//! order, by the one place that changes the document and keeps the history (the session).

use std::path::PathBuf;

use crate::document::{FileId, FileValue};
use crate::edit::Edit;
use crate::selection::Selection;

/// One thing a view or panel wants done.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Apply an edit as an undo step; with a key, merged into the previous step of the same
    /// gesture (a drag, a burst of typing). A refused edit drops the commands after it.
    Apply { edit: Box<Edit>, merge: Option<u64> },
    /// End merging: the next edit starts a new undo step.
    Seal,
    /// End merging for one gesture only, leaving others (e.g. a drag on the map) open.
    SealKey(u64),
    /// Select this, once the edits asked for before are applied.
    Select(Selection),
    /// Tell the user something in the status bar.
    Message(String),
    /// Select what a diagnostic names (by file and JSON pointer) and centre the map on it.
    Focus {
        /// The diagnostic's code: some codes are fixed elsewhere than where they point.
        code: &'static str,
        file: PathBuf,
        pointer: Option<String>,
    },
    /// Delete the selected spaces (with their links) and links.
    DeleteSelection,
}

/// The commands of one frame, in the order they were asked for.
#[derive(Debug, Clone, Default)]
pub struct Outbox {
    commands: Vec<Command>,
}

impl Outbox {
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Takes every command out, in order.
    pub fn take(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The content a file will have once this outbox is carried out, when a change of the
    /// whole file waits here: a second change in the same frame builds on the first.
    pub fn pending(&self, id: &FileId) -> Option<&FileValue> {
        self.commands.iter().rev().find_map(|c| match c {
            Command::Apply { edit, .. } => match &**edit {
                Edit::SetFile { id: i, value, .. } if i == id => Some(&**value),
                _ => None,
            },
            _ => None,
        })
    }
}
