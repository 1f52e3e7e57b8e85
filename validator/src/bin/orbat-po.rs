//! `orbat-po`: hand a game's text to translators as a gettext PO file, and take it back.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use orbat_validator::analysis::printed;
use orbat_validator::load::{self, GameFolder};
use orbat_validator::{atomic, canonical, po};

/// Export a language of a game folder to a PO file (for Poedit, Weblate or any PO tool), or
/// import a translated PO file back into text.<lang>.ron.
///
/// msgctxt is the entry key (`card:bef`, or `card:bef#text` for card text), msgid the source
/// text, msgstr the translation; translations made from an older source are marked fuzzy.
/// Clearing `fuzzy` in the PO tool marks the translation as reviewed against today's source.
#[derive(Debug, Parser)]
#[command(name = "orbat-po", version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write the PO file of one language (to stdout unless --output is given).
    Export {
        /// The game folder.
        game: PathBuf,
        /// The language to export (e.g. `it`); the game's source language is the msgid.
        #[arg(long)]
        lang: String,
        /// Where to write the PO file; the translator, team and revision date in the header of a
        /// file already there are kept.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Apply a translated PO file to text.<lang>.ron and report what changed.
    ///
    /// A translation changed in the RON file since the export is never overwritten unless
    /// --force is given; a message whose source text changed since the export is skipped.
    Import {
        /// The game folder.
        game: PathBuf,
        /// The language of the PO file.
        #[arg(long)]
        lang: String,
        /// The PO file.
        file: PathBuf,
        /// Overwrite translations changed since the export.
        #[arg(long)]
        force: bool,
        /// Report what would change, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

fn main() -> ExitCode {
    match run(Args::parse().command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Keeps what the translator did in the PO file an export replaces: its header's translator,
/// team and revision date, and every translation (merged as msgmerge merges). A file that does
/// not read as PO is not replaced: its translations would be lost.
fn keep_translators_work(path: &Path, notes: &mut po::Notes) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    match po::read(&bytes) {
        Ok(catalog) => {
            notes.keep(&catalog);
            Ok(())
        }
        Err(errors) => Err(format!(
            "{} is there and does not read as a PO file ({}:{}: {}), so its translations cannot be kept: correct it (`orbat-po import` lists every problem), or move it away to export afresh; nothing was written",
            path.display(),
            errors[0].line,
            errors[0].column,
            errors[0].message
        )),
    }
}

fn load_game(dir: &Path) -> Result<GameFolder, String> {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    let mut problems = Vec::new();
    let folder = load::load_folder(dir, &files, &mut problems);
    if let Some(p) = problems.iter().find(|d| {
        d.location
            .file
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("text.") || n == "game.ron")
    }) {
        return Err(format!(
            "{}: {} ({}); run `orbat-validate {}` and fix it first: a file that does not load is never written",
            p.location.file.display(),
            p.message,
            p.code,
            dir.display()
        ));
    }
    Ok(folder)
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Export { game, lang, output } => {
            let folder = load_game(&game)?;
            let g = folder.game.as_ref().ok_or("the folder has no game.ron")?;
            let source = &text_of(&folder, &g.value.source_language)?;
            let empty = orbat_validator::model::TextFile {
                language: lang.clone(),
                entries: Default::default(),
            };
            let target = folder
                .texts
                .iter()
                .find(|(l, _)| *l == lang)
                .map_or(&empty, |(_, d)| &d.value);
            if !g.value.languages.contains(&lang) {
                eprintln!(
                    "warning: the game does not declare the language `{}`: add it to `languages` in {} before importing this file (the import refuses a language the game does not declare)",
                    po::shown(&lang),
                    game.join("game.ron").display()
                );
            }
            let mut notes = po::Notes::of(&folder, &g.value.source_language);
            if let Some(path) = output.as_deref().filter(|p| p.exists()) {
                keep_translators_work(path, &mut notes)?;
            }
            let po_text =
                po::export(source, target, &g.value.id, &notes).map_err(|e| e.to_string())?;
            match output {
                Some(path) => atomic::write(&path, po_text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                None => print!("{po_text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Import {
            game,
            lang,
            file,
            force,
            dry_run,
        } => {
            if lang.is_empty()
                || !lang
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '@'))
            {
                return Err(format!(
                    "`{}` is not a language code (letters, digits, `_`, `-` or `@`, as `it` or `pt_BR`)",
                    po::shown(&lang)
                ));
            }
            let folder = load_game(&game)?;
            let g = folder.game.as_ref().ok_or("the folder has no game.ron")?;
            if lang == g.value.source_language {
                return Err(format!(
                    "`{lang}` is the source language; import translations only"
                ));
            }
            if !g.value.languages.contains(&lang) {
                let mut declared = g.value.languages.clone();
                declared.push(lang.clone());
                return Err(format!(
                    "the game does not declare the language `{lang}`: add it to `languages` in {} (languages: {:?}), then import again; nothing was written",
                    game.join("game.ron").display(),
                    declared
                ));
            }
            let source = &text_of(&folder, &g.value.source_language)?;
            let po_bytes = read_po(&file)?;
            let mut target = folder
                .texts
                .iter()
                .find(|(l, _)| *l == lang)
                .map(|(_, d)| d.value.clone())
                .unwrap_or_else(|| orbat_validator::model::TextFile {
                    language: lang.clone(),
                    entries: Default::default(),
                });
            let was = target.clone();
            let report = match po::import(source, &mut target, &po_bytes, force, &g.value.id) {
                Ok(report) => report,
                Err(errors) => {
                    for e in &errors {
                        eprintln!(
                            "error: {}:{}:{}: {}",
                            file.display(),
                            e.line,
                            e.column,
                            e.message
                        );
                        if let Some(help) = &e.help {
                            eprintln!("  help: {help}");
                        }
                    }
                    let more = if errors.len() == po::MAX_PROBLEMS {
                        " (the first ones; there may be more)"
                    } else {
                        ""
                    };
                    eprintln!(
                        "error: {} refused: {} problem(s){more}; nothing imported, text.{lang}.ron not written",
                        file.display(),
                        errors.len()
                    );
                    return Ok(ExitCode::from(2));
                }
            };
            for (ctx, old, new) in &report.changed {
                let (ctx, new) = (escaped(ctx), escaped(new));
                match old {
                    Some(old) => println!("changed  {ctx}: \"{}\" -> \"{new}\"", escaped(old)),
                    None => println!("added    {ctx}: \"{new}\""),
                }
            }
            for ctx in &report.reviewed {
                println!("reviewed {}", escaped(ctx));
            }
            for (ctx, why) in &report.skipped {
                println!("skipped  {}: {why}", escaped(ctx));
            }
            for (ctx, what) in &report.kept {
                println!("kept     {}: {what}", escaped(ctx));
            }
            let kept = if report.kept.is_empty() {
                String::new()
            } else {
                format!(", {} kept", report.kept.len())
            };
            println!(
                "{} added, {} changed, {} reviewed, {} skipped, {} unchanged{kept}",
                report.added(),
                report.changed.len() - report.added(),
                report.reviewed.len(),
                report.skipped.len(),
                report.unchanged
            );
            let path = game.join(format!("text.{lang}.ron"));
            if report.is_noop() {
                println!("{} left as it was", path.display());
            } else if dry_run {
                println!("dry run: {} not written", path.display());
            } else {
                let text = match std::fs::read_to_string(&path) {
                    // only the entries that changed are rewritten: comments and layout kept
                    Ok(original) => orbat_validator::in_place::save_text(
                        &original,
                        &was.clone().into(),
                        &target.clone().into(),
                    )
                    .map_err(|r| {
                        format!(
                            "{} not written: it cannot be edited in place ({r}); nothing was changed",
                            path.display()
                        )
                    })?,
                    Err(_) => canonical::to_string(&target).map_err(|e| e.to_string())?,
                };
                loads_back(&path, &text, &target)?;
                atomic::write(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
            if !dry_run && !report.records.is_empty() {
                record_imports(&file, &po_bytes, &report.records);
            }
            Ok(if report.skipped.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

/// Writes into the PO file the record of each translation imported (its msgctxt's ending),
/// so a translator revising one there imports it again with no conflict. The file is
/// replaced only if it is still the one read.
fn record_imports(file: &Path, read: &[u8], records: &[((usize, usize), String)]) {
    let updated = po::with_records(read, records);
    let still = std::fs::read(file).is_ok_and(|now| now == read);
    let written = still && atomic::write(file, &updated).is_ok();
    if written {
        println!(
            "recorded the {} translation(s) imported in {} (revise them there and import again)",
            records.len(),
            file.display()
        );
    } else {
        eprintln!(
            "warning: {} could not be updated with what was imported: export again with -o onto it before revising imported translations",
            file.display()
        );
    }
}

/// The largest PO file read: a translation of the largest game is a few hundred KiB.
const MAX_PO_BYTES: u64 = 64 << 20;

fn read_po(file: &Path) -> Result<Vec<u8>, String> {
    if let Ok(meta) = std::fs::metadata(file)
        && meta.len() > MAX_PO_BYTES
    {
        return Err(format!(
            "{} is {} MiB, over the limit of {} MiB: not the PO file of one game",
            file.display(),
            meta.len() >> 20,
            MAX_PO_BYTES >> 20
        ));
    }
    std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}

/// The text file about to be written must load back as what was imported, or it is not
/// written.
fn loads_back(
    path: &Path,
    text: &str,
    expected: &orbat_validator::model::TextFile,
) -> Result<(), String> {
    let mut problems = Vec::new();
    let dir = path.parent().unwrap_or(Path::new("."));
    let folder = load::load_texts(dir, &[(path.to_owned(), text.to_owned())], &mut problems);
    match folder.texts.first() {
        Some((_, doc)) if problems.is_empty() && doc.value == *expected => Ok(()),
        _ => Err(format!(
            "the imported text would not load back as imported ({}); {} not written: please report this",
            problems
                .first()
                .map_or("a different value".into(), |p| p.message.clone()),
            path.display()
        )),
    }
}

/// A value from the PO file as printed: control characters and line breaks escaped, so no
/// file can write a line of its own into a terminal or a CI log.
fn escaped(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The source language's texts, with the printout's words its file leaves out (a label's
/// English word, a deck group's id as words...): every word the printout shows is a message.
fn text_of(folder: &GameFolder, lang: &str) -> Result<orbat_validator::model::TextFile, String> {
    folder
        .texts
        .iter()
        .find(|(l, _)| l == lang)
        .map(|(_, d)| printed::with_defaults(folder, &d.value))
        .ok_or_else(|| format!("the game has no text.{lang}.ron"))
}
