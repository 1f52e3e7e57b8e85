//! The Cards view's toolbar and its sortable, filterable table of cards.

use egui::{ComboBox, RichText, ScrollArea, TextEdit, Ui};
use orbat_validator::model::{Card, Id};

use super::lifecycle::{add_card, ask_delete, duplicate_card, usages};
use super::reading::{source_text, title};
use super::state::{CardsState, RowRequest};
use crate::ctx::Ctx;
use crate::decks::{self, Column};

pub(super) fn toolbar(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut CardsState) {
    let deck_ids: Vec<Id> = c
        .doc
        .game()
        .iter()
        .flat_map(|g| &g.decks)
        .map(|d| d.id.clone())
        .collect();
    ui.horizontal_wrapped(|ui| {
        let l = ui.label("Filter");
        ui.add(
            TextEdit::singleline(&mut st.query.text)
                .hint_text("id or title")
                .desired_width(160.0),
        )
        .labelled_by(l.id);
        let l = ui.label("Deck shown");
        let shown = st.query.deck.clone().unwrap_or_else(|| "all decks".into());
        ComboBox::from_id_salt("card-deck-filter")
            .selected_text(shown.to_string())
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut st.query.deck, None, "all decks");
                for d in &deck_ids {
                    ui.selectable_value(&mut st.query.deck, Some(d.clone()), d.as_str());
                }
            })
            .response
            .labelled_by(l.id);
        ui.separator();
        if ui.button("Add card").clicked() {
            add_card(c, st);
        }
        let has = st.selected.is_some();
        if ui
            .add_enabled(has, egui::Button::new("Duplicate"))
            .clicked()
        {
            duplicate_card(c, st);
        }
        if ui.add_enabled(has, egui::Button::new("Delete")).clicked() {
            ask_delete(c, st);
        }
    });
}

pub(super) fn table(ui: &mut Ui, c: &Ctx<'_>, st: &mut CardsState) {
    let Some(cards) = c.doc.cards() else { return };
    let text = source_text(c.doc);
    let rows = decks::table_rows(cards, |id| title(text, id), &st.query);
    ui.label(format!(
        "{} of {} cards shown",
        rows.len(),
        cards.cards.len()
    ));
    ScrollArea::both()
        .id_salt("card-table-scroll")
        .auto_shrink(false)
        .show(ui, |ui| {
            egui::Grid::new("card-table")
                .striped(true)
                .num_columns(Column::ALL.len())
                .show(ui, |ui| {
                    for col in Column::ALL {
                        header(ui, &mut st.query, col);
                    }
                    ui.end_row();
                    for i in rows {
                        let card = &cards.cards[i];
                        let uses = || usages(c.doc, &card.id);
                        row(ui, card, title(text, &card.id), &uses, st);
                        ui.end_row();
                    }
                });
        });
}

/// A column header: click to sort by it, again to reverse. The sorted column shows a small
/// triangle (drawn: the bundled fonts have no arrow glyphs).
pub(super) fn header(ui: &mut Ui, q: &mut decks::TableQuery, col: Column) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        let r = ui
            .add(egui::Button::new(RichText::new(col.label()).strong()).frame(false))
            .accessible_name(col.sort_label());
        if q.sort == col {
            sort_mark(ui, q.descending);
        }
        if r.clicked() {
            if q.sort == col {
                q.descending = !q.descending;
            } else {
                q.sort = col;
                q.descending = false;
            }
        }
    });
}

/// A triangle pointing up (ascending) or down (descending).
pub(super) fn sort_mark(ui: &mut Ui, descending: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
    let (top, bottom) = (rect.top(), rect.bottom());
    let points = if descending {
        vec![
            rect.left_top(),
            rect.right_top(),
            egui::pos2(rect.center().x, bottom),
        ]
    } else {
        vec![
            rect.left_bottom(),
            rect.right_bottom(),
            egui::pos2(rect.center().x, top),
        ]
    };
    let colour = ui.visuals().strong_text_color();
    ui.painter().add(egui::Shape::convex_polygon(
        points,
        colour,
        egui::Stroke::NONE,
    ));
}

pub(super) fn row(
    ui: &mut Ui,
    c: &Card,
    name: Option<&str>,
    uses: &dyn Fn() -> Vec<String>,
    st: &mut CardsState,
) {
    let selected = st.selected.as_deref() == Some(c.id.as_str());
    let opt = |v: Option<u32>| v.map_or_else(String::new, |n| n.to_string());
    ui.label(c.deck.as_str());
    ui.label(c.group.as_str());
    ui.label(c.number.to_string());
    // the id and the title select the row
    let a = ui.selectable_label(selected, c.id.as_str());
    let b = ui.selectable_label(selected, name.unwrap_or("(no title)"));
    if a.clicked() || b.clicked() {
        st.selected = Some(c.id.to_string());
        st.confirm_delete = None;
    }
    for r in [&a, &b] {
        r.context_menu(|ui| {
            if let Some(request) = row_menu(ui, &uses()) {
                st.selected = Some(c.id.to_string());
                st.confirm_delete = None;
                st.row_request = Some(request);
                ui.close();
            }
        });
    }
    ui.label(c.ops.to_string());
    ui.label(opt(c.sr));
    ui.label(opt(c.rp));
    ui.label(decks::flags(c));
}

/// A card row's right-click menu: where the card is used, and what can be done to it.
fn row_menu(ui: &mut Ui, uses: &[String]) -> Option<RowRequest> {
    if uses.is_empty() {
        ui.weak("not named by any card, scenario or text");
    } else {
        ui.weak("Used by:");
        for line in uses {
            ui.weak(line);
        }
    }
    ui.separator();
    if ui.button("Duplicate card").clicked() {
        return Some(RowRequest::Duplicate);
    }
    if ui.button("Delete this card").clicked() {
        return Some(RowRequest::Delete);
    }
    None
}
