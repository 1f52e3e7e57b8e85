//! Checks one game folder as the server does after an edit and prints how long each stage
//! took and the memory held after it:
//! `cargo run --release -p orbat-lsp --example analyse -- DIR [ROUNDS]`.

use std::time::Instant;

use mimalloc::MiMalloc;

#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

fn rss() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
            / 1024
    };
    format!("RSS {} MB (peak {} MB)", kb("VmRSS:"), kb("VmHWM:"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("a game folder"));
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let dir = std::path::absolute(dir).unwrap();
    let ws = orbat_lsp::workspace::Workspace::new(orbat_lsp::position::Encoding::Utf16, vec![]);
    let mut kept = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        let texts = ws.texts_of(&dir);
        println!("read {:.1} ms, {}", t.elapsed().as_secs_f64() * 1e3, rss());
        let t = Instant::now();
        let mut analysis = orbat_lsp::analysis::analyse(&dir, texts);
        println!("check {:.1} ms, {}", t.elapsed().as_secs_f64() * 1e3, rss());
        let t = Instant::now();
        let index = orbat_lsp::analysis::index(&analysis.texts.files);
        let occurrences: usize = index.by_file.values().map(Vec::len).sum();
        analysis.take_index(index, 1);
        println!(
            "index {:.1} ms ({occurrences} occurrences), {}",
            t.elapsed().as_secs_f64() * 1e3,
            rss()
        );
        // the server holds one analysis per folder
        kept.clear();
        kept.push(analysis);
    }
}
