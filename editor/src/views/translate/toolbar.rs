//! The translator's view above the list: the language picker, adding a language, the
//! filter and search bar, and the column headers.

use egui::{RichText, TextEdit, Ui};

use super::state::TranslateState;
use crate::ctx::Ctx;
use crate::document::{FileId, FileValue};
use crate::edit::Edit;
use crate::translation::{self, Filter};

pub(super) fn language_picker(
    ui: &mut Ui,
    st: &mut TranslateState,
    langs: &[String],
    source_lang: &str,
    target: Option<&str>,
) {
    let mut picked = None;
    // the source language is not offered: its rows would be their own source. Its names are
    // typed where each thing is edited, and in the Names view.
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
        })
        .response
        .on_hover_text(format!(
            "The language to translate into. Names in the source language ({source_lang}) are \
             typed where each thing is edited (inspector, counter mix, card editor) and, for \
             what game.ron declares, in the Names view."
        ));
    let Some(picked) = picked else { return };
    if target != Some(picked.as_str()) {
        // the rows kept for the old language mean nothing in the new one
        st.kept.clear();
        st.typing = None;
    }
    // remembered even when it was the language shown by default: it stays chosen
    st.lang = Some(picked);
}

pub(super) fn add_language_field(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut TranslateState,
    langs: &[String],
) {
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

pub(super) fn filter_bar(ui: &mut Ui, st: &mut TranslateState) {
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

pub(super) fn column_headers(ui: &mut Ui, source_lang: &str, lang: &str) {
    ui.columns(2, |cols| {
        cols[0].label(RichText::new(format!("Source ({source_lang})")).weak());
        cols[1].label(RichText::new(format!("Translation ({lang})")).weak());
    });
}
