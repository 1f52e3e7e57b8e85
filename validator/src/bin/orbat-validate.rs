//! `orbat-validate`: check game folders and print what is wrong, where, and what to do.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use orbat_validator::levels::{self, Level, Levels, Origin};
use orbat_validator::{Inputs, Settings, engine, registry, render};

#[path = "orbat-validate/formatting.rs"]
mod formatting;
#[path = "orbat-validate/own_schemas.rs"]
mod own_schemas;
use formatting::format_files;

// The validator allocates millions of small strings and maps on large games; mimalloc halves
// the time glibc's allocator takes for them (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (v2's mimalloc.h; its Rust bindings name no constant for
/// it): milliseconds before freed memory is handed back to the system, 10 by default.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// For a game with a file of 16 MiB or more (`load::LARGE_FILE_BYTES`; generated games of
/// tens of thousands of spaces): freed memory is handed back at once. Reading such a game frees
/// buffers of tens of MiB (a file's text once read, a list's room as it doubled), which mimalloc
/// otherwise holds for up to a tenth of a second more: at 100,000 spaces, a tenth of the peak.
/// On smaller games handing memory back at once costs time (a quarter more on the corpus of
/// real-sized games, a third more at 10,000 spaces: BENCHMARKS.md, session 12).
fn hand_memory_back_at_once() {
    // SAFETY: sets one of mimalloc's options, an integer it reads when it next purges
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
}

/// Check Orbat game folders (game.ron, map.ron, units.ron, cards.ron, text.<lang>.ron,
/// <id>.scenario.ron) against their schemas and the game's rules.
///
/// Every finding names its file, line and column. A file given directly is checked with the
/// rest of its game folder, since its references point into the other files.
///
/// Rule levels, as in clippy and ruff: `--deny P004` makes P004's warnings errors, `--allow
/// T002` leaves T002's warnings unreported, `--warn T003` keeps T003 a warning even under
/// `--deny warnings`. The same lists may sit in an `orbat.toml` (a `[rules]` table with `deny`,
/// `warn` and `allow`), found in the first checked folder or the nearest folder above it; the
/// command line wins, code by code. Errors stay errors.
///
/// Exit status: 0 when clean, 1 when errors were found (or warnings, with --deny warnings),
/// 2 on a usage error or a file that could not be read.
#[derive(Debug, Parser)]
#[command(
    name = "orbat-validate",
    version,
    after_help = "Examples:\n  orbat-validate scenarios/\n  orbat-validate --format sarif scenarios/ > orbat.sarif\n  orbat-validate --format junit --output junit.xml scenarios/\n  orbat-validate --explain R002"
)]
struct Args {
    /// Files and folders to check; folders are searched for game folders (default: the
    /// current folder; with --list-rules, their own checks are listed too).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Write the report to FILE (atomically: a reader never sees half of it) instead of
    /// stdout; the closing summary still goes to stderr, for the job's log.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,

    /// Make a rule's warnings errors (`--deny P004`), or with `warnings`, make every warning
    /// fail the run (as an exit status; the findings stay warnings). Repeat, or separate with
    /// commas.
    #[arg(long, value_name = "CODE|warnings", value_delimiter = ',')]
    deny: Vec<String>,

    /// Keep a rule's findings warnings, even under `--deny warnings` or an orbat.toml's `deny`.
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    warn: Vec<String>,

    /// Leave a rule's warnings unreported (the summary counts them). Errors cannot be allowed.
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    allow: Vec<String>,

    /// Read the rule levels from this file instead of the orbat.toml found upward from the
    /// first checked path.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    config: Option<PathBuf>,

    /// Read no orbat.toml.
    #[arg(long)]
    no_config: bool,

    /// Check each game under this ruleset alone (one of its game.ron `rulesets`): the data
    /// that ruleset sees and the scenarios that name it. Without it, a game whose data is tied
    /// to rulesets is checked under each of them.
    #[arg(long, value_name = "NAME")]
    ruleset: Option<String>,

    /// When to colour human output (also off when NO_COLOR is set).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,

    /// Print the documentation of a rule code (e.g. R002) and exit.
    #[arg(long, value_name = "CODE")]
    explain: Option<String>,

    /// List every rule code with its severity and summary, and exit.
    #[arg(long)]
    list_rules: bool,

    /// Print a Markdown table (or JSON, with --format json) of what each game folder holds
    /// (scenarios, spaces, links, units, cards, languages), and exit: 1 when a file did not
    /// load (its counts are `?`, and stderr says which file and why).
    #[arg(long)]
    stats: bool,

    /// Print at most N findings in all (the summary still counts every finding, and a closing
    /// note says how many of each code were left out).
    #[arg(long, value_name = "N")]
    max_findings: Option<usize>,

    /// Print at most N findings of each code.
    #[arg(long, value_name = "N")]
    max_findings_per_code: Option<usize>,

    /// Apply the safe fixes (a misspelt id with a single close match, a duplicate link, a
    /// missing source-language name as a stub to edit) to the files, then report what is left.
    /// Only the fixed spots change: comments and layout stay.
    #[arg(long)]
    fix: bool,

    /// With --fix: print the changes as a diff and write nothing (exit 1 when there are some).
    #[arg(long, requires = "fix")]
    dry_run: bool,

    /// Check that every game file is in the canonical form the editor writes (its comments
    /// kept where they belong); print a diff of each one that is not, and exit 1 if any is not.
    #[arg(long, conflicts_with_all = ["fix", "format_write"])]
    check_format: bool,

    /// Rewrite every game file that is not in the canonical form (atomically). Comments are
    /// kept: each above the entity it precedes or at the end of its line, a value the form
    /// writes on one line spread over lines for a comment inside it.
    #[arg(long, conflicts_with = "fix")]
    format_write: bool,

    /// Write the JSON Schemas of one game (FOLDER): the built-in fields plus the attributes its
    /// game.ron declares, typed, for ajv, check-jsonschema and editors that read JSON Schema;
    /// one file per file kind in OUT_DIR, named as in `schemas/`.
    #[arg(long, num_args = 2, value_names = ["FOLDER", "OUT_DIR"])]
    emit_schemas: Option<Vec<PathBuf>>,

    /// Print the rules reference as Markdown (the text of docs/rules.md), and exit.
    #[arg(long, hide = true)]
    rules_markdown: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    /// rustc-like text with source snippets.
    Human,
    /// One JSON document (see the README).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions workflow annotations.
    Github,
    /// JUnit XML, for a CI's test report (GitLab, Jenkins, Azure): one test suite per file.
    Junit,
    /// GitLab Code Quality JSON, for merge requests (`artifacts: reports: codequality:`).
    Gitlab,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let mut args = Args::parse();
    if let Some(code) = &args.explain {
        // a game's own check (`game/<id>`) is found in the checks.ron of the paths given
        let declared = || {
            let paths = if args.paths.is_empty() {
                vec![".".into()]
            } else {
                args.paths.clone()
            };
            registry::declared(&paths)
                .into_iter()
                .find(|r| r.code == code.as_str())
        };
        return match registry::rule(code).or_else(declared) {
            Some(r) if matches!(args.format, Format::Json) => {
                emit(&render::json::rule(r), ExitCode::SUCCESS)
            }
            Some(r) => emit(
                &format!(
                    "{} ({}, {}): {}\n\n{}\n",
                    r.code,
                    r.name,
                    r.severity.as_str(),
                    r.summary(),
                    r.explanation()
                ),
                ExitCode::SUCCESS,
            ),
            None => {
                eprintln!(
                    "error: `{code}` is not a rule code; `orbat-validate --list-rules` lists them (with a game folder, its own checks too)"
                );
                ExitCode::from(2)
            }
        };
    }
    if args.list_rules {
        // with game folders given, their own checks (checks.ron) follow the built-in rules
        let mut rules = registry::rules().to_vec();
        if !args.paths.is_empty() {
            rules.extend(registry::declared(&args.paths));
        }
        if matches!(args.format, Format::Json) {
            return emit(&render::json::rules(&rules), ExitCode::SUCCESS);
        }
        // columns as wide as their widest entry (a game's `game/<id>` codes are long)
        let code = rules.iter().map(|r| r.code.len()).max().unwrap_or(0).max(5);
        let name = rules
            .iter()
            .map(|r| r.name.len())
            .max()
            .unwrap_or(0)
            .max(28);
        let mut s = String::new();
        for r in &rules {
            s.push_str(&format!(
                "{:<code$} {:<8} {:<name$} {}\n",
                r.code,
                r.severity.as_str(),
                r.name,
                r.summary()
            ));
        }
        return emit(&s, ExitCode::SUCCESS);
    }
    if let Some(both) = &args.emit_schemas {
        return own_schemas::emit(&both[0], &both[1]);
    }
    if args.rules_markdown {
        return emit(&registry::markdown(), ExitCode::SUCCESS);
    }
    if args.paths.is_empty() {
        args.paths.push(".".into());
    }

    if args.stats {
        // a folder with a file that does not load is reported as failed (stderr, or its
        // `failed` list in JSON): exit 1, or 2 when a file could not be read at all
        return match orbat_validator::stats::collect(&args.paths) {
            Ok(stats) => {
                let status = ExitCode::from(stats.exit_status());
                if matches!(args.format, Format::Json) {
                    emit(&stats.json(), status)
                } else {
                    for line in stats.failures() {
                        eprintln!("{line}");
                    }
                    emit(&stats.table(), status)
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    if args.check_format || args.format_write {
        return format_files(&args.paths, args.format_write);
    }
    let (levels, deny_warnings) = match rule_levels(&args) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let settings = Settings {
        levels,
        progress: Some(Box::new(progress_on_terminal())),
        ruleset: args.ruleset.clone(),
    };
    orbat_validator::load::on_large_file(hand_memory_back_at_once);
    let report = match engine::check(Inputs::Paths(&args.paths), &settings) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            if matches!(args.format, Format::Sarif) {
                // an upload step still gets a SARIF file, saying why the run failed
                return emit(
                    &render::sarif::render_failure(&e.to_string(), 2),
                    ExitCode::from(2),
                );
            }
            return ExitCode::from(2);
        }
    };
    let mut report = report;
    let mut fixed_note = None;
    if args.fix {
        let plan = orbat_validator::fix::plan(&report);
        for why in &plan.skipped {
            eprintln!("note: {why}");
        }
        if args.dry_run {
            let status = if plan.files.is_empty() { 0 } else { 1 };
            eprintln!(
                "--dry-run: {} {} would be fixed in {} {}; nothing written",
                plan.fixed(),
                if plan.fixed() == 1 {
                    "finding"
                } else {
                    "findings"
                },
                plan.files.len(),
                if plan.files.len() == 1 {
                    "file"
                } else {
                    "files"
                },
            );
            return emit(&plan.diff(), ExitCode::from(status));
        }
        let (written, problems) = plan.apply();
        for p in &problems {
            eprintln!("error: {p}");
        }
        fixed_note = Some(format!(
            "fixed {} {} in {written} {} (--fix)",
            plan.fixed(),
            if plan.fixed() == 1 {
                "finding"
            } else {
                "findings"
            },
            if written == 1 { "file" } else { "files" },
        ));
        // what is left, as a plain run would report it
        report = match engine::check(Inputs::Paths(&args.paths), &settings) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        if !problems.is_empty() {
            // a fix that could not be written is a file that could not be written
            return ExitCode::from(2);
        }
    }
    // allowed warnings (report.allowed) are not findings: they never change the status; nor
    // do warnings the user keeps warnings
    let exit_code = report.exit_status(deny_warnings);
    let status = ExitCode::from(exit_code);
    let summary = if settings.levels.is_empty() {
        render::summary(&report)
    } else {
        format!(
            "{}\n{}",
            settings.levels.describe(&report.applied),
            render::summary(&report)
        )
    };
    let omitted = render::limit::apply(
        &mut report.diagnostics,
        render::limit::Limits {
            total: args.max_findings,
            per_code: args.max_findings_per_code,
        },
    );
    let summary = match omitted.note() {
        Some(note) => format!("{note}\n{summary}"),
        None => summary,
    };
    let fixable = report
        .diagnostics
        .iter()
        .filter(|d| d.fix.is_some())
        .count();
    let summary = match (fixed_note, fixable) {
        (Some(note), _) => format!("{note}\n{summary}"),
        (None, 0) => summary,
        (None, n) => format!(
            "{summary}\n{n} of them can be fixed with `--fix` (see the changes first with `--fix --dry-run`)"
        ),
    };
    let to_file = args.output.is_some();
    let text = match args.format {
        Format::Human => {
            let color = match args.color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => {
                    !to_file
                        && std::io::stdout().is_terminal()
                        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                }
            };
            format!("{}{summary}\n", render::human::render(&report, color))
        }
        Format::Json => render::json::render_limited(&report, &omitted),
        Format::Sarif => render::sarif::render_limited(&report, exit_code, &omitted),
        Format::Github => render::github::render(&report),
        Format::Junit => render::junit::render(&report),
        Format::Gitlab => render::gitlab::render(&report),
    };
    // the job's log gets the summary when the report goes to a file, or has no place for it
    if to_file || matches!(args.format, Format::Github | Format::Junit | Format::Gitlab) {
        eprintln!("{summary}");
    }
    match &args.output {
        None => emit(&text, status),
        Some(path) => match orbat_validator::atomic::write(path, text.as_bytes()) {
            Ok(()) => status,
            Err(e) => {
                eprintln!("error: cannot write the report to {}: {e}", path.display());
                ExitCode::from(2)
            }
        },
    }
}

/// The rule levels of the command line, then of the orbat.toml (given, or found upward from
/// the first path); and whether `--deny warnings` was given.
fn rule_levels(args: &Args) -> Result<(Levels, bool), String> {
    let mut levels = Levels::default();
    let mut deny_warnings = false;
    for (codes, level) in [
        (&args.deny, Level::Deny),
        (&args.warn, Level::Warn),
        (&args.allow, Level::Allow),
    ] {
        for code in codes.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
            if level == Level::Deny && code.eq_ignore_ascii_case("warnings") {
                deny_warnings = true;
                continue;
            }
            levels.set(code, level, Origin::CommandLine)?;
        }
    }
    let config = match (&args.config, args.no_config) {
        (Some(path), _) => Some(path.clone()),
        (None, true) => None,
        (None, false) => args.paths.first().and_then(|p| levels::find_config(p)),
    };
    if let Some(path) = config {
        levels.add_config(&path)?;
    }
    Ok((levels, deny_warnings))
}

/// Progress on stderr, only when it is a terminal and the run is long (many game folders),
/// overwriting one line; cleared at the end.
fn progress_on_terminal() -> impl Fn(usize, usize) + Send + Sync + 'static {
    let show = std::io::stderr().is_terminal();
    move |done, total| {
        if !show || total < 20 {
            return;
        }
        if done == total {
            eprint!("\r\x1b[2K");
        } else if done % 10 == 0 {
            eprint!("\rchecking game folders: {done}/{total}");
        }
    }
}

/// Writes to stdout; a closed pipe (e.g. `| head`) ends the output quietly.
fn emit(text: &str, status: ExitCode) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}
