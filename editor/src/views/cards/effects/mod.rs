//! The card editor's Event section: the card's `effects` (docs/designing-events.md) as rows
//! of steps, each field edited with the widget its kind calls for. The steps are edited on a
//! copy, written back as one change of the card only when a widget changed them: a card whose
//! steps the designer does not touch is never written, and saving keeps cards.ron's text
//! everywhere else (the document's in-place writer).
//!
//! ```text
//! form.rs     what the widgets share: the context, the ids, this frame's change
//! list.rs     a list of steps: rows, nested lists, add, and what the menus ask
//! menu.rs     a step's menu (move, move to another list, change kind, remove), a choice's
//! fields.rs   the fields of each kind of step
//! attr_list.rs a `SetAttr`'s value that is a list
//! widgets.rs  pick lists of ids, numbers, check boxes, a line of text
//! ```

mod attr_list;
mod fields;
mod form;
mod list;
mod menu;
mod widgets;

use egui::{RichText, Ui};
use orbat_validator::model::Card;

use super::edits::set_card;
use super::state::CardsState;
use crate::ctx::Ctx;
use crate::steps::StepIds;
use form::Form;

/// The Event section of `card`; returns whether one of its pick lists is open.
pub(super) fn event(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState, card: &Card) -> bool {
    ui.label(RichText::new("Event").strong()).on_hover_text(
        "what the event changes, as steps (`effects`): the validator judges every state they make",
    );
    if card.effects.is_empty() {
        ui.weak("no steps");
    }
    let ids = StepIds::of(c.doc);
    let mut steps = card.effects.clone();
    let mut f = Form {
        c,
        typing: &mut st.typing,
        search: &mut st.pick_search,
        ids: &ids,
        card: &card.id,
        changed: None,
        key: None,
        open: false,
        lists: crate::step_paths::lists(&card.effects),
        relocate: None,
    };
    list::steps(ui, &mut f, &Vec::new(), &mut steps);
    if let Some((from, i, to)) = f.relocate.take() {
        crate::step_paths::relocate(&mut steps, &from, i, &to);
    }
    let (changed, key, open) = (f.changed, f.key, f.open);
    // a widget that only showed a value leaves `changed` empty: nothing is written
    if let Some(label) = changed
        && steps != card.effects
    {
        set_card(c, &card.id, &label, key, |card| card.effects = steps);
    }
    open
}
