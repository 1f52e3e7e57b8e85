//! What the shell's panels ask the app to do (open, save, quit, undo...), and the modal
//! questions the app may be waiting on. Panels push actions; the app carries them out once
//! the frame's panels are drawn.

use std::path::PathBuf;

use crate::document::FileId;
use crate::recovery::Recovery;
use crate::space_delete::SpaceDelete;

/// A modal question waiting for the user.
#[derive(Debug, Clone)]
pub enum Dialog {
    Conflicts(Vec<FileId>),
    /// Files with unsaved changes that another program changed on disk.
    ChangedOnDisk(Vec<FileId>),
    /// Files that cannot be edited in place, with what writing them anew would lose.
    Reprint(Vec<(FileId, String)>),
    Recovery(Recovery),
    UnsavedBeforeQuit,
    UnsavedBeforeOpen(PathBuf),
    AskPath,
    /// Files that could not be written, with the system's reason; `quitting` when the save
    /// was asked on the way out (the editor then stays open).
    SaveFailed {
        errors: Vec<(PathBuf, String)>,
        quitting: bool,
    },
    /// The folder to save the whole game to (typed, when there is no native folder picker).
    AskSaveAsPath {
        quitting: bool,
    },
    /// Spaces to delete that other files use, with where.
    DeleteSpaces(SpaceDelete),
}

/// What panels ask the app to do, carried out after the panels are drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Open(PathBuf),
    OpenDiscarding(PathBuf),
    Browse,
    AskPath,
    Save,
    SaveOverwriting(Vec<FileId>),
    ReloadFromDisk(Vec<FileId>),
    KeepMine(Vec<FileId>),
    SaveAndQuit,
    /// Save the whole game into another folder and go on working there.
    SaveGameAs {
        quitting: bool,
    },
    SaveGameTo {
        dir: PathBuf,
        quitting: bool,
    },
    /// Delete spaces, their links and every reference to them, as one undo step.
    DeleteSpacesEverywhere(SpaceDelete),
    Quit,
    QuitNow,
    Undo,
    Redo,
    Delete,
    SelectAll,
    Fit,
    Recover,
    DiscardRecovery,
    CloseDialog,
    /// Help > Keyboard shortcuts.
    ShowShortcuts,
    /// File > Print prototype…: opens the print window.
    PrintPrototype,
    /// File > New game…: opens the new game window.
    NewGame,
    /// Map > Backdrop…: opens the backdrop window.
    Backdrop,
    /// Ctrl+F: open the Find window.
    Find,
    /// Go to what Find found: show it in its view and select it.
    GoTo(crate::find::Hit),
}
