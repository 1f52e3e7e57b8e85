//! One panel per file: menu and toolbar, inspector, diagnostics, status bar, start screen,
//! dialogs, and the windows of the menus (new game, backdrop, print, find).

pub mod backdrop;
pub mod diagnostics;
pub mod dialogs;
pub mod find;
pub mod inspector;
pub mod menu;
pub mod new_game;
pub mod print;
pub mod shortcuts;
pub mod start;
pub mod status;
