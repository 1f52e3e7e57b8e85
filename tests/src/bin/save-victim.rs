//! The process `tests/tests/crash_save.rs` kills: it opens a game folder with the editor's
//! `Document` and saves it, or autosaves it, over and over with the editor's own code, until
//! it is killed.
//!
//! ```text
//! save-victim prepare GAME EXPECT   save version A of every file; write the canonical text
//!                                   of versions A, B and C to EXPECT/{a,b,c}/<file>
//! save-victim save GAME EXPECT      save B, A, B, A... (every file each time), for ever
//! save-victim autosave GAME EXPECT STATE
//!                                   edit to B without saving, then autosave B, C, B, C...
//!                                   to the recovery folder under STATE, for ever
//! ```
//! One line on stdout after each save (`saved N`), so the killer knows saving has begun.
//! Version B changes every file; C changes every file differently.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use orbat_editor::document::{Document, FileValue};
use orbat_editor::{recovery, save};

/// The three versions of each file, as values.
fn version(v: &FileValue, which: char) -> FileValue {
    let mut v = v.clone();
    if which == 'a' {
        return v;
    }
    let n: u32 = if which == 'b' { 1 } else { 2 };
    let tag = format!(" ({which})");
    match &mut v {
        FileValue::Game(g) => g.unit_values.push(format!("extra-{which}")),
        FileValue::Map(m) => {
            for s in &mut m.spaces {
                s.x += n as f32;
                s.vp += n;
            }
        }
        FileValue::Units(u) => {
            for unit in &mut u.units {
                unit.count += n;
            }
        }
        FileValue::Cards(c) => {
            for card in &mut c.cards {
                card.ops += n;
            }
        }
        FileValue::Text(t) => {
            for e in t.entries.values_mut() {
                e.name.push_str(&tag);
            }
        }
        FileValue::Scenario(s) => s.turns.last += n,
        FileValue::Checks(c) => {
            for check in &mut c.checks {
                check.message.push_str(&tag);
            }
        }
    }
    v
}

/// Sets every editable file of the document to a version, marked unsaved.
fn set_all(doc: &mut Document, originals: &[Option<FileValue>], which: char) {
    for (f, original) in doc.files.iter_mut().zip(originals) {
        if let Some(o) = original {
            f.value = Some(version(o, which));
            f.dirty = true;
        }
    }
    doc.revision += 1;
}

fn open(dir: &Path) -> Result<(Document, Vec<Option<FileValue>>), String> {
    let doc = Document::open(dir).map_err(|e| format!("cannot open {}: {e:?}", dir.display()))?;
    if let Some(f) = doc.failed_files().next() {
        return Err(format!("{} did not load", f.path.display()));
    }
    let originals = doc.files.iter().map(|f| f.value.clone()).collect();
    Ok((doc, originals))
}

/// Version A of every file, read from EXPECT/a: after a killed save the disk may hold B.
fn versions_a(doc: &Document, expect: &Path) -> Result<Vec<Option<FileValue>>, String> {
    doc.files
        .iter()
        .map(|f| {
            let path = expect.join("a").join(f.id.file_name());
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            orbat_editor::document::parse_value(f.id.kind(), &text).map(Some)
        })
        .collect()
}

fn save_all(doc: &mut Document) -> Result<(), String> {
    let report = save::save(doc, &[]);
    if report.is_complete() {
        Ok(())
    } else {
        Err(format!("save incomplete: {report:?}"))
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mode = args.get(1).map(String::as_str).unwrap_or_default();
    let game = PathBuf::from(args.get(2).ok_or("no game folder given")?);
    let mut out = std::io::stdout().lock();
    match mode {
        "prepare" => {
            let expect = PathBuf::from(args.get(3).ok_or("no expectation folder given")?);
            let (mut doc, originals) = open(&game)?;
            // version A is the canonical text of the files as loaded
            set_all(&mut doc, &originals, 'a');
            let start = Instant::now();
            save_all(&mut doc)?;
            let micros = start.elapsed().as_micros();
            for which in ['a', 'b', 'c'] {
                let dir = expect.join(which.to_string());
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                for (f, o) in doc.files.iter().zip(&originals) {
                    if let Some(o) = o {
                        let text = version(o, which).to_text().map_err(|e| e.to_string())?;
                        std::fs::write(dir.join(f.id.file_name()), text)
                            .map_err(|e| e.to_string())?;
                    }
                }
            }
            writeln!(out, "save took {micros} us").map_err(|e| e.to_string())?;
        }
        "save" => {
            let expect = PathBuf::from(args.get(3).ok_or("no expectation folder given")?);
            let (mut doc, _) = open(&game)?;
            let originals = versions_a(&doc, &expect)?;
            for i in 1u64.. {
                set_all(&mut doc, &originals, if i % 2 == 1 { 'b' } else { 'a' });
                save_all(&mut doc)?;
                writeln!(out, "saved {i}").map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
            }
        }
        "autosave" => {
            let expect = PathBuf::from(args.get(3).ok_or("no expectation folder given")?);
            let state = PathBuf::from(args.get(4).ok_or("no state folder given")?);
            let (mut doc, _) = open(&game)?;
            let originals = versions_a(&doc, &expect)?;
            for i in 1u64.. {
                set_all(&mut doc, &originals, if i % 2 == 1 { 'b' } else { 'c' });
                recovery::autosave(&doc, &state).map_err(|e| e.to_string())?;
                writeln!(out, "saved {i}").map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
            }
        }
        _ => return Err("usage: save-victim prepare GAME EXPECT | save GAME EXPECT | autosave GAME EXPECT STATE".into()),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("save-victim: {e}");
            ExitCode::FAILURE
        }
    }
}
