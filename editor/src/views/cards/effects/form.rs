//! What the Event section's widgets share while they draw: the context, the ids they offer,
//! and what changed this frame (the undo step's label, and the merge key of a field in use).

use orbat_validator::model::{AttrValue, Step};

use crate::ctx::Ctx;
use crate::step_paths::ListPath;
use crate::steps::StepIds;

pub(super) struct Form<'a, 'c> {
    pub(super) c: &'a mut Ctx<'c>,
    /// The field being typed in (or dragged) and its undo-merge key: the Cards view's.
    pub(super) typing: &'a mut Option<(egui::Id, u64)>,
    /// The search box of the open pick list: the Cards view's.
    pub(super) search: &'a mut String,
    pub(super) ids: &'a StepIds,
    /// The card being edited.
    pub(super) card: &'a str,
    /// The label of this frame's change, once a widget changed the steps.
    pub(super) changed: Option<String>,
    /// The merge key of the field that changed, when it is typed in or dragged.
    pub(super) key: Option<u64>,
    /// Whether a pick list is open (its search is kept while one is).
    pub(super) open: bool,
    /// Every list of the card's steps, as drawn (where a step may be moved).
    pub(super) lists: Vec<ListPath>,
    /// A step to move across lists once all are drawn: its list, its index, the list it goes to.
    pub(super) relocate: Option<(ListPath, usize, ListPath)>,
}

impl Form<'_, '_> {
    /// Records that the steps changed, under this undo label.
    pub(super) fn changed(&mut self, label: String) {
        self.changed = Some(label);
    }

    /// A widget's salt: unique per card and accessible name.
    pub(super) fn salt(&self, name: &str) -> (String, String) {
        (self.card.to_owned(), name.to_owned())
    }
}

/// The name of step `i` of the list named `list` ("" for the card's own): `step 2`,
/// `step 1 then step 2`. Accessible labels and undo labels start with it.
pub(super) fn step_name(list: &str, i: usize) -> String {
    if list.is_empty() {
        format!("step {}", i + 1)
    } else {
        format!("{list} step {}", i + 1)
    }
}

/// `text` with its first letter in upper case: an accessible label.
pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether a step holds steps of its own (drawn as nested lists).
pub(super) fn nests(step: &Step) -> bool {
    matches!(step, Step::If { .. } | Step::OneOf(_) | Step::UpTo { .. })
}

/// A value as written in the file.
pub(super) fn written(v: &AttrValue) -> String {
    match v {
        AttrValue::Bool(b) => b.to_string(),
        AttrValue::Int(n) => n.to_string(),
        AttrValue::Number(x) => x.to_string(),
        AttrValue::Text(t) => format!("{t:?}"),
        AttrValue::List(items) => {
            let all: Vec<String> = items.iter().map(written).collect();
            format!("[{}]", all.join(", "))
        }
        AttrValue::Map(entries) => {
            let all: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{k:?}: {}", written(v)))
                .collect();
            format!("{{{}}}", all.join(", "))
        }
    }
}
