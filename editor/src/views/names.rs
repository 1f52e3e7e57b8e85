//! The Names view: the game's sides, factions, areas, decks, tracks and marker kinds, each
//! with its id, what tells it apart, and its name in the source language, edited in place
//! (one undo step per burst of typing). Spaces, units and cards are named where they are
//! edited (inspector, counter mix, card editor); these are edited nowhere else.

use egui::{RichText, Ui};

use crate::ctx::Ctx;
use crate::game_names::{self, Kind};

#[derive(Debug, Clone, Default)]
pub struct NamesState {
    /// Shows only the things whose id or name holds this text.
    pub filter: String,
    /// Keys named since the filter last changed: they stay shown, so a row does not vanish
    /// under the cursor when its new name no longer matches.
    pub kept: Vec<String>,
}

/// Widths of the columns, the same in every kind's table so that they line up.
const ID_WIDTH: f32 = 200.0;
const ABOUT_WIDTH: f32 = 300.0;
const NAME_WIDTH: f32 = 340.0;

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut NamesState) {
    let doc = c.doc;
    let Some(game) = doc.game() else {
        ui.label("game.ron did not load: fix it first (its problems are listed below); the names of what it declares are edited here once it loads.");
        return;
    };
    let lang = &game.source_language;
    ui.heading("Names");
    ui.label(format!(
        "What game.ron declares, named in the source language ({lang}, in text.{lang}.ron). \
         Spaces, units and cards are named where they are edited: the map's inspector, the \
         counter mix, the card editor."
    ));
    let Some(text) = doc.text(lang) else {
        ui.colored_label(
            ui.visuals().error_fg_color,
            crate::name_field::not_loaded(lang),
        );
        return;
    };
    ui.horizontal(|ui| {
        let label = ui.label("Filter");
        let r = ui
            .add(egui::TextEdit::singleline(&mut st.filter).hint_text("id or name"))
            .labelled_by(label.id);
        if r.changed() {
            st.kept.clear();
        }
    });
    ui.separator();
    let filter = st.filter.to_lowercase();
    let name_of = |key: &str| text.entries.get(key).map(|e| e.name.as_str());
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            for kind in game_names::of(game) {
                let shown: Vec<usize> = (0..kind.things.len())
                    .filter(|&i| {
                        let id = &kind.things[i].id;
                        let key = kind.key(id);
                        filter.is_empty()
                            || st.kept.contains(&key)
                            || id.to_lowercase().contains(&filter)
                            || name_of(&key).is_some_and(|n| n.to_lowercase().contains(&filter))
                    })
                    .collect();
                if !filter.is_empty() && shown.is_empty() {
                    continue;
                }
                let unnamed = kind
                    .things
                    .iter()
                    .filter(|t| name_of(&kind.key(&t.id)).is_none())
                    .count();
                egui::CollapsingHeader::new(header(&kind, unnamed))
                    .id_salt(kind.title)
                    .default_open(true)
                    .show(ui, |ui| {
                        table(ui, c, st, &kind, &shown, lang);
                    });
            }
        });
}

/// `Factions (17)`, `Areas (5, 2 without a name)`.
fn header(kind: &Kind, unnamed: usize) -> RichText {
    let n = kind.things.len();
    let text = match unnamed {
        0 => format!("{} ({n})", kind.title),
        u => format!("{} ({n}, {u} without a name)", kind.title),
    };
    RichText::new(text).strong()
}

/// One kind's things: id, what tells it apart, the name field.
fn table(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut NamesState,
    kind: &Kind,
    shown: &[usize],
    lang: &str,
) {
    if kind.things.is_empty() {
        ui.weak(format!(
            "game.ron declares no {}.",
            kind.title.to_lowercase()
        ));
        return;
    }
    let doc = c.doc;
    egui::Grid::new(("names", kind.title))
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            fixed(ui, ID_WIDTH, RichText::new("id").weak());
            fixed(ui, ABOUT_WIDTH, RichText::new("about").weak());
            ui.label(RichText::new(format!("Name ({lang})")).weak());
            ui.end_row();
            for &i in shown {
                let thing = &kind.things[i];
                fixed(ui, ID_WIDTH, RichText::new(&thing.id).monospace());
                fixed(ui, ABOUT_WIDTH, RichText::new(&thing.about).weak());
                let key = kind.key(&thing.id);
                let accessible = format!("Name of {} {}", kind.noun, thing.id);
                let typed = ui
                    .horizontal(|ui| {
                        // a grid cell offers last frame's column width: ask for the field's
                        ui.set_width(NAME_WIDTH);
                        // the index too: an id game.ron repeats (R001) is still two fields
                        ui.push_id(i, |ui| {
                            crate::name_field::cell(ui, c, &key, &accessible, NAME_WIDTH)
                        })
                        .inner
                    })
                    .inner;
                if typed && !st.kept.contains(&key) {
                    st.kept.push(key.clone());
                }
                if doc.source_name(&key).is_none() {
                    ui.colored_label(ui.visuals().error_fg_color, "no name (T001)");
                }
                ui.end_row();
            }
        });
}

/// A grid cell `width` wide whatever it holds; a longer text is cut short (in full on hover).
fn fixed(ui: &mut Ui, width: f32, text: RichText) {
    ui.horizontal(|ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(text).truncate());
    });
}
