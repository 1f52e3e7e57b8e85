//! The menu bar and the toolbar under it: file, edit and view commands, tools, snapping.

use egui::Ui;

use crate::app::{Action, EditorApp};
use crate::canvas::Tool;
use crate::views::View;

/// Snap choices offered, in map units.
const SNAPS: [Option<f32>; 5] = [None, Some(5.0), Some(10.0), Some(25.0), Some(50.0)];

fn snap_text(s: Option<f32>) -> String {
    s.map_or_else(|| "off".to_owned(), |g| format!("{g} px"))
}

pub fn show(ui: &mut Ui, app: &mut EditorApp, actions: &mut Vec<Action>) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| file_menu(ui, app, actions));
            if app.session.is_some() {
                ui.menu_button("Edit", |ui| edit_menu(ui, app, actions));
                ui.menu_button("View", |ui| view_menu(ui, app, actions));
            }
        });
        if app.session.is_some() {
            toolbar(ui, app, actions);
        }
    });
}

fn file_menu(ui: &mut Ui, app: &mut EditorApp, actions: &mut Vec<Action>) {
    if ui.button("Open folder…").clicked() {
        actions.push(Action::Browse);
    }
    if ui.button("Open path…").clicked() {
        actions.push(Action::AskPath);
    }
    ui.menu_button("Open recent", |ui| {
        if app.recent.is_empty() {
            ui.weak("no recent folders");
        }
        for p in app.recent.clone() {
            if ui.button(p.display().to_string()).clicked() {
                actions.push(Action::Open(p));
            }
        }
    });
    ui.separator();
    let dirty = app.session.as_ref().is_some_and(|s| s.doc.is_dirty());
    if ui
        .add_enabled(dirty, egui::Button::new("Save").shortcut_text("Ctrl+S"))
        .clicked()
    {
        actions.push(Action::Save);
    }
    ui.separator();
    if ui.button("Quit").clicked() {
        actions.push(Action::Quit);
    }
}

fn edit_menu(ui: &mut Ui, app: &mut EditorApp, actions: &mut Vec<Action>) {
    let Some(s) = &app.session else { return };
    let undo = s
        .history
        .undo_label()
        .map_or("Undo".to_owned(), |l| format!("Undo {l}"));
    let redo = s
        .history
        .redo_label()
        .map_or("Redo".to_owned(), |l| format!("Redo {l}"));
    if ui
        .add_enabled(
            s.history.can_undo(),
            egui::Button::new(undo).shortcut_text("Ctrl+Z"),
        )
        .clicked()
    {
        actions.push(Action::Undo);
    }
    if ui
        .add_enabled(
            s.history.can_redo(),
            egui::Button::new(redo).shortcut_text("Ctrl+Shift+Z"),
        )
        .clicked()
    {
        actions.push(Action::Redo);
    }
    ui.separator();
    if ui
        .add_enabled(
            !s.selection.is_empty(),
            egui::Button::new("Delete selection").shortcut_text("Del"),
        )
        .clicked()
    {
        actions.push(Action::Delete);
    }
    if ui
        .add(egui::Button::new("Select all").shortcut_text("Ctrl+A"))
        .clicked()
    {
        actions.push(Action::SelectAll);
    }
}

fn view_menu(ui: &mut Ui, app: &mut EditorApp, actions: &mut Vec<Action>) {
    let Some(s) = &mut app.session else { return };
    if ui
        .add(egui::Button::new("Fit map").shortcut_text("Home"))
        .clicked()
    {
        actions.push(Action::Fit);
    }
    ui.checkbox(&mut s.canvas.show_labels, "Show names");
    ui.checkbox(&mut s.canvas.show_backdrop, "Show backdrop");
}

fn toolbar(ui: &mut Ui, app: &mut EditorApp, actions: &mut Vec<Action>) {
    let Some(s) = &mut app.session else { return };
    ui.horizontal(|ui| {
        if ui
            .add_enabled(s.doc.is_dirty(), egui::Button::new("Save"))
            .clicked()
        {
            actions.push(Action::Save);
        }
        if ui
            .add_enabled(s.history.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            actions.push(Action::Undo);
        }
        if ui
            .add_enabled(s.history.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            actions.push(Action::Redo);
        }
        ui.separator();
        for view in View::ALL {
            if ui.selectable_label(s.view == view, view.label()).clicked() {
                s.view = view;
            }
        }
        if s.view != View::Map {
            return;
        }
        ui.separator();
        for tool in Tool::ALL {
            if ui
                .selectable_label(s.canvas.tool == tool, tool.label())
                .clicked()
            {
                s.canvas.tool = tool;
                s.canvas.link_from = None;
            }
        }
        ui.separator();
        egui::ComboBox::from_label("Snap")
            .selected_text(snap_text(s.canvas.snap))
            .show_ui(ui, |ui| {
                for g in SNAPS {
                    ui.selectable_value(&mut s.canvas.snap, g, snap_text(g));
                }
            });
    });
}
