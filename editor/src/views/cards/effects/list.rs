//! A list of steps, in order: each a row (its number, its kind, its fields, and a menu to
//! move it up or down or remove it), the steps of an `If`, `OneOf` or `UpTo` indented under it
//! as lists of their own, and a pick list of kinds to add a step at the end.

use egui::{Button, ComboBox, RichText, Ui};
use orbat_validator::model::Step;

use super::fields::fields;
use super::form::{Form, capital, nests, step_name};
use super::widgets::{line, number, small};
use crate::steps::{KINDS, ListOp, help, kind};

/// The steps of the list named `list` ("" for the card's own `effects`).
pub(super) fn steps(ui: &mut Ui, f: &mut Form<'_, '_>, list: &str, steps: &mut Vec<Step>) {
    let mut op = None;
    let last = steps.len().saturating_sub(1);
    for (i, step) in steps.iter_mut().enumerate() {
        let name = step_name(list, i);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{}.", i + 1)).weak());
            ui.label(RichText::new(kind(step)).strong())
                .on_hover_text(help(kind(step)));
            head(ui, f, &name, step);
            if let Some(o) = buttons(ui, &name, i, last) {
                op = Some(o);
            }
        });
        if nests(step) {
            ui.indent((f.card.to_owned(), name.clone()), |ui| {
                inner(ui, f, &name, step);
            });
        }
    }
    if steps.is_empty() && !list.is_empty() {
        ui.weak("nothing");
    }
    if let Some(step) = add(ui, f, list) {
        op = Some(ListOp::Add(step));
    }
    if let Some(op) = op {
        let label = match &op {
            ListOp::Add(s) => match list {
                "" => format!("add {} step", kind(s)),
                _ => format!("add {} step to {list}", kind(s)),
            },
            ListOp::Remove(i) => format!("remove {}", step_name(list, *i)),
            ListOp::Up(i) => format!("move {} up", step_name(list, *i)),
            ListOp::Down(i) => format!("move {} down", step_name(list, *i)),
        };
        op.apply(steps);
        f.changed(label);
    }
}

/// The step's menu: move it up or down its list, remove it. (A menu, not buttons on the row:
/// a row of ids already has a remove button per id.)
fn buttons(ui: &mut Ui, name: &str, i: usize, last: usize) -> Option<ListOp> {
    let mut op = None;
    ui.menu_button("…", |ui| {
        if ui.add_enabled(i > 0, Button::new("Move up")).clicked() {
            op = Some(ListOp::Up(i));
        }
        if ui.add_enabled(i < last, Button::new("Move down")).clicked() {
            op = Some(ListOp::Down(i));
        }
        if ui.button("Remove step").clicked() {
            op = Some(ListOp::Remove(i));
        }
    })
    .response
    .accessible_name(capital(&format!("{name} menu")))
    .on_hover_text("move or remove this step");
    op
}

/// What follows the kind on a step's row: its fields, or the head of a step that holds steps.
fn head(ui: &mut Ui, f: &mut Form<'_, '_>, name: &str, step: &mut Step) {
    match step {
        // the condition gets a row of its own, under it: it is often long
        Step::If { .. } => {}
        Step::OneOf(_) => {
            ui.weak("the player picks one of:");
        }
        Step::UpTo { n, .. } => {
            number(ui, f, (name, "n"), n, 1);
            ui.weak("of:");
        }
        leaf => fields(ui, f, name, leaf),
    }
}

/// The steps an `If`, `OneOf` or `UpTo` holds, as lists of their own.
fn inner(ui: &mut Ui, f: &mut Form<'_, '_>, name: &str, step: &mut Step) {
    match step {
        Step::If {
            when,
            then,
            otherwise,
        } => {
            ui.horizontal(|ui| {
                line(ui, f, (name, "when"), when, "a condition (CEL)");
            });
            ui.weak("then");
            steps(ui, f, &format!("{name} then"), then);
            ui.weak("otherwise");
            steps(ui, f, &format!("{name} otherwise"), otherwise);
        }
        Step::OneOf(choices) => {
            let mut remove = None;
            for (j, choice) in choices.iter_mut().enumerate() {
                let list = format!("{name} choice {}", j + 1);
                ui.horizontal(|ui| {
                    ui.weak(format!("choice {}", j + 1));
                    let hover = "remove this choice and its steps";
                    if small(ui, "×", &capital(&format!("remove {list}")), hover).clicked() {
                        remove = Some(j);
                    }
                });
                ui.indent((f.card.to_owned(), list.clone()), |ui| {
                    steps(ui, f, &list, choice);
                });
            }
            if let Some(j) = remove {
                choices.remove(j);
                f.changed(format!("remove {name} choice {}", j + 1));
            }
            let add = ui
                .small_button("Add choice")
                .accessible_name(format!("Add choice to {name}"))
                .on_hover_text("an alternative; left empty, it is \"nothing happens\"");
            if add.clicked() {
                choices.push(Vec::new());
                f.changed(format!("add choice to {name}"));
            }
        }
        Step::UpTo { of, .. } => steps(ui, f, &format!("{name} of"), of),
        _ => {}
    }
}

/// The pick list of kinds that adds a step to the list named `list`: only the kinds whose
/// ids the game has.
fn add(ui: &mut Ui, f: &mut Form<'_, '_>, list: &str) -> Option<Step> {
    let name = match list {
        "" => "Add step".to_owned(),
        _ => format!("Add step to {list}"),
    };
    let mut picked = None;
    ComboBox::from_id_salt(f.salt(&name))
        .selected_text("Add step…")
        // as many of the 24 kinds in view as the window allows
        .height(600.0)
        .show_ui(ui, |ui| {
            for k in KINDS {
                if let Some(step) = f.ids.new_step(k, f.card)
                    && ui
                        .selectable_label(false, k)
                        .on_hover_text(help(k))
                        .clicked()
                {
                    picked = Some(step);
                }
            }
        })
        .response
        .accessible_name(name);
    picked
}
