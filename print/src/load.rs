//! The game folder, loaded and checked by the validator as orbat-validate checks it: a game
//! with errors gives the same findings and prints nothing.

use std::path::Path;

use orbat_validator::{GameFolder, Inputs, Settings, Severity, engine, load, render};

use crate::failure::Failure;

/// Loads the game folder at `dir` and checks it; errors come back as [`Failure::Findings`].
pub fn checked(dir: &Path) -> Result<GameFolder, Failure> {
    let canonical = std::fs::canonicalize(dir).map_err(|e| {
        Failure::Error(format!(
            "cannot open the game folder {}: {e}; give the folder that holds game.ron",
            dir.display()
        ))
    })?;
    if !canonical.is_dir() {
        return Err(Failure::Error(format!(
            "{} is not a folder: give the folder that holds game.ron",
            dir.display()
        )));
    }
    let found = load::discover::discover(std::slice::from_ref(&canonical))
        .map_err(|_| Failure::Error(format!("cannot read the game folder {}", dir.display())))?;
    let Some(paths) = found.folders.get(&canonical) else {
        return Err(Failure::Error(format!(
            "{} holds no game (no game.ron): give the folder that holds game.ron",
            dir.display()
        )));
    };
    let mut diags: Vec<_> = found
        .diagnostics
        .into_iter()
        .filter(|d| d.location.file.parent() == Some(canonical.as_path()))
        .collect();
    let folder = load::load_folder(&canonical, paths, &mut diags);
    let settings = Settings::for_path(&canonical).map_err(Failure::Error)?;
    let report = engine::check(
        Inputs::Loaded {
            folder: &folder,
            found: diags,
        },
        &settings,
    )
    .map_err(|e| Failure::Error(e.to_string()))?;
    // a backdrop that is missing (R005) stops a check but not a printout: the map is printed
    // without it, and map.rs says so
    let blocking = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.code != "R005")
        .count();
    if blocking > 0 || folder.game.is_none() {
        let mut s = render::human::render(&report, false);
        s.push_str(&render::summary(&report));
        s.push_str(&format!(
            "\nnothing printed: fix the errors above in {} (orbat-validate shows the same findings)",
            dir.display()
        ));
        return Err(Failure::Findings(s));
    }
    Ok(folder)
}
