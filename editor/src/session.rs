//! One open folder in the editor: the document with its history, the selection, the camera
//! and the views' states. It is the one place that changes the document: views and panels
//! draw with a narrow [`Ctx`] (the document read-only, the selection, an outbox) and
//! [`Session::flush`] carries out what they asked for, keeping the history.
//!
//! Over 500 lines: the one place that applies what views asked for (edits, undo, saving,
//! reloading from disk), so every change goes through the history the same way.

use std::path::Path;

use egui::{Pos2, Rect, pos2};
use orbat_validator::model::Id;

use crate::canvas::backdrop::Backdrop;
use crate::canvas::camera::Camera;
use crate::canvas::index::SpaceIndex;
use crate::canvas::layer::MapCtx;
use crate::canvas::state::CanvasState;
use crate::ctx::Ctx;
use crate::disk;
use crate::document::{DiskStamp, Document, FileId, FileValue};
use crate::edit::{self, Edit};
use crate::history::History;
use crate::jump::Target;
use crate::outbox::{Command, Outbox};
use crate::save::{self, SaveReport};
use crate::selection::Selection;
use crate::space_delete::{self, SpaceDelete};
use crate::views::cards::Mode as CardsMode;
use crate::views::{View, ViewStates};

pub struct Session {
    pub doc: Document,
    pub history: History,
    pub selection: Selection,
    pub camera: Camera,
    pub canvas: CanvasState,
    pub index: SpaceIndex,
    pub backdrop: Backdrop,
    /// Fit the map into the view at the next frame (the view's size is known only then).
    pub fit_pending: bool,
    /// A map point to keep at the view's centre until the view settles (panels may resize
    /// right after a diagnostic is clicked).
    /// Held for a few frames: the map point and the frames left.
    pub centre_pending: Option<(Pos2, u8)>,
    /// The last problem or result worth telling the user, shown in the status bar.
    pub message: Option<String>,
    /// The view in the window's centre.
    pub view: View,
    /// The scenario being set up (its file name), shared by the set-up and cards views.
    pub scenario: Option<String>,
    pub views: ViewStates,
    /// Changes on disk the user chose to keep their version over (not asked again).
    pub disk_kept: Vec<(FileId, DiskStamp)>,
    /// Spaces the user asked to delete that other files use: the app asks first.
    pub ask_delete: Option<SpaceDelete>,
    /// What views and panels asked for this frame, carried out by [`Session::flush`].
    outbox: Outbox,
    next_key: u64,
}

impl Session {
    pub fn new(doc: Document) -> Self {
        let backdrop = Backdrop::for_document(&doc);
        Session {
            doc,
            history: History::default(),
            selection: Selection::default(),
            camera: Camera::default(),
            canvas: CanvasState::default(),
            index: SpaceIndex::default(),
            backdrop,
            fit_pending: true,
            centre_pending: None,
            message: None,
            view: View::default(),
            scenario: None,
            views: ViewStates::default(),
            disk_kept: Vec::new(),
            ask_delete: None,
            outbox: Outbox::default(),
            next_key: 1,
        }
        .with_first_scenario()
    }

    fn with_first_scenario(mut self) -> Self {
        self.scenario = self.doc.scenario_files().into_iter().next();
        self
    }

    /// The narrow context views and panels draw with, and the views' own states.
    fn parts(&mut self) -> (Ctx<'_>, &mut ViewStates) {
        let ctx = Ctx::new(
            &self.doc,
            &mut self.selection,
            &mut self.scenario,
            &mut self.outbox,
            &mut self.next_key,
        );
        (ctx, &mut self.views)
    }

    /// The map's context: the narrow context plus the camera and the canvas's state.
    fn map_parts(&mut self) -> (MapCtx<'_>, &mut ViewStates) {
        let ctx = Ctx::new(
            &self.doc,
            &mut self.selection,
            &mut self.scenario,
            &mut self.outbox,
            &mut self.next_key,
        );
        let map = MapCtx {
            ctx,
            camera: &mut self.camera,
            state: &mut self.canvas,
            index: &mut self.index,
            backdrop: &mut self.backdrop,
            fit_pending: &mut self.fit_pending,
            centre_pending: &mut self.centre_pending,
        };
        (map, &mut self.views)
    }

    /// Draws a view or panel with the narrow context, then carries out what it asked for.
    pub fn show<R>(&mut self, f: impl FnOnce(&mut Ctx<'_>, &mut ViewStates) -> R) -> R {
        let r = {
            let (mut ctx, views) = self.parts();
            f(&mut ctx, views)
        };
        self.flush();
        r
    }

    /// [`Session::show`] for the map canvas and its layer.
    pub fn show_map<R>(&mut self, f: impl FnOnce(&mut MapCtx<'_>, &mut ViewStates) -> R) -> R {
        let r = {
            let (mut map, views) = self.map_parts();
            f(&mut map, views)
        };
        self.flush();
        r
    }

    /// Carries out, in order, what views and panels asked for. An edit that is refused (its
    /// reason goes to the status bar) drops the commands asked for after it, which followed
    /// from it. Returns false when one was refused.
    pub fn flush(&mut self) -> bool {
        for command in self.outbox.take() {
            let done = match command {
                Command::Apply { edit, merge: None } => self.apply(*edit),
                Command::Apply {
                    edit,
                    merge: Some(key),
                } => self.apply_merging(*edit, key),
                Command::Seal => {
                    self.history.seal();
                    true
                }
                Command::SealKey(key) => {
                    self.history.seal_key(key);
                    true
                }
                Command::Select(selection) => {
                    self.selection = selection;
                    true
                }
                Command::Message(text) => {
                    self.message = Some(text);
                    true
                }
                Command::Focus {
                    code,
                    file,
                    pointer,
                } => {
                    if !pointer.is_some_and(|p| self.focus_fix(code, &file, &p)) {
                        self.message = Some("this diagnostic names nothing on the map".into());
                    }
                    true
                }
                Command::DeleteSelection => {
                    self.delete_selection();
                    true
                }
            };
            if !done {
                return false;
            }
        }
        true
    }

    /// Asks through the narrow context and carries it out at once: for the app and tests.
    fn asking(&mut self, f: impl FnOnce(&mut Ctx<'_>) -> bool) -> bool {
        let asked = f(&mut self.parts().0);
        self.flush() && asked
    }

    /// Changes one file through a copy of its content, as one undo step (merged with the
    /// previous change of the same gesture when `merge_key` is given). Returns false when
    /// nothing changed or the edit was refused (the reason is in the status bar).
    pub fn change_file(
        &mut self,
        id: &FileId,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut FileValue),
    ) -> bool {
        self.asking(|c| c.change_file(id, label, merge_key, change))
    }

    pub fn change_units(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut orbat_validator::model::UnitsFile),
    ) -> bool {
        self.asking(|c| c.change_units(label, merge_key, change))
    }

    pub fn change_cards(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut orbat_validator::model::CardsFile),
    ) -> bool {
        self.asking(|c| c.change_cards(label, merge_key, change))
    }

    pub fn change_text(
        &mut self,
        lang: &str,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut orbat_validator::model::TextFile),
    ) -> bool {
        self.asking(|c| c.change_text(lang, label, merge_key, change))
    }

    /// Changes the scenario being set up (nothing when none is chosen).
    pub fn change_scenario(
        &mut self,
        label: &str,
        merge_key: Option<u64>,
        change: impl FnOnce(&mut orbat_validator::model::Scenario),
    ) -> bool {
        self.asking(|c| c.change_scenario(label, merge_key, change))
    }

    /// The scenario being set up, if it loaded.
    pub fn current_scenario(&self) -> Option<&orbat_validator::model::Scenario> {
        self.doc.scenario(self.scenario.as_deref()?)
    }

    /// Applies an edit as an undo step; a refused edit is reported in the status bar.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let result = self.history.apply(&mut self.doc, edit);
        self.after_change(result.err().map(|e| e.0))
    }

    /// Applies an edit merged with the previous one of the same gesture.
    pub fn apply_merging(&mut self, edit: Edit, key: u64) -> bool {
        let result = self.history.apply_merging(&mut self.doc, edit, key);
        self.after_change(result.err().map(|e| e.0))
    }

    pub fn undo(&mut self) {
        self.history.seal();
        let result = self.history.undo(&mut self.doc);
        let msg = match result {
            Ok(Some(label)) => Some(format!("undid {label}")),
            Ok(None) => Some("nothing to undo".into()),
            Err(e) => Some(format!("cannot undo: {e}")),
        };
        self.after_change(msg);
    }

    pub fn redo(&mut self) {
        self.history.seal();
        let result = self.history.redo(&mut self.doc);
        let msg = match result {
            Ok(Some(label)) => Some(format!("redid {label}")),
            Ok(None) => Some("nothing to redo".into()),
            Err(e) => Some(format!("cannot redo: {e}")),
        };
        self.after_change(msg);
    }

    fn after_change(&mut self, message: Option<String>) -> bool {
        let ok = message.is_none();
        if message.is_some() {
            self.message = message;
        }
        let (spaces, links) = self
            .doc
            .map()
            .map_or((0, 0), |m| (m.spaces.len(), m.links.len()));
        self.selection.prune(spaces, links);
        ok
    }

    /// Deletes the selected spaces (with their links) and links.
    pub fn delete_selection(&mut self) {
        let Some(map) = self.doc.map() else { return };
        let spaces: Vec<usize> = self.selection.spaces.iter().copied().collect();
        let links: Vec<usize> = self.selection.links.iter().copied().collect();
        let ids: Vec<Id> = spaces
            .iter()
            .filter_map(|&i| map.spaces.get(i))
            .map(|s| s.id.clone())
            .collect();
        if ids.is_empty() {
            if let Some(edit) = edit::delete(map, &spaces, &links) {
                self.selection.clear();
                self.apply(edit);
            }
            return;
        }
        let uses = space_delete::uses(&self.doc, &ids);
        if uses.is_empty() {
            // nothing else names them: gone at once, with their links and names
            self.delete_everywhere(&ids, &links);
        } else {
            self.ask_delete = Some(SpaceDelete { ids, links, uses });
        }
    }

    /// Deletes spaces and every reference to them, and the links numbered `links`, as one
    /// undo step.
    pub fn delete_everywhere(&mut self, ids: &[Id], links: &[usize]) {
        if let Some(edit) = space_delete::delete_everywhere(&self.doc, ids, links) {
            self.selection.clear();
            self.apply(edit);
        }
    }

    /// Saves every changed file; files changed on disk are overwritten only if listed.
    pub fn save(&mut self, overwrite: &[FileId]) -> SaveReport {
        let report = save::save(&mut self.doc, overwrite);
        self.message = Some(if report.errors.is_empty() {
            match report.saved.len() {
                0 if !report.reprints.is_empty() => {
                    "not saved: comments or layout would be lost".to_owned()
                }
                0 if report.conflicts.is_empty() => "nothing to save".to_owned(),
                0 => "not saved: files changed on disk".to_owned(),
                1 => "saved 1 file".to_owned(),
                n => format!("saved {n} files"),
            }
        } else {
            let (path, e) = &report.errors[0];
            format!("could not save {}: {e}", path.display())
        });
        report
    }

    /// Looks for files changed on disk by another program. Files without unsaved changes are
    /// reloaded at once (each an undoable step); the others are returned, to ask the user.
    pub fn check_disk(&mut self) -> Vec<FileId> {
        disk::note_unchanged(&mut self.doc);
        let mut ask = Vec::new();
        for change in disk::changes(&self.doc) {
            if self
                .disk_kept
                .contains(&(change.id.clone(), change.stamp.clone()))
            {
                continue;
            }
            if change.dirty {
                ask.push(change.id);
            } else {
                self.reload(&change.id);
            }
        }
        ask
    }

    /// Reloads a file from disk as one undo step (a file that had failed to load is picked
    /// up when it now loads); says what happened in the status bar; false when it cannot be
    /// read as its kind of file.
    pub fn reload(&mut self, id: &FileId) -> bool {
        let name = id.file_name();
        match disk::reload(&mut self.doc, id) {
            Ok(disk::Reloaded::Edit(edit)) => {
                let unchanged = matches!(&*edit, Edit::SetFile { value, .. }
                    if self.doc.file(id).and_then(|f| f.value.as_ref()) == Some(&**value));
                self.history.seal();
                let done = unchanged || self.apply(*edit);
                if done {
                    self.message = Some(format!(
                        "{name} changed on disk and was reloaded (undo brings back the previous version)"
                    ));
                }
                done
            }
            Ok(disk::Reloaded::PickedUp) => {
                self.message = Some(format!("{name} was fixed on disk and now loads"));
                true
            }
            Ok(disk::Reloaded::StillFailing) => {
                self.message = Some(format!(
                    "{name} changed on disk and still does not load: see the problems listed"
                ));
                false
            }
            Err(e) => {
                self.message = Some(e);
                false
            }
        }
    }

    /// Keeps the user's version of files changed on disk: not asked again for this change;
    /// saving still asks before overwriting them.
    pub fn keep_mine(&mut self, ids: &[FileId]) {
        for change in disk::changes(&self.doc) {
            if ids.contains(&change.id) {
                self.disk_kept.push((change.id, change.stamp));
            }
        }
    }

    /// Runs the validator if the document changed since the last check.
    pub fn validate_if_stale(&mut self) {
        self.doc.validate_if_stale();
    }

    /// Goes where diagnostic `code`, located at `pointer` in `file`, is fixed
    /// ([`crate::jump::target`]): the view and the thing in it that holds the field to change.
    /// Returns false when it names nothing the editor can show.
    pub fn focus_fix(&mut self, code: &str, file: &Path, pointer: &str) -> bool {
        match crate::jump::target(&self.doc, code, file, pointer) {
            Some(target) => {
                self.go(target);
                true
            }
            None => false,
        }
    }

    /// Selects what a diagnostic names (by file and JSON pointer), whatever its code.
    pub fn focus(&mut self, file: &Path, pointer: &str) -> bool {
        self.focus_fix("", file, pointer)
    }

    /// Shows a target in its view and selects it.
    fn go(&mut self, target: Target) {
        let space = |s: &mut Self, i: usize| {
            s.selection = Selection::only_space(i);
            s.centre_on_selection();
        };
        match target {
            Target::Space(i) => {
                if self.view != View::Setup {
                    self.view = View::Map;
                }
                space(self, i);
            }
            Target::Link(i) => {
                self.view = View::Map;
                self.selection = Selection::only_link(i);
                self.centre_on_selection();
            }
            Target::Map => self.view = View::Map,
            Target::Unit(id) => {
                self.view = View::Units;
                self.views.units.selected = id;
            }
            Target::Card(id) => {
                self.view = View::Cards;
                self.views.cards.mode = CardsMode::AllCards;
                self.views.cards.selected = id;
            }
            Target::Setup {
                scenario,
                space: at,
            } => {
                self.view = View::Setup;
                self.scenario = Some(scenario);
                if let Some(i) = at {
                    space(self, i);
                }
            }
            Target::ScenarioCards(scenario) => {
                self.view = View::Cards;
                self.views.cards.mode = CardsMode::InScenario;
                self.scenario = Some(scenario);
            }
            Target::Text { lang, key } => {
                self.view = View::Translate;
                let source = self.doc.game().map(|g| g.source_language.to_string());
                if source.as_deref() != Some(lang.as_str()) {
                    self.views.translate.lang = Some(lang);
                }
                let t = &mut self.views.translate;
                t.filter = crate::translation::Filter::All;
                t.search = key;
                t.kept.clear();
            }
            Target::Name(id) => {
                self.view = View::Names;
                self.views.names.filter = id;
                self.views.names.kept.clear();
            }
            Target::Definition { section, entry } => {
                self.view = View::Definition;
                self.views.definition.section = section;
                self.views.definition.entry = entry;
                self.views.definition.pending = None;
            }
            Target::SupplySource { faction, space: at } => {
                self.view = View::Map;
                if let Some(i) = at {
                    space(self, i);
                }
                self.message = Some(format!(
                    "P001: select a space `{faction}` may draw supply from, and tick `{faction}` under \"Supply source for\" in the inspector"
                ));
            }
        }
    }

    /// Where the selection is, in map units.
    pub fn selection_bounds(&self) -> Option<Rect> {
        let map = self.doc.map()?;
        let mut points: Vec<Pos2> = self
            .selection
            .spaces
            .iter()
            .filter_map(|&i| map.spaces.get(i))
            .map(|s| pos2(s.x, s.y))
            .collect();
        for &i in &self.selection.links {
            if let Some(l) = map.links.get(i) {
                points.extend(self.index.pos(map, &l.a));
                points.extend(self.index.pos(map, &l.b));
            }
        }
        let first = *points.first()?;
        Some(
            points
                .iter()
                .fold(Rect::from_min_max(first, first), |r, p| {
                    r.union(Rect::from_min_max(*p, *p))
                }),
        )
    }

    /// Shows what Find found in its view and selects it: a space on the map (or in the
    /// set-up, if that is open), a unit in the counter mix, a card in the card table.
    pub fn go_to(&mut self, hit: &crate::find::Hit) {
        use crate::find::HitKind;
        match hit.kind {
            HitKind::Space => {
                let Some(i) = self.doc.space_index(&hit.id) else {
                    return;
                };
                if self.view != View::Setup {
                    self.view = View::Map;
                }
                self.selection = Selection::only_space(i);
                self.centre_on_selection();
            }
            HitKind::Unit => {
                self.view = View::Units;
                self.views.units.selected = Some(hit.id.clone());
            }
            HitKind::Card => {
                self.view = View::Cards;
                self.views.cards.selected = Some(hit.id.clone());
            }
        }
    }

    /// Centres the view on the selection, zooming in if it is drawn too small to see.
    pub fn centre_on_selection(&mut self) {
        self.index.refresh(&self.doc);
        if let Some(bounds) = self.selection_bounds() {
            self.camera.center = bounds.center();
            self.camera.zoom = self.camera.zoom.max(0.8);
            self.centre_pending = Some((bounds.center(), 5));
        }
    }

    /// The folder's name and a mark when there are unsaved changes, for the window title.
    pub fn title(&self) -> String {
        let name = self.doc.dir.file_name().map_or_else(
            || self.doc.dir.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let mark = if self.doc.is_dirty() { "* " } else { "" };
        format!("{mark}{name} — Orbat editor")
    }
}
