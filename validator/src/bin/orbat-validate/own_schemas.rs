//! `--emit-schemas FOLDER OUT_DIR`: one game's own JSON Schemas written to a folder.

use std::path::Path;
use std::process::ExitCode;

use orbat_validator::load;
use orbat_validator::render::display_path;

/// Writes the schemas of the game in `folder` into `out` (created if need be): exit 0, or 1
/// when its game.ron does not load, 2 when a path is missing or a file cannot be written.
pub fn emit(folder: &Path, out: &Path) -> ExitCode {
    let name = display_path(folder);
    let found = match load::discover::discover(&[folder.to_owned()]) {
        Ok(found) => found,
        Err(_) => {
            eprintln!("error: no such folder: {name}");
            return ExitCode::from(2);
        }
    };
    let game_ron = folder.join("game.ron");
    let Some((dir, files)) = found
        .folders
        .iter()
        .find(|(dir, files)| files.iter().any(|f| f == &game_ron) || dir.as_path() == folder)
    else {
        eprintln!("error: {name} holds no game.ron: give a game's folder");
        return ExitCode::from(2);
    };
    let only_game: Vec<_> = files
        .iter()
        .filter(|f| f.ends_with("game.ron"))
        .cloned()
        .collect();
    let loaded = load::load_folder(dir, &only_game, &mut Vec::new());
    let Some(game) = loaded.game else {
        eprintln!("error: {name}/game.ron does not load; `orbat-validate {name}` says why");
        return ExitCode::from(1);
    };
    if let Err(e) = std::fs::create_dir_all(out) {
        eprintln!("error: cannot create {}: {e}", display_path(out));
        return ExitCode::from(2);
    }
    let schemas = orbat_validator::own_schemas::own_schemas(&game.value.id, &game.value);
    for (file, schema) in &schemas {
        let path = out.join(file);
        let text = orbat_validator::own_schemas::to_text(schema);
        if let Err(e) = orbat_validator::atomic::write(&path, text.as_bytes()) {
            eprintln!("error: cannot write {}: {e}", display_path(&path));
            return ExitCode::from(2);
        }
    }
    eprintln!(
        "wrote {} schemas of {} ({} declared attributes) to {}",
        schemas.len(),
        game.value.id,
        game.value.attributes.len(),
        display_path(out)
    );
    ExitCode::SUCCESS
}
