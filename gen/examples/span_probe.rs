//! How long each reader that indexes spans takes on one file (what a finding pointing into
//! a file costs: its span index is built only then):
//! `cargo run --release -p orbat-gen --example span_probe -- FILE...`
use orbat_validator::FileKind;
use orbat_validator::load::{direct, fast, ron_json};

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot be read");
            continue;
        };
        let name = std::path::Path::new(&path)
            .file_name()
            .and_then(|n| n.to_str());
        let Some(kind) = name.and_then(FileKind::of) else {
            eprintln!("{path}: not a game file");
            continue;
        };
        let time = |f: &dyn Fn() -> bool| {
            let start = std::time::Instant::now();
            let ok = (0..5).all(|_| f());
            (start.elapsed().as_secs_f64() * 1000.0 / 5.0, ok)
        };
        let (direct_ms, direct_ok) = time(&|| direct::spans_of(kind, &text).is_some());
        let (fast_ms, fast_ok) = time(&|| fast::parse(&text).is_some());
        let (ron2_ms, ron2_ok) = time(&|| ron_json::parse_slow(&text).is_ok());
        println!(
            "{path} ({} KB): direct {direct_ms:.2} ms ({direct_ok}), fast {fast_ms:.2} ms ({fast_ok}), ron2 {ron2_ms:.2} ms ({ron2_ok})",
            text.len() / 1024
        );
    }
}
