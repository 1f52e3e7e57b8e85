//! The New game window (File > New game…): the folder (typed, or chosen with the system's
//! folder dialog), the game's id, its source language and how it starts; Create writes the
//! folder (`crate::new_game`) and returns it for the app to open.

use std::path::{Path, PathBuf};

use egui::{ComboBox, Ui};

use crate::new_game::{self, NewGame, Start};
use crate::templates::TEMPLATES;

/// Which of the three starts is chosen (the shipped game is chosen apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartKind {
    #[default]
    Blank,
    Definition,
    Whole,
}

/// The window's state: open or not, what is typed, why the last try failed.
pub struct NewGameState {
    pub open: bool,
    pub folder: String,
    pub id: String,
    pub language: String,
    pub kind: StartKind,
    /// The shipped game a definition or a copy starts from (its folder's name).
    pub template: &'static str,
    pub error: Option<String>,
}

impl Default for NewGameState {
    fn default() -> Self {
        NewGameState {
            open: false,
            folder: String::new(),
            id: String::new(),
            language: "en".into(),
            kind: StartKind::Blank,
            template: TEMPLATES.first().map_or("", |t| t.folder),
            error: None,
        }
    }
}

impl NewGameState {
    /// Opens the window; `folder` (e.g. the empty folder the user just tried to open) is
    /// offered when nothing is typed yet.
    pub fn open_with(&mut self, folder: Option<&Path>) {
        self.open = true;
        self.error = None;
        if let Some(f) = folder.filter(|_| self.folder.trim().is_empty()) {
            self.folder = f.display().to_string();
        }
        if self.id.is_empty() {
            self.id = id_from_folder(Path::new(self.folder.trim()));
        }
    }

    /// A folder chosen with the system's dialog (the id follows its name when none is typed).
    pub fn chosen(&mut self, dir: &Path) {
        self.folder = dir.display().to_string();
        self.error = None;
        if self.id.is_empty() {
            self.id = id_from_folder(dir);
        }
    }

    /// The start chosen.
    pub fn start(&self) -> Start {
        match self.kind {
            StartKind::Blank => Start::Blank,
            StartKind::Definition => Start::Definition(self.template),
            StartKind::Whole => Start::Whole(self.template),
        }
    }

    /// The request as typed.
    pub fn request(&self) -> NewGame {
        NewGame {
            dir: PathBuf::from(self.folder.trim()),
            id: self.id.trim().to_owned(),
            language: self.language.trim().to_owned(),
            start: self.start(),
        }
    }
}

/// A game id from a folder's name: `My Game` gives `my-game`.
fn id_from_folder(dir: &Path) -> String {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    id.trim_matches('-').to_owned()
}

/// What the window asks of the app.
pub enum NewGameAsk {
    /// Show the system's folder dialog.
    Choose,
    /// The folder was written: open it (with how many files were written).
    Created(PathBuf, usize),
}

/// Draws the window; Create writes the folder at once.
pub fn show(ui: &mut Ui, st: &mut NewGameState) -> Option<NewGameAsk> {
    let mut ask = None;
    let mut open = st.open;
    egui::Window::new("New game")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_width(520.0)
        // below the menu bar and the toolbar, which stay usable
        .default_pos([24.0, 72.0])
        .show(ui.ctx(), |ui| {
            ui.label("A new game in a new folder, or an empty one.");
            egui::Grid::new("new-game-form")
                .num_columns(2)
                .spacing([8.0, 6.0])
                .show(ui, |ui| form(ui, st, &mut ask));
            ui.separator();
            starts(ui, st);
            ui.separator();
            if let Some(e) = &st.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            ui.horizontal(|ui| {
                if ui.button("Create").clicked() {
                    let request = st.request();
                    match new_game::create(&request) {
                        Ok(n) => {
                            st.error = None;
                            st.open = false;
                            ask = Some(NewGameAsk::Created(request.dir, n));
                        }
                        Err(e) => st.error = Some(e),
                    }
                }
                if ui.button("Cancel").clicked() {
                    st.open = false;
                }
            });
        });
    if !open {
        st.open = false;
    }
    ask
}

/// The folder, the id and the language.
fn form(ui: &mut Ui, st: &mut NewGameState, ask: &mut Option<NewGameAsk>) {
    let label = ui.label("Folder");
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut st.folder)
                .hint_text("/path/to/new-game")
                .desired_width(320.0),
        )
        .labelled_by(label.id);
        if ui.button("Choose…").clicked() {
            *ask = Some(NewGameAsk::Choose);
        }
    });
    ui.end_row();
    let label = ui.label("Game id");
    ui.add(
        egui::TextEdit::singleline(&mut st.id)
            .hint_text("my-game")
            .desired_width(200.0),
    )
    .labelled_by(label.id);
    ui.end_row();
    let label = ui.label("Source language");
    let template = st.start().template();
    match template.map(new_game::template_language) {
        // a copy keeps the shipped game's language: shown, not typed
        Some(Ok(lang)) => {
            st.language = lang.clone();
            ui.add_enabled(
                false,
                egui::TextEdit::singleline(&mut lang.clone()).desired_width(60.0),
            )
            .labelled_by(label.id)
            .on_disabled_hover_text(
                "a game started from a shipped one keeps its source language: its texts are \
                 written in it",
            );
        }
        _ => {
            ui.add(
                egui::TextEdit::singleline(&mut st.language)
                    .hint_text("en")
                    .desired_width(60.0),
            )
            .labelled_by(label.id);
        }
    }
    ui.end_row();
}

/// The three starts, and the shipped game to start from.
fn starts(ui: &mut Ui, st: &mut NewGameState) {
    ui.strong("Start from");
    ui.radio_value(&mut st.kind, StartKind::Blank, "A blank game")
        .on_hover_text(
            "two sides of one faction each, one terrain, location, link and unit kind, the \
             names they need, an empty map: it validates clean",
        );
    ui.radio_value(
        &mut st.kind,
        StartKind::Definition,
        "The definition of a shipped game",
    )
    .on_hover_text(
        "its game.ron's vocabulary (sides, factions, relations, terrains, kinds, stacking, \
         tracks, markers...) and the names of its ids; no map, units, cards or scenarios, nor \
         what names them (areas, decks, supply rules, checks)",
    );
    ui.radio_value(&mut st.kind, StartKind::Whole, "A whole shipped game")
        .on_hover_text("every file of it, backdrop included, under the new id");
    if st.kind != StartKind::Blank {
        let title = crate::templates::find(st.template).map_or("", |t| t.title);
        ComboBox::from_label("Shipped game")
            .selected_text(title)
            .show_ui(ui, |ui| {
                for t in TEMPLATES {
                    ui.selectable_value(&mut st.template, t.folder, t.title);
                }
            });
        if let Some(t) = st.start().template() {
            let langs = match new_game::template_language(t) {
                Ok(l) => format!("its source language, `{l}`"),
                Err(_) => "its languages".to_owned(),
            };
            ui.weak(format!(
                "{}: keeps {langs}; its names stay {}'s until you rename them (Names view).",
                st.start().label(),
                t.title
            ));
        }
    } else {
        ui.weak("Placeholders named Side A, Faction A...: rename them in the Names view.");
    }
}

#[cfg(test)]
mod tests {
    use super::id_from_folder;
    use std::path::Path;

    #[test]
    fn a_folder_name_gives_an_id() {
        assert_eq!(id_from_folder(Path::new("/x/My Game")), "my-game");
        assert_eq!(id_from_folder(Path::new("/x/war_1812")), "war_1812");
        assert_eq!(id_from_folder(Path::new("")), "");
    }
}
