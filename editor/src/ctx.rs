//! The narrow context a view or panel draws with: the document to read (never to change),
//! the selection, the scenario being set up, and an outbox for what it wants done. Changes
//! reach the document only when the session carries the outbox out, after the view returns.

use std::path::PathBuf;

use orbat_validator::model::{CardsFile, Scenario, TextFile, UnitsFile};

use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;
use crate::outbox::{Command, Outbox};
use crate::selection::Selection;

pub struct Ctx<'a> {
    /// The open folder, as it was when the frame began.
    pub doc: &'a Document,
    /// What is selected on the map.
    pub selection: &'a mut Selection,
    /// The scenario being set up (its file name), shared by the set-up and cards views.
    pub scenario: &'a mut Option<String>,
    out: &'a mut Outbox,
    next_key: &'a mut u64,
}

impl<'a> Ctx<'a> {
    pub fn new(
        doc: &'a Document,
        selection: &'a mut Selection,
        scenario: &'a mut Option<String>,
        out: &'a mut Outbox,
        next_key: &'a mut u64,
    ) -> Self {
        Ctx {
            doc,
            selection,
            scenario,
            out,
            next_key,
        }
    }

    /// A fresh key for merging the edits of one gesture into one undo step.
    pub fn gesture_key(&mut self) -> u64 {
        *self.next_key += 1;
        *self.next_key
    }

    /// Asks for an edit as one undo step.
    pub fn apply(&mut self, edit: Edit) {
        self.out.push(Command::Apply {
            edit: Box::new(edit),
            merge: None,
        });
    }

    /// Asks for an edit merged with the previous one of the same gesture.
    pub fn apply_merging(&mut self, edit: Edit, key: u64) {
        self.out.push(Command::Apply {
            edit: Box::new(edit),
            merge: Some(key),
        });
    }

    /// The next edit starts a new undo step.
    pub fn seal(&mut self) {
        self.out.push(Command::Seal);
    }

    /// The next edit of gesture `key` starts a new undo step.
    pub fn seal_key(&mut self, key: u64) {
        self.out.push(Command::SealKey(key));
    }

    /// Selects `selection` once the edits asked for before are applied (not when one of them
    /// is refused).
    pub fn select_after(&mut self, selection: Selection) {
        self.out.push(Command::Select(selection));
    }

    /// Says something in the status bar.
    pub fn message(&mut self, text: impl Into<String>) {
        self.out.push(Command::Message(text.into()));
    }

    /// Selects what a diagnostic names and centres the map on it.
    pub fn focus(&mut self, code: &'static str, file: PathBuf, pointer: Option<String>) {
        self.out.push(Command::Focus {
            code,
            file,
            pointer,
        });
    }

    /// Deletes the selected spaces (with their links) and links.
    pub fn delete_selection(&mut self) {
        self.out.push(Command::DeleteSelection);
    }

    /// Changes one file through a copy of its content, as one undo step (merged with the
    /// previous change of the same gesture when `merge_key` is given, e.g. typing). Returns
    /// false when nothing changed or the file did not load (the reason is in the status bar).
    pub fn change_file(
        &mut self,
        id: &FileId,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut FileValue),
    ) -> bool {
        // a change already asked for this frame is built on, not lost
        let current = self
            .out
            .pending(id)
            .or_else(|| self.doc.file(id).and_then(|f| f.value.as_ref()));
        let Some(current) = current else {
            self.message(format!(
                "{} did not load: fix it on disk and the editor picks it up",
                id.file_name()
            ));
            return false;
        };
        let mut value = current.clone();
        change(&mut value);
        if &value == current {
            return false;
        }
        let edit = Edit::SetFile {
            id: id.clone(),
            value: Box::new(value),
            label: label.to_owned(),
        };
        self.out.push(Command::Apply {
            edit: Box::new(edit),
            merge: merge_key,
        });
        true
    }

    pub fn change_units(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut UnitsFile),
    ) -> bool {
        self.change_file(&FileId::Units, label, merge_key, |v| {
            if let FileValue::Units(u) = v {
                change(u);
            }
        })
    }

    pub fn change_cards(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut CardsFile),
    ) -> bool {
        self.change_file(&FileId::Cards, label, merge_key, |v| {
            if let FileValue::Cards(c) = v {
                change(c);
            }
        })
    }

    pub fn change_text(
        &mut self,
        lang: &str,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut TextFile),
    ) -> bool {
        self.change_file(&FileId::Text(lang.to_owned()), label, merge_key, |v| {
            if let FileValue::Text(t) = v {
                change(t);
            }
        })
    }

    /// Changes the scenario being set up (nothing when none is chosen).
    pub fn change_scenario(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut Scenario),
    ) -> bool {
        let Some(name) = self.scenario.clone() else {
            self.message("choose a scenario first");
            return false;
        };
        self.change_file(&FileId::Scenario(name), label, merge_key, |v| {
            if let FileValue::Scenario(sc) = v {
                change(sc);
            }
        })
    }

    /// The scenario being set up, if it loaded.
    pub fn current_scenario(&self) -> Option<&'a Scenario> {
        self.doc.scenario(self.scenario.as_deref()?)
    }
}
