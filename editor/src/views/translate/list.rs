//! The translator's list of entries: the rows shown (cached until what they depend on
//! changes), why none are shown, and scrolling that lays out only the rows in sight.

use egui::{Rect, ScrollArea, Ui, UiBuilder, pos2};

use super::row::entry_row;
use super::state::{Heights, Shown, Stamp, TranslateState};
use crate::ctx::Ctx;
use crate::document::Document;
use crate::translation::{self, Filter};

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

pub(super) fn entry_list(
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
