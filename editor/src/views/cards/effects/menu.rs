//! The menus of the Event section: a step's (move it up or down its list, into another list
//! of the card, change its kind keeping what carries over, remove it) and a choice's (move it
//! up or down among the `OneOf`'s choices). A menu, not buttons on the row: a row of ids
//! already has a remove button per id.

use egui::{Button, Ui};
use orbat_validator::model::Step;

use super::form::{Form, capital};
use crate::step_kinds::change_kind;
use crate::step_paths::{ListPath, list_name, targets};
use crate::steps::{KINDS, ListOp, help};

/// What a step's menu asks for.
pub(super) enum StepOp {
    /// Within its list.
    List(ListOp),
    /// Step `.0` into the list at this path.
    To(usize, ListPath),
    /// Step `.0` replaced by this step (its kind changed).
    Kind(usize, Step),
}

/// The name a list goes by in a "Move to" menu.
pub(super) fn target_name(path: &[(usize, crate::step_paths::Part)]) -> String {
    match path {
        [] => "the event's own steps".to_owned(),
        _ => list_name(path),
    }
}

/// The menu of step `i` of the list at `path`, named `name`, the last of the list at `last`.
pub(super) fn step_menu(
    ui: &mut Ui,
    f: &Form<'_, '_>,
    (path, i, last): (&ListPath, usize, usize),
    name: &str,
    step: &Step,
) -> Option<StepOp> {
    let mut op = None;
    ui.menu_button("…", |ui| {
        if ui.add_enabled(i > 0, Button::new("Move up")).clicked() {
            op = Some(StepOp::List(ListOp::Up(i)));
        }
        if ui.add_enabled(i < last, Button::new("Move down")).clicked() {
            op = Some(StepOp::List(ListOp::Down(i)));
        }
        let to = targets(&f.lists, path, i);
        ui.add_enabled_ui(!to.is_empty(), |ui| {
            ui.menu_button("Move to", |ui| {
                for t in to {
                    let text = capital(&target_name(&t));
                    if ui.button(&text).clicked() {
                        op = Some(StepOp::To(i, t));
                    }
                }
            })
            .response
            .on_hover_text(
                "into another list of this event: at its end, or beside the step it came out of",
            );
        });
        ui.menu_button("Change kind to", |ui| {
            for k in KINDS {
                if let Some(new) = change_kind(f.ids, f.card, step, k)
                    && ui.button(k).on_hover_text(help(k)).clicked()
                {
                    op = Some(StepOp::Kind(i, new));
                }
            }
        })
        .response
        .on_hover_text(
            "keeps the units, spaces, factions... the new kind has too; steps it holds are kept",
        );
        if ui.button("Remove step").clicked() {
            op = Some(StepOp::List(ListOp::Remove(i)));
        }
    })
    .response
    .accessible_name(capital(&format!("{name} menu")))
    .on_hover_text("move, change or remove this step");
    op
}

/// The menu of choice `j` of `n` of a `OneOf`, its list named `list`: Some(true) to move it
/// up, Some(false) down.
pub(super) fn choice_menu(ui: &mut Ui, list: &str, j: usize, n: usize) -> Option<bool> {
    let mut up = None;
    ui.menu_button("…", |ui| {
        if ui
            .add_enabled(j > 0, Button::new("Move choice up"))
            .clicked()
        {
            up = Some(true);
        }
        if ui
            .add_enabled(j + 1 < n, Button::new("Move choice down"))
            .clicked()
        {
            up = Some(false);
        }
    })
    .response
    .accessible_name(capital(&format!("{list} menu")))
    .on_hover_text("move this choice");
    up
}
