//! The card editor's references to other cards, spaces and units, chosen from pick lists of
//! existing ids (so none can dangle).

use egui::{ComboBox, PopupCloseBehavior, RichText, ScrollArea, TextEdit, Ui};
use orbat_validator::model::{Card, Id, Reinforcement};

use super::edits::set_card;
use super::reading::Options;
use super::state::CardsState;
use crate::ctx::Ctx;

/// The lists of ids a card names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RefField {
    Requires,
    Cancels,
    Prevents,
    Spaces,
}

impl RefField {
    pub(super) const ALL: [RefField; 4] = [
        RefField::Requires,
        RefField::Cancels,
        RefField::Prevents,
        RefField::Spaces,
    ];

    pub(super) fn label(self) -> &'static str {
        match self {
            RefField::Requires => "Requires",
            RefField::Cancels => "Cancels",
            RefField::Prevents => "Prevents",
            RefField::Spaces => "Spaces",
        }
    }

    pub(super) fn help(self) -> &'static str {
        match self {
            RefField::Requires => "cards whose events must have been played before this one",
            RefField::Cancels => "cards whose events this event cancels",
            RefField::Prevents => "cards whose events can no longer be played after this one",
            RefField::Spaces => "spaces the event names",
        }
    }

    pub(super) fn list(self, c: &Card) -> &Vec<Id> {
        match self {
            RefField::Requires => &c.requires,
            RefField::Cancels => &c.cancels,
            RefField::Prevents => &c.prevents,
            RefField::Spaces => &c.spaces,
        }
    }

    pub(super) fn list_mut(self, c: &mut Card) -> &mut Vec<Id> {
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
pub(super) fn references(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
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
    let mut exclude: Vec<String> = current.iter().map(Id::to_string).collect();
    if field != RefField::Spaces {
        // a card naming itself is an error (C003): not offered
        exclude.push(card.id.to_string());
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
            set_card(c, &card.id, &format!("add {p} to {lower}"), None, |c| {
                field.list_mut(c).push(p.into());
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
                    c,
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
pub(super) fn named_id(ui: &mut Ui, id: &str, options: &[(String, String)]) {
    match options.iter().find(|(o, _)| o == id) {
        Some((_, name)) if !name.is_empty() => ui.label(format!("{id} — {name}")),
        Some(_) => ui.label(id),
        None => ui.colored_label(ui.visuals().error_fg_color, format!("{id} (names nothing)")),
    };
}

/// A pick list of existing ids (all but `exclude`), with a search box when it is long.
/// Returns the id picked, and whether the list is open.
pub(super) fn pick_list(
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
pub(super) fn reinforcements(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
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
                set_card(c, &card.id, "remove reinforcement", None, |c| {
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
        set_card(c, &card.id, &label, None, |c| {
            c.reinforcements.push(Reinforcement {
                unit: unit.into(),
                to: to.into(),
                ..Default::default()
            });
        });
        st.new_unit = None;
        st.new_to = None;
    }
    open
}
