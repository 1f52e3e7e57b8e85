//! The start screen, shown when no folder is open: a path field, a folder dialog, a new game,
//! recent folders, and why the last open failed.

use std::path::PathBuf;

use egui::Ui;

use crate::action::Action;

/// The folder path being typed, and why the last open failed.
pub struct PathForm<'a> {
    pub path: &'a mut String,
    pub error: &'a mut Option<String>,
}

pub fn show(ui: &mut Ui, form: &mut PathForm<'_>, recent: &[PathBuf], actions: &mut Vec<Action>) {
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading("Orbat editor");
        ui.label("Open a game folder (the folder holding game.ron, map.ron, ...).");
        ui.add_space(12.0);
    });
    path_field(ui, form, actions);
    ui.horizontal(|ui| {
        if ui.button("Browse…").clicked() {
            actions.push(Action::Browse);
        }
        if ui.button("Start a new game…").clicked() {
            actions.push(Action::NewGame);
        }
    });
    if let Some(e) = &*form.error {
        ui.add_space(8.0);
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    if !recent.is_empty() {
        ui.add_space(12.0);
        ui.strong("Recent folders");
        for p in recent {
            if ui.link(p.display().to_string()).clicked() {
                actions.push(Action::Open(p.clone()));
            }
        }
    }
}

/// The folder path text field with its Open button (also used by the Open path dialog).
pub fn path_field(ui: &mut Ui, form: &mut PathForm<'_>, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let label = ui.label("Folder path");
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut *form.path)
                    .desired_width(420.0)
                    .hint_text("/path/to/game"),
            )
            .labelled_by(label.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Open").clicked() || enter {
            let path = form.path.trim();
            if path.is_empty() {
                *form.error = Some("type the path of a game folder first".into());
            } else {
                actions.push(Action::Open(path.into()));
            }
        }
    });
}
