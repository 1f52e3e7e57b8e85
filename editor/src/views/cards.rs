//! The Cards view: every card of cards.ron in a sortable, filterable table with the card
//! editor beside it, or the cards of the chosen scenario (see [`super::scenario_cards`]).
//! References are picked from lists of existing ids, so none can dangle by typing.

use egui::text::{CCursor, CCursorRange};
use egui::{ComboBox, DragValue, PopupCloseBehavior, Response, RichText, ScrollArea, TextEdit, Ui};
use orbat_validator::model::{Card, CardsFile, Reinforcement, TextEntry, TextFile};

use crate::decks::{self, Column};
use crate::document::{FileId, FileValue};
use crate::edit::Edit;
use crate::session::Session;

/// Which half of the view is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The table of every card and the card editor.
    #[default]
    AllCards,
    /// The decks, hands and other lists of the chosen scenario.
    InScenario,
}

#[derive(Debug, Clone, Default)]
pub struct CardsState {
    pub mode: Mode,
    /// The table's filter and sort order.
    pub query: decks::TableQuery,
    /// The card open in the editor, by id.
    pub selected: Option<String>,
    /// The search box of the open pick list.
    pub pick_search: String,
    /// A delete waiting for the user's answer: the card and where it is used.
    pub confirm_delete: Option<(String, Vec<String>)>,
    /// The unit and destination of the reinforcement being added.
    pub new_unit: Option<String>,
    pub new_to: Option<String>,
    /// The field being typed in (or dragged) and its undo-merge key.
    typing: Option<(egui::Id, u64)>,
    /// Where the text cursor was last seen in a card's event text: (card, char index).
    cursor: Option<(String, usize)>,
}

pub fn show(ui: &mut Ui, s: &mut Session) {
    let mut st = std::mem::take(&mut s.views.cards);
    ui.horizontal(|ui| {
        ui.selectable_value(&mut st.mode, Mode::AllCards, "All cards");
        ui.selectable_value(&mut st.mode, Mode::InScenario, "In this scenario");
    });
    ui.separator();
    let mode = st.mode;
    if mode == Mode::AllCards {
        all_cards(ui, s, &mut st);
    }
    s.views.cards = st;
    if mode == Mode::InScenario {
        super::scenario_cards::show(ui, s);
    }
}

fn all_cards(ui: &mut Ui, s: &mut Session, st: &mut CardsState) {
    let Some(cards) = s.doc.cards() else {
        ui.label(if s.doc.file(&FileId::Cards).is_some() {
            "cards.ron did not load: fix the problems listed below, then open the folder again."
        } else {
            "This game has no cards.ron."
        });
        return;
    };
    let open = st
        .selected
        .clone()
        .filter(|id| cards.cards.iter().any(|c| &c.id == id));
    if let Some(id) = open {
        egui::Panel::right("card-editor")
            .resizable(true)
            .default_size(470.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("card-editor-scroll")
                    .show(ui, |ui| editor(ui, s, st, &id));
            });
    }
    toolbar(ui, s, st);
    confirm_delete(ui, s, st);
    ui.separator();
    table(ui, s, st);
}

// ---------------------------------------------------------------------------------------------
// Reading the document

/// The source-language text file, where titles and event texts are written.
fn source_text(s: &Session) -> Option<&TextFile> {
    s.doc.text(&s.doc.game()?.source_language)
}

fn source_lang(s: &Session) -> Option<String> {
    s.doc.game().map(|g| g.source_language.clone())
}

fn title<'a>(text: Option<&'a TextFile>, card: &str) -> Option<&'a str> {
    text?
        .entries
        .get(&format!("card:{card}"))
        .map(|e| e.name.as_str())
}

/// Ids with their display names, for pick lists.
struct Options {
    cards: Vec<(String, String)>,
    spaces: Vec<(String, String)>,
    units: Vec<(String, String)>,
    /// Decks with their groups.
    decks: Vec<(String, Vec<String>)>,
    /// Every `kind:id` a placeholder may name, sorted.
    targets: Vec<String>,
}

impl Options {
    fn of(s: &Session) -> Self {
        let text = source_text(s);
        let named = |kind: &str, id: &str| {
            let name = text
                .and_then(|t| t.entries.get(&format!("{kind}:{id}")))
                .map(|e| e.name.clone())
                .unwrap_or_default();
            (id.to_owned(), name)
        };
        let cards: Vec<_> = s
            .doc
            .cards()
            .iter()
            .flat_map(|f| &f.cards)
            .map(|c| named("card", &c.id))
            .collect();
        let spaces: Vec<_> = s
            .doc
            .map()
            .iter()
            .flat_map(|m| &m.spaces)
            .map(|sp| named("space", &sp.id))
            .collect();
        let units: Vec<_> = s
            .doc
            .units()
            .iter()
            .flat_map(|u| &u.units)
            .map(|u| named("unit", &u.id))
            .collect();
        let decks = s
            .doc
            .game()
            .iter()
            .flat_map(|g| &g.decks)
            .map(|d| {
                (
                    d.id.clone(),
                    d.groups.iter().map(|g| g.id.clone()).collect(),
                )
            })
            .collect();
        let ids = |v: &[(String, String)]| v.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>();
        let targets =
            decks::placeholder_targets(s.doc.game(), s.doc.cards(), &ids(&spaces), &ids(&units));
        Options {
            cards,
            spaces,
            units,
            decks,
            targets,
        }
    }

    fn groups(&self, deck: &str) -> &[String] {
        self.decks
            .iter()
            .find(|(d, _)| d == deck)
            .map_or(&[], |(_, g)| g.as_slice())
    }
}

// ---------------------------------------------------------------------------------------------
// Toolbar and table

fn toolbar(ui: &mut Ui, s: &mut Session, st: &mut CardsState) {
    let deck_ids: Vec<String> = s
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
            .selected_text(shown)
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
            add_card(s, st);
        }
        let has = st.selected.is_some();
        if ui
            .add_enabled(has, egui::Button::new("Duplicate"))
            .clicked()
        {
            duplicate_card(s, st);
        }
        if ui.add_enabled(has, egui::Button::new("Delete")).clicked() {
            ask_delete(s, st);
        }
    });
}

fn table(ui: &mut Ui, s: &Session, st: &mut CardsState) {
    let Some(cards) = s.doc.cards() else { return };
    let text = source_text(s);
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
                        row(ui, &cards.cards[i], title(text, &cards.cards[i].id), st);
                        ui.end_row();
                    }
                });
        });
}

/// A column header: click to sort by it, again to reverse. The sorted column shows a small
/// triangle (drawn: the bundled fonts have no arrow glyphs).
fn header(ui: &mut Ui, q: &mut decks::TableQuery, col: Column) {
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
fn sort_mark(ui: &mut Ui, descending: bool) {
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

fn row(ui: &mut Ui, c: &Card, name: Option<&str>, st: &mut CardsState) {
    let selected = st.selected.as_deref() == Some(c.id.as_str());
    let opt = |v: Option<u32>| v.map_or_else(String::new, |n| n.to_string());
    ui.label(&c.deck);
    ui.label(&c.group);
    ui.label(c.number.to_string());
    // the id and the title select the row
    let a = ui.selectable_label(selected, &c.id);
    let b = ui.selectable_label(selected, name.unwrap_or("(no title)"));
    if a.clicked() || b.clicked() {
        st.selected = Some(c.id.clone());
        st.confirm_delete = None;
    }
    ui.label(c.ops.to_string());
    ui.label(opt(c.sr));
    ui.label(opt(c.rp));
    ui.label(decks::flags(c));
}

// ---------------------------------------------------------------------------------------------
// Adding, duplicating, deleting

/// A new card after the selected one (in the shown deck, else the selected card's, else the
/// game's first), with a title in the source language: one undo step.
fn add_card(s: &mut Session, st: &mut CardsState) {
    let Some(cards) = s.doc.cards() else { return };
    let decks_of_game: Vec<(String, Option<String>)> = s
        .doc
        .game()
        .iter()
        .flat_map(|g| &g.decks)
        .map(|d| (d.id.clone(), d.groups.first().map(|g| g.id.clone())))
        .collect();
    let selected = st
        .selected
        .as_ref()
        .and_then(|id| cards.cards.iter().find(|c| &c.id == id));
    let deck = st
        .query
        .deck
        .clone()
        .or_else(|| selected.map(|c| c.deck.clone()))
        .or_else(|| decks_of_game.first().map(|(d, _)| d.clone()))
        .unwrap_or_else(|| "deck".into());
    let group = match selected {
        Some(c) if c.deck == deck => c.group.clone(),
        _ => decks_of_game
            .iter()
            .find(|(d, _)| d == &deck)
            .and_then(|(_, g)| g.clone())
            .unwrap_or_else(|| "group".into()),
    };
    let card = decks::new_card(cards, &deck, &group);
    let after = selected.map(|c| c.id.clone());
    let id = card.id.clone();
    if insert_card(s, card, after.as_deref(), "New card".into(), "add card") {
        st.selected = Some(id);
        st.query.text.clear();
    }
}

fn duplicate_card(s: &mut Session, st: &mut CardsState) {
    let Some(cards) = s.doc.cards() else { return };
    let Some(original) = st
        .selected
        .as_ref()
        .and_then(|id| cards.cards.iter().find(|c| &c.id == id))
    else {
        return;
    };
    let copy = decks::duplicate(cards, original);
    let name = title(source_text(s), &original.id)
        .map_or_else(|| "Copy".to_owned(), |t| format!("{t} (copy)"));
    let (after, id) = (original.id.clone(), copy.id.clone());
    if insert_card(s, copy, Some(&after), name, "duplicate card") {
        st.selected = Some(id);
    }
}

/// Adds a card after another (else at the end) and its title entry, as one undo step.
fn insert_card(
    s: &mut Session,
    card: Card,
    after: Option<&str>,
    name: String,
    label: &str,
) -> bool {
    let Some(mut cards) = s.doc.cards().cloned() else {
        return false;
    };
    let at = after
        .and_then(|a| cards.cards.iter().position(|c| c.id == a))
        .map_or(cards.cards.len(), |i| i + 1);
    let key = format!("card:{}", card.id);
    cards.cards.insert(at, card);
    let mut edits = vec![set_file(FileId::Cards, FileValue::Cards(cards), label)];
    if let Some(lang) = source_lang(s)
        && let Some(mut text) = s.doc.text(&lang).cloned()
    {
        let entry = TextEntry {
            name,
            text: None,
            source: None,
        };
        text.entries.insert(key, entry);
        edits.push(set_file(FileId::Text(lang), FileValue::Text(text), label));
    }
    s.apply(Edit::Batch {
        label: label.to_owned(),
        edits,
    })
}

fn set_file(id: FileId, value: FileValue, label: &str) -> Edit {
    Edit::SetFile {
        id,
        value: Box::new(value),
        label: label.to_owned(),
    }
}

/// Deletes at once a card nothing names; otherwise asks first, listing where it is used.
fn ask_delete(s: &mut Session, st: &mut CardsState) {
    let Some(id) = st.selected.clone() else {
        return;
    };
    let used = usages(s, &id);
    if used.is_empty() {
        delete_card(s, st, &id);
    } else {
        st.confirm_delete = Some((id, used));
    }
}

fn usages(s: &Session, id: &str) -> Vec<String> {
    let Some(cards) = s.doc.cards() else {
        return vec![];
    };
    let names = s.doc.scenario_files();
    let scenarios: Vec<_> = names
        .iter()
        .filter_map(|n| s.doc.scenario(n).map(|sc| (n.clone(), sc)))
        .collect();
    let langs = s.doc.languages();
    let texts: Vec<_> = langs
        .iter()
        .filter_map(|l| s.doc.text(l).map(|t| (l.clone(), t)))
        .collect();
    decks::usages(id, cards, &scenarios, &texts)
}

fn confirm_delete(ui: &mut Ui, s: &mut Session, st: &mut CardsState) {
    let Some((id, used)) = st.confirm_delete.clone() else {
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Card {id} is used in {} places:", used.len()),
        );
        for u in &used {
            ui.label(format!("• {u}"));
        }
        ui.label(
            "Deleting it also takes it out of other cards and scenarios. Event texts that \
             name it keep their placeholder and will be listed as problems.",
        );
        ui.horizontal(|ui| {
            if ui.button("Delete it everywhere").clicked() {
                delete_card(s, st, &id);
            }
            if ui.button("Keep it").clicked() {
                st.confirm_delete = None;
            }
        });
    });
}

/// Deletes a card, the references other cards and scenarios make to it, and its text in
/// every language: one undo step.
fn delete_card(s: &mut Session, st: &mut CardsState, id: &str) {
    let Some(mut cards) = s.doc.cards().cloned() else {
        return;
    };
    let label = format!("delete card {id}");
    decks::remove_card(&mut cards, id);
    let mut edits = vec![set_file(FileId::Cards, FileValue::Cards(cards), &label)];
    for name in s.doc.scenario_files() {
        let Some(mut sc) = s.doc.scenario(&name).cloned() else {
            continue;
        };
        if decks::place_of(&sc, id).is_some()
            && decks::move_card(&mut sc, None, id, &decks::Place::Unassigned).is_ok()
        {
            edits.push(set_file(
                FileId::Scenario(name),
                FileValue::Scenario(sc),
                &label,
            ));
        }
    }
    let key = format!("card:{id}");
    for lang in s.doc.languages() {
        if let Some(mut t) = s.doc.text(&lang).cloned()
            && t.entries.remove(&key).is_some()
        {
            edits.push(set_file(FileId::Text(lang), FileValue::Text(t), &label));
        }
    }
    if s.apply(Edit::Batch { label, edits }) {
        st.selected = None;
        st.confirm_delete = None;
    }
}

// ---------------------------------------------------------------------------------------------
// The card editor

/// The undo-merge key of a field in use (focused, dragged or just changed): one burst of
/// typing or one drag becomes one undo step.
fn merge_key(s: &mut Session, typing: &mut Option<(egui::Id, u64)>, r: &Response) -> Option<u64> {
    let active = r.has_focus() || r.dragged() || r.changed();
    match typing {
        Some((id, key)) if *id == r.id => {
            let key = *key;
            if !active {
                s.history.seal_key(key);
                *typing = None;
            }
            active.then_some(key)
        }
        _ if active => {
            let key = s.gesture_key();
            *typing = Some((r.id, key));
            Some(key)
        }
        _ => None,
    }
}

/// Changes the card with this id, as one undo step (merged when `key` is given).
fn set_card(
    s: &mut Session,
    id: &str,
    label: &str,
    key: Option<u64>,
    change: impl FnOnce(&mut Card),
) {
    s.change_cards(label, key, |f: &mut CardsFile| {
        if let Some(c) = f.cards.iter_mut().find(|c| c.id == id) {
            change(c);
        }
    });
}

fn editor(ui: &mut Ui, s: &mut Session, st: &mut CardsState, id: &str) {
    let Some(card) = s
        .doc
        .cards()
        .and_then(|f| f.cards.iter().find(|c| c.id == id))
        .cloned()
    else {
        return;
    };
    let options = Options::of(s);
    ui.heading(format!("Card {id}"));
    diagnostics(ui, s, &card);
    fields(ui, s, st, &card, &options);
    ui.separator();
    texts(ui, s, st, &card, &options);
    ui.separator();
    let mut any_open = false;
    for field in RefField::ALL {
        any_open |= references(ui, s, st, &card, field, &options);
    }
    any_open |= reinforcements(ui, s, st, &card, &options);
    if !any_open {
        st.pick_search.clear();
    }
}

/// The validator's findings about this card: its entry in cards.ron and its texts.
fn diagnostics(ui: &mut Ui, s: &Session, card: &Card) {
    let Some(index) = s
        .doc
        .cards()
        .and_then(|f| f.cards.iter().position(|c| c.id == card.id))
    else {
        return;
    };
    let in_cards = format!("/cards/{index}");
    let in_text = format!("/entries/card:{}", card.id);
    let mine = |d: &&orbat_validator::Diagnostic| {
        let file = d
            .location
            .file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let pointer = d.location.pointer.as_deref().unwrap_or_default();
        let under = |p: &str| pointer == p || pointer.starts_with(&format!("{p}/"));
        (file == "cards.ron" && under(&in_cards)) || (file.starts_with("text.") && under(&in_text))
    };
    for d in s.doc.diagnostics.iter().filter(mine) {
        let colour = match d.severity {
            orbat_validator::Severity::Error => ui.visuals().error_fg_color,
            orbat_validator::Severity::Warning => ui.visuals().warn_fg_color,
        };
        ui.colored_label(colour, format!("{}: {}", d.code, d.message));
    }
}

fn fields(ui: &mut Ui, s: &mut Session, st: &mut CardsState, card: &Card, o: &Options) {
    let id = card.id.as_str();
    egui::Grid::new("card-fields")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Id");
            ui.label(id);
            ui.end_row();
            let l = ui.label("Deck");
            let deck_ids: Vec<String> = o.decks.iter().map(|(d, _)| d.clone()).collect();
            if let Some(deck) = pick_one(ui, l.id, ("deck", id), &card.deck, &deck_ids) {
                // a group of the old deck means nothing in the new one: take the new deck's first
                let group = o.groups(&deck).first().cloned();
                set_card(s, id, "change card deck", None, |c| {
                    c.deck = deck;
                    if let Some(g) = group {
                        c.group = g;
                    }
                });
            }
            ui.end_row();
            let l = ui.label("Group");
            if let Some(group) =
                pick_one(ui, l.id, ("group", id), &card.group, o.groups(&card.deck))
            {
                set_card(s, id, "change card group", None, |c| c.group = group);
            }
            ui.end_row();
            number(ui, s, st, id, "Number", card.number, |c, v| c.number = v);
            number(ui, s, st, id, "Ops", card.ops, |c, v| c.ops = v);
            optional_number(ui, s, st, id, "SR", card.sr, |c, v| c.sr = v);
            optional_number(ui, s, st, id, "RP", card.rp, |c, v| c.rp = v);
            ui.label("Flags");
            ui.vertical(|ui| {
                let mut combat = card.combat;
                if ui.checkbox(&mut combat, "Combat card").changed() {
                    set_card(s, id, "change combat flag", None, |c| c.combat = combat);
                }
                let mut removed = card.removed_after_play;
                if ui.checkbox(&mut removed, "Removed after play").changed() {
                    set_card(s, id, "change removed-after-play flag", None, |c| {
                        c.removed_after_play = removed;
                    });
                }
            });
            ui.end_row();
        });
}

/// A pick list of ids; returns the id picked when it differs from `current`.
fn pick_one(
    ui: &mut Ui,
    label: egui::Id,
    salt: (&str, &str),
    current: &str,
    options: &[String],
) -> Option<String> {
    let mut value = current.to_owned();
    let shown = if options.iter().any(|o| o == current) {
        current.to_owned()
    } else {
        format!("{current} (unknown)")
    };
    ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for o in options {
                ui.selectable_value(&mut value, o.clone(), o.as_str());
            }
        })
        .response
        .labelled_by(label);
    (value != current).then_some(value)
}

/// A number field as one grid row; a drag or a typing burst is one undo step.
fn number(
    ui: &mut Ui,
    s: &mut Session,
    st: &mut CardsState,
    id: &str,
    name: &str,
    value: u32,
    set: impl FnOnce(&mut Card, u32),
) {
    let l = ui.label(name);
    let mut v = value;
    let r = ui
        .add(DragValue::new(&mut v).range(0..=999))
        .labelled_by(l.id);
    let key = merge_key(s, &mut st.typing, &r);
    if v != value {
        set_card(
            s,
            id,
            &format!("change card {}", name.to_lowercase()),
            key,
            |c| set(c, v),
        );
    }
    ui.end_row();
}

/// A value the game may not use: a checkbox to have it, then its number.
fn optional_number(
    ui: &mut Ui,
    s: &mut Session,
    st: &mut CardsState,
    id: &str,
    name: &str,
    value: Option<u32>,
    set: impl FnOnce(&mut Card, Option<u32>),
) {
    let l = ui.label(name);
    let mut next = value;
    let mut key = None;
    ui.horizontal(|ui| {
        let mut has = value.is_some();
        ui.checkbox(&mut has, format!("has {name}"));
        next = match (has, value) {
            (true, None) => Some(1),
            (false, _) => None,
            (true, Some(mut n)) => {
                let r = ui
                    .add(DragValue::new(&mut n).range(0..=999))
                    .labelled_by(l.id);
                key = merge_key(s, &mut st.typing, &r);
                Some(n)
            }
        };
    });
    if next != value {
        set_card(s, id, &format!("change card {name}"), key, |c| set(c, next));
    }
    ui.end_row();
}

// ---------------------------------------------------------------------------------------------
// Title and event text

/// The card's title and event text in the source language.
fn texts(ui: &mut Ui, s: &mut Session, st: &mut CardsState, card: &Card, o: &Options) {
    let Some(lang) = source_lang(s) else {
        ui.weak("game.ron did not load: the card's text cannot be edited.");
        return;
    };
    let Some(file) = s.doc.text(&lang) else {
        ui.weak(format!(
            "text.{lang}.ron did not load: the card's text cannot be edited."
        ));
        return;
    };
    let key = format!("card:{}", card.id);
    let entry = file.entries.get(&key).cloned();
    ui.label(RichText::new(format!("Text ({lang})")).strong());
    let mut name = entry.as_ref().map(|e| e.name.clone()).unwrap_or_default();
    let l = ui.label("Title");
    let r = ui
        .add(
            TextEdit::singleline(&mut name)
                .hint_text("the name printed on the card")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    let merge = merge_key(s, &mut st.typing, &r);
    if r.changed() {
        set_entry(s, &lang, &key, "edit card title", merge, |e| e.name = name);
    }
    let text = entry.and_then(|e| e.text).unwrap_or_default();
    event_text(ui, s, st, card, &lang, text, o);
}

/// Changes (or creates) a text entry, as one undo step or part of a typing burst.
fn set_entry(
    s: &mut Session,
    lang: &str,
    key: &str,
    label: &str,
    merge: Option<u64>,
    change: impl FnOnce(&mut TextEntry),
) {
    // a new entry needs a name: the id stands in until a title is typed
    let fallback = key.strip_prefix("card:").unwrap_or(key).to_owned();
    s.change_text(lang, label, merge, |t| {
        let e = t
            .entries
            .entry(key.to_owned())
            .or_insert_with(|| TextEntry {
                name: fallback,
                text: None,
                source: None,
            });
        change(e);
    });
}

fn event_text(
    ui: &mut Ui,
    s: &mut Session,
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
        st.cursor = Some((card.id.clone(), range.primary.index.0));
    }
    let merge = merge_key(s, &mut st.typing, &r);
    if r.changed() {
        let new = (!text.is_empty()).then(|| text.clone());
        set_entry(s, lang, &key, "edit card text", merge, |e| e.text = new);
    }
    completion(ui, s, st, card, lang, &text, edit_id, o);
    for p in decks::unknown_placeholders(&text, &o.targets) {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("{{{p}}} names nothing in this game"),
        );
    }
}

/// Suggestions for the placeholder being typed before the cursor; a click completes it.
#[allow(clippy::too_many_arguments)]
fn completion(
    ui: &mut Ui,
    s: &mut Session,
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
        .filter(|(c, _)| c == &card.id)
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
            set_entry(s, lang, &key, "complete placeholder", None, |e| {
                e.text = Some(new);
            });
            st.cursor = Some((card.id.clone(), end));
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

// ---------------------------------------------------------------------------------------------
// References

/// The lists of ids a card names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RefField {
    Requires,
    Cancels,
    Prevents,
    Spaces,
}

impl RefField {
    const ALL: [RefField; 4] = [
        RefField::Requires,
        RefField::Cancels,
        RefField::Prevents,
        RefField::Spaces,
    ];

    fn label(self) -> &'static str {
        match self {
            RefField::Requires => "Requires",
            RefField::Cancels => "Cancels",
            RefField::Prevents => "Prevents",
            RefField::Spaces => "Spaces",
        }
    }

    fn help(self) -> &'static str {
        match self {
            RefField::Requires => "cards whose events must have been played before this one",
            RefField::Cancels => "cards whose events this event cancels",
            RefField::Prevents => "cards whose events can no longer be played after this one",
            RefField::Spaces => "spaces the event names",
        }
    }

    fn list(self, c: &Card) -> &Vec<String> {
        match self {
            RefField::Requires => &c.requires,
            RefField::Cancels => &c.cancels,
            RefField::Prevents => &c.prevents,
            RefField::Spaces => &c.spaces,
        }
    }

    fn list_mut(self, c: &mut Card) -> &mut Vec<String> {
        match self {
            RefField::Requires => &mut c.requires,
            RefField::Cancels => &mut c.cancels,
            RefField::Prevents => &mut c.prevents,
            RefField::Spaces => &mut c.spaces,
        }
    }
}

/// One list of references: each entry with a remove button, and a pick list to add one.
/// Returns whether the pick list is open.
fn references(
    ui: &mut Ui,
    s: &mut Session,
    st: &mut CardsState,
    card: &Card,
    field: RefField,
    o: &Options,
) -> bool {
    let options = if field == RefField::Spaces {
        &o.spaces
    } else {
        &o.cards
    };
    let current = field.list(card);
    let mut exclude = current.clone();
    if field != RefField::Spaces {
        // a card naming itself is an error (C003): not offered
        exclude.push(card.id.clone());
    }
    let lower = field.label().to_lowercase();
    let mut open = false;
    ui.horizontal(|ui| {
        let l = ui
            .label(RichText::new(field.label()).strong())
            .on_hover_text(field.help());
        let salt = (field.label(), card.id.as_str());
        let (picked, is_open) = pick_list(ui, l.id, salt, "add…", options, &exclude, st);
        open = is_open;
        if let Some(p) = picked {
            set_card(s, &card.id, &format!("add {p} to {lower}"), None, |c| {
                field.list_mut(c).push(p);
            });
        }
    });
    if current.is_empty() {
        ui.weak("none");
    }
    for (i, r) in current.iter().enumerate() {
        ui.horizontal(|ui| {
            named_id(ui, r, options);
            let remove = ui
                .small_button("×")
                .accessible_name(format!("Remove {r} from {lower}"))
                .on_hover_text("remove");
            if remove.clicked() {
                set_card(
                    s,
                    &card.id,
                    &format!("remove {r} from {lower}"),
                    None,
                    |c| {
                        let list = field.list_mut(c);
                        if i < list.len() {
                            list.remove(i);
                        }
                    },
                );
            }
        });
    }
    open
}

/// An id with its name; an id that names nothing is shown in red.
fn named_id(ui: &mut Ui, id: &str, options: &[(String, String)]) {
    match options.iter().find(|(o, _)| o == id) {
        Some((_, name)) if !name.is_empty() => ui.label(format!("{id} — {name}")),
        Some(_) => ui.label(id),
        None => ui.colored_label(ui.visuals().error_fg_color, format!("{id} (names nothing)")),
    };
}

/// A pick list of existing ids (all but `exclude`), with a search box when it is long.
/// Returns the id picked, and whether the list is open.
fn pick_list(
    ui: &mut Ui,
    label: egui::Id,
    salt: impl std::hash::Hash + std::fmt::Debug,
    shown: &str,
    options: &[(String, String)],
    exclude: &[String],
    st: &mut CardsState,
) -> (Option<String>, bool) {
    let mut picked = None;
    let inner = ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .close_behavior(PopupCloseBehavior::CloseOnClickOutside)
        .show_ui(ui, |ui| {
            let available: Vec<&(String, String)> = options
                .iter()
                .filter(|(id, _)| !exclude.contains(id))
                .collect();
            if available.is_empty() {
                ui.weak("nothing left to add");
                return;
            }
            if available.len() > 10 {
                ui.add(
                    TextEdit::singleline(&mut st.pick_search)
                        .hint_text("search")
                        .desired_width(220.0),
                )
                .accessible_name("Search the list");
            }
            let needle = st.pick_search.trim().to_lowercase();
            let hit = |id: &str, name: &str| {
                needle.is_empty()
                    || id.to_lowercase().contains(&needle)
                    || name.to_lowercase().contains(&needle)
            };
            ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                for (id, name) in available.into_iter().filter(|(i, n)| hit(i, n)) {
                    let text = if name.is_empty() {
                        id.clone()
                    } else {
                        format!("{id} — {name}")
                    };
                    if ui.selectable_label(false, text).clicked() {
                        picked = Some(id.clone());
                        ui.close();
                    }
                }
            });
        });
    inner.response.labelled_by(label);
    if picked.is_some() {
        st.pick_search.clear();
    }
    (picked, inner.inner.is_some())
}

/// The units the event brings in: each with a remove button, and two pick lists to add one.
/// Returns whether a pick list is open.
fn reinforcements(
    ui: &mut Ui,
    s: &mut Session,
    st: &mut CardsState,
    card: &Card,
    o: &Options,
) -> bool {
    ui.label(RichText::new("Reinforcements").strong())
        .on_hover_text("units the event brings into play, and where they arrive");
    if card.reinforcements.is_empty() {
        ui.weak("none");
    }
    for (i, r) in card.reinforcements.iter().enumerate() {
        ui.horizontal(|ui| {
            named_id(ui, &r.unit, &o.units);
            ui.label("to");
            named_id(ui, &r.to, &o.spaces);
            let name = format!("Remove reinforcement {} to {}", r.unit, r.to);
            if ui.small_button("×").accessible_name(name).clicked() {
                set_card(s, &card.id, "remove reinforcement", None, |c| {
                    if i < c.reinforcements.len() {
                        c.reinforcements.remove(i);
                    }
                });
            }
        });
    }
    let mut open = false;
    egui::Grid::new("new-reinforcement")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("Unit");
            let shown = st.new_unit.clone().unwrap_or_else(|| "choose…".into());
            let (p, is_open) = pick_list(ui, l.id, ("unit", &card.id), &shown, &o.units, &[], st);
            open |= is_open;
            if p.is_some() {
                st.new_unit = p;
            }
            ui.end_row();
            let l = ui.label("Arrives in");
            let shown = st.new_to.clone().unwrap_or_else(|| "choose…".into());
            let (p, is_open) = pick_list(ui, l.id, ("to", &card.id), &shown, &o.spaces, &[], st);
            open |= is_open;
            if p.is_some() {
                st.new_to = p;
            }
            ui.end_row();
        });
    let ready = st.new_unit.clone().zip(st.new_to.clone());
    let add = ui.add_enabled(ready.is_some(), egui::Button::new("Add reinforcement"));
    if add.clicked()
        && let Some((unit, to)) = ready
    {
        let label = format!("add reinforcement {unit} to {to}");
        set_card(s, &card.id, &label, None, |c| {
            c.reinforcements.push(Reinforcement { unit, to });
        });
        st.new_unit = None;
        st.new_to = None;
    }
    open
}
