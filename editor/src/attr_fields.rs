//! The attributes a game declares (game.ron `attributes`), edited in the inspector of the
//! entity that carries them: one row each, with the widget its type calls for (a checkbox, a
//! number in its range, one of the named values, an id of the kind it names), so a value the
//! declaration refuses cannot be entered. An attribute left unset shows its default.

use egui::{ComboBox, DragValue, Ui};
use orbat_validator::model::{AttrDecl, AttrKind, AttrValue, Attrs, Game, Holder, Id, RefKind};

use crate::document::Document;

/// The ids a `Ref` attribute may name, from the document.
pub fn ids_of(doc: &Document, of: RefKind) -> Vec<Id> {
    let game = doc.game();
    let from_game = |f: &dyn Fn(&Game) -> Vec<Id>| game.map(f).unwrap_or_default();
    match of {
        RefKind::Space => doc
            .map()
            .map(|m| m.spaces.iter().map(|s| s.id.clone()).collect())
            .unwrap_or_default(),
        RefKind::Unit => doc
            .units()
            .map(|u| u.units.iter().map(|u| u.id.clone()).collect())
            .unwrap_or_default(),
        RefKind::Card => doc
            .cards()
            .map(|c| c.cards.iter().map(|c| c.id.clone()).collect())
            .unwrap_or_default(),
        RefKind::Faction => from_game(&|g| g.factions.iter().map(|x| x.id.clone()).collect()),
        RefKind::Side => from_game(&|g| g.sides.iter().map(|x| x.id.clone()).collect()),
        RefKind::Area => from_game(&|g| g.areas.iter().map(|x| x.id.clone()).collect()),
        RefKind::Deck => from_game(&|g| g.decks.iter().map(|x| x.id.clone()).collect()),
        RefKind::MarkerKind => {
            from_game(&|g| g.marker_kinds.iter().map(|x| x.id.clone()).collect())
        }
        RefKind::Terrain => from_game(&|g| g.terrains.iter().map(|x| x.id.clone()).collect()),
        RefKind::UnitKind => from_game(&|g| g.unit_kinds.iter().map(|x| x.id.clone()).collect()),
        RefKind::LocationKind => {
            from_game(&|g| g.location_kinds.iter().map(|x| x.id.clone()).collect())
        }
        RefKind::LinkKind => from_game(&|g| g.link_kinds.iter().map(|x| x.id.clone()).collect()),
        RefKind::Track => from_game(&|g| g.tracks.iter().map(|x| x.id.clone()).collect()),
        RefKind::UnitFlag => from_game(&|g| g.unit_flags.iter().map(|x| x.id.clone()).collect()),
    }
}

/// The declared attributes of `holder` as rows of `attrs`; returns true while a number is
/// being dragged or typed (so the caller merges those changes into one undo step).
pub fn show(ui: &mut Ui, doc: &Document, holder: Holder, attrs: &mut Attrs) -> bool {
    let Some(game) = doc.game() else { return false };
    let declared: Vec<&AttrDecl> = game
        .attributes
        .iter()
        .filter(|d| d.on.contains(&holder))
        .collect();
    if declared.is_empty() {
        return false;
    }
    let mut busy = false;
    ui.collapsing("Attributes", |ui| {
        egui::Grid::new(("attrs", holder.as_str()))
            .num_columns(3)
            .show(ui, |ui| {
                for d in declared {
                    let label = ui.label(d.id.as_str()).on_hover_text(format!(
                        "{}{}{}",
                        d.description,
                        if d.description.is_empty() { "" } else { "\n" },
                        d.describe()
                    ));
                    busy |= row(ui, doc, d, label.id, attrs);
                    ui.end_row();
                }
            });
    });
    busy
}

/// A declaration's own `default`, with the widget of its type (a check box for `Bool`, a
/// number in its range, a pick list for `OneOf` and `Ref`): Set starts it at the least value
/// of the type, Unset removes it. True while a number or a text is being typed.
pub fn declared_default(
    ui: &mut Ui,
    doc: &Document,
    d: &AttrDecl,
    label: egui::Id,
    value: &mut Option<AttrValue>,
) -> bool {
    let mut bare = d.clone();
    bare.default = None;
    let mut attrs = Attrs::default();
    if let Some(v) = value.take() {
        attrs.insert(d.id.clone(), v);
    }
    let busy = ui
        .horizontal(|ui| row(ui, doc, &bare, label, &mut attrs))
        .inner;
    *value = attrs.remove(&d.id);
    busy
}

/// One attribute: its value's widget and a button to set or unset it.
fn row(ui: &mut Ui, doc: &Document, d: &AttrDecl, label: egui::Id, attrs: &mut Attrs) -> bool {
    let Some(value) = attrs.get_mut(&d.id) else {
        let shown = match &d.default {
            Some(v) => format!("default: {}", text_of(v)),
            None => "not set".to_owned(),
        };
        ui.weak(shown);
        if ui.small_button("Set").clicked() {
            attrs.insert(d.id.clone(), start_value(doc, d));
        }
        return false;
    };
    let mut busy = false;
    if d.keys.is_some() {
        // a map by id: shown, edited in the file
        ui.label(text_of(value))
            .on_hover_text("edit this map in the file");
    } else if d.list {
        match (d.kind, &mut *value) {
            (AttrKind::OneOf | AttrKind::Ref, AttrValue::List(items)) => {
                let options = options(doc, d);
                let mut ids: Vec<Id> = items.iter().filter_map(as_id).collect();
                crate::pick::many(ui, &mut ids, &options);
                *items = ids.into_iter().map(AttrValue::Text).collect();
            }
            _ => {
                // lists of numbers or texts: shown, edited in the file
                ui.label(text_of(value))
                    .on_hover_text("edit this list in the file");
            }
        }
    } else {
        busy = one(ui, doc, d, label, value);
    }
    if ui.small_button("Unset").clicked() {
        attrs.remove(&d.id);
    }
    busy
}

/// The widget of one value of the declared type; a value of another type (written by hand)
/// is shown as it is, and can only be unset.
pub fn one(
    ui: &mut Ui,
    doc: &Document,
    d: &AttrDecl,
    label: egui::Id,
    value: &mut AttrValue,
) -> bool {
    match (d.kind, value) {
        (AttrKind::Bool, AttrValue::Bool(b)) => {
            ui.checkbox(b, "").labelled_by(label);
            false
        }
        (AttrKind::Int, AttrValue::Int(n)) => {
            let lo = d.min.map_or(i64::MIN, |m| m.ceil() as i64);
            let hi = d.max.map_or(i64::MAX, |m| m.floor() as i64);
            let r = ui.add(DragValue::new(n).range(lo..=hi)).labelled_by(label);
            r.dragged() || r.has_focus()
        }
        (AttrKind::Number, AttrValue::Number(x)) => {
            let lo = d.min.unwrap_or(f64::MIN);
            let hi = d.max.unwrap_or(f64::MAX);
            let r = ui
                .add(DragValue::new(x).range(lo..=hi).speed(0.1))
                .labelled_by(label);
            r.dragged() || r.has_focus()
        }
        (AttrKind::Text, AttrValue::Text(t)) => {
            let mut s = t.to_string();
            let r = ui.text_edit_singleline(&mut s).labelled_by(label);
            if s != t.as_str() {
                *t = s.into();
            }
            r.has_focus()
        }
        (AttrKind::OneOf | AttrKind::Ref, AttrValue::Text(t)) => {
            let options = options(doc, d);
            ComboBox::from_id_salt(label)
                .selected_text(t.as_str())
                .show_ui(ui, |ui| {
                    for o in &options {
                        ui.selectable_value(t, o.clone(), o.as_str());
                    }
                })
                .response
                .labelled_by(label);
            false
        }
        (_, other) => {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} (not {})", text_of(other), d.describe_item()),
            );
            false
        }
    }
}

/// What a `OneOf` or `Ref` attribute may be.
pub fn options(doc: &Document, d: &AttrDecl) -> Vec<Id> {
    match (d.kind, d.of) {
        (AttrKind::Ref, Some(of)) => ids_of(doc, of),
        _ => d.values.clone(),
    }
}

/// The value an attribute gets when set: its default, else the least value of its type.
pub fn start_value(doc: &Document, d: &AttrDecl) -> AttrValue {
    if let Some(v) = &d.default {
        return v.clone();
    }
    if d.keys.is_some() {
        return AttrValue::Map(Default::default());
    }
    if d.list {
        return AttrValue::List(Vec::new());
    }
    match d.kind {
        AttrKind::Bool => AttrValue::Bool(false),
        AttrKind::Int => AttrValue::Int(d.min.map_or(0, |m| m.ceil() as i64)),
        AttrKind::Number => AttrValue::Number(d.min.unwrap_or(0.0)),
        AttrKind::Text => AttrValue::Text(Id::from("")),
        AttrKind::OneOf | AttrKind::Ref => {
            AttrValue::Text(options(doc, d).into_iter().next().unwrap_or_default())
        }
    }
}

fn as_id(v: &AttrValue) -> Option<Id> {
    match v {
        AttrValue::Text(t) => Some(t.clone()),
        _ => None,
    }
}

fn text_of(v: &AttrValue) -> String {
    match v {
        AttrValue::Bool(b) => b.to_string(),
        AttrValue::Int(n) => n.to_string(),
        AttrValue::Number(x) => x.to_string(),
        AttrValue::Text(t) => t.to_string(),
        AttrValue::List(items) => {
            let all: Vec<String> = items.iter().map(text_of).collect();
            format!("[{}]", all.join(", "))
        }
        AttrValue::Map(entries) => {
            let all: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{k}: {}", text_of(v)))
                .collect();
            format!("{{{}}}", all.join(", "))
        }
    }
}
