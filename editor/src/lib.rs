//! Orbat's editor: open a game folder, author its map on the backdrop, see every diagnostic
//! live, undo anything, never lose work.
//!
//! Data flows one way. The document and its edits (`document`, `edit`, `history`, `save`,
//! `recovery`) know nothing of egui. Views and panels draw with a narrow [`ctx::Ctx`]: the
//! document read-only, the selection, and an [`outbox::Outbox`] of [`edit::Edit`]s and other
//! commands; they return, and the [`session::Session`] (the one place that changes the
//! document and keeps the history) carries the outbox out. No module imports one that imports
//! it back (`cargo modules dependencies ... | acyclic`, see the README).

pub mod action;
pub mod app;
pub mod attr_fields;
pub mod backdrop_image;
pub mod canvas;
pub mod counter_mix;
pub mod ctx;
pub mod decks;
pub mod disk;
pub mod document;
pub mod edit;
pub mod file_id;
pub mod find;
pub mod fit;
pub mod game_names;
pub mod history;
pub mod id_uses;
pub mod jump;
pub mod name_field;
pub mod new_game;
pub mod outbox;
pub mod panels;
pub mod pick;
pub mod preview;
pub mod print_job;
pub mod recovery;
pub mod refs;
pub mod save;
pub mod selection;
pub mod session;
pub mod setup;
pub mod space_delete;
pub mod step_kinds;
pub mod step_paths;
pub mod steps;
pub mod templates;
pub mod translation;
pub mod views;

pub use app::EditorApp;
