//! Cross-crate tests live in `tests/`; this library holds what several of them share.

use orbat_validator::{Diagnostic, GameFolder, Inputs, Settings, engine};

/// Every finding on a folder already loaded (the editor's case: through the engine, under no
/// rule levels), after the findings of loading it (`found`).
pub fn check_loaded(folder: &GameFolder, found: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let inputs = Inputs::Loaded { folder, found };
    // (only paths that do not exist fail a check: a loaded folder never does)
    engine::check(inputs, &Settings::default())
        .unwrap_or_default()
        .diagnostics
}
