//! Each stage of the validator on generated games (see `orbat-gen`): size S (300 spaces, about
//! a Paths of Glory) and L (10,000 spaces, 30,000 links, 20,000 units, 2,000 cards, 10
//! scenarios). Run with `cargo bench -p orbat-validator --bench pipeline`; `-- S` or `-- L`
//! filters by name. BENCHMARKS.md at the repository root has the figures.
//!
//! Stages: `parse_ron2` (the ron2 syntax tree only, the old loader's floor), `ron_json` (RON ->
//! JSON value + span index, as the loader does it), `ron_json_slow` (the same through the ron2
//! syntax tree, the path for files outside the fast subset), `schema` (JSON Schema check of
//! every file), `typed` (JSON -> model), `read_direct` and `read_by_hand` (RON straight into
//! the model through serde, and through the hand-written readers as the loader does it),
//! `load` (all of these for a folder), one bench per rule family, `check_loaded` (every rule, through `engine::check`),
//! `pipeline` (`orbat_validator::check` on the folder on disk: discovery, reading, loading,
//! rules, sorting), and `revalidate_*` (the editor's case: one edit to a loaded S game, then
//! every rule again).

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::Bencher;
use orbat_gen::{Format, GeneratedGame, Params, generate};
use orbat_validator::analysis::{ids, world};
use orbat_validator::load::{self, FileKind, GameFolder, ron_json, schema_check};
use orbat_validator::rules::{cards, map, order_of_battle, references, stacking, supply, text};
use orbat_validator::{Diagnostic, Inputs, Settings, SourceFile, engine};

/// Every rule on a folder already loaded, as the editor runs them (no rule levels).
fn check_loaded(folder: &GameFolder, out: &mut Vec<Diagnostic>) {
    let found = std::mem::take(out);
    let inputs = Inputs::Loaded { folder, found };
    *out = engine::check(inputs, &Settings::default())
        .unwrap_or_default()
        .diagnostics;
}

fn main() {
    divan::main();
}

/// A generated game: in memory, on disk, and loaded.
struct Fixture {
    game: GeneratedGame,
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    files: Vec<(PathBuf, String)>,
    folder: GameFolder,
}

fn fixture(params: &Params) -> Fixture {
    let game = generate(params, 1);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("game");
    game.write(&dir, Format::Ron).expect("written");
    let files = game.ron_texts(&dir);
    let mut out = Vec::new();
    let folder = load::load_texts(&dir, &files, &mut out);
    assert!(out.is_empty(), "{out:?}");
    Fixture {
        game,
        _tmp: tmp,
        dir,
        files,
        folder,
    }
}

static S: LazyLock<Fixture> = LazyLock::new(|| fixture(&Params::small()));
static L: LazyLock<Fixture> = LazyLock::new(|| fixture(&Params::large()));

fn get(size: &str) -> &'static Fixture {
    if size == "S" { &S } else { &L }
}

const SIZES: [&str; 2] = ["S", "L"];

fn kind(path: &std::path::Path) -> FileKind {
    let name = path.file_name().and_then(|n| n.to_str()).expect("name");
    FileKind::of(name).expect("a game file")
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn parse_ron2(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        for (_, text) in &f.files {
            divan::black_box(ron2::ast::parse_document(text).expect("parses"));
        }
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn ron_json(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        for (_, text) in &f.files {
            divan::black_box(ron_json::parse(text).expect("parses"));
        }
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn ron_json_slow(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        for (_, text) in &f.files {
            divan::black_box(ron_json::parse_slow(text).expect("parses"));
        }
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn schema(bencher: Bencher, size: &str) {
    let f = get(size);
    let docs: Vec<(SourceFile, FileKind, serde_json::Value)> = f
        .files
        .iter()
        .map(|(p, t)| {
            let (parsed, _) = ron_json::parse(t).expect("parses");
            let src = SourceFile::with_spans(p.clone(), t.clone(), parsed.spans);
            (src, kind(p), parsed.value)
        })
        .collect();
    bencher.bench(|| {
        let mut out = Vec::new();
        for (src, k, v) in &docs {
            schema_check::check(src, *k, v, &mut out);
        }
        assert!(out.is_empty());
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn typed(bencher: Bencher, size: &str) {
    let f = get(size);
    let values: Vec<(FileKind, serde_json::Value)> = f
        .files
        .iter()
        .map(|(p, t)| (kind(p), ron_json::parse(t).expect("parses").0.value))
        .collect();
    bencher
        .with_inputs(|| values.clone())
        .bench_values(|values| {
            for (k, v) in values {
                assert!(orbat_validator::FileValue::from_json(k, v).is_ok());
            }
        });
}

/// RON text straight into the model through serde (`load::direct`), every file.
#[divan::bench(args = SIZES, sample_count = 10)]
fn read_direct(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        for (p, t) in &f.files {
            assert!(divan::black_box(load::direct::read_value(kind(p), t)).is_some());
        }
    });
}

/// The same through the hand-written readers (`load::by_hand`) where a kind has one, serde
/// for the game file: what the loader does.
#[divan::bench(args = SIZES, sample_count = 10)]
fn read_by_hand(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        for (p, t) in &f.files {
            let k = kind(p);
            let v = load::by_hand::read(k, t).or_else(|| load::direct::read_value(k, t));
            assert!(divan::black_box(v).is_some());
        }
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn load(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        let mut out = Vec::new();
        divan::black_box(load::load_texts(&f.dir, &f.files, &mut out))
    });
}

/// One rule family, with the id tables and the world built outside the timing; the work its
/// rules share (supply traces, stacks) is inside it.
mod rules {
    use super::*;
    use orbat_validator::rules::{Check, Context};

    fn bench_family(bencher: Bencher, size: &str, family: &[&Check]) {
        let f = get(size);
        let ids = ids::Ids::build(&f.folder);
        let w = world::World::new(&f.folder, &ids).expect("a world");
        let all = orbat_validator::registry::rules();
        bencher.bench(|| {
            let cx = Context::new(&f.folder, &ids, Some(&w), all);
            let mut out = Vec::new();
            for run in family.iter().filter_map(|c| c.run) {
                run(&cx, &mut out);
            }
            out
        });
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn ids(bencher: Bencher, size: &str) {
        let f = get(size);
        bencher.bench(|| divan::black_box(ids::Ids::build(&f.folder).spaces.order.len()));
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn world(bencher: Bencher, size: &str) {
        let f = get(size);
        let ids = ids::Ids::build(&f.folder);
        bencher.bench(|| world::World::new(&f.folder, &ids).map(|w| w.graph.edge_count()));
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn references(bencher: Bencher, size: &str) {
        bench_family(bencher, size, references::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn cards(bencher: Bencher, size: &str) {
        bench_family(bencher, size, cards::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn text(bencher: Bencher, size: &str) {
        bench_family(bencher, size, text::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn map(bencher: Bencher, size: &str) {
        bench_family(bencher, size, map::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn supply(bencher: Bencher, size: &str) {
        bench_family(bencher, size, supply::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn stacking(bencher: Bencher, size: &str) {
        bench_family(bencher, size, stacking::CHECKS);
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn order_of_battle(bencher: Bencher, size: &str) {
        bench_family(bencher, size, order_of_battle::CHECKS);
    }
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn check_loaded_all_rules(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        let mut out = Vec::new();
        check_loaded(&f.folder, &mut out);
        assert!(out.is_empty());
    });
}

/// `orbat_validator::check` on the folder on disk: what `orbat-validate` does, less printing.
#[divan::bench(args = SIZES, sample_count = 10)]
fn pipeline(bencher: Bencher, size: &str) {
    let f = get(size);
    bencher.bench(|| {
        let report = orbat_validator::check(std::slice::from_ref(&f.dir)).expect("checked");
        assert!(report.diagnostics.is_empty());
    });
}

/// The editor's case on a size S game: a unit moved to another space (an edit of the typed
/// model), then every rule again.
#[divan::bench(sample_count = 100)]
fn revalidate_after_model_edit(bencher: Bencher) {
    let f = &*S;
    let mut folder = load::load_texts(&f.dir, &f.files, &mut Vec::new());
    let spaces: Vec<orbat_validator::model::Id> =
        f.game.map.spaces.iter().map(|s| s.id.clone()).collect();
    let mut i = 0;
    bencher.bench_local(|| {
        i += 1;
        let scenario = &mut folder.scenarios[0].value;
        let n = scenario.placements.len();
        scenario.placements[i % n].at = spaces[i % spaces.len()].clone();
        let mut out = Vec::new();
        check_loaded(&folder, &mut out);
        out.len()
    });
}

/// The editor's case with the edited file read again: the scenario's text changed (one
/// placement moved), parsed, schema-checked and typed, then every rule again.
#[divan::bench(sample_count = 100)]
fn revalidate_after_text_edit(bencher: Bencher) {
    let f = &*S;
    let mut folder = load::load_texts(&f.dir, &f.files, &mut Vec::new());
    let at = folder.scenarios[0].src.path.clone();
    let text = folder.scenarios[0].src.text.clone();
    let first = f.game.scenarios[0].placements[0].at.clone();
    let mut i = 0;
    bencher.bench_local(|| {
        i += 1;
        let other = &f.game.map.spaces[i % 100].id;
        let edited = text.replacen(&format!("at: \"{first}\""), &format!("at: \"{other}\""), 1);
        let mut out = Vec::new();
        let one = load::load_texts(&f.dir, &[(at.clone(), edited)], &mut out);
        folder.scenarios[0] = one.scenarios.into_iter().next().expect("still valid");
        check_loaded(&folder, &mut out);
        out.len()
    });
}
