//! Property tests (proptest):
//! - the validator never panics, whatever bytes a game file of any kind holds;
//! - random valid documents written by the canonical writer load back unchanged through the
//!   validator's own loader (parse, span index, schema check, typed model);
//! - the canonical writer is idempotent: write(load(write(x))) == write(x).
//!
//! Random documents are the shipped games and the minimal fixture with their leaves replaced
//! at random (any string, with quotes, backslashes, newlines and control characters; any
//! number the field's type holds), list items dropped or repeated, and map keys renamed: each
//! result is kept only if it is a value of the model type, so every document is valid input.
//! `PROPTEST_CASES` sets the number of cases (default 256 per property).

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use orbat_validator::load::{self, FileKind, GameFolder, ron_json};
use orbat_validator::model::{CardsFile, Game, MapFile, Scenario, TextFile, UnitsFile};
use orbat_validator::{Severity, canonical, check};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

const NAMES: [(FileKind, &str); 6] = [
    (FileKind::Game, "game.ron"),
    (FileKind::Map, "map.ron"),
    (FileKind::Units, "units.ron"),
    (FileKind::Cards, "cards.ron"),
    (FileKind::Text, "text.en.ron"),
    (FileKind::Scenario, "1914.scenario.ron"),
];

fn config() -> ProptestConfig {
    ProptestConfig {
        // a failing case is reported with its input; none is written to the source tree
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// The validator never panics.

/// Bytes for a game file: random bytes, RON-like token soup, or the minimal game's file of
/// that kind with random tokens spliced in.
fn file_bytes(kind: usize) -> impl Strategy<Value = Vec<u8>> {
    const TOKENS: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "\"",
        "'",
        "Some(",
        "None",
        "()",
        "true",
        "-1",
        "0x1F",
        "1e999",
        "inf",
        "NaN",
        "4294967296",
        "1.5",
        "id",
        "x",
        "spaces",
        "links",
        "units",
        "cards",
        "entries",
        "Limit(",
        "Unlimited",
        "\\",
        "\n",
        "//",
        "/*",
        "é",
        "\u{0}",
        "r#\"",
        "b\"",
        "#![enable(implicit_some)]",
    ];
    let token = prop::sample::select(TOKENS).prop_map(str::to_owned);
    let soup = prop::collection::vec(prop_oneof![token.clone(), any::<String>()], 0..64)
        .prop_map(|t| t.concat().into_bytes());
    let base = minimal_file(kind).to_owned();
    let spliced = prop::collection::vec((any::<prop::sample::Index>(), token, 0usize..8), 1..8)
        .prop_map(move |edits| {
            let mut bytes = base.clone().into_bytes();
            for (at, tok, cut) in edits {
                let i = at.index(bytes.len() + 1);
                let end = (i + cut).min(bytes.len());
                bytes.splice(i..end, tok.bytes());
            }
            bytes
        });
    prop_oneof![prop::collection::vec(any::<u8>(), 0..512), soup, spliced]
}

fn minimal_file(kind: usize) -> &'static str {
    static FILES: OnceLock<Vec<String>> = OnceLock::new();
    &FILES.get_or_init(|| {
        NAMES
            .iter()
            .map(|(_, name)| {
                std::fs::read_to_string(Path::new("fixtures/valid/minimal").join(name)).unwrap()
            })
            .collect()
    })[kind]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_validator_never_panics_on_any_bytes(
        (kind, bytes) in (0..NAMES.len()).prop_flat_map(|k| (Just(k), file_bytes(k)))
    ) {
        let dir = tempfile::tempdir().unwrap();
        for (_, name) in NAMES {
            std::fs::copy(Path::new("fixtures/valid/minimal").join(name), dir.path().join(name)).unwrap();
        }
        let name = NAMES[kind].1;
        std::fs::write(dir.path().join(name), &bytes).unwrap();
        // a panic fails the test; check() itself must return a report
        let report = check(&[dir.path().to_owned()]).expect("the folder exists");
        // a changed file either still loads or is reported
        if std::str::from_utf8(&bytes).is_err() {
            prop_assert!(report.diagnostics.iter().any(|d| d.code == "L002"), "no L002");
        }
        for d in &report.diagnostics {
            if let (Some(span), Some(src)) = (&d.location.span, report.source(&d.location.file)) {
                prop_assert!(span.start <= span.end && span.end <= src.text.len(),
                    "{}: span {span:?} outside {} bytes", d.code, src.text.len());
                prop_assert!(src.text.is_char_boundary(span.start) && src.text.is_char_boundary(span.end),
                    "{}: span {span:?} splits a character", d.code);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random valid documents.

/// One random change met while walking a document.
#[derive(Debug, Clone)]
enum Change {
    Keep,
    Text(String),
    /// A whole number that fits both u32 and i32 fields.
    Whole(u32),
    Signed(i32),
    Float(f32),
    Bool(bool),
    /// For a list: drop the item at this index (modulo the length).
    Drop(usize),
    /// For a list: repeat the item at this index.
    Repeat(usize),
    /// For an object: rename the key at this index (only map keys survive typing).
    Rename(usize, String),
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\"\\\\\n\r\t\u{0}-\u{1f}\u{7f}(){}\\[\\]:,#r'/*é€𝄞 ]{0,12}",
        Just(String::new()),
    ]
}

fn finite_f32() -> impl Strategy<Value = f32> {
    use prop::num::f32;
    (f32::POSITIVE | f32::NEGATIVE | f32::NORMAL | f32::SUBNORMAL | f32::ZERO)
        .prop_filter("finite", |x| x.is_finite())
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        6 => Just(Change::Keep),
        3 => text().prop_map(Change::Text),
        1 => any::<u32>().prop_map(|n| Change::Whole(n >> 1)),
        1 => any::<i32>().prop_map(Change::Signed),
        2 => finite_f32().prop_map(Change::Float),
        1 => any::<bool>().prop_map(Change::Bool),
        1 => any::<usize>().prop_map(Change::Drop),
        1 => any::<usize>().prop_map(Change::Repeat),
        1 => (any::<usize>(), text()).prop_map(|(i, k)| Change::Rename(i, k)),
    ]
}

/// Applies changes in walk order (cycling), each where it fits the value met.
fn apply(v: &mut Value, changes: &[Change], next: &mut usize, renames: bool) {
    let c = if changes.is_empty() {
        Change::Keep
    } else {
        let c = changes[*next % changes.len()].clone();
        *next += 1;
        c
    };
    match v {
        Value::String(s) => {
            if let Change::Text(t) = c {
                *s = t;
            }
        }
        Value::Number(n) => {
            if n.is_f64() {
                if let Change::Float(f) = c {
                    *v = Value::from(f64::from(f));
                }
            } else if n.as_i64().is_some_and(|i| i < 0) {
                if let Change::Signed(i) = c {
                    *v = Value::from(i);
                }
            } else if let Change::Whole(w) = c {
                *v = Value::from(w);
            }
        }
        Value::Bool(b) => {
            if let Change::Bool(x) = c {
                *b = x;
            }
        }
        Value::Array(items) => {
            match c {
                Change::Drop(i) if !items.is_empty() => {
                    let i = i % items.len();
                    items.remove(i);
                }
                Change::Repeat(i) if !items.is_empty() && items.len() < 64 => {
                    let i = i % items.len();
                    items.insert(i, items[i].clone());
                }
                _ => {}
            }
            for item in items {
                apply(item, changes, next, renames);
            }
        }
        Value::Object(map) => {
            if renames
                && let Change::Rename(i, key) = c
                && !map.is_empty()
                && !map.contains_key(&key)
            {
                let i = i % map.len();
                let old = map.keys().nth(i).cloned().unwrap();
                let val = map.remove(&old).unwrap();
                map.insert(key, val);
            }
            for (_, item) in map.iter_mut() {
                apply(item, changes, next, renames);
            }
        }
        Value::Null => {}
    }
}

/// Every file of a kind among the shipped games and the minimal fixture, as JSON made from
/// the typed value (so floats are floats and defaults are explicit).
fn bases<T: Serialize + DeserializeOwned>(kind: FileKind) -> Vec<Value> {
    let mut dirs: Vec<PathBuf> = vec!["fixtures/valid/minimal".into()];
    for e in std::fs::read_dir("../scenarios").unwrap() {
        dirs.push(e.unwrap().path());
    }
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            let name = path.file_name().unwrap().to_str().unwrap();
            if FileKind::of(name) != Some(kind) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let (parsed, issues) = ron_json::parse(&text).unwrap();
            assert!(issues.is_empty(), "{}: {issues:?}", path.display());
            let typed: T = serde_json::from_value(parsed.value)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push(serde_json::to_value(&typed).unwrap());
            if out.len() >= 4 {
                break;
            }
        }
    }
    assert!(!out.is_empty(), "no {kind:?} file to start from");
    out
}

/// A random valid document of type T.
fn document<T>(kind: FileKind) -> impl Strategy<Value = T>
where
    T: Serialize + DeserializeOwned + Debug + Clone + 'static,
{
    let bases = bases::<T>(kind);
    let n = bases.len();
    (0..n, prop::collection::vec(change(), 0..48)).prop_map(move |(i, changes)| {
        // with map keys renamed, unless that made it no value of the type
        for renames in [true, false] {
            let mut v = bases[i].clone();
            apply(&mut v, &changes, &mut 0, renames);
            if let Ok(t) = serde_json::from_value::<T>(v) {
                return t;
            }
        }
        serde_json::from_value(bases[i].clone()).unwrap()
    })
}

/// Loads one file's text with the validator's loader; the typed value, or the diagnostics.
fn load_one<T: Clone>(
    name: &str,
    text: &str,
    pick: impl Fn(&GameFolder) -> Option<T>,
) -> Result<T, String> {
    let dir = Path::new("/orbat/properties");
    let mut diags = Vec::new();
    let folder = load::load_texts(dir, &[(dir.join(name), text.to_owned())], &mut diags);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {} at {:?}", d.code, d.message, d.location.start))
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    pick(&folder).ok_or_else(|| "the file did not load".to_owned())
}

/// write, load, compare; then write again and compare the text. The `ron` crate reads the
/// written text into the same value too (designers load our files with serde + ron).
fn round_trip<T>(
    value: &T,
    name: &str,
    pick: impl Fn(&GameFolder) -> Option<T>,
) -> Result<(), TestCaseError>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + Clone,
{
    let text = canonical::to_string(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let by_ron: T = ron::from_str(&text).map_err(|e| {
        TestCaseError::fail(format!(
            "ron cannot read the written text: {e}\n---\n{text}"
        ))
    })?;
    prop_assert_eq!(&by_ron, value, "ron reads other values; text:\n{}", text);
    let loaded = load_one(name, &text, pick).map_err(|e| {
        TestCaseError::fail(format!("written text does not load:\n{e}\n---\n{text}"))
    })?;
    prop_assert_eq!(&loaded, value, "loaded value differs; text:\n{}", text);
    let again = canonical::to_string(&loaded).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(again, text, "the canonical writer is not idempotent");
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn game_files_survive_write_then_load(v in document::<Game>(FileKind::Game)) {
        round_trip(&v, "game.ron", |f| f.game.as_ref().map(|d| d.value.clone()))?;
    }

    #[test]
    fn map_files_survive_write_then_load(v in document::<MapFile>(FileKind::Map)) {
        round_trip(&v, "map.ron", |f| f.map.as_ref().map(|d| d.value.clone()))?;
    }

    #[test]
    fn units_files_survive_write_then_load(v in document::<UnitsFile>(FileKind::Units)) {
        round_trip(&v, "units.ron", |f| f.units.as_ref().map(|d| d.value.clone()))?;
    }

    #[test]
    fn cards_files_survive_write_then_load(v in document::<CardsFile>(FileKind::Cards)) {
        round_trip(&v, "cards.ron", |f| f.cards.as_ref().map(|d| d.value.clone()))?;
    }

    #[test]
    fn text_files_survive_write_then_load(v in document::<TextFile>(FileKind::Text)) {
        round_trip(&v, "text.en.ron", |f| f.texts.first().map(|(_, d)| d.value.clone()))?;
    }

    #[test]
    fn scenario_files_survive_write_then_load(v in document::<Scenario>(FileKind::Scenario)) {
        round_trip(&v, "1914.scenario.ron", |f| f.scenarios.first().map(|d| d.value.clone()))?;
    }

    /// Floats alone, over the whole f32 range: the writer's shortest form reads back as the
    /// same f32 through the loader's f64.
    #[test]
    fn every_finite_coordinate_survives(xs in prop::collection::vec((finite_f32(), finite_f32()), 1..32)) {
        let mut map: MapFile = serde_json::from_value(bases::<MapFile>(FileKind::Map)[0].clone()).unwrap();
        let template = map.spaces[0].clone();
        map.spaces = xs.iter().enumerate().map(|(i, &(x, y))| {
            let mut s = template.clone();
            s.id = format!("s{i}").into();
            s.x = x;
            s.y = y;
            s
        }).collect();
        round_trip(&map, "map.ron", |f| f.map.as_ref().map(|d| d.value.clone()))?;
    }
}

/// The generator really changes documents (a property over unchanged documents proves little).
#[test]
fn random_documents_differ_from_their_bases() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let bases: Vec<MapFile> = bases::<MapFile>(FileKind::Map)
        .into_iter()
        .map(|v| serde_json::from_value(v).unwrap())
        .collect();
    let mut runner = TestRunner::deterministic();
    let strategy = document::<MapFile>(FileKind::Map);
    let changed = (0..64)
        .filter(|_| !bases.contains(&strategy.new_tree(&mut runner).unwrap().current()))
        .count();
    assert!(changed > 16, "only {changed} of 64 documents changed");
}
