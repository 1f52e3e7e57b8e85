//! Orbat's editor: open a game folder, author its map on the backdrop, see every diagnostic
//! live, undo anything, never lose work.
//!
//! The document and its edits (`document`, `edit`, `history`, `save`, `recovery`) know
//! nothing of egui; the UI (`app`, `canvas`, `panels`, `views`) changes the document only through
//! [`edit::Edit`] values.

pub mod app;
pub mod canvas;
pub mod counter_mix;
pub mod decks;
pub mod disk;
pub mod document;
pub mod edit;
pub mod history;
pub mod panels;
pub mod recovery;
pub mod refs;
pub mod save;
pub mod selection;
pub mod session;
pub mod setup;
pub mod translation;
pub mod views;

pub use app::EditorApp;
