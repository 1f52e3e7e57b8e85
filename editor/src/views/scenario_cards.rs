//! The cards of the scenario being set up: its draw piles, hands, cards in play and removed,
//! and the game's cards it leaves out. A card moves by drag and drop, or with the "move to"
//! menu its name opens; the deck composition shows what each pile lacks or has too many of.

use std::collections::HashMap;

use egui::{ComboBox, RichText, ScrollArea, Ui};
use orbat_validator::model::Id;

use crate::ctx::Ctx;
use crate::decks::{self, Balance, GroupCount, Place};
use crate::document::Document;

/// Nothing to keep yet: the scenario chosen is the session's, shared with the Set-up view.
#[derive(Debug, Clone, Default)]
pub struct ScenarioCardsState {}

/// Width of one list, so that every list fits side by side on a usual screen.
const LIST_WIDTH: f32 = 150.0;

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>) {
    scenario_picker(ui, c);
    if c.current_scenario().is_none() {
        ui.label(match &*c.scenario {
            None => "Choose a scenario to see its cards.".to_owned(),
            Some(name) => format!("{name} did not load: fix the problems listed below first."),
        });
        return;
    }
    composition(ui, c);
    ui.separator();
    lists(ui, c);
}

/// Which scenario: the choice is shared with the Set-up view.
fn scenario_picker(ui: &mut Ui, c: &mut Ctx<'_>) {
    let files = c.doc.scenario_files();
    if files.is_empty() {
        ui.label("This game has no scenario yet.");
        return;
    }
    ui.horizontal(|ui| {
        let l = ui.label("Scenario");
        let mut chosen = c.scenario.clone();
        let shown = chosen.clone().unwrap_or_else(|| "choose…".into());
        ComboBox::from_id_salt("cards-scenario")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for f in &files {
                    ui.selectable_value(&mut chosen, Some(f.clone()), f.as_str());
                }
            })
            .response
            .labelled_by(l.id);
        if chosen != *c.scenario {
            *c.scenario = chosen;
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Deck composition

fn composition(ui: &mut Ui, c: &Ctx<'_>) {
    let (Some(game), Some(cards), Some(sc)) = (c.doc.game(), c.doc.cards(), c.current_scenario())
    else {
        ui.weak("game.ron or cards.ron did not load: the decks' composition is unknown.");
        return;
    };
    let all = decks::composition(game, cards, sc);
    if all.is_empty() {
        ui.weak("The game declares no decks.");
        return;
    }
    ui.label(RichText::new("Deck composition").strong())
        .on_hover_text(
            "for each group, its cards in the scenario (draw pile, hands, in play, removed) against the count game.ron declares",
        );
    ui.horizontal_wrapped(|ui| {
        for deck in &all {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.label(RichText::new(format!("Deck {}", deck.deck)).strong());
                    for g in &deck.groups {
                        group_line(ui, g);
                    }
                    if !deck.strays.is_empty() {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            format!("Not of this deck: {}", deck.strays.join(", ")),
                        );
                    }
                });
            });
        }
    });
}

/// One group: "mobilization: 5 of 5, complete (2 in the pile, 3 elsewhere)", coloured by how
/// it stands: cards left out are a warning (a group may enter play later), extra cards an error.
fn group_line(ui: &mut Ui, g: &GroupCount) {
    let head = format!("{}: {} of {}", g.group, g.accounted(), g.declared);
    let (text, colour) = match g.balance() {
        Balance::Exact => (format!("{head}, complete"), ui.visuals().text_color()),
        Balance::Missing(n) => (
            format!("{head}, {n} not in this scenario"),
            ui.visuals().warn_fg_color,
        ),
        Balance::Extra(n) => (format!("{head}, {n} too many"), ui.visuals().error_fg_color),
    };
    ui.horizontal(|ui| {
        ui.colored_label(colour, text);
        ui.weak(format!(
            "({} in the pile, {} elsewhere)",
            g.in_pile, g.elsewhere
        ))
        .on_hover_text("elsewhere: in hands, in play or removed");
    });
}

// ---------------------------------------------------------------------------------------------
// The lists

/// What a card shows: its title, and the deck it belongs to (None for an unknown card).
struct CardInfo {
    title: Option<String>,
    deck: Option<String>,
}

fn card_info(doc: &Document) -> HashMap<String, CardInfo> {
    let text = doc.game().and_then(|g| doc.text(&g.source_language));
    doc.cards()
        .iter()
        .flat_map(|f| &f.cards)
        .map(|c| {
            let title = text
                .and_then(|t| t.entries.get(format!("card:{}", c.id).as_str()))
                .map(|e| e.name.to_string());
            let info = CardInfo {
                title,
                deck: Some(c.deck.to_string()),
            };
            (c.id.to_string(), info)
        })
        .collect()
}

/// Every list side by side; a drop or a menu choice moves a card once the lists are drawn.
fn lists(ui: &mut Ui, c: &mut Ctx<'_>) {
    let Some(sc) = c.current_scenario() else {
        return;
    };
    let source = c.doc.game().and_then(|g| c.doc.text(&g.source_language));
    let places: Vec<(Place, String)> = (decks::places(c.doc.game(), sc).into_iter())
        .map(|p| {
            let label = p.label(source);
            (p, label)
        })
        .collect();
    let columns: Vec<(Place, Vec<Id>)> = places
        .iter()
        .map(|(p, _)| (p.clone(), decks::cards_at(sc, c.doc.cards(), p)))
        .collect();
    let info = card_info(c.doc);
    let mut action: Option<(String, Place)> = None;
    ui.weak("Drag a card by its name to another list, or choose where it goes with its … button.");
    ScrollArea::both()
        .id_salt("scenario-card-lists")
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.horizontal_top(|ui| {
                for (place, ids) in &columns {
                    list(ui, place, ids, &places, &info, &mut action);
                }
            });
        });
    if let Some((card, to)) = action {
        move_to(c, &card, &to);
    }
}

/// One list as a drop zone, its cards as drag sources.
fn list(
    ui: &mut Ui,
    place: &Place,
    ids: &[Id],
    places: &[(Place, String)],
    info: &HashMap<String, CardInfo>,
    action: &mut Option<(String, Place)>,
) {
    let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
    // a vertical parent: the zone's contents take its layout, and the lists stand side by side
    let dropped = ui
        .vertical(|ui| {
            let (_, dropped) = ui.dnd_drop_zone::<String, ()>(frame, |ui| {
                ui.set_width(LIST_WIDTH);
                ui.set_min_height(120.0);
                let label = places.iter().find(|(p, _)| p == place).map(|(_, l)| l);
                let heading = format!("{} ({})", label.map_or("", |l| l), ids.len());
                ui.label(RichText::new(heading).strong());
                if ids.is_empty() {
                    ui.weak("drop cards here");
                }
                for id in ids {
                    card(ui, id, place, places, info, action);
                }
            });
            dropped
        })
        .inner;
    if let Some(card) = dropped {
        *action = Some((card.as_ref().clone(), place.clone()));
    }
}

/// A card: a "…" button opens its "move to" menu; its name is the handle to drag it by.
/// (A button inside the drag handle would never get its clicks: the handle lies on top.)
fn card(
    ui: &mut Ui,
    id: &str,
    at: &Place,
    places: &[(Place, String)],
    info: &HashMap<String, CardInfo>,
    action: &mut Option<(String, Place)>,
) {
    let known = info.get(id);
    ui.horizontal(|ui| {
        ui.menu_button("…", |ui| {
            let deck = known.and_then(|k| k.deck.as_deref());
            move_menu(ui, id, deck, at, places, action);
        })
        .response
        .accessible_name(format!("Move {id}"))
        .on_hover_text("move to another list");
        let drag_id = egui::Id::unique(("scenario-card", id));
        ui.dnd_drag_source(drag_id, id.to_owned(), |ui| {
            ui.horizontal(|ui| {
                let name = if known.is_some() {
                    RichText::new(id)
                } else {
                    RichText::new(format!("{id} (unknown)")).color(ui.visuals().error_fg_color)
                };
                ui.add(egui::Label::new(name).selectable(false));
                if let Some(t) = known.and_then(|k| k.title.as_deref()) {
                    let title = egui::Label::new(RichText::new(t).weak());
                    ui.add(title.selectable(false).truncate());
                }
            });
        })
        .response
        .on_hover_text("drag to another list");
    });
}

/// Where the card can go: every other list, but only its own deck's draw pile.
fn move_menu(
    ui: &mut Ui,
    id: &str,
    deck: Option<&str>,
    at: &Place,
    places: &[(Place, String)],
    action: &mut Option<(String, Place)>,
) {
    ui.label("Move to");
    for (p, label) in places.iter().filter(|(p, _)| p != at) {
        if let (Place::Deck(d), Some(own)) = (p, deck)
            && d != own
        {
            continue;
        }
        if ui.button(label).clicked() {
            *action = Some((id.to_owned(), p.clone()));
            ui.close();
        }
    }
}

/// Moves a card as one undo step; a refused move (another deck's pile) says why.
fn move_to(c: &mut Ctx<'_>, card: &str, to: &Place) {
    let cards = c.doc.cards().cloned();
    let here = c
        .current_scenario()
        .and_then(|sc| decks::place_of(sc, card))
        .unwrap_or(Place::Unassigned);
    if here == *to {
        // dropped back where it was
        return;
    }
    if let Err(e) = decks::may_move(cards.as_ref(), card, to) {
        c.message(e);
        return;
    }
    let source = c.doc.game().and_then(|g| c.doc.text(&g.source_language));
    let label = format!("move {card} to {}", to.label(source).to_lowercase());
    c.change_scenario(&label, None, |sc| {
        // checked above, so this cannot be refused
        let _ = decks::move_card(sc, cards.as_ref(), card, to);
    });
}
