//! Crash safety of saving: a real process (`save-victim`) saves a large generated game with
//! the editor's save code, again and again, and is killed with SIGKILL at random moments
//! (seeded). After each kill every game file on disk must be, byte for byte, either the old or
//! the new version: fully parseable, never truncated, never a mix; and the temporary files a
//! killed save leaves behind must never be taken for game files by the validator.
//!
//! Then the same for autosave: killed while writing its recovery copy, the editor must still
//! offer the recovery on the next open, and applying it must restore the unsaved edits.
//!
//! `ORBAT_CRASH_TRIALS` sets the number of kills per test (default 20); `ORBAT_CRASH_SEED`
//! the RNG seed; `ORBAT_CRASH_SPACES` the size of the generated map (default 2,000 spaces).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use orbat_editor::document::{Document, FileValue};
use orbat_editor::recovery;
use orbat_validator::load::FileKind;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The freshly built `save-victim` (cargo builds a package's binaries for its own tests).
fn victim() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_save-victim"))
}

/// xorshift64*, seeded: the kill moments are reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1)
    }
}

/// A large generated game, saved once as version A; the expected texts of A, B and C; and how
/// long one full save took (to spread the kill moments over a few saves).
struct Setup {
    tmp: tempfile::TempDir,
    game: PathBuf,
    expect: PathBuf,
    /// file name -> [A, B, C] texts
    versions: BTreeMap<String, [Vec<u8>; 3]>,
    save_micros: u64,
}

fn setup() -> Setup {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("big-game");
    let spaces = env_or("ORBAT_CRASH_SPACES", 2000) as usize;
    orbat_gen::generate(&orbat_gen::Params::scaled(spaces), 7)
        .write(&game, orbat_gen::Format::Ron)
        .unwrap();
    let expect = tmp.path().join("expect");
    let out = Command::new(victim())
        .args(["prepare".as_ref(), game.as_os_str(), expect.as_os_str()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "prepare failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8_lossy(&out.stdout);
    let save_micros = line
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .expect("prepare prints the time of a save");
    let mut versions = BTreeMap::new();
    for e in std::fs::read_dir(expect.join("a")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        let read = |v: &str| std::fs::read(expect.join(v).join(&name)).unwrap();
        let texts = [read("a"), read("b"), read("c")];
        assert!(
            texts[0] != texts[1] && texts[1] != texts[2],
            "{name}: the versions must differ"
        );
        versions.insert(name, texts);
    }
    assert!(versions.len() >= 6, "the generated game has every kind");
    assert!(versions.contains_key("map.ron"));
    Setup {
        tmp,
        expect,
        game,
        versions,
        save_micros,
    }
}

/// Starts the victim and waits for its first line: it has loaded the game and is saving.
fn start(args: &[&std::ffi::OsStr]) -> (Child, BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(victim())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    if !line.starts_with("saved") {
        let _ = child.kill();
        let mut err = String::new();
        let _ = std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err);
        panic!("the victim did not start saving: {line:?} {err}");
    }
    (child, out)
}

/// Waits a random moment within about three saves, then SIGKILLs (std's kill is SIGKILL).
fn kill_at_random(child: &mut Child, rng: &mut Rng, save_micros: u64) {
    std::thread::sleep(Duration::from_micros(rng.below(3 * save_micros + 1)));
    child.kill().unwrap();
    let status = child.wait().unwrap();
    // a victim that stopped by itself failed to save: that is a failure too
    assert!(
        std::os::unix::process::ExitStatusExt::signal(&status) == Some(9),
        "the victim was not killed but ended: {status:?}"
    );
}

fn parse_ok(name: &str, bytes: &[u8]) -> Result<FileValue, String> {
    let kind = FileKind::of(name).expect("a game file");
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    orbat_editor::document::parse_value(kind, text)
}

fn trials() -> u64 {
    static N: OnceLock<u64> = OnceLock::new();
    *N.get_or_init(|| env_or("ORBAT_CRASH_TRIALS", 20))
}

#[test]
fn a_save_killed_at_any_moment_leaves_the_old_or_the_new_file() {
    let s = setup();
    let mut rng = Rng(env_or("ORBAT_CRASH_SEED", 0x5eed_c0de) | 1);
    let (mut old, mut new, mut mixed) = (0u64, 0u64, 0u64);
    for trial in 0..trials() {
        let (mut child, _out) = start(&["save".as_ref(), s.game.as_os_str(), s.expect.as_os_str()]);
        kill_at_random(&mut child, &mut rng, s.save_micros);

        // every game file is A or B exactly, and parses
        let mut seen = [0u64; 2];
        for (name, texts) in &s.versions {
            let bytes = std::fs::read(s.game.join(name))
                .unwrap_or_else(|e| panic!("trial {trial}: {name} is gone: {e}"));
            let which = texts[..2].iter().position(|t| *t == bytes);
            let Some(which) = which else {
                panic!(
                    "trial {trial}: {name} is neither version ({} bytes; A {} B {}); parse: {:?}",
                    bytes.len(),
                    texts[0].len(),
                    texts[1].len(),
                    parse_ok(name, &bytes).err()
                );
            };
            seen[which] += 1;
            parse_ok(name, &bytes).unwrap_or_else(|e| panic!("trial {trial}: {name}: {e}"));
        }
        match seen {
            [_, 0] => old += 1,
            [0, _] => new += 1,
            _ => mixed += 1,
        }

        // the temporary files a kill leaves behind are never game files
        let report = orbat_validator::check(std::slice::from_ref(&s.game)).unwrap();
        assert_eq!(
            report.files,
            s.versions.len(),
            "trial {trial}: game files found"
        );
        for d in &report.diagnostics {
            assert!(
                !d.location.file.to_string_lossy().contains("orbat-tmp"),
                "trial {trial}: the validator read a temporary file: {d:?}"
            );
            assert!(
                !["L001", "L002", "L003", "L004", "S001", "S002", "S003"].contains(&d.code),
                "trial {trial}: a loading problem after a kill: {d:?}"
            );
        }
        let doc = Document::open(&s.game).unwrap();
        assert_eq!(doc.failed_files().count(), 0, "trial {trial}");
    }
    let leftovers = std::fs::read_dir(&s.game)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".orbat-tmp"))
        })
        .count();
    eprintln!(
        "{} kills during saves: all files old {old}, all new {new}, some of each {mixed}; \
         {leftovers} temporary files left behind, none read",
        trials()
    );
}

#[test]
fn an_autosave_killed_at_any_moment_still_recovers_the_unsaved_edits() {
    let s = setup();
    let state = s.tmp.path().join("state");
    let mut rng = Rng(env_or("ORBAT_CRASH_SEED", 0x5eed_c0de).rotate_left(17) | 1);
    let disk_before: Vec<(String, Vec<u8>)> = s
        .versions
        .keys()
        .map(|n| (n.clone(), std::fs::read(s.game.join(n)).unwrap()))
        .collect();
    for trial in 0..trials() {
        // a fresh recovery folder each time: the first autosave is killed as often as later ones
        let _ = std::fs::remove_dir_all(&state);
        let (mut child, _out) = start(&[
            "autosave".as_ref(),
            s.game.as_os_str(),
            s.expect.as_os_str(),
            state.as_os_str(),
        ]);
        kill_at_random(&mut child, &mut rng, s.save_micros);

        // autosave never touches the game files
        for (name, bytes) in &disk_before {
            assert!(
                std::fs::read(s.game.join(name)).unwrap() == *bytes,
                "trial {trial}: autosave changed {name}"
            );
        }

        // the next open offers the recovery, and it restores the edits: each file is version
        // B or C (the two the victim alternates), as the editor holds it
        let mut doc = Document::open(&s.game).unwrap();
        let rec = recovery::find(&doc, &state)
            .unwrap_or_else(|| panic!("trial {trial}: no recovery offered"));
        assert!(
            rec.unreadable.is_empty(),
            "trial {trial}: unreadable recovery files {:?}",
            rec.unreadable
        );
        rec.edit()
            .apply(&mut doc)
            .unwrap_or_else(|e| panic!("trial {trial}: recovery does not apply: {e:?}"));
        for f in &doc.files {
            let name = f.id.file_name();
            let texts = &s.versions[&name];
            let text = f.value.as_ref().unwrap().to_text().unwrap().into_bytes();
            // the first autosave (all B) had finished; a later one (all C) may have been
            // cut short between files, never inside one
            let which = texts.iter().position(|t| *t == text);
            assert!(
                matches!(which, Some(1 | 2)),
                "trial {trial}: {name} recovered as {}",
                match which {
                    Some(0) => "the version on disk: the edit was lost",
                    _ => "neither version: a damaged recovery file",
                }
            );
        }
        // at least one edit came back: the victim had finished one autosave before the kill
        assert!(
            !rec.files.is_empty(),
            "trial {trial}: the recovery restored nothing"
        );
    }
    let _ = recovery::discard(&Document::open(&s.game).unwrap(), &state);
    assert!(Path::new(&s.game).join("game.ron").exists());
}
