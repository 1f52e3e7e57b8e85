//! The translator's view: every entry of the source language beside its translation in the
//! chosen language, filtered to what is missing or stale, with live placeholder checks and the
//! language's coverage. The logic lives in [`crate::translation`]; these files only draw it and
//! turn what the translator does into edits.
//!
//! ```text
//! state.rs    what the view keeps between frames; row heights
//! toolbar.rs  language picker, adding a language, filter and search, column headers
//! list.rs     the rows shown, cached, and the scrolling list
//! row.rs      one entry: key and status, source and translation fields, placeholder note
//! ```

mod list;
mod row;
mod state;
mod toolbar;

use egui::{RichText, Ui};

use crate::ctx::Ctx;
use crate::document::Document;
use crate::translation::{self, Coverage};
use list::entry_list;
use toolbar::{add_language_field, column_headers, filter_bar, language_picker};

pub use state::TranslateState;

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
