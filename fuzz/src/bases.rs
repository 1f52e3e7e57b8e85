//! Target (b)'s base folders, read once from the repository, and the string literals they
//! hold (the known ids and names edits insert).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use orbat_validator::load;

use crate::names::DIR;

/// Base folders: the minimal fixture (most often) and two shipped games.
pub(crate) fn bases() -> &'static Vec<Vec<(PathBuf, String)>> {
    static BASES: OnceLock<Vec<Vec<(PathBuf, String)>>> = OnceLock::new();
    BASES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        [
            "tests/fixtures/valid/minimal",
            "scenarios/fitna",
            "scenarios/italian-front",
        ]
        .iter()
        .map(|d| read_folder(&root.join(d)))
        .collect()
    })
}

pub(crate) fn read_folder(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_str()?.to_owned();
            load::FileKind::of(&name)?;
            let text = std::fs::read_to_string(&p).ok()?;
            Some((Path::new(DIR).join(name), text))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no game files", dir.display());
    files
}

/// Every string literal of the base folders: ids, names, kinds.
pub(crate) fn known_strings() -> &'static Vec<String> {
    static KNOWN: OnceLock<Vec<String>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let mut out: Vec<String> = Vec::new();
        for base in bases() {
            for (_, text) in base {
                for (i, part) in text.split('"').enumerate() {
                    if i % 2 == 1 && part.len() < 40 && !part.contains('\n') {
                        out.push(format!("\"{part}\""));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    })
}
