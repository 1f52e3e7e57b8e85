//! The translator's view: every entry of the source language beside its translation in the
//! chosen language, filtered to what is missing or stale, with live placeholder checks and the
//! language's coverage. The logic lives in [`crate::translation`]; this file only draws it and
//! turns what the translator does into edits.

use egui::{Color32, Rect, RichText, ScrollArea, TextEdit, TextStyle, Ui, UiBuilder, pos2};
use orbat_validator::model::TextEntry;

use crate::ctx::Ctx;
use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;
use crate::translation::{self, Coverage, Field, Filter, Row, Status};

/// Lines of a text field (a card's event) shown before it scrolls.
const TEXT_LINES: f32 = 4.0;

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
    typing: Option<(String, u64)>,
    /// The rows shown and their tops, computed again only when something they depend on
    /// changes.
    cache: Option<Shown>,
}

/// What the shown rows were computed from.
#[derive(Debug, Clone, PartialEq)]
struct Stamp {
    revision: u64,
    lang: String,
    filter: Filter,
    search: String,
    kept: usize,
    heights: Heights,
}

#[derive(Debug, Clone)]
struct Shown {
    stamp: Stamp,
    rows: Vec<Row>,
    /// Each row's top within the list, then the list's height.
    tops: Vec<f32>,
}

/// Row heights, from the current style: every row has the same layout for its kind, so the
/// list knows where each row is without laying out the ones out of sight.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Heights {
    line: f32,
    text: f32,
    gap: f32,
}

impl Heights {
    fn of(ui: &Ui) -> Heights {
        let body = ui.text_style_height(&TextStyle::Body);
        let line = ui.spacing().interact_size.y.max(body) + ui.spacing().item_spacing.y;
        Heights {
            line,
            text: body * TEXT_LINES + 2.0 * ui.spacing().button_padding.y + 4.0,
            gap: 10.0,
        }
    }

    /// Header and name; with a text, the text fields and the placeholder note too.
    fn row(&self, has_text: bool) -> f32 {
        let base = 2.0 * self.line + self.gap;
        if has_text {
            base + self.text + self.line
        } else {
            base
        }
    }
}

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut TranslateState) {
    let Some(source_lang) = c.doc.game().map(|g| g.source_language.clone()) else {
        ui.label("game.ron did not load, so the source language is unknown: fix game.ron first.");
        return;
    };
    let langs = c.doc.languages();
    let target = translation::target_language(st.lang.as_deref(), &langs, &source_lang);
    ui.horizontal(|ui| {
        language_picker(ui, st, &langs, &source_lang, target.as_deref());
        ui.separator();
        add_language_field(ui, c, st, &langs);
    });
    if let Some(e) = &st.add_error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    let Some(lang) = target else {
        ui.label(format!(
            "This game has only its source language ({source_lang}): add a language to translate into."
        ));
        return;
    };
    let (Some(source), Some(tr)) = (c.doc.text(&source_lang), c.doc.text(&lang)) else {
        ui.label(format!(
            "text.{source_lang}.ron is missing or did not load: there is nothing to translate from."
        ));
        return;
    };
    let cov = translation::coverage(source, tr);
    ui.label(RichText::new(format!("{lang}: {}", cov.long())).strong());
    filter_bar(ui, st);
    ui.separator();
    column_headers(ui, &source_lang, &lang);
    entry_list(ui, c, st, &source_lang, &lang);
}

/// The status bar's part: coverage of the language chosen in the view (`chosen`), nothing
/// with only the source language.
pub fn status(ui: &mut Ui, doc: &Document, chosen: Option<&str>) {
    if let Some((lang, c)) = current_coverage(doc, chosen) {
        ui.label(c.short(&lang)).on_hover_text(c.long());
        ui.separator();
    }
}

fn current_coverage(doc: &Document, chosen: Option<&str>) -> Option<(String, Coverage)> {
    let source_lang = &doc.game()?.source_language;
    let lang = translation::target_language(chosen, &doc.languages(), source_lang)?;
    let c = translation::coverage(doc.text(source_lang)?, doc.text(&lang)?);
    Some((lang, c))
}

fn language_picker(
    ui: &mut Ui,
    st: &mut TranslateState,
    langs: &[String],
    source_lang: &str,
    target: Option<&str>,
) {
    let mut picked = None;
    egui::ComboBox::from_label("Language")
        .selected_text(target.unwrap_or("(none)"))
        .show_ui(ui, |ui| {
            for l in langs.iter().filter(|l| l.as_str() != source_lang) {
                if ui
                    .selectable_label(target == Some(l.as_str()), l.as_str())
                    .clicked()
                {
                    picked = Some(l.clone());
                }
            }
        });
    let Some(picked) = picked else { return };
    if target != Some(picked.as_str()) {
        // the rows kept for the old language mean nothing in the new one
        st.kept.clear();
        st.typing = None;
    }
    // remembered even when it was the language shown by default: it stays chosen
    st.lang = Some(picked);
}

fn add_language_field(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut TranslateState, langs: &[String]) {
    let field = ui
        .add(
            TextEdit::singleline(&mut st.new_lang)
                .hint_text("code, e.g. fr")
                .desired_width(90.0),
        )
        .accessible_name("New language code");
    if field.changed() {
        st.add_error = None;
    }
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ui.button("Add language").clicked() || enter {
        let code = st.new_lang.trim().to_owned();
        let file = FileId::Text(code.clone());
        match translation::check_language_code(&code, langs).and_then(|()| c.doc.can_add(&file)) {
            Ok(()) => add_language(c, st, &code),
            Err(e) => st.add_error = Some(e),
        }
    }
}

/// Creates `text.<code>.ron`, empty, and declares the language in game.ron (one undo step),
/// then translates into it.
fn add_language(c: &mut Ctx<'_>, st: &mut TranslateState, code: &str) {
    let mut edits = vec![Edit::AddFile {
        id: FileId::Text(code.to_owned()),
        value: Box::new(FileValue::Text(translation::empty_file(code))),
    }];
    // game.ron lists every language; leaving the new one out would be an error (R002)
    if let Some(game) = c.doc.game()
        && !game.languages.iter().any(|l| l == code)
    {
        let mut game = game.clone();
        game.languages.push(code.to_owned());
        edits.push(Edit::SetFile {
            id: FileId::Game,
            value: Box::new(FileValue::Game(game)),
            label: format!("add language {code}"),
        });
    }
    c.apply(Edit::Batch {
        label: format!("add language {code}"),
        edits,
    });
    c.message(format!("added text.{code}.ron"));
    st.lang = Some(code.to_owned());
    st.new_lang.clear();
    st.add_error = None;
    st.kept.clear();
}

fn filter_bar(ui: &mut Ui, st: &mut TranslateState) {
    ui.horizontal(|ui| {
        ui.label("Show");
        for f in Filter::ALL {
            if ui.selectable_label(st.filter == f, f.label()).clicked() && st.filter != f {
                st.filter = f;
                st.kept.clear();
            }
        }
        ui.separator();
        let r = ui
            .add(
                TextEdit::singleline(&mut st.search)
                    .hint_text("search keys and texts")
                    .desired_width(220.0),
            )
            .accessible_name("Search entries");
        if r.changed() {
            st.kept.clear();
        }
    });
}

fn column_headers(ui: &mut Ui, source_lang: &str, lang: &str) {
    ui.columns(2, |cols| {
        cols[0].label(RichText::new(format!("Source ({source_lang})")).weak());
        cols[1].label(RichText::new(format!("Translation ({lang})")).weak());
    });
}

/// The rows shown, computed again only when the document, the language, the filter, the
/// search or the kept rows changed (a few hundred entries: not every frame). Taken out of the
/// state while the frame uses it (see [`entry_list`]), so it is never copied.
fn take_shown(
    ui: &Ui,
    doc: &Document,
    st: &mut TranslateState,
    source_lang: &str,
    lang: &str,
) -> Option<Shown> {
    let heights = Heights::of(ui);
    let stamp = Stamp {
        revision: doc.revision,
        lang: lang.to_owned(),
        filter: st.filter,
        search: st.search.clone(),
        kept: st.kept.len(),
        heights,
    };
    if let Some(c) = st.cache.take()
        && c.stamp == stamp
    {
        return Some(c);
    }
    let rows = translation::shown_rows(
        doc.text(source_lang)?,
        doc.text(lang)?,
        st.filter,
        &st.search,
        &st.kept,
    );
    let tops = translation::row_tops(rows.iter().map(|r| heights.row(r.has_text)));
    Some(Shown { stamp, rows, tops })
}

fn entry_list(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    source_lang: &str,
    lang: &str,
) {
    let Some(list) = take_shown(ui, c.doc, st, source_lang, lang) else {
        return;
    };
    if list.rows.is_empty() {
        ui.label(nothing_shown(st));
    } else {
        scroll_rows(ui, c, st, source_lang, lang, &list);
    }
    st.cache = Some(list);
}

/// Why the list is empty, in plain words.
fn nothing_shown(st: &TranslateState) -> &'static str {
    if !st.search.trim().is_empty() {
        return "No entry matches the search.";
    }
    match st.filter {
        Filter::All => "The source language has no entries yet.",
        Filter::Missing => "Nothing is missing: every entry is translated.",
        Filter::Stale => "Nothing is stale: every translation fits today's source.",
    }
}

fn scroll_rows(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    source_lang: &str,
    lang: &str,
    list: &Shown,
) {
    let total = list.tops.last().copied().unwrap_or(0.0);
    let gap = list.stamp.heights.gap;
    ScrollArea::vertical()
        .auto_shrink(false)
        .show_viewport(ui, |ui, viewport| {
            ui.set_height(total);
            let origin = ui.max_rect().min;
            let width = ui.available_width();
            // only the rows in sight are laid out: a game has a few hundred entries
            for i in translation::visible_rows(&list.tops, viewport.min.y, viewport.max.y) {
                let (Some(row), Some(&top), Some(&bottom)) =
                    (list.rows.get(i), list.tops.get(i), list.tops.get(i + 1))
                else {
                    continue;
                };
                let rect = Rect::from_min_max(
                    pos2(origin.x, origin.y + top),
                    pos2(origin.x + width, origin.y + bottom),
                );
                ui.scope_builder(UiBuilder::new().max_rect(rect).id_salt(&row.key), |ui| {
                    ui.set_clip_rect(rect.intersect(ui.clip_rect()));
                    entry_row(ui, c, st, source_lang, lang, &row.key, list.stamp.heights);
                });
                // a thin line between entries, in the gap below each
                let y = rect.bottom() - gap / 2.0;
                ui.painter().hline(
                    rect.x_range(),
                    y,
                    ui.visuals().widgets.noninteractive.bg_stroke,
                );
            }
        });
}

/// One entry being drawn: what its row's parts need.
struct RowCtx<'a> {
    lang: &'a str,
    key: &'a str,
    /// The source entry, as of this frame.
    src: &'a TextEntry,
    h: Heights,
}

/// One entry: its key and status, the source beside the translation, the placeholder note.
fn entry_row(
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
            ui.add(egui::Label::new(&src.name).truncate());
        });
        let name = tr.as_ref().map(|t| t.name.clone()).unwrap_or_default();
        field(&mut cols[1], c, st, &row, Field::Name, name);
        if let Some(text) = &src.text {
            source_text(&mut cols[0], &row, text);
            let current = tr.as_ref().and_then(|t| t.text.clone()).unwrap_or_default();
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
