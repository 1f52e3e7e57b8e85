//! A card's title and event text in the source language, with placeholder completion.

use egui::text::{CCursor, CCursorRange};
use egui::{RichText, TextEdit, Ui};
use orbat_validator::model::{Card, TextEntry};

use super::edits::merge_key;
use super::reading::{Options, source_lang};
use super::state::CardsState;
use crate::ctx::Ctx;
use crate::decks;

/// The card's title and event text in the source language.
pub(super) fn texts(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState, card: &Card, o: &Options) {
    let Some(lang) = source_lang(c.doc) else {
        ui.weak("game.ron did not load: the card's text cannot be edited.");
        return;
    };
    let Some(file) = c.doc.text(&lang) else {
        ui.weak(format!(
            "text.{lang}.ron did not load: the card's text cannot be edited."
        ));
        return;
    };
    let key = format!("card:{}", card.id);
    let entry = file.entries.get(key.as_str()).cloned();
    ui.label(RichText::new(format!("Text ({lang})")).strong());
    let mut name = entry
        .as_ref()
        .map(|e| e.name.to_string())
        .unwrap_or_default();
    let l = ui.label("Title");
    let r = ui
        .add(
            TextEdit::singleline(&mut name)
                .hint_text("the name printed on the card")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    if std::mem::take(&mut st.select_title) {
        // the stand-in title of a card just added: selected, so typing replaces it
        let mut state = egui::text_edit::TextEditState::load(ui.ctx(), r.id).unwrap_or_default();
        let all = CCursorRange::select_all_str(&name);
        state.cursor.set_char_range(Some(all));
        state.store(ui.ctx(), r.id);
        r.request_focus();
    }
    let merge = merge_key(c, &mut st.typing, &r);
    if r.changed() {
        set_entry(c, &lang, &key, "edit card title", merge, |e| {
            e.name = name.into()
        });
    }
    let text = entry
        .and_then(|e| e.text)
        .map(|t| t.to_string())
        .unwrap_or_default();
    event_text(ui, c, st, card, &lang, text, o);
}

/// Changes (or creates) a text entry, as one undo step or part of a typing burst.
pub(super) fn set_entry(
    c: &mut Ctx<'_>,
    lang: &str,
    key: &str,
    label: &str,
    merge: Option<u64>,
    change: impl FnOnce(&mut TextEntry),
) {
    // a new entry needs a name: the id stands in until a title is typed
    let fallback = key.strip_prefix("card:").unwrap_or(key).to_owned();
    c.change_text(lang, label, merge, |t| {
        let e = t.entries.get_or_insert_with(key, || TextEntry {
            name: fallback.into(),
            text: None,
            source: None,
        });
        change(e);
    });
}

pub(super) fn event_text(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut CardsState,
    card: &Card,
    lang: &str,
    mut text: String,
    o: &Options,
) {
    let key = format!("card:{}", card.id);
    let l = ui.label("Event text");
    let out = TextEdit::multiline(&mut text)
        .id_salt(("card-event-text", &card.id))
        .desired_rows(5)
        .desired_width(f32::INFINITY)
        .hint_text("What the event does. Type { to name a card, space, unit or faction.")
        .show(ui);
    let r = out.response.response.clone().labelled_by(l.id);
    let edit_id = r.id;
    if let Some(range) = out.cursor_range {
        st.cursor = Some((card.id.to_string(), range.primary.index.0));
    }
    let merge = merge_key(c, &mut st.typing, &r);
    if r.changed() {
        let new = (!text.is_empty()).then(|| text.as_str().into());
        set_entry(c, lang, &key, "edit card text", merge, |e| e.text = new);
    }
    completion(ui, c, st, card, lang, &text, edit_id, o);
    for p in decks::unknown_placeholders(&text, &o.targets) {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("{{{p}}} names nothing in this game"),
        );
    }
}

/// Suggestions for the placeholder being typed before the cursor; a click completes it.
#[allow(clippy::too_many_arguments)]
pub(super) fn completion(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut CardsState,
    card: &Card,
    lang: &str,
    text: &str,
    edit_id: egui::Id,
    o: &Options,
) {
    let Some(cursor) = st
        .cursor
        .as_ref()
        .filter(|(c, _)| c == card.id)
        .map(|(_, at)| *at)
    else {
        return;
    };
    let Some((start, partial)) = decks::open_placeholder(text, cursor) else {
        return;
    };
    let found = decks::suggestions(&partial, &o.targets, 12);
    if found.is_empty() {
        ui.weak(format!("Nothing in this game matches {{{partial}"));
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Complete with:");
        for f in found {
            if !ui.button(&f).clicked() {
                continue;
            }
            let (new, end) = decks::complete(text, start, cursor, &f);
            let key = format!("card:{}", card.id);
            set_entry(c, lang, &key, "complete placeholder", None, |e| {
                e.text = Some(new.into());
            });
            st.cursor = Some((card.id.to_string(), end));
            // put the cursor after the inserted `}` and give the field its focus back
            if let Some(mut state) = TextEdit::load_state(ui.ctx(), edit_id) {
                let at = CCursorRange::one(CCursor::new(end));
                state.cursor.set_char_range(Some(at));
                TextEdit::store_state(ui.ctx(), edit_id, state);
            }
            ui.memory_mut(|m| m.request_focus(edit_id));
        }
    });
}
