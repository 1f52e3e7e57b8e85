//! `--stats`: what each game folder holds, as a Markdown table (the README's games table).

use std::path::PathBuf;

use crate::CheckError;
use crate::load::{self, GameFolder};

/// One row per game folder found under `paths`.
pub fn table(paths: &[PathBuf]) -> Result<String, CheckError> {
    let found = load::discover::discover(paths).map_err(|m| CheckError::MissingPath(m.0))?;
    let mut out = String::from(
        "| game | scenarios | spaces (boxes) | links | units (counters) | cards | languages |\n|---|---|---|---|---|---|---|\n",
    );
    for (dir, files) in &found.folders {
        let mut ignored = Vec::new();
        let folder = load::load_folder(dir, files, &mut ignored);
        out.push_str(&row(dir, &folder));
    }
    Ok(out)
}

fn row(dir: &std::path::Path, f: &GameFolder) -> String {
    let name = dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let game = f.game.as_ref().map(|g| &g.value);
    let (spaces, boxes, links) = f.map.as_ref().map_or((0, 0, 0), |m| {
        let off = m
            .value
            .spaces
            .iter()
            .filter(|s| {
                game.and_then(|g| g.location_kinds.iter().find(|k| k.id == s.kind))
                    .is_some_and(|k| !k.on_map)
            })
            .count();
        (m.value.spaces.len() - off, off, m.value.links.len())
    });
    let (units, counters) = f.units.as_ref().map_or((0, 0), |u| {
        (
            u.value.units.len(),
            u.value.units.iter().map(|x| x.count).sum::<u32>(),
        )
    });
    let cards = f.cards.as_ref().map_or(0, |c| c.value.cards.len());
    let languages = game.map(|g| g.languages.join(", ")).unwrap_or_default();
    format!(
        "| {name} | {} | {spaces} ({boxes}) | {links} | {units} ({counters}) | {cards} | {languages} |\n",
        f.scenarios.len()
    )
}
