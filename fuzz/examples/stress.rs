//! Coverage-free, high-volume fuzzing of the same targets (one_file, folder, checks_file, writer, events), for machines where the
//! instrumented libFuzzer build is too slow to reach millions of executions in the time at
//! hand. It runs the target functions of `orbat_fuzz` uninstrumented, on inputs made by
//! random mutation of the corpus that `cargo fuzz` grew (or the seeds), with a fixed RNG seed.
//!
//! ```text
//! cd fuzz && cargo run --release --example stress -- TARGET SECONDS [SEED]
//! ```
//! Prints executions and crashes. A panicking input is written to
//! `artifacts/TARGET/stress-crash-SEED-N`; an input still running after 10 s is written to
//! `artifacts/TARGET/stress-hang` and the run stops with exit code 2 (time the process spends
//! stopped, by `kill -STOP` while a benchmark runs, does not count). One input is run again,
//! timed, with `stress TARGET --replay FILE`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitrary::{Arbitrary, Unstructured};

/// xorshift64*: enough randomness for mutation, reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const DICT: &[&[u8]] = &[
    b"(",
    b")",
    b"[",
    b"]",
    b"{",
    b"}",
    b",",
    b":",
    b"\"",
    b"'",
    b"//",
    b"/*",
    b"*/",
    b"r#\"",
    b"Some(",
    b"None",
    b"()",
    b"true",
    b"-",
    b"0x",
    b"1e999",
    b"inf",
    b"NaN",
    b"-1",
    b"4294967296",
    b"18446744073709551616",
    b"\\u{0}",
    b"\\",
    b"\n",
    "é".as_bytes(),
    b"\xff",
    b"\xc3",
    b"\0",
    b"Limit(",
    b"Unlimited",
    b"b\"x\"",
    b"#![enable(implicit_some)]",
    b"id: \"x\"",
    b"x: 1.5",
    b"spaces: [",
    b"links: [",
    b"((((((((",
    b"[[[[[[[[",
];

fn mutate(rng: &mut Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(input.len() + 1);
        match rng.below(9) {
            0 if !input.is_empty() => {
                let i = rng.below(input.len());
                input[i] ^= 1 << rng.below(8);
            }
            1 if !input.is_empty() => {
                let i = rng.below(input.len());
                input[i] = rng.next() as u8;
            }
            2 => {
                let end = (at + 1 + rng.below(16)).min(input.len());
                input.drain(at..end);
            }
            3 => {
                let t = DICT[rng.below(DICT.len())];
                input.splice(at..at, t.iter().copied());
            }
            4 if !input.is_empty() => {
                // copy a chunk of itself elsewhere
                let s = rng.below(input.len());
                let e = (s + 1 + rng.below(64)).min(input.len());
                let chunk = input[s..e].to_vec();
                input.splice(at..at, chunk);
            }
            5 if !corpus.is_empty() => {
                // splice in a chunk of another input
                let other = &corpus[rng.below(corpus.len())];
                if !other.is_empty() {
                    let s = rng.below(other.len());
                    let e = (s + 1 + rng.below(256)).min(other.len());
                    input.splice(at..at, other[s..e].iter().copied());
                }
            }
            6 => {
                let n = rng.below(8);
                for _ in 0..n {
                    input.insert(at.min(input.len()), rng.next() as u8);
                }
            }
            7 if input.len() > 1 => input.truncate(at.max(1)),
            _ => {
                let digits = (rng.next() as i64).to_string();
                input.splice(at..at, digits.bytes());
            }
        }
    }
    input.truncate(1 << 16);
}

fn read_corpus(dir: &Path) -> Vec<Vec<u8>> {
    let mut out: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| {
                let p = e.ok()?.path();
                let bytes = std::fs::read(&p).ok()?;
                Some((p, bytes))
            })
            .collect()
        })
        .unwrap_or_default();
    out.sort();
    out.into_iter().map(|(_, b)| b).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage =
        "usage: stress one_file|folder|checks_file|checks_expression|writer|events SECONDS [SEED]";
    let target = args.get(1).expect(usage).clone();
    let replay = (args.get(2).map(String::as_str) == Some("--replay")).then(|| args.get(3));
    let seed: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0xb5a7_f00d);
    let run: fn(&[u8]) = match target.as_str() {
        "one_file" => orbat_fuzz::one_file,
        "checks_file" => orbat_fuzz::checks_file,
        "checks_expression" => orbat_fuzz::checks_expression,
        "writer" => orbat_fuzz::writer,
        "events" => orbat_fuzz::events,
        "folder" => |data| {
            if let Ok(input) = orbat_fuzz::FolderInput::arbitrary_take_rest(Unstructured::new(data))
            {
                orbat_fuzz::folder(&input);
            }
        },
        _ => panic!("{usage}"),
    };
    if let Some(file) = replay {
        let input = std::fs::read(file.expect(usage)).expect("the input file");
        let start = Instant::now();
        let outcome = std::panic::catch_unwind(|| run(&input));
        let verdict = if outcome.is_ok() { "ran" } else { "panicked" };
        println!("{target}: {verdict} in {:.3} s", start.elapsed().as_secs_f64());
        std::process::exit(i32::from(outcome.is_err()));
    }
    let secs: u64 = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = read_corpus(&here.join("corpus").join(&target));
    if corpus.is_empty() {
        eprintln!(
            "{target}: fuzz/corpus/{target} is empty, so every input is random bytes (fuzz/run.sh seeds it from the shipped games)"
        );
    }
    let artifacts = here.join("artifacts").join(&target);
    std::fs::create_dir_all(&artifacts).expect("artifacts folder");

    // quiet panics: each one is counted and its input kept
    std::panic::set_hook(Box::new(|_| {}));

    let current: Arc<Mutex<Vec<u8>>> = Arc::default();
    let done = Arc::new(AtomicU64::new(0));
    {
        // hang watchdog: the count must move at least every 10 s
        let current = current.clone();
        let done = done.clone();
        let artifacts = artifacts.clone();
        let target = target.clone();
        std::thread::spawn(move || {
            let mut last = u64::MAX;
            loop {
                let slept = Instant::now();
                std::thread::sleep(Duration::from_secs(10));
                if slept.elapsed() > Duration::from_secs(15) {
                    // the process was stopped (kill -STOP): no input's fault, look again
                    last = u64::MAX;
                    continue;
                }
                let now = done.load(Ordering::Relaxed);
                if now == last {
                    let input = current.lock().map(|g| g.clone()).unwrap_or_default();
                    let _ = std::fs::write(artifacts.join("stress-hang"), &input);
                    eprintln!("{target}: an input ran over 10 s: artifacts/{target}/stress-hang");
                    std::process::exit(2);
                }
                last = now;
            }
        });
    }

    let mut rng = Rng(seed | 1);
    let start = Instant::now();
    let mut crashes = 0u64;
    let mut execs = 0u64;
    let mut input = Vec::new();
    while start.elapsed() < Duration::from_secs(secs) {
        for _ in 0..256 {
            // a fresh random input one time in eight, else a mutated corpus entry
            if corpus.is_empty() || rng.below(8) == 0 {
                input.clear();
                let n = rng.below(512);
                input.extend((0..n).map(|_| rng.next() as u8));
            } else {
                input.clone_from(&corpus[rng.below(corpus.len())]);
                mutate(&mut rng, &mut input, &corpus);
            }
            if let Ok(mut g) = current.lock() {
                g.clone_from(&input);
            }
            if std::panic::catch_unwind(|| run(&input)).is_err() {
                crashes += 1;
                let path = artifacts.join(format!("stress-crash-{seed}-{crashes}"));
                let _ = std::fs::write(&path, &input);
                eprintln!("crash: {}", path.display());
            }
            execs += 1;
            done.store(execs, Ordering::Relaxed);
        }
    }
    println!(
        "{target}: {execs} executions in {} s (coverage-free, seed {seed}), {crashes} crash(es), corpus of {}",
        start.elapsed().as_secs(),
        corpus.len()
    );
    if crashes > 0 {
        std::process::exit(1);
    }
}
