//! Target (d): the in-place writer (`orbat_validator::in_place::save_text`, what the editor's
//! save, `--fix`, `--format-write` and `orbat-po import` write with). A shipped game file or
//! valid fixture, picked by the input, gets up to 16 edits of its model (`model_edits.rs`),
//! and is saved into its own text. Either the writer refuses (with a reason), or the text it
//! writes reads back, with our loader and with the `ron` crate, as exactly the model saved.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbitrary::Unstructured;
use orbat_validator::file_kind::{FileKind, FileValue, GameFile, PerKind};
use orbat_validator::load;

use crate::model_edits::edit;
use crate::names::DIR;

/// One file the edits start from: its text, the model our loader reads from it, the model
/// as JSON, and its strings (what renames write).
struct Base {
    name: String,
    kind: FileKind,
    text: String,
    value: FileValue,
    json: serde_json::Value,
    strings: Vec<String>,
}

/// Every file of every shipped game and valid fixture that loads, read once.
fn bases() -> &'static Vec<Base> {
    static BASES: OnceLock<Vec<Base>> = OnceLock::new();
    BASES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut out = Vec::new();
        for parent in ["scenarios", "tests/fixtures/valid"] {
            let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join(parent))
                .expect("the repository's games")
                .filter_map(|e| Some(e.ok()?.path()))
                .filter(|p| p.join("game.ron").is_file())
                .collect();
            dirs.sort();
            for dir in dirs {
                let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                    .expect("a game folder")
                    .filter_map(|e| Some(e.ok()?.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .collect();
                files.sort();
                let mut found = Vec::new();
                let folder = load::load_folder(&dir, &files, &mut found);
                for f in files {
                    let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                    let (Some(kind), Some(value)) = (FileKind::of(name), folder.value_of(&f))
                    else {
                        continue;
                    };
                    let text = std::fs::read_to_string(&f).expect("read");
                    let json = value.to_json().expect("as JSON");
                    let mut strings: Vec<String> = text
                        .split('"')
                        .skip(1)
                        .step_by(2)
                        .filter(|s| s.len() < 40 && !s.contains(['\\', '\n']))
                        .map(str::to_owned)
                        .collect();
                    strings.sort();
                    strings.dedup();
                    out.push(Base {
                        name: name.to_owned(),
                        kind,
                        text,
                        value,
                        json,
                        strings,
                    });
                }
            }
        }
        assert!(out.len() >= 40, "only {} files to start from", out.len());
        out
    })
}

/// Reads `text` with the `ron` crate as the model type of the kind (with `implicit_some`:
/// the designers' texts, kept by the writer, may leave out `Some(..)`, as Orbat allows).
struct ReadWithRon<'t>(&'t str);

impl PerKind for ReadWithRon<'_> {
    type Out = Result<FileValue, String>;
    fn run<T: GameFile>(self) -> Self::Out {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str::<T>(self.0)
            .map(Into::into)
            .map_err(|e| e.to_string())
    }
}

/// What our loader (the one `orbat-validate` and the editor use) reads from `text` as the
/// file `name`, if it reads.
fn load(name: &str, text: &str) -> Option<FileValue> {
    let path = Path::new(DIR).join(name);
    let mut found = Vec::new();
    let folder = load::load_texts(
        Path::new(DIR),
        &[(path.clone(), text.to_owned())],
        &mut found,
    );
    folder.value_of(&path)
}

/// Target (d): edits of one file's model, saved in place, read back.
pub fn writer(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let files = bases();
    let Ok(pick) = u.choose_index(files.len()) else {
        return;
    };
    let base = &files[pick];
    let mut json = base.json.clone();
    for _ in 0..16 {
        if u.is_empty() {
            break;
        }
        let mut next = json.clone();
        match edit(&mut u, &mut next, &base.strings) {
            Ok(true) => {
                if FileValue::from_json(base.kind, next.clone()).is_ok() {
                    json = next;
                }
            }
            Ok(false) => {}
            Err(_) => break,
        }
    }
    let Ok(now) = FileValue::from_json(base.kind, json) else {
        return;
    };
    let Ok(canonical) = now.to_text() else {
        return;
    };
    // a model no file can hold (the loader refuses even its canonical text: an id the schema
    // refuses...) is not the writer's to judge; nor what `ron` cannot read in any layout
    let ours = load(&base.name, &canonical).filter(|v| *v == now).is_some();
    let theirs = base
        .kind
        .with_type(ReadWithRon(&canonical))
        .is_ok_and(|v| v == now);
    let text = match orbat_validator::in_place::save_text(&base.text, &base.value, &now) {
        Ok(text) => text,
        // a refusal says why, and writes nothing: allowed
        Err(why) => {
            assert!(!why.to_string().is_empty());
            return;
        }
    };
    if now == base.value {
        assert_eq!(
            text, base.text,
            "{}: nothing changed, yet the text did",
            base.name
        );
    }
    if ours {
        let back = load(&base.name, &text);
        assert!(
            back.as_ref() == Some(&now),
            "{}: the written text reads back as another model (ours: {}):\n{text}",
            base.name,
            if back.is_some() {
                "other values"
            } else {
                "does not load"
            },
        );
    }
    if theirs {
        match base.kind.with_type(ReadWithRon(&text)) {
            Ok(v) => assert!(
                v == now,
                "{}: the ron crate reads the written text as another model:\n{text}",
                base.name
            ),
            Err(e) => panic!(
                "{}: the ron crate cannot read the written text ({e}):\n{text}",
                base.name
            ),
        }
    }
}
