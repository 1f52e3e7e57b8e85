//! Checks one game folder as the server does after an edit and prints how long each stage
//! took: `cargo run --release -p orbat-lsp --example analyse -- DIR [ROUNDS]`.

use std::time::Instant;

use mimalloc::MiMalloc;

#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("a game folder"));
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let dir = std::path::absolute(dir).unwrap();
    let ws = orbat_lsp::workspace::Workspace::new(orbat_lsp::position::Encoding::Utf16, vec![]);
    for _ in 0..rounds {
        let t = Instant::now();
        let texts = ws.texts_of(&dir);
        let read = t.elapsed();
        let analysis = orbat_lsp::analysis::analyse(&dir, texts);
        let total = t.elapsed();
        let inputs: Vec<(std::path::PathBuf, String)> = analysis
            .texts
            .iter()
            .map(|(p, t)| (p.clone(), t.text.clone()))
            .collect();
        let l = Instant::now();
        let mut out = Vec::new();
        let folder = orbat_validator::load::load_texts(&dir, &inputs, &mut out);
        let loaded = l.elapsed();
        orbat_validator::check_loaded(&folder, &mut out);
        println!(
            "  load {:.1} ms, check {:.1} ms",
            loaded.as_secs_f64() * 1e3,
            (l.elapsed() - loaded).as_secs_f64() * 1e3
        );
        let i = Instant::now();
        let _ = orbat_lsp::analysis::index(&dir, &inputs);
        println!("  index alone {:.1} ms", i.elapsed().as_secs_f64() * 1e3);
        println!(
            "read {:.1} ms, analyse {:.1} ms ({} findings, {} occurrences)",
            read.as_secs_f64() * 1e3,
            (total - read).as_secs_f64() * 1e3,
            analysis.diagnostics.values().map(Vec::len).sum::<usize>(),
            analysis.index.by_file.values().map(Vec::len).sum::<usize>()
        );
    }
}
