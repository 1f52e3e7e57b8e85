//! `orbat-gen`: write generated games (RON or JSON), or time a parse-only pass (the floor the
//! validator is compared with).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use orbat_gen::{Format, Params, generate};
use rayon::prelude::*;

#[derive(Debug, Parser)]
#[command(
    name = "orbat-gen",
    about = "Generate valid Orbat games for benchmarks and tests"
)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write one game folder.
    Game {
        /// R (real-sized: 360 spaces, 190 counters, 130 cards, one scenario, two languages),
        /// S (300 spaces), M (2,000), L (10,000), or a number of spaces.
        #[arg(long, default_value = "S")]
        size: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Exactly this many cards (instead of the size's).
        #[arg(long)]
        cards: Option<usize>,
        /// Exactly this many counters: the units' counts add up to it (about one unit in
        /// seven has two).
        #[arg(long)]
        counters: Option<usize>,
        /// This many cards with events as `effects` (of those that require no other), and
        /// schedules in game.ron and each scenario.
        #[arg(long, default_value_t = 0)]
        event_cards: usize,
        /// Write JSON files instead of RON.
        #[arg(long)]
        json: bool,
        /// The folder to write.
        out: PathBuf,
    },
    /// Write COUNT game folders `game-0000`... (seeds SEED, SEED+1...) under OUT.
    Corpus {
        #[arg(long, default_value_t = 500)]
        count: usize,
        /// The size of each game, as for `game`.
        #[arg(long, default_value = "S")]
        size: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Cards with events in each game, as for `game`.
        #[arg(long, default_value_t = 0)]
        event_cards: usize,
        /// Also write the same documents as JSON under this folder.
        #[arg(long)]
        json_out: Option<PathBuf>,
        out: PathBuf,
    },
    /// The floor: find every .ron file under the paths, read it and parse it into a RON
    /// syntax tree with ron2 (in parallel, as orbat-validate does), and nothing else.
    ParseOnly {
        /// Parse with the validator's own loader instead (`ron_json::parse`: its fast path
        /// builds the JSON value and span index in one pass; no schema, no rules).
        #[arg(long)]
        loader: bool,
        paths: Vec<PathBuf>,
    },
    /// Time each stage of the validator on one game folder, on one thread (for profiling).
    Stages { dir: PathBuf },
}

fn params(size: &str) -> Result<Params, String> {
    Params::named(size).ok_or_else(|| format!("unknown size `{size}`: use R, S, M, L or a number"))
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    match args.command {
        Command::Game {
            size,
            seed,
            cards,
            counters,
            event_cards,
            json,
            out,
        } => {
            if counters == Some(0) {
                return Err("--counters must be at least 1".into());
            }
            let p = params(&size)?
                .with_counts(cards, counters)
                .with_events(event_cards);
            let game = generate(&p, seed);
            let format = if json { Format::Json } else { Format::Ron };
            game.write(&out, format).map_err(|e| e.to_string())
        }
        Command::Corpus {
            count,
            size,
            seed,
            event_cards,
            json_out,
            out,
        } => {
            let p = params(&size)?.with_events(event_cards);
            (0..count).into_par_iter().try_for_each(|i| {
                let game = generate(&p, seed + i as u64);
                let name = format!("game-{i:04}");
                game.write(&out.join(&name), Format::Ron)
                    .map_err(|e| e.to_string())?;
                if let Some(j) = &json_out {
                    game.write(&j.join(&name), Format::Json)
                        .map_err(|e| e.to_string())?;
                }
                Ok(())
            })
        }
        Command::Stages { dir } => stages(&dir),
        Command::ParseOnly { loader, paths } => {
            let files: Vec<PathBuf> = paths
                .iter()
                .flat_map(|p| walkdir::WalkDir::new(p).sort_by_file_name())
                .filter_map(Result::ok)
                .filter(|e| {
                    e.file_type().is_file() && e.file_name().to_string_lossy().ends_with(".ron")
                })
                .map(|e| e.into_path())
                .collect();
            let values: usize = files
                .par_iter()
                .map(|f| {
                    let text =
                        std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
                    if loader {
                        let parsed = orbat_validator::load::ron_json::parse(&text)
                            .map_err(|e| format!("{}: {}", f.display(), e.message))?;
                        return Ok(usize::from(!parsed.0.value.is_null()));
                    }
                    let doc = ron2::ast::parse_document(&text)
                        .map_err(|e| format!("{}: {e}", f.display()))?;
                    Ok(usize::from(doc.value.is_some()))
                })
                .sum::<Result<usize, String>>()?;
            println!("parsed {values} documents in {} files", files.len());
            Ok(())
        }
    }
}

/// Times each stage on one clean game folder; a folder it cannot time (missing, not a game,
/// a file that does not load) is an error that says so, not a panic.
fn stages(dir: &std::path::Path) -> Result<(), String> {
    use orbat_validator::load::{FileKind, load_texts, ron_json, schema_check};
    use orbat_validator::rules;
    use std::time::Instant;
    let t = Instant::now();
    let shown = dir.display();
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .map_err(|e| format!("{shown}: {e} (give a game folder, e.g. scenarios/paths-of-glory)"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(FileKind::of)
                .is_some()
        })
        .map(|p| {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok((p, text))
        })
        .collect::<Result<_, String>>()?;
    files.sort();
    let unclean = |what: &str, p: &std::path::Path| {
        format!(
            "{}: {what}; stages times a clean game folder (run orbat-validate on it first)",
            p.display()
        )
    };
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    println!(
        "{:<28}{:>9.1} ms  ({} files, {} bytes)",
        "read",
        t.elapsed().as_secs_f64() * 1e3,
        files.len(),
        bytes
    );
    timed("ron2 parse", || {
        for (_, text) in &files {
            let _ = ron2::ast::parse_document(text);
        }
    });
    let parsed = timed("ron->json + spans", || {
        files
            .iter()
            .map(|(p, text)| match ron_json::parse(text) {
                Ok(v) => Ok((v.0.value, p.clone())),
                Err(_) => Err(unclean("does not parse", p)),
            })
            .collect::<Result<Vec<_>, String>>()
    })?;
    let srcs: Vec<_> = files
        .iter()
        .map(|(p, t)| orbat_validator::SourceFile::new(p.clone(), t.clone()))
        .collect();
    let schema_errors = timed("schema check", || {
        let mut out = Vec::new();
        for ((v, p), src) in parsed.iter().zip(&srcs) {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if let Some(kind) = FileKind::of(name) {
                schema_check::check(src, kind, v, &mut out);
            }
        }
        out.len()
    });
    if schema_errors > 0 {
        return Err(unclean(&format!("{schema_errors} schema errors"), dir));
    }
    let folder = timed("load (all of the above)", || {
        load_texts(dir, &files, &mut Vec::new())
    });
    let ids = timed("analysis: ids", || {
        orbat_validator::analysis::ids::Ids::build(&folder)
    });
    let world = timed("analysis: world", || {
        orbat_validator::analysis::world::World::new(&folder, &ids)
    })
    .ok_or_else(|| unclean("no game.ron and map.ron that load", dir))?;
    let all = orbat_validator::registry::rules();
    let cx = rules::Context::new(&folder, &ids, Some(&world), all);
    // each rule on its own, one thread; the shared traces and stacks are counted in the
    // first rule that asks for them
    for check in rules::checks() {
        let Some(run) = check.run else { continue };
        let name = format!("rule {} {}", check.rule.code, check.rule.name);
        timed(&name, || run(&cx, &mut Vec::new()));
    }
    // what the rules found, as orbat-validate reports it (allowed warnings left out)
    let found = timed("engine::check (all rules)", || {
        let inputs = orbat_validator::Inputs::Loaded {
            folder: &folder,
            found: Vec::new(),
        };
        orbat_validator::engine::check(inputs, &orbat_validator::Settings::default())
            .map_or(0, |report| report.diagnostics.len())
    });
    println!("{found} diagnostics");
    Ok(())
}

/// Runs `f`, prints how long it took under `name`, and gives back what it returned.
fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let value = f();
    println!("{name:<28}{:>9.1} ms", t.elapsed().as_secs_f64() * 1e3);
    value
}
