//! Target (e): effects and schedules. The input is the text of one file (cards.ron, game.ron
//! or a scenario) replacing that file in a small game whose cards have `effects` and whose
//! game and scenario have a `schedule`; the whole pipeline runs on it, so the states the
//! steps make (each `OneOf` alternative, each `UpTo` pick, each `If` branch, each `Play`) are
//! built and judged with every rule.
//!
//! The first byte picks the base and the file: the file is `byte % 3` (cards.ron, game.ron,
//! the scenario), the base `byte / 3 % 4` (3: `scenarios/italian-front`, replacing its
//! `caporetto-1917.scenario.ron`; else the `events` fixture, replacing `1914.scenario.ron`).
//! The rest is the file's text, decoded as the loader does.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use orbat_validator::{Diagnostic, SourceFile};

use crate::bases::read_folder;
use crate::checks::run_folder_then;
use crate::known;
use crate::names::DIR;

/// The base folders, and in each the names of the files an input may replace.
const BASES: [(&str, [&str; 3]); 2] = [
    (
        "tests/fixtures/valid/events",
        ["cards.ron", "game.ron", "1914.scenario.ron"],
    ),
    (
        "scenarios/italian-front",
        ["cards.ron", "game.ron", "caporetto-1917.scenario.ron"],
    ),
];

fn bases() -> &'static Vec<Vec<(PathBuf, String)>> {
    static FOLDERS: OnceLock<Vec<Vec<(PathBuf, String)>>> = OnceLock::new();
    FOLDERS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        BASES
            .iter()
            .map(|(dir, names)| {
                let files = read_folder(&root.join(dir));
                for n in names {
                    assert!(
                        files.iter().any(|(p, _)| p.ends_with(n)),
                        "{dir} has no {n}"
                    );
                }
                files
            })
            .collect()
    })
}

/// The folder an input stands for: a base with one file's text replaced.
pub fn events_folder(data: &[u8]) -> Option<Vec<(PathBuf, String)>> {
    let (&pick, bytes) = data.split_first()?;
    let base = usize::from(u8::from(pick / 3 % 4 == 3));
    let name = BASES[base].1[usize::from(pick % 3)];
    let path = Path::new(DIR).join(name);
    let text = String::from_utf8_lossy(bytes).into_owned();
    let mut files = bases()[base].clone();
    for (p, t) in &mut files {
        if *p == path {
            *t = text.clone();
        }
    }
    Some(files)
}

/// Target (e): the folder the input stands for through the whole pipeline (the `folder`
/// target's checks), every finding located in a file of the folder, at a line and column
/// inside it; a condition (`If`) or a declared check that panicked is a crash, not a finding.
pub fn events(data: &[u8]) {
    let Some(files) = events_folder(data) else {
        return;
    };
    if known::SKIP_EXPONENTIAL_STEPS && known::exponential_steps(&files) {
        return;
    }
    run_folder_then(&files, |d, sources| {
        // the conditions and the declared checks run under catch_unwind: the validator says
        // so in a finding and goes on; here it must be a crash
        assert!(
            !d.message.contains("the condition could not be judged")
                && d.message != "the game's checks could not be run",
            "a panic caught by the validator: {d:?}"
        );
        located_inside(d, sources);
    });
}

/// A finding and each related place are in the folder (a file of it, or the folder itself),
/// and a line and column given lie inside the file's text.
fn located_inside(d: &Diagnostic, sources: &[Arc<SourceFile>]) {
    let places = std::iter::once(&d.location).chain(d.related.iter().map(|r| &r.location));
    for at in places {
        if at.file == Path::new(DIR) {
            continue;
        }
        let Some(src) = sources.iter().find(|s| s.path == at.file) else {
            panic!(
                "{}: located in {}, not a file of the folder: {d:?}",
                d.code,
                at.file.display()
            );
        };
        let text = src.body();
        let lines = src.line_index();
        for lc in [at.start, at.end].into_iter().flatten() {
            let inside = lc.line >= 1 && lc.line <= lines.count() && lc.column >= 1 && {
                let line = text[lines.range(text, lc.line - 1)].trim_end_matches('\n');
                lc.column <= line.chars().count() + 1
            };
            assert!(
                inside,
                "{}: line {} column {} outside {} ({} lines): {d:?}",
                d.code,
                lc.line,
                lc.column,
                at.file.display(),
                lines.count()
            );
        }
    }
}
