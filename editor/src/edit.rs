//! Every change to a document is an [`Edit`]: one place to apply it, invert it (undo/redo),
//! and test it. Applying returns the inverse edit; a failed edit changes nothing.

use orbat_validator::model::{Id, Link, MapFile, Space};

use crate::document::{Document, FileId, FileValue};
use crate::refs;

#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    AddSpace {
        index: usize,
        space: Space,
    },
    RemoveSpace {
        index: usize,
    },
    /// New positions for spaces, by index.
    MoveSpaces {
        moves: Vec<(usize, [f32; 2])>,
    },
    /// Replaces a space's properties; its id must stay (use `RenameSpace`).
    SetSpace {
        index: usize,
        space: Space,
    },
    AddLink {
        index: usize,
        link: Link,
    },
    RemoveLink {
        index: usize,
    },
    SetLink {
        index: usize,
        link: Link,
    },
    /// Renames a space and every reference to it in every loaded file.
    RenameSpace {
        from: Id,
        to: Id,
    },
    /// Replaces a whole file's content (recovering an autosave).
    ReplaceFile {
        id: FileId,
        value: Box<FileValue>,
    },
    /// Replaces a file's content: how units, cards, texts and scenarios are edited (small
    /// files, changed whole, so undo restores exactly what was there).
    SetFile {
        id: FileId,
        value: Box<FileValue>,
        label: String,
    },
    /// Adds a file that is not on disk yet (a new scenario or language).
    AddFile {
        id: FileId,
        value: Box<FileValue>,
    },
    /// Removes a file added in this session and never saved (the undo of `AddFile`).
    RemoveFile {
        id: FileId,
    },
    /// Several edits as one step.
    Batch {
        label: String,
        edits: Vec<Edit>,
    },
}

/// Why an edit could not be applied; the message is for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditError(pub String);

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EditError {}

fn err<T>(msg: impl Into<String>) -> Result<T, EditError> {
    Err(EditError(msg.into()))
}

impl Edit {
    /// A short name for menus and the status bar.
    pub fn label(&self) -> String {
        match self {
            Edit::AddSpace { space, .. } => format!("add space {}", space.id),
            Edit::RemoveSpace { .. } => "remove space".into(),
            Edit::MoveSpaces { moves } if moves.len() == 1 => "move space".into(),
            Edit::MoveSpaces { moves } => format!("move {} spaces", moves.len()),
            Edit::SetSpace { space, .. } => format!("edit space {}", space.id),
            Edit::AddLink { link, .. } => format!("link {} – {}", link.a, link.b),
            Edit::RemoveLink { .. } => "remove link".into(),
            Edit::SetLink { link, .. } => format!("edit link {} – {}", link.a, link.b),
            Edit::RenameSpace { from, to } => format!("rename {from} to {to}"),
            Edit::ReplaceFile { id, .. } => format!("recover {}", id.file_name()),
            Edit::SetFile { label, .. } => label.clone(),
            Edit::AddFile { id, .. } => format!("add {}", id.file_name()),
            Edit::RemoveFile { id } => format!("remove {}", id.file_name()),
            Edit::Batch { label, .. } => label.clone(),
        }
    }

    /// Combines this edit with one that follows it into one step (a drag, typing in a field).
    pub fn merged(self, later: Edit) -> Edit {
        match (self, later) {
            (Edit::MoveSpaces { moves: mut a }, Edit::MoveSpaces { moves: b }) => {
                for (i, p) in b {
                    match a.iter_mut().find(|(j, _)| *j == i) {
                        Some(slot) => slot.1 = p,
                        None => a.push((i, p)),
                    }
                }
                Edit::MoveSpaces { moves: a }
            }
            (Edit::SetSpace { index: i, .. }, Edit::SetSpace { index: j, space }) if i == j => {
                Edit::SetSpace { index: j, space }
            }
            (Edit::SetLink { index: i, .. }, Edit::SetLink { index: j, link }) if i == j => {
                Edit::SetLink { index: j, link }
            }
            (Edit::SetFile { id: a, .. }, Edit::SetFile { id, value, label }) if a == id => {
                Edit::SetFile { id, value, label }
            }
            (first, later) => {
                let label = first.label();
                Edit::Batch {
                    label,
                    edits: vec![first, later],
                }
            }
        }
    }

    /// The undo of a merged step: `self` undoes the earlier edit, `later` the later one.
    pub fn compose_undo(self, later: Edit) -> Edit {
        match (self, later) {
            (Edit::MoveSpaces { moves: mut a }, Edit::MoveSpaces { moves: b }) => {
                // `a` already restores the first positions of the spaces it names; `b`'s
                // moves of other spaces are kept whole and in order: a space `b` names twice
                // ends at its last (its first) position, not at the first of `b` kept
                let named: Vec<usize> = a.iter().map(|(j, _)| *j).collect();
                a.extend(b.into_iter().filter(|(i, _)| !named.contains(i)));
                Edit::MoveSpaces { moves: a }
            }
            (s @ Edit::SetSpace { index: i, .. }, Edit::SetSpace { index: j, .. }) if i == j => s,
            (s @ Edit::SetLink { index: i, .. }, Edit::SetLink { index: j, .. }) if i == j => s,
            (Edit::SetFile { id, value, label }, Edit::SetFile { id: later, .. })
                if id == later =>
            {
                Edit::SetFile { id, value, label }
            }
            (earlier, later) => Edit::Batch {
                label: earlier.label(),
                edits: vec![later, earlier],
            },
        }
    }

    /// Applies the edit; returns its inverse. On error the document is unchanged.
    pub fn apply(self, doc: &mut Document) -> Result<Edit, EditError> {
        match self {
            Edit::Batch { label, edits } => apply_batch(doc, label, edits),
            Edit::RenameSpace { from, to } => {
                refs::rename_space(doc, &from, &to).map_err(EditError)?;
                Ok(Edit::RenameSpace { from: to, to: from })
            }
            Edit::ReplaceFile { id, value } => {
                let old = replace_file(doc, &id, *value)?;
                Ok(Edit::ReplaceFile {
                    id,
                    value: Box::new(old),
                })
            }
            Edit::SetFile { id, value, label } => {
                let old = replace_file(doc, &id, *value)?;
                Ok(Edit::SetFile {
                    id,
                    value: Box::new(old),
                    label,
                })
            }
            Edit::AddFile { id, value } => {
                doc.add_file(id.clone(), *value).map_err(EditError)?;
                Ok(Edit::RemoveFile { id })
            }
            Edit::RemoveFile { id } => {
                let value = doc.remove_new_file(&id).map_err(EditError)?;
                Ok(Edit::AddFile {
                    id,
                    value: Box::new(value),
                })
            }
            map_edit => {
                let Some(map) = doc.map_mut() else {
                    return err("the game has no map.ron that loaded: fix or create it first");
                };
                let inverse = apply_to_map(map, map_edit)?;
                doc.touched(&FileId::Map);
                Ok(inverse)
            }
        }
    }
}

/// Puts `value` in place of a loaded file's content; returns the old content.
fn replace_file(doc: &mut Document, id: &FileId, value: FileValue) -> Result<FileValue, EditError> {
    let Some(f) = doc.file_mut(id) else {
        return err(format!("{} is not part of this game", id.file_name()));
    };
    let Some(current) = f.value.as_mut() else {
        return err(format!(
            "{} failed to load and cannot be changed: fix it on disk and the editor picks it up",
            id.file_name()
        ));
    };
    if std::mem::discriminant(current) != std::mem::discriminant(&value) {
        return err(format!("{} holds another kind of file", id.file_name()));
    }
    let old = std::mem::replace(current, value);
    doc.touched(id);
    Ok(old)
}

fn apply_batch(doc: &mut Document, label: String, edits: Vec<Edit>) -> Result<Edit, EditError> {
    let mut inverses = Vec::with_capacity(edits.len());
    for edit in edits {
        match edit.apply(doc) {
            Ok(inv) => inverses.push(inv),
            Err(e) => {
                // leave the document as it was: undo what this batch already did
                for inv in inverses.into_iter().rev() {
                    let _ = inv.apply(doc);
                }
                return Err(e);
            }
        }
    }
    inverses.reverse();
    Ok(Edit::Batch {
        label,
        edits: inverses,
    })
}

fn no_space(index: usize) -> EditError {
    EditError(format!("there is no space number {index}"))
}

fn no_link(index: usize) -> EditError {
    EditError(format!("there is no link number {index}"))
}

fn apply_to_map(map: &mut MapFile, edit: Edit) -> Result<Edit, EditError> {
    match edit {
        Edit::AddSpace { index, space } => {
            if index > map.spaces.len() {
                return Err(no_space(index));
            }
            check_position(space.x, space.y)?;
            map.spaces.insert(index, space);
            Ok(Edit::RemoveSpace { index })
        }
        Edit::RemoveSpace { index } => {
            if index >= map.spaces.len() {
                return Err(no_space(index));
            }
            let space = map.spaces.remove(index);
            Ok(Edit::AddSpace { index, space })
        }
        Edit::MoveSpaces { moves } => {
            for &(i, [x, y]) in &moves {
                if i >= map.spaces.len() {
                    return Err(no_space(i));
                }
                check_position(x, y)?;
            }
            let mut old = Vec::with_capacity(moves.len());
            for (i, [x, y]) in moves {
                let s = &mut map.spaces[i];
                old.push((i, [s.x, s.y]));
                s.x = x;
                s.y = y;
            }
            // restore in reverse so a space listed twice ends where it started
            old.reverse();
            Ok(Edit::MoveSpaces { moves: old })
        }
        Edit::SetSpace { index, space } => {
            let Some(slot) = map.spaces.get_mut(index) else {
                return Err(no_space(index));
            };
            if slot.id != space.id {
                return err("a space's id changes only by renaming it");
            }
            check_position(space.x, space.y)?;
            let old = std::mem::replace(slot, space);
            Ok(Edit::SetSpace { index, space: old })
        }
        Edit::AddLink { index, link } => {
            if index > map.links.len() {
                return Err(no_link(index));
            }
            map.links.insert(index, link);
            Ok(Edit::RemoveLink { index })
        }
        Edit::RemoveLink { index } => {
            if index >= map.links.len() {
                return Err(no_link(index));
            }
            let link = map.links.remove(index);
            Ok(Edit::AddLink { index, link })
        }
        Edit::SetLink { index, link } => {
            let Some(slot) = map.links.get_mut(index) else {
                return Err(no_link(index));
            };
            let old = std::mem::replace(slot, link);
            Ok(Edit::SetLink { index, link: old })
        }
        other => err(format!("`{}` is not a map edit", other.label())),
    }
}

fn check_position(x: f32, y: f32) -> Result<(), EditError> {
    if x.is_finite() && y.is_finite() {
        Ok(())
    } else {
        err("a position must be a finite number")
    }
}

/// Deletes spaces (with every link touching them) and links, as one undoable step.
pub fn delete(map: &MapFile, spaces: &[usize], links: &[usize]) -> Option<Edit> {
    let gone: std::collections::HashSet<&str> = spaces
        .iter()
        .filter_map(|&i| map.spaces.get(i))
        .map(|s| s.id.as_str())
        .collect();
    let mut link_ix: Vec<usize> = map
        .links
        .iter()
        .enumerate()
        .filter(|(i, l)| {
            links.contains(i) || gone.contains(l.a.as_str()) || gone.contains(l.b.as_str())
        })
        .map(|(i, _)| i)
        .collect();
    let mut space_ix: Vec<usize> = spaces
        .iter()
        .copied()
        .filter(|&i| i < map.spaces.len())
        .collect();
    space_ix.sort_unstable();
    space_ix.dedup();
    link_ix.sort_unstable();
    if space_ix.is_empty() && link_ix.is_empty() {
        return None;
    }
    // highest index first, so earlier removals do not shift later ones
    let mut edits: Vec<Edit> = link_ix
        .iter()
        .rev()
        .map(|&index| Edit::RemoveLink { index })
        .collect();
    edits.extend(
        space_ix
            .iter()
            .rev()
            .map(|&index| Edit::RemoveSpace { index }),
    );
    let label = match (space_ix.len(), link_ix.len()) {
        (0, 1) => "delete link".to_owned(),
        (0, n) => format!("delete {n} links"),
        (1, _) => "delete space".to_owned(),
        (n, _) => format!("delete {n} spaces"),
    };
    Some(Edit::Batch { label, edits })
}

/// A fresh space id not used by any space yet: `space-1`, `space-2`, ...
pub fn fresh_space_id(map: &MapFile) -> Id {
    let used: std::collections::HashSet<&str> = map.spaces.iter().map(|s| s.id.as_str()).collect();
    (1..)
        .map(|n| format!("space-{n}"))
        .find(|id| !used.contains(id.as_str()))
        .unwrap_or_default()
        .into()
}

/// Checks that text is usable as a new id; the message says what to change.
pub fn check_new_id(id: &str) -> Result<(), EditError> {
    if id.is_empty() {
        return err("an id cannot be empty");
    }
    if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
    {
        return err(format!(
            "`{c}` cannot be part of an id: use letters, digits, `-`, `_` or `.`"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Edit;

    #[test]
    fn a_merged_undo_puts_a_space_moved_twice_back_where_it_started() {
        // space 1 moved, then space 3 moved twice in one step (from P to A, then to B): the
        // later step's undo restores A, then P
        let earlier_undo = Edit::MoveSpaces {
            moves: vec![(1, [0.0, 0.0])],
        };
        let later_undo = Edit::MoveSpaces {
            moves: vec![(3, [5.0, 5.0]), (3, [300.0, 360.0])],
        };
        let Edit::MoveSpaces { moves } = earlier_undo.compose_undo(later_undo) else {
            panic!("two moves compose into a move");
        };
        let last_of_3 = moves.iter().rev().find(|(i, _)| *i == 3).map(|m| m.1);
        assert_eq!(last_of_3, Some([300.0, 360.0]));
        assert_eq!(moves.first(), Some(&(1, [0.0, 0.0])));
    }
}
