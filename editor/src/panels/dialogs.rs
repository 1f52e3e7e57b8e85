//! Modal questions: files changed on disk, recovering unsaved work, unsaved changes before
//! quitting or opening another folder, a save that failed, and typing a folder path (to open,
//! or to save the whole game to).

use egui::{Modal, Ui};

use super::start::{PathForm, path_field};
use crate::action::{Action, Dialog};

/// The dialog waiting for an answer, if any; `form` is the folder path typed in Open path.
pub fn show(
    ui: &mut Ui,
    dialog: Option<&Dialog>,
    form: &mut PathForm<'_>,
    actions: &mut Vec<Action>,
) {
    let Some(dialog) = dialog.cloned() else {
        return;
    };
    let ctx = ui.ctx().clone();
    Modal::new(egui::Id::unique("orbat-dialog")).show(&ctx, |ui| {
        ui.set_max_width(460.0);
        match dialog {
            Dialog::Conflicts(files) => {
                ui.heading("Files changed on disk");
                let names: Vec<String> = files.iter().map(|f| f.file_name()).collect();
                ui.label(format!(
                    "{} changed on disk since you opened the folder. Overwrite with your version? \
                     The other changes will be lost.",
                    names.join(", ")
                ));
                ui.horizontal(|ui| {
                    if ui.button("Overwrite").clicked() {
                        actions.push(Action::SaveOverwriting(files.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::Reprint(files) => {
                ui.heading("Comments or layout would be lost");
                for (file, why) in files.iter() {
                    ui.label(format!("{}: {why}.", file.file_name()));
                }
                ui.label(
                    "Saving these files means writing them anew in the canonical layout. \
                     Write them anew, or cancel and keep editing?",
                );
                ui.horizontal(|ui| {
                    if ui.button("Write anew").clicked() {
                        actions.push(Action::SaveOverwriting(
                            files.iter().map(|(f, _)| f.clone()).collect(),
                        ));
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::ChangedOnDisk(files) => {
                ui.heading("Files changed on disk");
                let names: Vec<String> = files.iter().map(|f| f.file_name()).collect();
                ui.label(format!(
                    "Another program changed {} while you had unsaved changes to it. Reload \
                     the version on disk? Undo brings your version back.",
                    names.join(", ")
                ));
                ui.horizontal(|ui| {
                    if ui.button("Reload from disk").clicked() {
                        actions.push(Action::ReloadFromDisk(files.clone()));
                    }
                    if ui.button("Keep my version").clicked() {
                        actions.push(Action::KeepMine(files.clone()));
                    }
                });
            }
            Dialog::Recovery(rec) => {
                ui.heading("Unsaved changes found");
                let names: Vec<String> = rec.files.iter().map(|(id, _)| id.file_name()).collect();
                let when = rec
                    .saved_at
                    .and_then(|t| t.elapsed().ok())
                    .map_or_else(String::new, |d| {
                        format!(" from {} minutes ago", d.as_secs() / 60)
                    });
                ui.label(format!(
                    "The editor kept unsaved changes{when} to {} in this folder. Recover them?",
                    names.join(", ")
                ));
                for (name, e) in &rec.unreadable {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{name} could not be recovered: {e}"),
                    );
                }
                ui.horizontal(|ui| {
                    if ui.button("Recover").clicked() {
                        actions.push(Action::Recover);
                    }
                    if ui.button("Discard").clicked() {
                        actions.push(Action::DiscardRecovery);
                    }
                });
            }
            Dialog::UnsavedBeforeQuit => {
                ui.heading("Unsaved changes");
                ui.label("Save your changes before quitting?");
                ui.horizontal(|ui| {
                    if ui.button("Save and quit").clicked() {
                        actions.push(Action::SaveAndQuit);
                    }
                    if ui.button("Quit without saving").clicked() {
                        actions.push(Action::QuitNow);
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::UnsavedBeforeOpen(path) => {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "Open {} and lose your unsaved changes?",
                    path.display()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Open and discard changes").clicked() {
                        actions.push(Action::OpenDiscarding(path.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::SaveFailed { errors, quitting } => {
                ui.heading("Not saved");
                for (path, e) in &errors {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!("{}: {e}", path.display()),
                    );
                }
                if quitting {
                    ui.label(
                        "Your changes are only in the editor: it stays open so that nothing \
                         is lost. Retry, or save the game to another folder.",
                    );
                }
                ui.horizontal(|ui| {
                    if ui.button("Retry").clicked() {
                        actions.push(if quitting {
                            Action::SaveAndQuit
                        } else {
                            Action::Save
                        });
                    }
                    if ui.button("Save the game to another folder…").clicked() {
                        actions.push(Action::SaveGameAs { quitting });
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::AskSaveAsPath { quitting } => {
                ui.heading("Save the game to another folder");
                ui.label("A new folder, or an empty one; the editor then works there.");
                ui.horizontal(|ui| {
                    let label = ui.label("Folder");
                    ui.add(
                        egui::TextEdit::singleline(&mut *form.path)
                            .hint_text("/path/to/new-folder")
                            .desired_width(300.0),
                    )
                    .labelled_by(label.id);
                });
                if let Some(e) = &*form.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                ui.horizontal(|ui| {
                    let typed = form.path.trim();
                    if ui
                        .add_enabled(!typed.is_empty(), egui::Button::new("Save here"))
                        .clicked()
                    {
                        actions.push(Action::SaveGameTo {
                            dir: std::path::PathBuf::from(typed),
                            quitting,
                        });
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::DeleteSpaces(what) => {
                let names = what.ids.join(", ");
                ui.heading(format!("Delete {names}?"));
                ui.label(format!("Other files use it in {} places:", what.uses.len()));
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for u in &what.uses {
                            ui.label(format!("• {u}"));
                        }
                    });
                ui.label(
                    "Deleting it everywhere also removes its links, the placements, control, \
                     markers, card references and conditions that name it, and its names; texts \
                     that name it keep their placeholder and are listed as problems. One undo \
                     brings all of it back.",
                );
                ui.horizontal(|ui| {
                    if ui.button("Delete everywhere").clicked() {
                        actions.push(Action::DeleteSpacesEverywhere(what.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        actions.push(Action::CloseDialog);
                    }
                });
            }
            Dialog::AskPath => {
                ui.heading("Open a game folder");
                path_field(ui, form, actions);
                if let Some(e) = &*form.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                if ui.button("Cancel").clicked() {
                    actions.push(Action::CloseDialog);
                }
            }
        }
    });
}
