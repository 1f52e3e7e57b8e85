//! Pick lists of ids for the panels and views: one id, an optional id, a set of ids, and a
//! list of conditions (`AtWar`, `Controls`...). They offer only ids the game defines, so no
//! dangling reference can be typed; an id the game does not define is shown, marked unknown,
//! and can only be removed.

use egui::{ComboBox, Ui};
use orbat_validator::model::{Condition, Game, Id, MapFile, ThinVec};

/// The ids a condition may name.
pub struct ConditionChoices {
    pub factions: Vec<Id>,
    /// Sides then factions (who may control a space).
    pub holders: Vec<Id>,
    pub spaces: Vec<Id>,
    pub marker_kinds: Vec<Id>,
}

impl ConditionChoices {
    pub fn of(game: Option<&Game>, map: Option<&MapFile>) -> Self {
        let factions: Vec<Id> = game
            .map(|g| g.factions.iter().map(|f| f.id.clone()).collect())
            .unwrap_or_default();
        let mut holders: Vec<Id> = game
            .map(|g| g.sides.iter().map(|s| s.id.clone()).collect())
            .unwrap_or_default();
        holders.extend(factions.iter().cloned());
        ConditionChoices {
            factions,
            holders,
            spaces: map
                .map(|m| m.spaces.iter().map(|s| s.id.clone()).collect())
                .unwrap_or_default(),
            marker_kinds: game
                .map(|g| g.marker_kinds.iter().map(|k| k.id.clone()).collect())
                .unwrap_or_default(),
        }
    }
}

/// Ids with the names players read (`Faction A`), in groups with a heading (`Sides`).
pub type NamedGroups = Vec<(&'static str, Vec<(Id, String)>)>;

/// The sides and factions of a game by name, in two groups (who may control a space), or the
/// factions alone.
pub fn holders(doc: &crate::document::Document, sides_too: bool) -> NamedGroups {
    let Some(game) = doc.game() else {
        return Vec::new();
    };
    let named = |prefix: &str, id: &Id| {
        let key = format!("{prefix}:{id}");
        (id.clone(), doc.source_name(&key).unwrap_or(id).to_owned())
    };
    let mut out = Vec::new();
    if sides_too {
        out.push((
            "Sides",
            game.sides.iter().map(|s| named("side", &s.id)).collect(),
        ));
    }
    out.push((
        "Factions",
        game.factions
            .iter()
            .map(|f| named("faction", &f.id))
            .collect(),
    ));
    out
}

/// An optional id picked by name from groups of ids: each option is `Name (id)`, under its
/// group's heading.
pub fn optional_named(ui: &mut Ui, label: egui::Id, value: &mut Option<Id>, groups: &NamedGroups) {
    let all = || groups.iter().flat_map(|(_, g)| g);
    let shown = |id: &Id, name: &str| {
        if name == id.as_str() {
            id.to_string()
        } else {
            format!("{name} ({id})")
        }
    };
    let text = match value {
        None => "(none)".to_owned(),
        Some(v) => match all().find(|(id, _)| id == v) {
            Some((id, name)) => shown(id, name),
            None => format!("{v} (unknown)"),
        },
    };
    ComboBox::from_id_salt(label)
        .selected_text(text)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "(none)");
            for (heading, ids) in groups.iter().filter(|(_, g)| !g.is_empty()) {
                ui.separator();
                ui.weak(*heading);
                for (id, name) in ids {
                    ui.selectable_value(value, Some(id.clone()), shown(id, name));
                }
            }
        })
        .response
        .labelled_by(label);
}

/// A pick list of ids; `label` is the id of the label widget that names it (an id that is no
/// widget's breaks the accessibility tree's label lookup).
pub fn one(ui: &mut Ui, label: egui::Id, value: &mut Id, options: &[Id]) {
    let known = options.contains(value);
    let text = if known {
        value.to_string()
    } else {
        format!("{value} (unknown)")
    };
    ComboBox::from_id_salt(label)
        .selected_text(text)
        .show_ui(ui, |ui| {
            for o in options {
                ui.selectable_value(value, o.clone(), o.as_str());
            }
        })
        .response
        .labelled_by(label);
}

/// A pick list of ids, or none.
pub fn optional(ui: &mut Ui, label: egui::Id, value: &mut Option<Id>, options: &[Id]) {
    let text = match value {
        None => "(none)".to_owned(),
        Some(v) if options.contains(v) => v.to_string(),
        Some(v) => format!("{v} (unknown)"),
    };
    ComboBox::from_id_salt(label)
        .selected_text(text)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "(none)");
            for o in options {
                ui.selectable_value(value, Some(o.clone()), o.as_str());
            }
        })
        .response
        .labelled_by(label);
}

/// Checkboxes for a list of ids (a `Vec` or the model's `ThinVec`), keeping the game's
/// order; unknown ids can only be removed.
pub fn many<L>(ui: &mut Ui, values: &mut L, options: &[Id])
where
    L: std::ops::Deref<Target = [Id]> + FromIterator<Id>,
{
    ui.horizontal_wrapped(|ui| {
        for o in options {
            let mut on = values.contains(o);
            if ui.checkbox(&mut on, o.as_str()).changed() {
                *values = if on {
                    values.iter().chain([o]).cloned().collect()
                } else {
                    values.iter().filter(|v| *v != o).cloned().collect()
                };
            }
        }
        let unknown: Vec<Id> = values
            .iter()
            .filter(|v| !options.contains(v))
            .cloned()
            .collect();
        for u in unknown {
            if ui.button(format!("remove unknown {u}")).clicked() {
                *values = values.iter().filter(|v| **v != u).cloned().collect();
            }
        }
    });
}

/// The kinds of condition, as the pick list names them.
const KINDS: [&str; 5] = ["AtWar", "Neutral", "Controls", "Marked", "Unmarked"];

fn kind_of(c: &Condition) -> &'static str {
    match c {
        Condition::AtWar(_) => "AtWar",
        Condition::Neutral(_) => "Neutral",
        Condition::Controls { .. } => "Controls",
        Condition::Marked { .. } => "Marked",
        Condition::Unmarked { .. } => "Unmarked",
    }
}

/// A new condition of a kind, with the first ids the game offers.
fn condition_of(kind: &str, ch: &ConditionChoices) -> Condition {
    let first = |v: &[Id]| v.first().cloned().unwrap_or_default();
    match kind {
        "Neutral" => Condition::Neutral(first(&ch.factions)),
        "Controls" => Condition::Controls {
            by: first(&ch.holders),
            space: first(&ch.spaces),
        },
        "Marked" => Condition::Marked {
            kind: first(&ch.marker_kinds),
            space: first(&ch.spaces),
        },
        "Unmarked" => Condition::Unmarked {
            kind: first(&ch.marker_kinds),
            space: first(&ch.spaces),
        },
        _ => Condition::AtWar(first(&ch.factions)),
    }
}

/// A list of conditions: each row a kind and its ids, a button to remove it, one to add a
/// condition. `salt` keeps the widgets of two lists apart; `what` names the list for the
/// buttons' accessible labels (e.g. "source condition").
pub fn conditions(
    ui: &mut Ui,
    salt: &str,
    what: &str,
    list: &mut ThinVec<Condition>,
    ch: &ConditionChoices,
) {
    let mut remove = None;
    for (i, c) in list.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let id = ui.make_persistent_id((salt, i));
            let mut kind = kind_of(c);
            let l = ui.label(format!("{what} {}", i + 1));
            ComboBox::from_id_salt(id.with("kind"))
                .selected_text(kind)
                .show_ui(ui, |ui| {
                    for k in KINDS {
                        ui.selectable_value(&mut kind, k, k);
                    }
                })
                .response
                .labelled_by(l.id);
            if kind != kind_of(c) {
                *c = condition_of(kind, ch);
            }
            match c {
                Condition::AtWar(f) | Condition::Neutral(f) => {
                    let l = ui.label("faction");
                    one(ui, l.id, f, &ch.factions);
                }
                Condition::Controls { by, space } => {
                    let l = ui.label("by");
                    one(ui, l.id, by, &ch.holders);
                    let l = ui.label("space");
                    one(ui, l.id, space, &ch.spaces);
                }
                Condition::Marked { kind, space } | Condition::Unmarked { kind, space } => {
                    let l = ui.label("marker");
                    one(ui, l.id, kind, &ch.marker_kinds);
                    let l = ui.label("space");
                    one(ui, l.id, space, &ch.spaces);
                }
            }
            if ui.button(format!("Remove {what} {}", i + 1)).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        list.remove(i);
    }
    if ui.button(format!("Add {what}")).clicked() {
        list.push(condition_of("AtWar", ch));
    }
}
