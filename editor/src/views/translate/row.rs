//! One entry of the translator's list: its key and status, the source beside the
//! translation fields (typed into one undo step per burst), the placeholder note.

use egui::{Color32, RichText, ScrollArea, TextEdit, Ui};
use orbat_validator::model::TextEntry;

use super::state::{Heights, TEXT_LINES, TranslateState};
use crate::ctx::Ctx;
use crate::document::Document;
use crate::translation::{self, Field, Status};

/// One entry being drawn: what its row's parts need.
struct RowCtx<'a> {
    lang: &'a str,
    key: &'a str,
    /// The source entry, as of this frame.
    src: &'a TextEntry,
    h: Heights,
}

/// One entry: its key and status, the source beside the translation, the placeholder note.
pub(super) fn entry_row(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    source_lang: &str,
    lang: &str,
    key: &str,
    h: Heights,
) {
    // copies: the row asks for changes while it shows them
    let Some(src) = c
        .doc
        .text(source_lang)
        .and_then(|t| t.entries.get(key))
        .cloned()
    else {
        ui.label(format!("{key} is no longer in the source"));
        return;
    };
    let tr = c.doc.text(lang).and_then(|t| t.entries.get(key)).cloned();
    let row = RowCtx {
        lang,
        key,
        src: &src,
        h,
    };
    row_header(ui, c, st, &row, tr.as_ref());
    ui.columns(2, |cols| {
        // as tall as the field beside it, so that the two names line up
        cols[0].horizontal(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y);
            ui.add(egui::Label::new(src.name.as_str()).truncate());
        });
        let name = tr.as_ref().map(|t| t.name.clone()).unwrap_or_default();
        field(&mut cols[1], c, st, &row, Field::Name, name.to_string());
        if let Some(text) = &src.text {
            source_text(&mut cols[0], &row, text);
            let current = tr
                .as_ref()
                .and_then(|t| t.text.as_deref().map(String::from))
                .unwrap_or_default();
            field(&mut cols[1], c, st, &row, Field::Text, current);
        }
    });
    if src.text.is_some() {
        placeholder_note(ui, c.doc, &row);
    }
}

/// The key, the status badge and, on a stale entry, "Mark reviewed".
fn row_header(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    row: &RowCtx<'_>,
    tr: Option<&TextEntry>,
) {
    let status = translation::status(row.src, tr);
    ui.horizontal(|ui| {
        ui.label(RichText::new(row.key).monospace().strong());
        let badge = ui.colored_label(badge_color(ui, status), status.describe());
        if let Some(old) = tr.and_then(|t| t.source.as_ref())
            && status.is_stale()
        {
            badge.on_hover_text(format!(
                "translated from: {}{}",
                old.name,
                old.text
                    .as_deref()
                    .map(|t| format!(" — {t}"))
                    .unwrap_or_default()
            ));
        }
        if status.is_stale()
            && ui
                .button("Mark reviewed")
                .on_hover_text("the translation fits today's source: record that source")
                .clicked()
        {
            c.change_text(row.lang, &format!("mark {} reviewed", row.key), None, |t| {
                translation::mark_reviewed(t, row.key, row.src);
            });
            keep(st, row.key);
        }
    });
}

fn badge_color(ui: &Ui, status: Status) -> Color32 {
    match status {
        Status::Missing => ui.visuals().error_fg_color,
        Status::Stale(_) => ui.visuals().warn_fg_color,
        Status::Translated => ui.visuals().weak_text_color(),
    }
}

/// The source text, read-only and selectable, scrolling inside the row when long.
fn source_text(ui: &mut Ui, row: &RowCtx<'_>, text: &str) {
    ScrollArea::vertical()
        .id_salt(("source text", row.key))
        .max_height(row.h.text)
        .min_scrolled_height(row.h.text)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add(egui::Label::new(text).wrap());
        });
}

/// One translation field; typing changes the language's file, one undo step per burst.
fn field(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    row: &RowCtx<'_>,
    which: Field,
    mut value: String,
) {
    let (lang, key) = (row.lang, row.key);
    let (what, id) = match which {
        Field::Name => ("name", format!("{key}#name")),
        Field::Text => ("text", format!("{key}#text")),
    };
    let edit = match which {
        Field::Name => TextEdit::singleline(&mut value).desired_width(f32::INFINITY),
        Field::Text => TextEdit::multiline(&mut value)
            .desired_width(f32::INFINITY)
            .desired_rows(TEXT_LINES as usize),
    }
    .hint_text(format!("{what} in {lang}"))
    .id_salt(("translation", lang, &id));
    let r = match which {
        Field::Name => ui.add(edit),
        Field::Text => {
            ScrollArea::vertical()
                .id_salt(("translation text", key))
                .max_height(row.h.text)
                .auto_shrink([false, true])
                .show(ui, |ui| ui.add(edit))
                .inner
        }
    }
    .accessible_name(format!("{lang} {what} of {key}"));
    if r.gained_focus() {
        // a new burst of typing: a new undo step
        let k = c.gesture_key();
        st.typing = Some((id.clone(), k));
    }
    if r.changed() {
        let k = typing_key(c, st, &id);
        c.change_text(lang, &format!("translate {key}"), Some(k), |t| {
            translation::set_field(t, key, row.src, which, &value);
        });
        keep(st, key);
    }
}

/// The undo gesture of the field being typed into (a new one if typing started elsewhere).
fn typing_key(c: &mut Ctx<'_>, st: &mut TranslateState, id: &str) -> u64 {
    if let Some((f, k)) = &st.typing
        && f == id
    {
        return *k;
    }
    let k = c.gesture_key();
    st.typing = Some((id.to_owned(), k));
    k
}

/// Keeps a row worked on in the list until the filter or search changes.
fn keep(st: &mut TranslateState, key: &str) {
    let kept = &mut st.kept;
    if !kept.iter().any(|k| k == key) {
        kept.push(key.to_owned());
    }
}

/// A red note, live, when the translation's placeholders differ from the source's, in its
/// text or in its name (the validator's T005 judges both).
fn placeholder_note(ui: &mut Ui, doc: &Document, row: &RowCtx<'_>) {
    // no entry yet: the row's "not translated" says enough
    let Some(tr) = doc.text(row.lang).and_then(|t| t.entries.get(row.key)) else {
        return;
    };
    let text = translation::placeholder_diff(row.src.text.as_deref(), tr.text.as_deref());
    if !text.is_empty() {
        ui.colored_label(ui.visuals().error_fg_color, text.note());
    }
    let name = translation::placeholder_diff(Some(&row.src.name), Some(&tr.name));
    if !name.is_empty() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("name: {}", name.note()),
        );
    }
}
