//! For the rules' unit tests: the findings of one rule on the minimal game
//! (`tests/fixtures/valid/minimal`) with its files edited, loaded from memory.

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;

/// The findings of rule `code` on the minimal game with its files changed by `edit` (given
/// each file's name and text).
pub fn findings(code: &str, edit: impl Fn(&str, &mut String)) -> Vec<Diagnostic> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid/minimal");
    let files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .expect("fixture")
        .map(|e| {
            let path = e.expect("entry").path();
            let mut body = std::fs::read_to_string(&path).expect("fixture file");
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            edit(name, &mut body);
            (path, body)
        })
        .collect();
    let mut found = Vec::new();
    let folder = crate::load::load_texts(&dir, &files, &mut found);
    crate::rules::check_folder(&folder, crate::registry::rules(), &mut found);
    found.retain(|d| d.code == code);
    found
}
