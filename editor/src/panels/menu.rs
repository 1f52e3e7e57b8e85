//! The menu bar and the toolbar under it: file, edit and view commands, tools, snapping.

use std::path::PathBuf;

use egui::Ui;

use crate::action::Action;
use crate::canvas::state::{CanvasState, Tool};
use crate::history::History;
use crate::views::View;

/// What the menu bar and the toolbar read and change.
pub struct Menu<'a> {
    pub recent: &'a [PathBuf],
    /// The open folder's part; None on the start screen.
    pub folder: Option<FolderMenu<'a>>,
}

/// The open folder's part of the menu: what undo and redo would do, and the view and map
/// settings the toolbar switches.
pub struct FolderMenu<'a> {
    pub dirty: bool,
    pub history: &'a History,
    pub has_selection: bool,
    pub view: &'a mut View,
    pub canvas: &'a mut CanvasState,
}

/// Snap choices offered, in map units.
const SNAPS: [Option<f32>; 5] = [None, Some(5.0), Some(10.0), Some(25.0), Some(50.0)];

fn snap_text(s: Option<f32>) -> String {
    s.map_or_else(|| "off".to_owned(), |g| format!("{g} px"))
}

pub fn show(ui: &mut Ui, m: &mut Menu<'_>, actions: &mut Vec<Action>) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| file_menu(ui, m, actions));
            if let Some(f) = &mut m.folder {
                ui.menu_button("Edit", |ui| edit_menu(ui, f, actions));
                ui.menu_button("View", |ui| view_menu(ui, f, actions));
                ui.menu_button("Map", |ui| {
                    if ui.button("Backdrop…").clicked() {
                        actions.push(Action::Backdrop);
                    }
                });
            }
            ui.menu_button("Help", |ui| {
                let sheet = egui::Button::new("Keyboard shortcuts").shortcut_text("F1");
                if ui.add(sheet).clicked() {
                    actions.push(Action::ShowShortcuts);
                }
            });
        });
        if let Some(f) = &mut m.folder {
            toolbar(ui, f, actions);
        }
    });
}

fn file_menu(ui: &mut Ui, m: &Menu<'_>, actions: &mut Vec<Action>) {
    if ui.button("New game…").clicked() {
        actions.push(Action::NewGame);
    }
    if ui.button("Open folder…").clicked() {
        actions.push(Action::Browse);
    }
    if ui.button("Open path…").clicked() {
        actions.push(Action::AskPath);
    }
    ui.menu_button("Open recent", |ui| {
        if m.recent.is_empty() {
            ui.weak("no recent folders");
        }
        for p in m.recent {
            if ui.button(p.display().to_string()).clicked() {
                actions.push(Action::Open(p.clone()));
            }
        }
    });
    ui.separator();
    let dirty = m.folder.as_ref().is_some_and(|f| f.dirty);
    if ui
        .add_enabled(dirty, egui::Button::new("Save").shortcut_text("Ctrl+S"))
        .clicked()
    {
        actions.push(Action::Save);
    }
    if ui
        .add_enabled(m.folder.is_some(), egui::Button::new("Save game as…"))
        .clicked()
    {
        actions.push(Action::SaveGameAs { quitting: false });
    }
    ui.separator();
    if ui
        .add_enabled(m.folder.is_some(), egui::Button::new("Print prototype…"))
        .clicked()
    {
        actions.push(Action::PrintPrototype);
    }
    ui.separator();
    if ui.button("Quit").clicked() {
        actions.push(Action::Quit);
    }
}

fn edit_menu(ui: &mut Ui, s: &FolderMenu<'_>, actions: &mut Vec<Action>) {
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
            s.has_selection,
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

fn view_menu(ui: &mut Ui, s: &mut FolderMenu<'_>, actions: &mut Vec<Action>) {
    if ui
        .add(egui::Button::new("Fit map").shortcut_text("Home"))
        .clicked()
    {
        actions.push(Action::Fit);
    }
    ui.checkbox(&mut s.canvas.show_labels, "Show names");
    ui.checkbox(&mut s.canvas.show_backdrop, "Show backdrop");
}

fn toolbar(ui: &mut Ui, s: &mut FolderMenu<'_>, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        if ui.add_enabled(s.dirty, egui::Button::new("Save")).clicked() {
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
            if ui.selectable_label(*s.view == view, view.label()).clicked() {
                *s.view = view;
            }
        }
        if *s.view != View::Map {
            return;
        }
        ui.separator();
        for tool in Tool::ALL {
            let tip = format!("{} ({}): {}", tool.label(), tool.key_name(), tool.hint());
            if ui
                .selectable_label(s.canvas.tool == tool, tool.label())
                .on_hover_text(tip)
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
