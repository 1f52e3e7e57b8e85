//! A `SetAttr`'s value when the attribute is a list (game.ron `list: true`): each item with
//! the widget of the declared type and a button to remove it, and a button to add one (the
//! least value of the type). Ids of a `OneOf` or `Ref` list are picked as any list of ids; an
//! item of another type, written by hand, is shown as written and kept.

use egui::{Button, Ui};
use orbat_validator::model::{AttrDecl, AttrKind, AttrValue, Id};

use super::form::{Form, capital, written};
use super::widgets::{check, id, ids, line, number_in, small};
use crate::attr_fields::{options, start_value};
use crate::steps::Named;

/// The items of the list value of step `name`, declared by `d`.
pub(super) fn items(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    name: &str,
    d: &AttrDecl,
    items: &mut Vec<AttrValue>,
) {
    let picked = matches!(d.kind, AttrKind::OneOf | AttrKind::Ref);
    let opts: Vec<Named> = if picked {
        let all = options(f.c.doc, d);
        all.into_iter().map(|id| (id, String::new())).collect()
    } else {
        Vec::new()
    };
    let as_id = |v: &AttrValue| match v {
        AttrValue::Text(t) => Some(t.clone()),
        _ => None,
    };
    if picked && let Some(mut list) = items.iter().map(as_id).collect::<Option<Vec<Id>>>() {
        let before = list.clone();
        ids(ui, f, name, "value", &mut list, &opts);
        if list != before {
            *items = list.into_iter().map(AttrValue::Text).collect();
        }
        return;
    }
    ui.weak("value");
    let mut remove = None;
    for (i, v) in items.iter_mut().enumerate() {
        let item = format!("{name} value {}", i + 1);
        item_widget(ui, f, &item, d, v, &opts);
        if small(ui, "×", &capital(&format!("remove {item}")), "remove").clicked() {
            remove = Some(i);
        }
    }
    if let Some(i) = remove {
        items.remove(i);
        f.changed(format!("remove {name} value {}", i + 1));
    }
    let add = ui
        .add(Button::new("+").small())
        .accessible_name(capital(&format!("add to {name} value")))
        .on_hover_text("add one");
    if add.clicked() {
        let mut one = d.clone();
        (one.list, one.default) = (false, None);
        items.push(start_value(f.c.doc, &one));
        f.changed(format!("add to {name} value"));
    }
}

/// One item, named `item`, with the widget of the declared type.
fn item_widget(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    item: &str,
    d: &AttrDecl,
    v: &mut AttrValue,
    opts: &[Named],
) {
    match (d.kind, v) {
        (AttrKind::Bool, AttrValue::Bool(b)) => check(ui, f, item, "", b),
        (AttrKind::Int, AttrValue::Int(n)) => {
            let lo = d.min.map_or(i64::MIN, |m| m.ceil() as i64);
            let hi = d.max.map_or(i64::MAX, |m| m.floor() as i64);
            number_in(ui, f, (item, ""), n, (lo, hi));
        }
        (AttrKind::Number, AttrValue::Number(x)) => {
            let range = (d.min.unwrap_or(f64::MIN), d.max.unwrap_or(f64::MAX));
            number_in(ui, f, (item, ""), x, range);
        }
        (AttrKind::Text, AttrValue::Text(t)) => {
            let mut s = t.to_string();
            line(ui, f, (item, ""), &mut s, "a text");
            if s != t.as_str() {
                *t = s.into();
            }
        }
        (AttrKind::OneOf | AttrKind::Ref, AttrValue::Text(t)) => id(ui, f, item, "", t, opts),
        (_, other) => {
            let hover = format!("not {}: kept as written", d.describe_item());
            ui.label(written(other)).on_hover_text(hover);
        }
    }
}
