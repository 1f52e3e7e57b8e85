//! A form for any part of game.ron (or checks.ron), drawn from the file's JSON Schema, which
//! is generated from the model: a field added to the model appears here with no new code. A
//! flag is a check box, a number keeps to its range, named values and the game's own ids are
//! drop-downs (the ids a reference may name come from the validator's walk of references), an
//! enum that carries values picks its variant first, lists add and remove items, and declared
//! attributes get the inspector's widgets. The form edits a JSON copy of the file; the view
//! turns it back into the model, so a value the model refuses is never applied.

use egui::{ComboBox, DragValue, Ui};
use orbat_validator::model::{Attrs, Holder};
use serde_json::{Map, Value};

use super::absent;
use super::shape::{Schema, Shape, Variant, text};
use super::state::{Cache, Section};
use crate::document::{Document, FileId};
use crate::id_uses::Choices;

/// What a form draws with; `busy` tells the view a number or a text is being typed or dragged,
/// so those changes merge into one undo step.
pub struct Form<'a> {
    /// The whole schema of the file (for `$ref`).
    pub root: &'a Value,
    pub choices: &'a Choices,
    pub file: FileId,
    pub doc: &'a Document,
    /// Whose declared attributes an `attrs` map holds, for the entry being edited.
    pub holder: Option<Holder>,
    /// Findings by JSON pointer, shown under the field they point at.
    pub findings: &'a [(String, String)],
    pub busy: bool,
    /// Shows `id` without letting it be typed: it is changed by renaming, everywhere at once.
    pub fixed_id: bool,
    /// The pointer of a deck group whose Rename… was clicked.
    pub rename: Option<String>,
}

impl<'a> Form<'a> {
    /// A form for a section's file, with no holder of attributes and ids that may be typed.
    pub fn new(
        cache: &'a Cache,
        s: &Section,
        doc: &'a Document,
        findings: &'a [(String, String)],
    ) -> Self {
        Form {
            root: cache.schema(&s.file),
            choices: &cache.choices,
            file: s.file.clone(),
            doc,
            holder: None,
            findings,
            busy: false,
            fixed_id: false,
            rename: None,
        }
    }

    pub(super) fn resolve(&self, s: &'a Value) -> &'a Value {
        Schema { root: self.root }.resolve(s)
    }

    fn shape(&self, schema: &'a Value) -> Shape<'a> {
        Schema { root: self.root }.shape(schema)
    }

    /// The value a new item or a newly set option starts with.
    pub fn start_value(&self, schema: &'a Value) -> Value {
        let s = self.resolve(schema);
        if let Some(d) = s.get("default") {
            return d.clone();
        }
        self.start_shaped(self.shape(schema), s)
    }

    fn start_shaped(&self, shape: Shape<'a>, s: &'a Value) -> Value {
        match shape {
            Shape::Bool => Value::Bool(false),
            Shape::Int { min, .. } => Value::from(min.unwrap_or(0.0).max(0.0) as i64),
            Shape::Number => Value::from(0.0),
            Shape::Text | Shape::Any => Value::String(String::new()),
            Shape::Named(names) => Value::String(names.first().map_or("", |n| n.0).to_owned()),
            Shape::Variants(vs) => vs.first().map_or(Value::Null, |v| self.variant_value(v)),
            Shape::Optional(..) => Value::Null,
            Shape::List(_) => Value::Array(Vec::new()),
            Shape::Tuple(items) => {
                Value::Array(items.iter().map(|i| self.start_value(i)).collect())
            }
            Shape::Keyed => Value::Object(Map::new()),
            Shape::Fields(fields) => {
                let required: Vec<&str> = s
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let mut out = Map::new();
                for (name, f) in fields {
                    if required.contains(&name.as_str()) {
                        out.insert(name.clone(), self.start_value(f));
                    }
                }
                Value::Object(out)
            }
        }
    }

    fn variant_value(&self, v: &Variant<'a>) -> Value {
        match v.value {
            None => Value::String(v.name.to_owned()),
            Some(inner) => {
                let mut m = Map::new();
                m.insert(v.name.to_owned(), self.start_value(inner));
                Value::Object(m)
            }
        }
    }

    /// The fields of an object as labelled rows; true when one changed.
    pub fn fields(&mut self, ui: &mut Ui, schema: &'a Value, value: &mut Value, at: &str) -> bool {
        let Shape::Fields(fields) = self.shape(schema) else {
            return self.value(ui, schema, value, at, None);
        };
        if !value.is_object() {
            *value = Value::Object(Map::new());
        }
        let mut changed = false;
        egui::Grid::new(("fields", at))
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, field) in fields {
                    let here = format!("{at}/{name}");
                    let about = match text(field, "description") {
                        "" => text(self.resolve(field), "description"),
                        d => d,
                    };
                    let label = ui.label(name.replace('_', " ")).on_hover_text(about);
                    let Some(obj) = value.as_object_mut() else {
                        break;
                    };
                    let mut v = obj
                        .get(name)
                        .cloned()
                        .unwrap_or_else(|| self.start_value(field));
                    let before = v.clone();
                    // an attribute's default takes the widget of the attribute's type
                    let decl = self
                        .is_attr_default(at, name)
                        .then(|| Value::Object(obj.clone()));
                    ui.vertical(|ui| {
                        if let Some(decl) = &decl {
                            self.attr_default(ui, decl, &mut v, label.id);
                        } else if name == "id" && self.fixed_id {
                            self.fixed(ui, &v, at);
                        } else if name == "attrs" && self.holder.is_some() {
                            self.attrs(ui, &mut v);
                        } else {
                            self.value(ui, field, &mut v, &here, Some(label.id));
                        }
                        self.findings_at(ui, &here);
                    });
                    if v != before {
                        obj.insert(name.clone(), v);
                        changed = true;
                    }
                    ui.end_row();
                }
            });
        changed
    }

    /// The findings pointing at `at` or inside it, in the colour of a problem.
    fn findings_at(&self, ui: &mut Ui, at: &str) {
        for (pointer, message) in self.findings {
            if pointer == at {
                ui.colored_label(ui.visuals().error_fg_color, message);
            }
        }
    }

    /// The declared attributes, with the inspector's widgets.
    fn attrs(&mut self, ui: &mut Ui, value: &mut Value) {
        let (Some(holder), Ok(mut attrs)) =
            (self.holder, serde_json::from_value::<Attrs>(value.clone()))
        else {
            ui.label(value.to_string());
            return;
        };
        self.busy |= crate::attr_fields::show(ui, self.doc, holder, &mut attrs);
        if let Ok(v) = serde_json::to_value(&attrs) {
            *value = v;
        }
    }

    /// One value of any shape; `label` names its widget for assistive tools and tests.
    pub fn value(
        &mut self,
        ui: &mut Ui,
        schema: &'a Value,
        value: &mut Value,
        at: &str,
        label: Option<egui::Id>,
    ) -> bool {
        let before = value.clone();
        let shape = self.shape(schema);
        self.shaped(ui, shape, schema, value, at, label);
        *value != before
    }

    fn shaped(
        &mut self,
        ui: &mut Ui,
        shape: Shape<'a>,
        schema: &'a Value,
        value: &mut Value,
        at: &str,
        label: Option<egui::Id>,
    ) {
        let named = |r: egui::Response| match label {
            Some(l) => r.labelled_by(l),
            None => r,
        };
        match shape {
            Shape::Bool => {
                let mut b = value.as_bool().unwrap_or(false);
                named(ui.checkbox(&mut b, ""));
                *value = Value::Bool(b);
            }
            Shape::Int { min, max } => {
                let mut n = value.as_i64().unwrap_or(0);
                let lo = min.map_or(i64::MIN, |m| m as i64);
                let hi = max.map_or(i64::MAX, |m| m as i64);
                let r = named(ui.add(DragValue::new(&mut n).range(lo..=hi)));
                self.busy |= r.dragged() || r.has_focus();
                *value = Value::from(n);
            }
            Shape::Number => {
                let mut x = value.as_f64().unwrap_or(0.0);
                let r = named(ui.add(DragValue::new(&mut x).speed(0.1)));
                self.busy |= r.dragged() || r.has_focus();
                *value = Value::from(x);
            }
            Shape::Text if self.is_colour(schema) => self.colour(ui, value, label),
            Shape::Text => self.text(ui, value, at, label),
            Shape::Named(names) => {
                let mut current = value.as_str().unwrap_or("").to_owned();
                let r = ComboBox::from_id_salt(("named", at))
                    .selected_text(current.as_str())
                    .show_ui(ui, |ui| {
                        for (n, about) in &names {
                            let r = ui.selectable_value(&mut current, (*n).to_owned(), *n);
                            if !about.is_empty() {
                                r.on_hover_text(*about);
                            }
                        }
                    })
                    .response;
                named(r);
                *value = Value::String(current);
            }
            Shape::Variants(variants) => self.variant(ui, &variants, value, at, label),
            Shape::Optional(inner, inner_schema) => {
                let mut set = !value.is_null();
                // a value unset then set again comes back as it was, not as a new one
                let kept = egui::Id::unique(("unset", self.file.file_name(), at));
                ui.horizontal(|ui| {
                    named(ui.checkbox(&mut set, "set"));
                    if set && value.is_null() {
                        let s = self.resolve(inner_schema);
                        *value = match ui.data_mut(|d| d.remove_temp::<Value>(kept)) {
                            Some(was) => was,
                            None if self.is_colour(inner_schema) => self.start_colour(at),
                            None if let Some(meant) = absent::value(self.doc, at) => meant,
                            None => self.start_shaped((*inner).clone(), s),
                        };
                    } else if !set {
                        if !value.is_null() {
                            let was = std::mem::take(value);
                            ui.data_mut(|d| d.insert_temp(kept, was));
                        }
                        *value = Value::Null;
                    }
                    if set {
                        self.shaped(ui, *inner, inner_schema, value, at, label);
                    } else if let Some(meaning) = absent::means(self.doc, at) {
                        ui.weak(meaning);
                    }
                });
            }
            Shape::List(item) => self.list(ui, item, value, at, label),
            Shape::Tuple(items) => {
                if !value.is_array() {
                    *value = self.start_value(schema);
                }
                ui.horizontal(|ui| {
                    if let Some(parts) = value.as_array_mut() {
                        for (i, (part, s)) in parts.iter_mut().zip(items).enumerate() {
                            self.value(ui, s, part, &format!("{at}/{i}"), label);
                        }
                    }
                });
            }
            Shape::Fields(_) => {
                self.fields(ui, schema, value, at);
            }
            Shape::Keyed | Shape::Any => self.as_text(ui, value, at, label),
        }
    }

    /// A text, or one of the ids a reference may name.
    fn text(&mut self, ui: &mut Ui, value: &mut Value, at: &str, label: Option<egui::Id>) {
        let mut s = value.as_str().unwrap_or("").to_owned();
        if let Some(options) = self.choices_at(at) {
            let known = options.contains(&s);
            let shown = if known || s.is_empty() {
                s.clone()
            } else {
                format!("{s} (unknown)")
            };
            let r = ComboBox::from_id_salt(("id", at))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for o in options.iter() {
                        ui.selectable_value(&mut s, o.clone(), o.as_str());
                    }
                })
                .response;
            if let Some(l) = label {
                r.labelled_by(l);
            }
        } else {
            let r = ui.text_edit_singleline(&mut s);
            self.busy |= r.has_focus();
            if let Some(l) = label {
                r.labelled_by(l);
            }
        }
        *value = Value::String(s);
    }

    /// The ids the reference at `at` may name: its own pick list, else that of the same field
    /// of another entry (an empty list has no reference of its own yet).
    fn choices_at(&self, at: &str) -> Option<std::sync::Arc<Vec<String>>> {
        let key = (self.file.clone(), at.to_owned());
        if let Some(c) = self.choices.get(&key) {
            return Some(c.clone());
        }
        self.choices
            .get(&(self.file.clone(), crate::id_uses::pattern(at)))
            .cloned()
    }

    fn variant(
        &mut self,
        ui: &mut Ui,
        variants: &[Variant<'a>],
        value: &mut Value,
        at: &str,
        label: Option<egui::Id>,
    ) {
        let current = match value {
            Value::String(s) => s.clone(),
            Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let mut chosen = current.clone();
        ui.horizontal(|ui| {
            let r = ComboBox::from_id_salt(("variant", at))
                .selected_text(chosen.as_str())
                .show_ui(ui, |ui| {
                    for v in variants {
                        let r = ui.selectable_value(&mut chosen, v.name.to_owned(), v.name);
                        if !v.about.is_empty() {
                            r.on_hover_text(v.about);
                        }
                    }
                })
                .response;
            if let Some(l) = label {
                r.labelled_by(l);
            }
            let Some(v) = variants.iter().find(|v| v.name == chosen) else {
                return;
            };
            if chosen != current {
                *value = self.variant_value(v);
            }
            if let (Some(inner), Value::Object(m)) = (v.value, &mut *value)
                && let Some(content) = m.get_mut(v.name)
            {
                self.value(ui, inner, content, &format!("{at}/{}", v.name), label);
            }
        });
    }

    fn list(
        &mut self,
        ui: &mut Ui,
        item: &'a Value,
        value: &mut Value,
        at: &str,
        label: Option<egui::Id>,
    ) {
        if !value.is_array() {
            *value = Value::Array(Vec::new());
        }
        let Some(items) = value.as_array_mut() else {
            return;
        };
        let mut remove = None;
        let nested = matches!(self.shape(item), Shape::Fields(_));
        for (i, v) in items.iter_mut().enumerate() {
            let here = format!("{at}/{i}");
            if nested {
                let title = v
                    .get("id")
                    .and_then(Value::as_str)
                    .map_or_else(|| format!("#{}", i + 1), str::to_owned);
                egui::CollapsingHeader::new(title)
                    .id_salt(("item", &here))
                    .show(ui, |ui| {
                        self.fields(ui, item, v, &here);
                        if ui.small_button("Remove").clicked() {
                            remove = Some(i);
                        }
                    });
            } else {
                ui.horizontal(|ui| {
                    self.value(ui, item, v, &here, label);
                    if ui.small_button("Remove").clicked() {
                        remove = Some(i);
                    }
                });
            }
            self.findings_at(ui, &here);
        }
        if let Some(i) = remove {
            items.remove(i);
        }
        // named after its field (`Add to closed to`): a form has several lists
        let field = at.rsplit('/').next().unwrap_or("").replace('_', " ");
        if ui.small_button(format!("Add to {field}")).clicked() {
            let mut new = self.start_value(item);
            if let Some(id) = new.get_mut("id") {
                // a fresh id, as an entry gets: `group-1` in a deck's groups
                let noun = field.strip_suffix('s').unwrap_or(&field).replace(' ', "-");
                let taken = |c: &str| {
                    items
                        .iter()
                        .any(|v| v.get("id").and_then(Value::as_str) == Some(c))
                };
                if let Some(fresh) = (1..).map(|n| format!("{noun}-{n}")).find(|c| !taken(c)) {
                    *id = Value::String(fresh);
                }
            }
            items.push(new);
        }
    }

    /// A value of no fixed shape, as one line of JSON; applied when it reads.
    fn as_text(&mut self, ui: &mut Ui, value: &mut Value, at: &str, label: Option<egui::Id>) {
        let id = ui.scope_id().with(("json", at));
        let mut s = ui
            .data(|d| d.get_temp::<String>(id))
            .unwrap_or_else(|| value.to_string());
        let r = ui
            .add(egui::TextEdit::singleline(&mut s).desired_width(320.0))
            .on_hover_text("written as JSON: true, 3, \"text\", [..], {\"key\": ..}");
        let r = match label {
            Some(l) => r.labelled_by(l),
            None => r,
        };
        self.busy |= r.has_focus();
        if r.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, s.clone()));
        } else {
            ui.data_mut(|d| d.remove::<String>(id));
        }
        match serde_json::from_str::<Value>(&s) {
            Ok(v) => *value = v,
            Err(_) if r.has_focus() => {
                ui.colored_label(ui.visuals().warn_fg_color, "not JSON yet");
            }
            Err(_) => {}
        }
    }
}
