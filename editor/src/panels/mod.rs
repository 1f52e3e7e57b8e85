//! One panel per file: menu and toolbar, inspector, diagnostics, status bar, start screen,
//! dialogs.

pub mod diagnostics;
pub mod dialogs;
pub mod find;
pub mod inspector;
pub mod menu;
pub mod print;
pub mod shortcuts;
pub mod start;
pub mod status;
