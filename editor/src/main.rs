//! `orbat-editor [FOLDER]`: starts the editor window, optionally on a game folder.

use std::path::PathBuf;

fn main() -> eframe::Result {
    let folder = std::env::args_os().nth(1).map(PathBuf::from);
    if folder.as_ref().is_some_and(|f| f == "--help" || f == "-h") {
        println!("usage: orbat-editor [GAME-FOLDER]");
        return Ok(());
    }
    let state_dir = orbat_editor::recovery::default_state_dir();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title("Orbat editor"),
        ..Default::default()
    };
    eframe::run_native(
        "orbat-editor",
        options,
        Box::new(move |_cc| Ok(Box::new(orbat_editor::EditorApp::new(folder, state_dir)))),
    )
}
