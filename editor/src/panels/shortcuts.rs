//! Every keyboard shortcut in one table: Help > Keyboard shortcuts lists it, and the tools'
//! tooltips name their keys from the same place (`Tool::key_name`).

use egui::Context;

use crate::canvas::state::Tool;

/// One shortcut: its keys, what it does, and where it works.
pub struct Shortcut {
    pub keys: &'static str,
    pub does: &'static str,
    pub place: &'static str,
}

const fn s(keys: &'static str, does: &'static str, place: &'static str) -> Shortcut {
    Shortcut { keys, does, place }
}

/// The shortcuts that are not tools (those come from [`Tool::ALL`]).
pub const SHEET: &[Shortcut] = &[
    s("Ctrl+S", "save the game", "anywhere, a text field too"),
    s(
        "Ctrl+F",
        "find a space, unit or card by name or id",
        "anywhere, a text field too",
    ),
    s("Ctrl+Z", "undo", "outside text fields"),
    s("Ctrl+Shift+Z, Ctrl+Y", "redo", "outside text fields"),
    s("Del, Backspace", "delete the selection", "map"),
    s("Ctrl+A", "select every space", "map"),
    s("Home", "fit the map in the window", "map, set-up"),
    s("+, -", "zoom in, out", "map, set-up"),
    s("arrow keys", "move the map", "map, set-up"),
    s("Space+drag, middle drag", "move the map", "map, set-up"),
    s(
        "Esc",
        "clear the selection, stop drawing a link",
        "map, set-up",
    ),
    s("F1", "this list", "anywhere"),
];

/// The window listing every shortcut, while `open`.
pub fn show(ctx: &Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    ui.strong("keys");
                    ui.strong("does");
                    ui.strong("where");
                    ui.end_row();
                    for tool in Tool::ALL {
                        ui.monospace(tool.key_name());
                        ui.label(format!("{} tool: {}", tool.label(), tool.hint()));
                        ui.label("map, outside text fields");
                        ui.end_row();
                    }
                    for sc in SHEET {
                        ui.monospace(sc.keys);
                        ui.label(sc.does);
                        ui.label(sc.place);
                        ui.end_row();
                    }
                });
        });
}
