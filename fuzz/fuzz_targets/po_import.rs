//! (c) `orbat-po import` from arbitrary bytes, as the PO file of the Italian text of
//! scenarios/italian-front (built in): the import never panics; a refused file gets located
//! problems (lines and columns inside the file, messages with no raw control character) and
//! leaves the text as it was; an accepted one gives a text file that loads back as imported
//! (the file `orbat-po` would write), whose export reads back strictly and imports again as
//! a no-op. An input of odd length is imported with `--force`.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use orbat_validator::model::TextFile;
use orbat_validator::{canonical, load, po};

/// A folder that does not exist: nothing is read from or written to the disk.
const DIR: &str = "/nonexistent/orbat-fuzz/italian-front";
const SOURCE: &str = include_str!("../../scenarios/italian-front/text.en.ron");
const TARGET: &str = include_str!("../../scenarios/italian-front/text.it.ron");

/// A text file loaded as `orbat-po` loads it; `None` with the problems if it does not load.
fn load_text(name: &str, text: &str) -> Result<TextFile, String> {
    let mut problems = Vec::new();
    let path = Path::new(DIR).join(name);
    let folder = load::load_texts(Path::new(DIR), &[(path, text.to_owned())], &mut problems);
    match folder.texts.into_iter().next() {
        Some((_, doc)) if problems.is_empty() => Ok(doc.value),
        _ => Err(format!("{problems:#?}")),
    }
}

fn texts() -> &'static (TextFile, TextFile) {
    static TEXTS: OnceLock<(TextFile, TextFile)> = OnceLock::new();
    TEXTS.get_or_init(|| {
        (
            load_text("text.en.ron", SOURCE).expect("the sample game's English text loads"),
            load_text("text.it.ron", TARGET).expect("the sample game's Italian text loads"),
        )
    })
}

/// Notes as an export from the command line carries them (`#.`, `#:`, a translator's header),
/// so the import is fuzzed on such files too.
fn notes() -> &'static po::Notes {
    static NOTES: OnceLock<po::Notes> = OnceLock::new();
    NOTES.get_or_init(|| {
        let mut notes = po::Notes {
            source_file: "text.en.ron".into(),
            ..po::Notes::default()
        };
        for (i, key) in texts().0.entries.keys().enumerate() {
            notes.lines.insert(key.to_string(), i + 1);
            notes.about.insert(key.to_string(), format!("entry {i}"));
        }
        notes.keep_header("Last-Translator: Ada <ada@example.org>\nLanguage-Team: Italian\n");
        notes
    })
}

fn clean(s: &str) -> bool {
    !s.chars().any(|c| c.is_control())
}

fuzz_target!(|data: &[u8]| {
    let (source, original) = texts();
    let mut target = original.clone();
    let force = data.len() % 2 == 1;
    match po::import(source, &mut target, data, force, "italian-front") {
        Err(errors) => {
            assert!(!errors.is_empty() && errors.len() <= po::MAX_PROBLEMS);
            assert!(&target == original, "a refused file changed the text");
            let lines: Vec<&[u8]> = data.split(|b| *b == b'\n').collect();
            for e in &errors {
                let line = lines
                    .get(e.line.wrapping_sub(1))
                    .unwrap_or_else(|| panic!("{e}: no such line ({} lines)", lines.len()));
                let chars = String::from_utf8_lossy(line).chars().count();
                assert!(
                    e.column >= 1 && e.column <= chars + 1,
                    "{e}: the line has {chars} characters"
                );
                assert!(!e.message.is_empty() && clean(&e.message), "{e:?}");
                assert!(e.help.as_deref().is_none_or(clean), "{e:?}");
            }
        }
        Ok(report) => {
            let written = canonical::to_string(&target).expect("an imported text writes");
            let reloaded = load_text("text.it.ron", &written)
                .unwrap_or_else(|p| panic!("the text written does not load: {p}\n{written}"));
            assert!(reloaded == target, "the text written loads back different");
            if report.is_noop() {
                assert!(&target == original, "a no-op import changed the text");
            }
            let again = po::export(source, &reloaded, "italian-front", notes())
                .expect("an imported text exports");
            let mut copy = reloaded.clone();
            let report = po::import(source, &mut copy, again.as_bytes(), false, "italian-front")
                .unwrap_or_else(|e| panic!("its export does not read back: {e:?}\n{again}"));
            assert!(
                report.is_noop() && report.skipped.is_empty(),
                "its export imports as changes: {report:?}"
            );
            assert!(copy == reloaded);
        }
    }
});
