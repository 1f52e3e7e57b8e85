//! What the translator's view keeps between frames (language, filter, search, kept rows,
//! typing, the rows shown) and the row heights the list is laid out with.

use egui::{TextStyle, Ui};

use crate::translation::{Filter, Row};

/// Lines of a text field (a card's event) shown before it scrolls.
pub(super) const TEXT_LINES: f32 = 4.0;

#[derive(Debug, Clone, Default)]
pub struct TranslateState {
    /// The language translated into; None (or one that went away): the first other than the
    /// source.
    pub lang: Option<String>,
    pub filter: Filter,
    /// Text searched for in keys, source texts and translations.
    pub search: String,
    /// Rows worked on since the filter or search was last changed: they stay shown, so a row
    /// does not vanish under the cursor once it is no longer missing or stale.
    pub kept: Vec<String>,
    /// The language code typed in "Add language".
    pub new_lang: String,
    /// Why the last language could not be added.
    pub add_error: Option<String>,
    /// The field being typed into (`key#name`) and its undo gesture: one step per burst.
    pub(super) typing: Option<(String, u64)>,
    /// The rows shown and their tops, computed again only when something they depend on
    /// changes.
    pub(super) cache: Option<Shown>,
}

/// What the shown rows were computed from.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stamp {
    pub(super) revision: u64,
    pub(super) lang: String,
    pub(super) filter: Filter,
    pub(super) search: String,
    pub(super) kept: usize,
    pub(super) heights: Heights,
}

#[derive(Debug, Clone)]
pub(super) struct Shown {
    pub(super) stamp: Stamp,
    pub(super) rows: Vec<Row>,
    /// Each row's top within the list, then the list's height.
    pub(super) tops: Vec<f32>,
}

/// Row heights, from the current style: every row has the same layout for its kind, so the
/// list knows where each row is without laying out the ones out of sight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Heights {
    line: f32,
    pub(super) text: f32,
    pub(super) gap: f32,
}

impl Heights {
    pub(super) fn of(ui: &Ui) -> Heights {
        let body = ui.text_style_height(&TextStyle::Body);
        let line = ui.spacing().interact_size.y.max(body) + ui.spacing().item_spacing.y;
        Heights {
            line,
            text: body * TEXT_LINES + 2.0 * ui.spacing().button_padding.y + 4.0,
            gap: 10.0,
        }
    }

    /// Header and name; with a text, the text fields and the placeholder note too.
    pub(super) fn row(&self, has_text: bool) -> f32 {
        let base = 2.0 * self.line + self.gap;
        if has_text {
            base + self.text + self.line
        } else {
            base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_with_text_are_taller() {
        let h = Heights {
            line: 20.0,
            text: 70.0,
            gap: 10.0,
        };
        assert!(h.row(true) > h.row(false) + h.text);
    }
}
