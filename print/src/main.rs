//! The orbat-print command line: reads the options and runs [`orbat_print::run`].

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use orbat_print::{CardSize, Failure, MapLayout, Options, Paper, Part};

/// Print a game folder as a paper prototype: counters, cards, the map and the set-up charts,
/// in one PDF, in any language the game has.
///
/// The folder is checked first, as orbat-validate checks it: a game with errors prints
/// nothing and shows the findings. Counter backs follow their fronts, mirrored for
/// double-sided printing (flip on the long edge).
#[derive(Parser, Debug)]
#[command(name = "orbat-print", version, max_term_width = 100)]
struct Args {
    /// The game folder (the one that holds game.ron)
    game_folder: PathBuf,
    /// The PDF to write (written to a temporary file beside it, then renamed)
    #[arg(short, long, value_name = "OUT.pdf")]
    output: PathBuf,
    /// The language of the texts (a text.<L>.ron of the game); default: the source language.
    /// A missing entry falls back to the source language, with a warning
    #[arg(short, long, value_name = "L")]
    language: Option<String>,
    /// Print the set-up chart of this scenario only (its id); default: every scenario
    #[arg(short, long, value_name = "S")]
    scenario: Option<String>,
    /// The parts to print, comma-separated, in this order
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "counters,cards,map,setup"
    )]
    only: Vec<Part>,
    /// The paper of the counter, card and set-up pages (and of map tiles)
    #[arg(long, value_enum, default_value = "a4")]
    paper: Paper,
    /// A counter's side: 1/2in, 5/8in, 3/4in or 16mm
    #[arg(long, value_name = "SIZE", default_value = "5/8in", value_parser = orbat_print::options::counter_size)]
    counter_size: f32,
    /// The card size: poker 63 x 88 mm, bridge 57 x 89 mm, mini 44 x 63 mm
    #[arg(long, value_enum, default_value = "poker")]
    card_size: CardSize,
    /// No pages of card backs (they follow each page of cards, mirrored for duplex printing)
    #[arg(long)]
    no_card_backs: bool,
    /// How the map meets the paper. tiles: a map larger than the paper is printed at
    /// --map-width over pages of --paper, with a 15 mm overlap, + marks to align them and
    /// each page labelled "row r, column c", after an index page showing where each goes
    /// (a map that fits is one page). fit: the map scaled to one page of --paper. poster:
    /// one large page at --map-width, for a print shop
    #[arg(long, value_enum, default_value = "tiles", value_name = "HOW")]
    map: MapLayout,
    /// The same as --map tiles (the default), kept for older scripts
    #[arg(long, hide = true)]
    map_tiles: bool,
    /// The map's printed width in mm (tiles and poster)
    #[arg(long, value_name = "MM", default_value_t = 800.0)]
    map_width: f32,
    /// A folder holding DejaVuSans.ttf (and DejaVuSans-Bold.ttf); default: the system's fonts
    #[arg(long, value_name = "DIR")]
    font_dir: Option<PathBuf>,
    /// No progress on stderr
    #[arg(short, long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !(50.0..=5000.0).contains(&args.map_width) {
        eprintln!("error: --map-width must be between 50 and 5000 mm");
        return ExitCode::from(2);
    }
    let mut opts = Options::new(args.game_folder, args.output);
    opts.language = args.language;
    opts.scenario = args.scenario;
    opts.only = args.only;
    opts.paper = args.paper;
    opts.counter = args.counter_size;
    opts.card = args.card_size;
    opts.card_backs = !args.no_card_backs;
    opts.font_dir = args.font_dir;
    opts.map = if args.map_tiles {
        MapLayout::Tiles
    } else {
        args.map
    };
    opts.map_width = args.map_width;
    let quiet = args.quiet;
    let start = std::time::Instant::now();
    let progress = |what: &str| {
        if !quiet {
            eprintln!(
                "orbat-print: {what} ({:.1} s)",
                start.elapsed().as_secs_f32()
            );
        }
    };
    match orbat_print::run(&opts, &progress) {
        Ok(done) => {
            for w in &done.warnings {
                eprintln!("warning: {w}");
            }
            if !quiet {
                eprintln!(
                    "orbat-print: wrote {} ({} pages) in {:.1} s",
                    opts.output.display(),
                    done.pages,
                    start.elapsed().as_secs_f32()
                );
            }
            ExitCode::SUCCESS
        }
        Err(Failure::Findings(s)) => {
            eprintln!("{s}");
            ExitCode::from(1)
        }
        Err(Failure::Error(s)) => {
            eprintln!("error: {s}");
            ExitCode::from(2)
        }
    }
}
