//! The Definition view: everything game.ron declares (sides, factions, relations, terrains,
//! location, link and unit kinds, unit values, areas, stacking, supply, sea supply, unit
//! flags, decks, tracks, marker kinds, rulesets, allowed warnings, attributes) and the game's
//! own checks (checks.ron), edited in forms drawn from the files' schemas ([`form`]), with
//! pick lists of the game's own ids and each part's findings beside it. Renaming an id renames
//! it in every file; deleting one that is used lists the uses first ([`crate::id_uses`]).

mod absent;
mod form;
mod shape;
mod state;
mod typed;

pub use state::DefinitionState;

use egui::{RichText, Ui};
use orbat_validator::load::FileKind;
use serde_json::Value;

use crate::ctx::Ctx;
use crate::document::{FileId, FileValue};
use crate::edit::Edit;
use crate::id_uses::{self, Renamed};
use form::Form;
use state::{Cache, Entries, Pending, Section};

pub fn show(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut DefinitionState) {
    let doc = c.doc;
    if doc.game().is_none() {
        ui.label(
            "game.ron did not load: fix it first (its problems are listed below); the game's \
             definition is edited here once it loads.",
        );
        return;
    }
    let cache = st.cache(doc);
    let cache = &*cache;
    let sections = cache.sections();
    if !sections.iter().any(|s| s.name == st.section) {
        st.section = sections.first().map(|s| s.name.clone()).unwrap_or_default();
        st.entry = None;
    }
    egui::Panel::left("definition-sections")
        .resizable(false)
        .default_size(190.0)
        .show(ui, |ui| {
            ui.heading("Definition");
            egui::ScrollArea::vertical().show(ui, |ui| {
                for s in &sections {
                    let n = cache.findings_of(s).len();
                    let mut text = RichText::new(&s.title);
                    if n > 0 {
                        text = RichText::new(format!("{} ({n} to fix)", s.title))
                            .color(ui.visuals().warn_fg_color);
                    }
                    if ui.selectable_label(st.section == s.name, text).clicked() {
                        st.section = s.name.clone();
                        st.entry = None;
                        st.pending = None;
                    }
                }
                if doc.file(&FileId::Checks).is_none() && ui.button("Add checks.ron").clicked() {
                    c.apply(Edit::AddFile {
                        id: FileId::Checks,
                        value: Box::new(FileValue::Checks(orbat_validator::model::ChecksFile {
                            checks: Vec::new(),
                        })),
                    });
                }
            });
        });
    let Some(section) = sections.into_iter().find(|s| s.name == st.section) else {
        return;
    };
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.heading(&section.title);
            ui.label(RichText::new(&section.about).weak());
            ui.separator();
            if section.name == "general" {
                // the game's own name (the text key `game`), printed on the title page
                crate::name_field::show(ui, c, "game");
            }
            match section.entries {
                Entries::Fields(_) => whole(ui, c, st, cache, &section),
                Entries::List => list(ui, c, st, cache, &section),
            }
        });
}

/// A section edited as one form (`General`: the game's id, languages, stacking...).
fn whole(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut DefinitionState, cache: &Cache, s: &Section) {
    let mut json = cache.json(&s.file).clone();
    let findings = cache.findings_of(s);
    let mut form = Form::new(cache, s, c.doc, &findings);
    let schema = s.schema(cache);
    let changed = form.fields(ui, &schema, &mut json, "");
    let busy = form.busy;
    if changed {
        apply(
            c,
            st,
            &s.file,
            json,
            format!("edit {}", s.title.to_lowercase()),
            busy,
        );
    } else if !busy {
        st.seal(c);
    }
}

/// A list section: its entries, and the form of the one picked.
fn list(ui: &mut Ui, c: &mut Ctx<'_>, st: &mut DefinitionState, cache: &Cache, s: &Section) {
    let json = cache.json(&s.file);
    let items = json
        .get(&s.name)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        for (i, item) in items.iter().enumerate() {
            let title = entry_title(item, i);
            let n = cache
                .findings_under(&s.file, &format!("/{}/{i}", s.name))
                .len();
            let text = if n > 0 {
                RichText::new(format!("{title} ({n} to fix)")).color(ui.visuals().warn_fg_color)
            } else {
                RichText::new(title)
            };
            if ui.selectable_label(st.entry == Some(i), text).clicked() {
                st.entry = Some(i);
                st.pending = None;
            }
        }
        if ui.button(format!("Add {}", s.noun)).clicked() {
            add(c, st, cache, s, items.len());
        }
    });
    ui.separator();
    let Some(i) = st.entry.filter(|&i| i < items.len()) else {
        ui.label(format!("{} in all. Pick one to edit it.", items.len()));
        return;
    };
    entry(ui, c, st, cache, s, i, &items[i]);
}

fn entry_title(item: &Value, i: usize) -> String {
    match item.get("id").and_then(Value::as_str) {
        Some(id) => id.to_owned(),
        None => match item.get("rule").and_then(Value::as_str) {
            Some(rule) => rule.to_owned(),
            None => format!("#{}", i + 1),
        },
    }
}

/// Adds an entry at the end of a list section, with a fresh id when it has ids.
fn add(c: &mut Ctx<'_>, st: &mut DefinitionState, cache: &Cache, s: &Section, at: usize) {
    let form = Form::new(cache, s, c.doc, &[]);
    let mut json = cache.json(&s.file).clone();
    let mut item = form.start_value(&s.item_schema(cache));
    if let Some(obj) = item.as_object_mut()
        && obj.contains_key("id")
    {
        let taken = |id: &str| {
            json.get(&s.name)
                .and_then(Value::as_array)
                .is_some_and(|l| {
                    l.iter()
                        .any(|e| e.get("id").and_then(Value::as_str) == Some(id))
                })
        };
        let fresh = (1..)
            .map(|n| format!("{}-{n}", s.noun.replace(' ', "-")))
            .find(|id| !taken(id))
            .unwrap_or_default();
        obj.insert("id".into(), Value::String(fresh));
    }
    // a limit of 0 would overstack every unit: start at the last kind's limit, else 3
    if s.name == "location_kinds"
        && let Some(stacking) = item.get_mut("stacking")
    {
        let last = json
            .get(&s.name)
            .and_then(Value::as_array)
            .and_then(|l| {
                l.iter()
                    .rev()
                    .find_map(|k| k.pointer("/stacking/Limit")?.as_u64())
            })
            .filter(|&n| n > 0);
        *stacking = serde_json::json!({ "Limit": last.unwrap_or(3) });
    }
    if let Some(list) = json.get_mut(&s.name).and_then(Value::as_array_mut) {
        list.push(item);
    } else if let Some(obj) = json.as_object_mut() {
        obj.insert(s.name.clone(), Value::Array(vec![item]));
    }
    st.seal(c);
    if apply(c, st, &s.file, json, format!("add {}", s.noun), false) {
        st.entry = Some(at);
        st.pending = None;
    }
}

/// One entry: its findings, rename and delete, and its form.
fn entry(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut DefinitionState,
    cache: &Cache,
    s: &Section,
    i: usize,
    item: &Value,
) {
    let at = format!("/{}/{i}", s.name);
    let id = item.get("id").and_then(Value::as_str).map(str::to_owned);
    ui.horizontal(|ui| {
        ui.heading(entry_title(item, i));
        if let (Some(kind), Some(id)) = (s.kind, &id)
            && st.pending.is_none()
            && ui.button("Rename…").clicked()
        {
            st.pending = Some(Pending::Rename {
                to: id.clone(),
                kind,
                at: None,
            });
        }
        if st.pending.is_none() && ui.button("Delete").clicked() {
            let uses = match (s.kind, &id) {
                (Some(kind), Some(id)) => id_uses::uses(c.doc, kind, id)
                    .iter()
                    .map(|u| id_uses::describe(c.doc, u))
                    .collect(),
                _ => Vec::new(),
            };
            if uses.is_empty() {
                delete(c, st, cache, s, i, id.as_deref());
            } else {
                st.pending = Some(Pending::Delete { uses });
            }
        }
    });
    if pending(ui, c, st, cache, s, i, id.as_deref()) {
        return;
    }
    let findings = cache.findings_under(&s.file, &at);
    for (pointer, message) in &findings {
        if pointer == &at || pointer == &format!("{at}/id") {
            ui.colored_label(ui.visuals().error_fg_color, message);
        }
    }
    let mut json = cache.json(&s.file).clone();
    let Some(value) = json.pointer_mut(&at) else {
        return;
    };
    let item_schema = s.item_schema(cache);
    let mut form = Form {
        holder: s.holder,
        fixed_id: s.kind.is_some(),
        ..Form::new(cache, s, c.doc, &findings)
    };
    let changed = form.fields(ui, &item_schema, value, &at);
    let busy = form.busy;
    if let Some(group) = form.rename.take() {
        let id = cache.json(&s.file).pointer(&format!("{group}/id"));
        st.pending = Some(Pending::Rename {
            to: id.and_then(Value::as_str).unwrap_or("").to_owned(),
            kind: "deck group",
            at: Some(group),
        });
        return;
    }
    if changed {
        let label = format!("edit {} {}", s.noun, entry_title(item, i));
        apply(c, st, &s.file, json, label, busy);
    } else if !busy {
        st.seal(c);
    }
}

/// A rename being typed or a deletion being confirmed; true while one is shown.
fn pending(
    ui: &mut Ui,
    c: &mut Ctx<'_>,
    st: &mut DefinitionState,
    cache: &Cache,
    s: &Section,
    i: usize,
    id: Option<&str>,
) -> bool {
    let Some(mut p) = st.pending.take() else {
        return false;
    };
    let mut done = false;
    ui.group(|ui| match &mut p {
        Pending::Rename { to, kind, at } => {
            ui.horizontal(|ui| {
                let label = ui.label("New id");
                let field = ui.text_edit_singleline(to).labelled_by(label.id);
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Rename everywhere").clicked() || enter {
                    let json = cache.json(&s.file);
                    let target = Target::of(json, s, i, id, at.as_deref());
                    let what = Renamed {
                        kind,
                        file: s.file.clone(),
                        list: &target.list,
                        index: target.index,
                        key_prefix: if at.is_some() { None } else { s.key_prefix },
                        deck: target.deck.as_deref(),
                    };
                    match id_uses::rename(c.doc, &what, &target.id, to) {
                        Ok(edit) => {
                            c.seal();
                            c.apply(edit);
                            done = true;
                        }
                        Err(e) => st.error = Some(e),
                    }
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
            ui.label(
                "Every reference in every file is renamed too, with its names in every \
                 language; one undo step.",
            );
        }
        Pending::Delete { uses } => {
            ui.label(format!(
                "{} `{}` is used in {} place(s):",
                s.noun,
                id.unwrap_or_default(),
                uses.len()
            ));
            for u in uses.iter() {
                ui.label(format!("• {u}"));
            }
            ui.label(
                "Deleting it leaves those references naming nothing: each will be a finding \
                 to fix.",
            );
            ui.horizontal(|ui| {
                if ui.button("Delete anyway").clicked() {
                    done = true;
                    delete(c, st, cache, s, i, id);
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
        }
    });
    if let Some(e) = &st.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    if done {
        st.error = None;
    } else if st.pending.is_none() {
        st.pending = Some(p);
    }
    true
}

/// What a rename renames: the list, the index in it, the id now, and for a deck group its deck.
struct Target {
    list: String,
    index: usize,
    id: String,
    deck: Option<String>,
}

impl Target {
    fn of(json: &Value, s: &Section, i: usize, id: Option<&str>, nested: Option<&str>) -> Target {
        let Some(at) = nested else {
            return Target {
                list: format!("/{}", s.name),
                index: i,
                id: id.unwrap_or_default().to_owned(),
                deck: None,
            };
        };
        let (list, index) = at.rsplit_once('/').unwrap_or((at, ""));
        let text = |p: String| json.pointer(&p).and_then(Value::as_str).map(str::to_owned);
        let owner = list.strip_suffix("/groups").unwrap_or(list);
        Target {
            list: list.to_owned(),
            index: index.parse().unwrap_or_default(),
            id: text(format!("{at}/id")).unwrap_or_default(),
            deck: text(format!("{owner}/id")),
        }
    }
}

/// Deletes entry `i` of a list section, with its names in every language, as one step.
fn delete(
    c: &mut Ctx<'_>,
    st: &mut DefinitionState,
    cache: &Cache,
    s: &Section,
    i: usize,
    id: Option<&str>,
) {
    let mut json = cache.json(&s.file).clone();
    if let Some(list) = json.get_mut(&s.name).and_then(Value::as_array_mut)
        && i < list.len()
    {
        list.remove(i);
    }
    let value = match FileValue::from_json(s.file.kind(), json) {
        Ok(v) => v,
        Err(e) => {
            c.message(format!("cannot delete: {e}"));
            return;
        }
    };
    let mut edits = vec![Edit::SetFile {
        id: s.file.clone(),
        value: Box::new(value),
        label: String::new(),
    }];
    if let (Some(prefix), Some(id)) = (s.key_prefix, id) {
        let key = format!("{prefix}{id}");
        for f in &c.doc.files {
            if let Some(FileValue::Text(t)) = &f.value
                && t.entries.contains_key(key.as_str())
            {
                let mut t = t.clone();
                t.entries.remove(key.as_str());
                edits.push(Edit::SetFile {
                    id: f.id.clone(),
                    value: Box::new(FileValue::Text(t)),
                    label: String::new(),
                });
            }
        }
    }
    st.seal(c);
    c.apply(Edit::Batch {
        label: format!("delete {} {}", s.noun, id.unwrap_or_default()),
        edits,
    });
    st.entry = None;
}

/// Applies a changed JSON copy of a file as an edit; a value the model refuses is said, not
/// applied. While `busy` (typing, dragging) the edits merge into one undo step.
fn apply(
    c: &mut Ctx<'_>,
    st: &mut DefinitionState,
    file: &FileId,
    json: Value,
    label: String,
    busy: bool,
) -> bool {
    let kind: FileKind = file.kind();
    let value = match FileValue::from_json(kind, json) {
        Ok(v) => v,
        Err(e) => {
            c.message(format!("{} cannot hold that: {e}", file.file_name()));
            return false;
        }
    };
    let edit = Edit::SetFile {
        id: file.clone(),
        value: Box::new(value),
        label,
    };
    if busy {
        let key = *st.typing.get_or_insert_with(|| c.gesture_key());
        c.apply_merging(edit, key);
    } else {
        st.seal(c);
        c.apply(edit);
    }
    true
}
