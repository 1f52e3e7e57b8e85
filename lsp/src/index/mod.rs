//! Where every id of a game folder is defined and used, as byte spans of the id itself
//! (inside its quotes, after `card:` in a text key, inside a `{space:...}` placeholder), for
//! go-to-definition, find references, rename and hover.
//!
//! Built by scanning the texts ([`scan::scan`]): a pass over each file's literals with the field
//! each belongs to, judged by the table of reference fields (`crate::kinds`). It needs no
//! parse, so a file being typed is indexed as it is now. A test checks that it finds exactly
//! what the validator's own reference walk finds (`walked`).

pub mod scan;
#[cfg(test)]
pub(crate) mod walked;

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What an id names: the validator's kind names ("space", "faction", "unit value"...).
pub type Kind = &'static str;

/// The kind name of unit values (keys of a unit's `full` and `reduced`, listed in game.ron).
pub const UNIT_VALUE: Kind = "unit value";

/// One appearance of an id in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub file: Arc<Path>,
    /// The id's own bytes in the file's text.
    pub span: Range<usize>,
    pub kind: Kind,
    pub id: String,
    pub role: Role,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Where the id is defined (its `id:` field, a unit value's entry in game.ron).
    Definition,
    /// A text file's entry key (`"card:x"`): the entry of the id in that language.
    TextKey,
    /// Any other use: a reference field, a `{kind:id}` placeholder.
    Use,
}

impl Occurrence {
    pub fn is_definition(&self) -> bool {
        self.role == Role::Definition
    }
}

/// Every occurrence of a folder's ids, by file, each list in text order.
#[derive(Debug, Default, Clone)]
pub struct Index {
    pub by_file: HashMap<PathBuf, Vec<Occurrence>>,
}

impl Index {
    /// (the walk-based build, kept as the test oracle: see `walked`)
    #[cfg(test)]
    pub fn walked(folder: &orbat_validator::load::GameFolder) -> Self {
        walked::build(folder)
    }

    /// The occurrence under a byte offset of a file (its span, ends included, holds it).
    pub fn at(&self, file: &Path, offset: usize) -> Option<&Occurrence> {
        let list = self.by_file.get(file)?;
        let i = list.partition_point(|o| o.span.end < offset);
        list.get(i).filter(|o| o.span.start <= offset)
    }

    /// Every occurrence of an id, definitions first, then by file and position.
    pub fn occurrences(&self, kind: Kind, id: &str) -> Vec<&Occurrence> {
        let mut all: Vec<&Occurrence> = self
            .by_file
            .values()
            .flatten()
            .filter(|o| o.kind == kind && o.id == id)
            .collect();
        all.sort_by(|a, b| {
            (!a.is_definition(), &a.file, a.span.start).cmp(&(
                !b.is_definition(),
                &b.file,
                b.span.start,
            ))
        });
        all
    }

    pub fn definition(&self, kind: Kind, id: &str) -> Option<&Occurrence> {
        self.definitions().find(|o| o.kind == kind && o.id == id)
    }

    pub fn definitions(&self) -> impl Iterator<Item = &Occurrence> {
        self.by_file
            .values()
            .flatten()
            .filter(|o| o.is_definition())
    }
}
