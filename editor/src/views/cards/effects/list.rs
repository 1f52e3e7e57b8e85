//! A list of steps, in order: each a row (its number, its kind, its fields, and its menu), the
//! steps of an `If`, `OneOf` or `UpTo` indented under it as lists of their own, and a pick
//! list of kinds to add a step at the end.

use egui::{ComboBox, RichText, Ui};
use orbat_validator::model::{Id, Step};

use super::fields::fields;
use super::form::{Form, capital, nests, step_name};
use super::menu::{StepOp, choice_menu, step_menu, target_name};
use super::widgets::{line, number, small};
use crate::step_paths::{ListPath, Part, list_name};
use crate::steps::{KINDS, ListOp, help, kind};

/// The steps of the list at `path` (empty for the card's own `effects`).
pub(super) fn steps(ui: &mut Ui, f: &mut Form<'_, '_>, path: &ListPath, steps: &mut Vec<Step>) {
    let list = list_name(path);
    let list = list.as_str();
    let mut op = None;
    let last = steps.len().saturating_sub(1);
    for (i, step) in steps.iter_mut().enumerate() {
        let name = step_name(list, i);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{}.", i + 1)).weak());
            ui.label(RichText::new(kind(step)).strong())
                .on_hover_text(help(kind(step)));
            head(ui, f, &name, step);
            if let Some(o) = step_menu(ui, f, (path, i, last), &name, step) {
                op = Some(o);
            }
        });
        if nests(step) {
            ui.indent((f.card.to_owned(), name.clone()), |ui| {
                inner(ui, f, (path, i), &name, step);
            });
        }
    }
    if steps.is_empty() && !list.is_empty() {
        ui.weak("nothing");
    }
    if let Some(step) = add(ui, f, list) {
        op = Some(StepOp::List(ListOp::Add(step)));
    }
    match op {
        Some(StepOp::List(op)) => {
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
        Some(StepOp::Kind(i, new)) => {
            f.changed(format!("change {} to {}", step_name(list, i), kind(&new)));
            steps[i] = new;
        }
        Some(StepOp::To(i, to)) => {
            // it crosses lists: the section moves it once every list is drawn
            f.changed(format!(
                "move {} to {}",
                step_name(list, i),
                target_name(&to)
            ));
            f.relocate = Some((path.clone(), i, to));
        }
        None => {}
    }
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

/// The steps an `If`, `OneOf` or `UpTo` (step `i` of the list at `path`) holds, as lists of
/// their own.
fn inner(
    ui: &mut Ui,
    f: &mut Form<'_, '_>,
    (path, i): (&ListPath, usize),
    name: &str,
    step: &mut Step,
) {
    let down = |part| {
        let mut p = path.clone();
        p.push((i, part));
        p
    };
    match step {
        Step::If {
            when,
            says,
            then,
            otherwise,
        } => {
            ui.horizontal(|ui| {
                line(ui, f, (name, "when"), when, "a condition (CEL)");
            });
            ui.horizontal(|ui| {
                // empty: no `says`, and the printout puts the condition in words itself
                let mut key = says.as_deref().unwrap_or_default().to_owned();
                let hint = "its words for players: a text key, label:…";
                line(ui, f, (name, "says"), &mut key, hint);
                if key != says.as_deref().unwrap_or_default() {
                    *says = Some(key.trim().to_owned().into()).filter(|k: &Id| !k.is_empty());
                }
            });
            ui.weak("then");
            steps(ui, f, &down(Part::Then), then);
            ui.weak("otherwise");
            steps(ui, f, &down(Part::Otherwise), otherwise);
        }
        Step::OneOf(choices) => {
            let (mut remove, mut moved) = (None, None);
            let n = choices.len();
            for (j, choice) in choices.iter_mut().enumerate() {
                let list = format!("{name} choice {}", j + 1);
                ui.horizontal(|ui| {
                    ui.weak(format!("choice {}", j + 1));
                    if let Some(up) = choice_menu(ui, &list, j, n) {
                        moved = Some((j, up));
                    }
                    let hover = "remove this choice and its steps";
                    if small(ui, "×", &capital(&format!("remove {list}")), hover).clicked() {
                        remove = Some(j);
                    }
                });
                ui.indent((f.card.to_owned(), list.clone()), |ui| {
                    steps(ui, f, &down(Part::Choice(j)), choice);
                });
            }
            if let Some(j) = remove {
                choices.remove(j);
                f.changed(format!("remove {name} choice {}", j + 1));
            } else if let Some((j, up)) = moved {
                let (a, way) = if up { (j - 1, "up") } else { (j, "down") };
                choices.swap(a, a + 1);
                f.changed(format!("move {name} choice {} {way}", j + 1));
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
        Step::UpTo { of, .. } => steps(ui, f, &down(Part::Of), of),
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
