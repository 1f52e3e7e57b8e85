//! Changing a card of cards.ron, and the undo gesture of a field in use: one burst of typing
//! or one drag is one undo step.

use egui::Response;
use orbat_validator::model::{Card, CardsFile};

use crate::ctx::Ctx;

/// The undo-merge key of a field in use (focused, dragged or just changed): one burst of
/// typing or one drag becomes one undo step.
pub(super) fn merge_key(
    c: &mut Ctx<'_>,
    typing: &mut Option<(egui::Id, u64)>,
    r: &Response,
) -> Option<u64> {
    let active = r.has_focus() || r.dragged() || r.changed();
    gesture_key(c, typing, r.id, active)
}

/// The undo-merge key of the field `id` while it is `active`; sealed once it no longer is.
pub(super) fn gesture_key(
    c: &mut Ctx<'_>,
    typing: &mut Option<(egui::Id, u64)>,
    id: egui::Id,
    active: bool,
) -> Option<u64> {
    match typing {
        Some((field, key)) if *field == id => {
            let key = *key;
            if !active {
                c.seal_key(key);
                *typing = None;
            }
            active.then_some(key)
        }
        _ if active => {
            let key = c.gesture_key();
            *typing = Some((id, key));
            Some(key)
        }
        _ => None,
    }
}

/// Changes the card with this id, as one undo step (merged when `key` is given).
pub(super) fn set_card(
    c: &mut Ctx<'_>,
    id: &str,
    label: &str,
    key: Option<u64>,
    change: impl FnOnce(&mut Card),
) {
    c.change_cards(label, key, |f: &mut CardsFile| {
        if let Some(c) = f.cards.iter_mut().find(|c| c.id == id) {
            change(c);
        }
    });
}
