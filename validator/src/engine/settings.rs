//! How a run is made: the user's rule levels (from orbat.toml and the command line) and who
//! wants to hear of its progress. Every front end builds its settings here, so an orbat.toml
//! means the same in all of them.

use std::path::Path;

use crate::levels::{Levels, find_config};

/// How to check.
#[derive(Default)]
pub struct Settings {
    /// Rule levels, each with where it was set.
    pub levels: Levels,
    /// Called with `(done, total)` as each game folder is finished (from any thread).
    pub progress: Option<Box<dyn Fn(usize, usize) + Send + Sync>>,
    /// Check each game under this ruleset alone (game.ron `rulesets`), with the scenarios
    /// that name it.
    pub ruleset: Option<String>,
}

impl Settings {
    /// The settings of the `orbat.toml` nearest to `path` (in its folder or above), if any;
    /// `Err` says what is wrong with that file, at its line and column.
    pub fn for_path(path: &Path) -> Result<Settings, String> {
        let mut levels = Levels::default();
        if let Some(config) = find_config(path) {
            levels.add_config(&config)?;
        }
        Ok(Settings {
            levels,
            progress: None,
            ruleset: None,
        })
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("levels", &self.levels)
            .field("progress", &self.progress.is_some())
            .field("ruleset", &self.ruleset)
            .finish()
    }
}
