//! How long the server takes from a `didChange` of map.ron to that version's
//! `publishDiagnostics`, on a generated game (10,000 spaces by default: size L of
//! `orbat-gen`), and the memory it holds. Run with `cargo bench -p orbat-lsp` or through
//! `benches/lsp.sh` (which also measures the validator's own memory on the same game).
//!
//! `ORBAT_LSP_BENCH_SIZE` sets the size (`S`, `M`, `L` or a number of spaces);
//! `ORBAT_LSP_BENCH_ROUNDS` the number of changes.

#[path = "../tests/client/mod.rs"]
mod client;

use std::time::Instant;

use client::{Client, file_uri};

fn main() {
    let size = std::env::var("ORBAT_LSP_BENCH_SIZE").unwrap_or_else(|_| "L".into());
    let params = orbat_gen::Params::named(&size).expect("a size: S, M, L or a number");
    let spaces = params.spaces;
    let rounds: usize = env_or("ORBAT_LSP_BENCH_ROUNDS", 21);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    orbat_gen::generate(&params, 1)
        .write(&dir, orbat_gen::Format::Ron)
        .unwrap();
    if let Ok(keep) = std::env::var("ORBAT_LSP_BENCH_KEEP") {
        // the same game, for measuring the validator on it
        copy_dir(&dir, std::path::Path::new(&keep));
    }
    let map = dir.join("map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    let bytes: u64 = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();

    let started = Instant::now();
    let mut c = Client::start(tmp.path());
    c.open(&map, &text);
    let uri = file_uri(&map);
    wait_version(&mut c, &uri, 1);
    let first = started.elapsed();

    // typing in map.ron: insert a character into a link end (an error), then delete it
    // (clean again), as an editor sends keystrokes: incremental changes
    let first_link = text.find("(a: \"").expect("a link") + 5;
    let line = text[..first_link].matches('\n').count();
    let character = first_link - text[..first_link].rfind('\n').map_or(0, |i| i + 1);
    let at = serde_json::json!({"line": line, "character": character});
    let after = serde_json::json!({"line": line, "character": character + 1});
    let mut times = Vec::new();
    for round in 0..rounds {
        let version = round as i32 + 2;
        let change = if round % 2 == 0 {
            serde_json::json!({"range": {"start": at, "end": at}, "text": "x"})
        } else {
            serde_json::json!({"range": {"start": at, "end": after}, "text": ""})
        };
        let t = Instant::now();
        c.notify(
            "textDocument/didChange",
            serde_json::json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}),
        );
        wait_version(&mut c, &uri, version);
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let pid = c.pid();
    let field = |name: &str| {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
            .unwrap_or_else(|| "?".into())
    };
    let typing = field("VmRSS:");
    // typing pauses: the server builds the id index (it waits 300 ms for quiet) and settles
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let settled = field("VmRSS:");
    times.sort_by(f64::total_cmp);
    println!(
        "game: {spaces} spaces, {} files, {:.1} MB of RON",
        std::fs::read_dir(&dir).unwrap().count(),
        bytes as f64 / 1e6
    );
    println!(
        "first diagnostics after start: {:.0} ms",
        first.as_secs_f64() * 1e3
    );
    println!(
        "didChange of map.ron -> publishDiagnostics, {rounds} changes: median {:.1} ms, min {:.1} ms, max {:.1} ms",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1]
    );
    println!(
        "server memory: peak (VmHWM) {}, after the last change (VmRSS) {typing}, after a pause with the id index built (VmRSS) {settled}",
        field("VmHWM:"),
    );
    c.shutdown();
}

fn wait_version(c: &mut Client, uri: &str, version: i32) {
    c.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
}
