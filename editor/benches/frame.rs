//! CPU time of one editor frame (UI build + tessellation, no GPU) on generated maps, and of
//! one live validation. Run with `cargo bench -p orbat-editor --bench frame`.
//!
//! The whole map is in view (the worst case: nothing is culled); a 300-space map shows
//! names, a 10,000-space map is too small on screen for names, as in the editor.

use std::path::{Path, PathBuf};

use orbat_editor::EditorApp;
use orbat_editor::document::Document;
use orbat_validator::canonical;
use orbat_validator::model::{Backdrop, Link, MapFile, Space, TextEntry, TextFile};

// the editor binary's allocator (main.rs): on the system allocator, a 10,000-space frame's
// large buffers went back to the kernel and were faulted in again every frame, a third of its
// time in page faults that the editor itself does not pay
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const SIZES: [usize; 2] = [300, 10_000];

/// A game folder with `n` spaces on a grid, about three links per space, and a name for
/// each; the other files are the test fixture's.
fn generate(n: usize) -> (tempfile::TempDir, PathBuf) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/alpine");
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(format!("generated-{n}"));
    std::fs::create_dir(&dir).expect("dir");
    for name in [
        "game.ron",
        "units.ron",
        "cards.ron",
        "opening.scenario.ron",
        "backdrop.png",
    ] {
        std::fs::copy(fixture.join(name), dir.join(name)).expect("copy");
    }
    let fixture_map: MapFile = read(&fixture.join("map.ron"));
    let fixture_text: TextFile = read(&fixture.join("text.en.ron"));
    let cols = (n as f32).sqrt().ceil() as usize;
    let step = 60.0;
    let mut spaces = fixture_map.spaces.clone();
    let mut links = fixture_map.links.clone();
    let mut text = fixture_text.clone();
    let base = spaces.len();
    for i in 0..n.saturating_sub(base) {
        let (r, c) = (i / cols, i % cols);
        let mut s = fixture_map.spaces[4].clone();
        s.id = format!("s-{i}").into();
        s.x = 40.0 + c as f32 * step + (r % 2) as f32 * step / 2.0;
        s.y = 700.0 + r as f32 * step;
        s.control = Some(if c < cols / 2 { "it" } else { "ah" }.into());
        spaces.push(s);
        text.entries.insert(
            format!("space:s-{i}"),
            TextEntry {
                name: format!("Place {i}").into(),
                text: None,
                source: None,
            },
        );
        let mut link = |j: usize| {
            if j < n - base {
                links.push(Link {
                    a: format!("s-{i}").into(),
                    b: format!("s-{j}").into(),
                    kind: "normal".into(),
                    only_for: vec![].into(),
                    ..Default::default()
                });
            }
        };
        if c + 1 < cols {
            link(i + 1);
        }
        link(i + cols);
        if c + 1 < cols {
            link(i + cols + 1);
        }
    }
    // tie the grid to the fixture's spaces so the map stays connected
    links.push(Link {
        a: "milano".into(),
        b: "s-0".into(),
        kind: "normal".into(),
        only_for: vec![].into(),
        ..Default::default()
    });
    let extent = spaces
        .iter()
        .fold((800.0f32, 600.0f32), |(w, h), s: &Space| {
            (w.max(s.x + 40.0), h.max(s.y + 40.0))
        });
    let map = MapFile {
        backdrop: Some(Backdrop {
            image: "backdrop.png".into(),
            width: extent.0 as u32,
            height: extent.1 as u32,
        }),
        spaces,
        links,
    };
    std::fs::write(
        dir.join("map.ron"),
        canonical::to_string(&map).expect("map"),
    )
    .expect("write");
    std::fs::write(
        dir.join("text.en.ron"),
        canonical::to_string(&text).expect("text"),
    )
    .expect("write");
    (tmp, dir)
}

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    let text = std::fs::read_to_string(path).expect("read");
    let (parsed, _) = orbat_validator::load::ron_json::parse(&text).expect("parse");
    serde_json::from_value(parsed.value).expect("model")
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}

/// One frame: build the UI, then tessellate its shapes. Returns the triangle count.
fn frame(ctx: &egui::Context, app: &mut EditorApp) -> usize {
    let mut out = ctx.run_ui(input(), |ui| app.show(ui));
    // no GPU here to upload textures to
    out.textures_delta.clear();
    let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
    prims
        .iter()
        .map(|p| match &p.primitive {
            egui::epaint::Primitive::Mesh(m) => m.indices.len() / 3,
            egui::epaint::Primitive::Callback(_) => 0,
        })
        .sum()
}

#[divan::bench(args = SIZES, sample_count = 30)]
fn ui_frame(bencher: divan::Bencher, n: usize) {
    let (tmp, dir) = generate(n);
    let ctx = egui::Context::default();
    let mut app = EditorApp::new(Some(dir), tmp.path().join("state"));
    app.native_dialogs = false;
    assert!(app.session.is_some(), "{:?}", app.open_error);
    if let Some(s) = app.session.as_mut() {
        s.backdrop.wait(&ctx);
    }
    // settle fonts, panel sizes and the initial fit
    let mut triangles = 0;
    for _ in 0..4 {
        triangles = frame(&ctx, &mut app);
    }
    eprintln!("{n} spaces: {triangles} triangles per frame");
    bencher.bench_local(|| frame(&ctx, &mut app));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn validate_after_edit(bencher: divan::Bencher, n: usize) {
    let (_tmp, dir) = generate(n);
    let mut doc = Document::open(&dir).expect("opens");
    let errors = doc
        .diagnostics
        .iter()
        .filter(|d| d.severity == orbat_validator::Severity::Error)
        .count();
    eprintln!(
        "{n} spaces: {errors} errors, {} diagnostics",
        doc.diagnostics.len()
    );
    let mut x = 0.0;
    bencher.bench_local(|| {
        // a real edit, so the map's canonical text is rebuilt as after a drag (its span
        // index too, if a diagnostic points into the map)
        x += 1.0;
        orbat_editor::edit::Edit::MoveSpaces {
            moves: vec![(0, [x, x])],
        }
        .apply(&mut doc)
        .expect("move");
        doc.validate();
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn rebuild_sources_after_edit(bencher: divan::Bencher, n: usize) {
    let (_tmp, dir) = generate(n);
    let mut doc = Document::open(&dir).expect("opens");
    let mut x = 0.0;
    bencher.bench_local(|| {
        // the part of a live check that is the editor's: the map's canonical text
        x += 1.0;
        orbat_editor::edit::Edit::MoveSpaces {
            moves: vec![(0, [x, x])],
        }
        .apply(&mut doc)
        .expect("move");
        doc.game_folder()
    });
}
