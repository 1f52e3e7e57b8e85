//! The application: the open session (if any), the panels around the map, keyboard
//! shortcuts, dialogs, live validation, autosave and the window title.
//!
//! Over 500 lines: [`EditorApp::run`] is one match over every action of the menus and
//! shortcuts, which reads best whole, and the windows the menus open (print, new game,
//! backdrop) are carried out here with the system's dialogs; each panel and view lives in its
//! own file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, KeyboardShortcut, Modifiers, Ui, ViewportCommand};

use crate::canvas::{self, tools::MapTools};
use crate::document::{Document, FileId};
use crate::panels::diagnostics::{self, DiagnosticsFilter};
use crate::panels::dialogs;
use crate::panels::inspector::{self, InspectorState};
use crate::panels::menu::{self, FolderMenu, Menu};
use crate::panels::start::{self, PathForm};
use crate::panels::status::{self, Status};
use crate::recovery;
use crate::save;
use crate::session::Session;
use crate::views::{self, View, setup::OnMap};

pub use crate::action::{Action, Dialog};

/// Seconds between autosaves of unsaved work to the recovery folder.
pub const AUTOSAVE_SECS: f64 = 30.0;
/// Seconds between looks for files changed on disk by another program.
pub const DISK_CHECK_SECS: f64 = 2.0;

pub struct EditorApp {
    pub session: Option<Session>,
    pub state_dir: PathBuf,
    pub recent: Vec<PathBuf>,
    pub path_input: String,
    pub open_error: Option<String>,
    pub dialog: Option<Dialog>,
    pub inspector: InspectorState,
    pub filter: DiagnosticsFilter,
    /// Set once the user agreed to quit (so the close request is let through).
    pub quitting: bool,
    /// Help > Keyboard shortcuts is open.
    pub shortcuts_open: bool,
    /// File > Print prototype…
    pub print: crate::panels::print::PrintState,
    /// File > New game…
    pub new_game: crate::panels::new_game::NewGameState,
    /// Map > Backdrop…
    pub backdrop: crate::panels::backdrop::BackdropState,
    pub find: crate::panels::find::FindState,
    /// Use the native folder dialog (off in tests: it would block).
    pub native_dialogs: bool,
    /// Seconds between looks for files changed on disk by another program.
    pub disk_check_secs: f64,
    last_disk_check: f64,
    last_autosave: f64,
    autosaved_revision: u64,
    title: String,
}

impl EditorApp {
    /// A new app; opens `folder` if given. `state_dir` holds recent folders and recovery.
    pub fn new(folder: Option<PathBuf>, state_dir: PathBuf) -> Self {
        let recent = recovery::recent(&state_dir);
        let mut app = EditorApp {
            session: None,
            state_dir,
            recent,
            path_input: String::new(),
            open_error: None,
            dialog: None,
            inspector: InspectorState::default(),
            filter: DiagnosticsFilter::default(),
            quitting: false,
            shortcuts_open: false,
            print: Default::default(),
            new_game: Default::default(),
            backdrop: Default::default(),
            find: Default::default(),
            native_dialogs: true,
            disk_check_secs: DISK_CHECK_SECS,
            last_disk_check: 0.0,
            last_autosave: 0.0,
            autosaved_revision: 0,
            title: String::new(),
        };
        if let Some(folder) = folder {
            app.path_input = folder.display().to_string();
            app.open(&folder);
        }
        app
    }

    /// Opens a game folder, replacing the current one (unsaved changes are asked about by
    /// the caller). On failure the reason is shown on the start screen.
    pub fn open(&mut self, folder: &Path) {
        match Document::open(folder) {
            Ok(doc) => {
                let _ = recovery::remember(&self.state_dir, &doc.dir);
                self.recent = recovery::recent(&self.state_dir);
                self.dialog = recovery::find(&doc, &self.state_dir).map(Dialog::Recovery);
                self.path_input = doc.dir.display().to_string();
                self.session = Some(Session::new(doc));
                self.inspector = InspectorState::default();
                self.open_error = None;
                self.autosaved_revision = 0;
            }
            Err(e) => self.open_error = Some(e.to_string()),
        }
    }

    /// Draws one frame: the panels and the view, each asking for what it wants done (the
    /// session carries out edits; the actions here), then validation, autosave, the title.
    pub fn show(&mut self, ui: &mut Ui) {
        let mut actions = Vec::new();
        self.close_request(ui.ctx(), &mut actions);
        let revision = self.session.as_ref().map(|s| s.doc.revision);
        let mut bar = Menu {
            recent: &self.recent,
            folder: self.session.as_mut().map(|s| FolderMenu {
                dirty: s.doc.is_dirty(),
                history: &s.history,
                has_selection: !s.selection.is_empty(),
                view: &mut s.view,
                canvas: &mut s.canvas,
            }),
        };
        menu::show(ui, &mut bar, &mut actions);
        crate::panels::shortcuts::show(ui.ctx(), &mut self.shortcuts_open);
        if let Some(s) = &self.session {
            crate::panels::find::show(ui.ctx(), &s.doc, &mut self.find, &mut actions);
        }
        if let Some(s) = &mut self.session {
            let line = Status {
                doc: &s.doc,
                zoom: s.camera.zoom,
                backdrop_error: s.backdrop.error(),
                message: s.message.as_deref(),
                language: s.views.translate.lang.as_deref(),
            };
            status::show(ui, &line);
            s.show(|c, _| diagnostics::show(ui, c, &mut self.filter));
            match s.view {
                View::Map => {
                    let tool = s.canvas.tool;
                    self.inspector.focus_id |= std::mem::take(&mut s.canvas.rename_requested);
                    s.show(|c, _| inspector::show(ui, c, tool, &mut self.inspector));
                    egui::CentralPanel::no_frame().show(ui, |ui| map_view(ui, s, false));
                }
                View::Setup => {
                    egui::Panel::left("setup")
                        .default_size(300.0)
                        .show(ui, |ui| {
                            s.show(|c, v| views::setup::side_panel(ui, c, &mut v.setup));
                        });
                    egui::CentralPanel::no_frame().show(ui, |ui| map_view(ui, s, true));
                }
                View::Units => {
                    egui::CentralPanel::default_margins().show(ui, |ui| {
                        s.show(|c, v| views::units::show(ui, c, &mut v.units));
                    });
                }
                View::Cards => {
                    egui::CentralPanel::default_margins().show(ui, |ui| {
                        s.show(|c, v| views::cards::show(ui, c, &mut v.cards));
                    });
                }
                View::Translate => {
                    egui::CentralPanel::default_margins().show(ui, |ui| {
                        s.show(|c, v| views::translate::show(ui, c, &mut v.translate));
                    });
                }
                View::Names => {
                    egui::CentralPanel::default_margins().show(ui, |ui| {
                        s.show(|c, v| views::names::show(ui, c, &mut v.names));
                    });
                }
                View::Definition => {
                    egui::CentralPanel::default_margins().show(ui, |ui| {
                        s.show(|c, v| views::definition::show(ui, c, &mut v.definition));
                    });
                }
            }
            if self.dialog.is_none() {
                shortcuts(ui.ctx(), s, &mut actions);
            }
        } else {
            let mut form = PathForm {
                path: &mut self.path_input,
                error: &mut self.open_error,
            };
            egui::CentralPanel::default_margins().show(ui, |ui| {
                start::show(ui, &mut form, &self.recent, &mut actions)
            });
        }
        let mut form = PathForm {
            path: &mut self.path_input,
            error: &mut self.open_error,
        };
        dialogs::show(ui, self.dialog.as_ref(), &mut form, &mut actions);
        self.print_window(ui);
        self.new_game_window(ui);
        self.backdrop_window(ui);
        if self.session.as_ref().map(|s| s.doc.revision) != revision {
            // the views' edits were carried out after they were drawn: draw them again
            ui.ctx().request_repaint();
        }
        for action in actions {
            self.run(ui.ctx(), action);
        }
        if let Some(ask) = self.session.as_mut().and_then(|s| s.ask_delete.take()) {
            self.dialog = Some(Dialog::DeleteSpaces(ask));
        }
        self.after_frame(ui.ctx());
    }

    /// Carries out one action.
    pub fn run(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Open(path) => {
                if self.session.as_ref().is_some_and(|s| s.doc.is_dirty()) {
                    self.dialog = Some(Dialog::UnsavedBeforeOpen(path));
                } else {
                    self.dialog = None;
                    self.open(&path);
                    if self.open_error.is_some() && self.session.is_some() {
                        self.dialog = Some(Dialog::AskPath);
                    }
                }
            }
            Action::OpenDiscarding(path) => {
                if let Some(s) = &self.session {
                    let _ = recovery::discard(&s.doc, &self.state_dir);
                }
                self.dialog = None;
                self.open(&path);
            }
            Action::Browse => {
                let picked = if self.native_dialogs {
                    rfd::FileDialog::new()
                        .set_title("Open a game folder")
                        .pick_folder()
                } else {
                    None
                };
                match picked {
                    Some(p) => self.run(ctx, Action::Open(p)),
                    // no native dialog here (e.g. no desktop portal): ask for a path instead
                    None => self.dialog = Some(Dialog::AskPath),
                }
            }
            Action::AskPath => self.dialog = Some(Dialog::AskPath),
            Action::Save => self.save(&[]),
            Action::SaveOverwriting(files) => {
                self.dialog = None;
                self.save(&files);
            }
            Action::ReloadFromDisk(files) => {
                self.dialog = None;
                self.with_session(|s| {
                    for id in &files {
                        s.reload(id);
                    }
                });
            }
            Action::KeepMine(files) => {
                self.dialog = None;
                self.with_session(|s| s.keep_mine(&files));
            }
            Action::SaveAndQuit => {
                self.dialog = None;
                self.save(&[]);
                if self.session.as_ref().is_some_and(|s| !s.doc.is_dirty()) {
                    self.run(ctx, Action::QuitNow);
                } else if let Some(Dialog::SaveFailed { quitting, .. }) = &mut self.dialog {
                    // the work is not on disk: say so, and stay open
                    *quitting = true;
                }
            }
            Action::SaveGameAs { quitting } => {
                let picked = if self.native_dialogs {
                    rfd::FileDialog::new()
                        .set_title("Save the game to a new or empty folder")
                        .pick_folder()
                } else {
                    None
                };
                match picked {
                    Some(dir) => self.run(ctx, Action::SaveGameTo { dir, quitting }),
                    None => {
                        // a new folder beside this one, for the user to change or take
                        if let Some(s) = &self.session {
                            self.path_input = format!("{}-copy", s.doc.dir.display());
                        }
                        self.open_error = None;
                        self.dialog = Some(Dialog::AskSaveAsPath { quitting });
                    }
                }
            }
            Action::SaveGameTo { dir, quitting } => {
                let Some(s) = &mut self.session else { return };
                match save::save_as(&mut s.doc, &dir) {
                    Ok(n) => {
                        s.message = Some(format!(
                            "saved the game ({n} files) to {}: you are working there now",
                            s.doc.dir.display()
                        ));
                        self.dialog = None;
                        self.open_error = None;
                        if quitting {
                            self.run(ctx, Action::QuitNow);
                        }
                    }
                    Err(e) => {
                        self.path_input = dir.display().to_string();
                        self.open_error = Some(e);
                        self.dialog = Some(Dialog::AskSaveAsPath { quitting });
                    }
                }
            }
            Action::Quit => {
                if self.session.as_ref().is_some_and(|s| s.doc.is_dirty()) {
                    self.dialog = Some(Dialog::UnsavedBeforeQuit);
                } else {
                    self.run(ctx, Action::QuitNow);
                }
            }
            Action::QuitNow => {
                if let Some(s) = &self.session {
                    let _ = recovery::discard(&s.doc, &self.state_dir);
                }
                self.dialog = None;
                self.quitting = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Action::DeleteSpacesEverywhere(what) => {
                self.dialog = None;
                self.with_session(|s| s.delete_everywhere(&what.ids, &what.links));
            }
            Action::Undo => self.with_session(|s| s.undo()),
            Action::Redo => self.with_session(|s| s.redo()),
            Action::Delete => self.with_session(|s| s.delete_selection()),
            Action::SelectAll => self.with_session(|s| {
                if let Some(m) = s.doc.map() {
                    s.selection.spaces = (0..m.spaces.len()).collect();
                }
            }),
            Action::Fit => self.with_session(|s| s.fit_pending = true),
            Action::Recover => {
                if let (Some(Dialog::Recovery(rec)), Some(s)) =
                    (self.dialog.take(), &mut self.session)
                    && s.apply(rec.edit())
                {
                    s.message = Some("recovered unsaved changes: save to keep them".into());
                }
            }
            Action::DiscardRecovery => {
                self.dialog = None;
                if let Some(s) = &self.session {
                    let _ = recovery::discard(&s.doc, &self.state_dir);
                }
            }
            Action::CloseDialog => self.dialog = None,
            Action::ShowShortcuts => self.shortcuts_open = true,
            Action::PrintPrototype => self.print.open = true,
            Action::NewGame => {
                // the folder that just failed to open for holding no game is offered
                let typed = PathBuf::from(self.path_input.trim());
                let empty = std::fs::read_dir(&typed).is_ok_and(|mut d| d.next().is_none());
                self.new_game.open_with(empty.then_some(typed.as_path()));
            }
            Action::Backdrop => self.backdrop.open(),
            Action::Find => {
                self.find.open = self.session.is_some();
                self.find.focus = true;
            }
            Action::GoTo(hit) => self.with_session(|s| s.go_to(&hit)),
        }
    }

    fn with_session(&mut self, f: impl FnOnce(&mut Session)) {
        if let Some(s) = &mut self.session {
            f(s);
        }
    }

    fn save(&mut self, overwrite: &[FileId]) {
        let Some(s) = &mut self.session else { return };
        let report = s.save(overwrite);
        if !report.conflicts.is_empty() {
            self.dialog = Some(Dialog::Conflicts(report.conflicts));
        } else if !report.reprints.is_empty() {
            self.dialog = Some(Dialog::Reprint(report.reprints));
        } else if !report.errors.is_empty() {
            // a failed save is a dialog, not a line in the status bar that is easy to miss
            self.dialog = Some(Dialog::SaveFailed {
                errors: report.errors,
                quitting: false,
            });
        } else if !s.doc.is_dirty() {
            let _ = recovery::discard(&s.doc, &self.state_dir);
        }
    }

    /// The print window and its job: polled each frame, the PDF opened when it is done.
    fn print_window(&mut self, ui: &mut egui::Ui) {
        use crate::panels::print::{self, PrintAsk};
        use crate::print_job::{JobState, PrintJob, open_in_viewer, output_for};
        let Some(s) = &self.session else {
            self.print.open = false;
            return;
        };
        if let Some(job) = &self.print.job {
            match job.poll() {
                JobState::Running(stage) => {
                    self.print.stage = stage;
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(100));
                }
                JobState::Done(result) => {
                    let output = job.output.clone();
                    self.print.job = None;
                    self.print.outcome = Some(match result {
                        Ok(printed) => {
                            if self.native_dialogs {
                                open_in_viewer(&output);
                            }
                            format!(
                                "Printed {} pages to {}{}",
                                printed.pages,
                                output.display(),
                                match printed.warnings.len() {
                                    0 => String::new(),
                                    n =>
                                        format!(" ({n} warnings: {})", printed.warnings.join("; ")),
                                }
                            )
                        }
                        Err(why) => format!("Nothing printed: {why}"),
                    });
                }
            }
        }
        if !self.print.open {
            return;
        }
        let languages = s.doc.languages();
        let dirty = s.doc.is_dirty();
        let dir = s.doc.dir.clone();
        match print::show(ui, &mut self.print, &languages, dirty) {
            Some(PrintAsk::Start) => match self.print.form.options(&dir, output_for(&dir)) {
                Ok(opts) => {
                    self.print.outcome = None;
                    self.print.job = Some(PrintJob::start(opts));
                }
                Err(why) => self.print.outcome = Some(why),
            },
            Some(PrintAsk::Close) => self.print.open = false,
            None => {}
        }
    }

    /// The New game window: the folder chosen with the system's dialog, the game written,
    /// then opened as File > Open does.
    fn new_game_window(&mut self, ui: &mut egui::Ui) {
        use crate::panels::new_game::{self, NewGameAsk};
        if !self.new_game.open {
            return;
        }
        match new_game::show(ui, &mut self.new_game) {
            Some(NewGameAsk::Choose) => {
                let picked = self.native_dialogs.then(|| {
                    rfd::FileDialog::new()
                        .set_title("A new or empty folder for the game")
                        .pick_folder()
                });
                match picked.flatten() {
                    Some(dir) => self.new_game.chosen(&dir),
                    None => {
                        self.new_game.error =
                            Some("no folder dialog here: type the folder's path".into())
                    }
                }
            }
            Some(NewGameAsk::Created(dir, n)) => {
                self.run(ui.ctx(), Action::Open(dir.clone()));
                if let Some(s) = &mut self.session
                    && s.doc.dir == std::fs::canonicalize(&dir).unwrap_or(dir)
                {
                    s.message = Some(format!("created a new game of {n} files: it is open"));
                }
            }
            None => {}
        }
    }

    /// The Backdrop window, with the system's dialog to choose an image.
    fn backdrop_window(&mut self, ui: &mut egui::Ui) {
        use crate::panels::backdrop::{self, BackdropAsk};
        let Some(s) = &mut self.session else {
            self.backdrop.open = false;
            return;
        };
        if !self.backdrop.open {
            return;
        }
        let st = &mut self.backdrop;
        let backdrop = |s: &Session| s.doc.map().and_then(|m| m.backdrop.clone());
        let before = backdrop(s);
        let ask = s.show(|c, _| backdrop::show(ui, c, st));
        if backdrop(s) != before {
            // a new image: show all of it
            s.fit_pending = true;
        }
        if let Some(BackdropAsk::Choose) = ask {
            let picked = self.native_dialogs.then(|| {
                rfd::FileDialog::new()
                    .set_title("A backdrop image")
                    .add_filter("PNG or JPEG image", &["png", "jpg", "jpeg"])
                    .set_directory(&s.doc.dir)
                    .pick_file()
            });
            match picked.flatten() {
                Some(p) => self.backdrop.image = p.display().to_string(),
                None => {
                    self.backdrop.error = Some("no file dialog here: type the image's path".into())
                }
            }
        }
    }

    /// Asks before the window closes with unsaved changes.
    fn close_request(&mut self, ctx: &egui::Context, actions: &mut Vec<Action>) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting {
            if self.session.as_ref().is_some_and(|s| s.doc.is_dirty()) {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                actions.push(Action::Quit);
            } else {
                actions.push(Action::QuitNow);
            }
        }
    }

    /// Validation once a gesture ends, autosave, the window title.
    fn after_frame(&mut self, ctx: &egui::Context) {
        let title = self
            .session
            .as_ref()
            .map_or_else(|| "Orbat editor".to_owned(), Session::title);
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        let Some(s) = &mut self.session else { return };
        // checking mid-drag would cost time every frame for nothing: wait for the release
        if !ctx.input(|i| i.pointer.any_down()) {
            s.validate_if_stale();
        }
        let now = ctx.input(|i| i.time);
        if self.dialog.is_none() && now - self.last_disk_check >= self.disk_check_secs {
            self.last_disk_check = now;
            let ask = s.check_disk();
            if !ask.is_empty() {
                self.dialog = Some(Dialog::ChangedOnDisk(ask));
                ctx.request_repaint();
            }
        }
        ctx.request_repaint_after(Duration::from_secs_f64(self.disk_check_secs.max(0.5)));
        if s.doc.revision != self.autosaved_revision && now - self.last_autosave >= AUTOSAVE_SECS {
            self.last_autosave = now;
            self.autosaved_revision = s.doc.revision;
            if let Err(e) = recovery::autosave(&s.doc, &self.state_dir) {
                s.message = Some(format!("autosave failed: {e}"));
            }
        }
        if s.doc.is_dirty() {
            ctx.request_repaint_after(Duration::from_secs_f64(AUTOSAVE_SECS));
        }
    }
}

/// The map canvas with the map tools, or with the set-up view's layer: input first, then,
/// once the session has carried out what it asked for, the drawing.
fn map_view(ui: &mut Ui, s: &mut Session, setup: bool) {
    let shown = s.show_map(|m, v| {
        if setup {
            canvas::input(ui, m, &mut OnMap(&mut v.setup))
        } else {
            canvas::input(ui, m, &mut MapTools)
        }
    });
    if shown.is_some() {
        s.show_map(|m, v| {
            if setup {
                canvas::paint(ui, m, &OnMap(&mut v.setup));
            } else {
                canvas::paint(ui, m, &MapTools);
            }
        });
    }
}

/// Keyboard shortcuts. Saving works from anywhere, a text field too (this frame's typing is
/// already in the document); the rest wait while a text field has the keyboard, which keeps
/// Ctrl+Z, Delete and the arrows for the text.
fn shortcuts(ctx: &egui::Context, s: &mut Session, actions: &mut Vec<Action>) {
    let cmd = Modifiers::COMMAND;
    let shortcut =
        |m: Modifiers, k: Key| ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)));
    if shortcut(cmd, Key::S) {
        actions.push(Action::Save);
    }
    if shortcut(Modifiers::NONE, Key::F1) {
        actions.push(Action::ShowShortcuts);
    }
    if shortcut(cmd, Key::F) {
        actions.push(Action::Find);
    }
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    // most specific first: Ctrl+Shift+Z before Ctrl+Z
    if shortcut(cmd | Modifiers::SHIFT, Key::Z) || shortcut(cmd, Key::Y) {
        actions.push(Action::Redo);
    } else if shortcut(cmd, Key::Z) {
        actions.push(Action::Undo);
    }
    // the rest acts on the map: only where the map is shown (Delete in the card table must
    // not delete the map's hidden selection)
    if !matches!(s.view, View::Map | View::Setup) {
        return;
    }
    if s.view == View::Map && shortcut(cmd, Key::A) {
        actions.push(Action::SelectAll);
    }
    // plain letters pick the map's tools (a text field with the keyboard returned above)
    if s.view == View::Map {
        for tool in canvas::state::Tool::ALL {
            if shortcut(Modifiers::NONE, tool.key()) {
                s.canvas.tool = tool;
                s.canvas.link_from = None;
            }
        }
    }
    if s.view == View::Map
        && (shortcut(Modifiers::NONE, Key::Delete) || shortcut(Modifiers::NONE, Key::Backspace))
    {
        actions.push(Action::Delete);
    }
    if shortcut(Modifiers::NONE, Key::Home) {
        actions.push(Action::Fit);
    }
    if shortcut(Modifiers::NONE, Key::Escape) {
        s.selection.clear();
        s.canvas.link_from = None;
        s.canvas.gesture = canvas::Gesture::None;
    }
    let view = s.canvas.view;
    let step = 60.0;
    for (key, delta) in [
        (Key::ArrowLeft, egui::vec2(step, 0.0)),
        (Key::ArrowRight, egui::vec2(-step, 0.0)),
        (Key::ArrowUp, egui::vec2(0.0, step)),
        (Key::ArrowDown, egui::vec2(0.0, -step)),
    ] {
        if ctx.input(|i| i.key_pressed(key)) {
            s.camera.pan(delta);
        }
    }
    if shortcut(Modifiers::NONE, Key::Plus) || shortcut(Modifiers::NONE, Key::Equals) {
        s.camera.zoom_at(view, view.center(), 1.25);
    }
    if shortcut(Modifiers::NONE, Key::Minus) {
        s.camera.zoom_at(view, view.center(), 0.8);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
