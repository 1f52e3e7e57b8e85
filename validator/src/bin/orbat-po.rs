//! `orbat-po`: hand a game's text to translators as a gettext PO file, and take it back.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
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
        /// Where to write the PO file.
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
            let source = text_of(&folder, &g.value.source_language)?;
            let empty = orbat_validator::model::TextFile {
                language: lang.clone(),
                entries: Default::default(),
            };
            let target = folder
                .texts
                .iter()
                .find(|(l, _)| *l == lang)
                .map_or(&empty, |(_, d)| &d.value);
            let po_text = po::export(source, target, &g.value.id);
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
            let folder = load_game(&game)?;
            let g = folder.game.as_ref().ok_or("the folder has no game.ron")?;
            if lang == g.value.source_language {
                return Err(format!(
                    "`{lang}` is the source language; import translations only"
                ));
            }
            let source = text_of(&folder, &g.value.source_language)?;
            let po_text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let mut target = folder
                .texts
                .iter()
                .find(|(l, _)| *l == lang)
                .map(|(_, d)| d.value.clone())
                .unwrap_or_else(|| orbat_validator::model::TextFile {
                    language: lang.clone(),
                    entries: Default::default(),
                });
            let report = po::import(source, &mut target, &po_text, force)
                .map_err(|e| format!("{}: {e}", file.display()))?;
            for (ctx, old, new) in &report.changed {
                match old {
                    Some(old) => println!("changed  {ctx}: \"{old}\" -> \"{new}\""),
                    None => println!("added    {ctx}: \"{new}\""),
                }
            }
            for ctx in &report.reviewed {
                println!("reviewed {ctx}");
            }
            for (ctx, why) in &report.skipped {
                println!("skipped  {ctx}: {why}");
            }
            println!(
                "{} changed, {} reviewed, {} skipped, {} unchanged",
                report.changed.len(),
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
                let text = canonical::text(&target).map_err(|e| e.to_string())?;
                atomic::write(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
            Ok(if report.skipped.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

fn text_of<'a>(
    folder: &'a GameFolder,
    lang: &str,
) -> Result<&'a orbat_validator::model::TextFile, String> {
    folder
        .texts
        .iter()
        .find(|(l, _)| l == lang)
        .map(|(_, d)| &d.value)
        .ok_or_else(|| format!("the game has no text.{lang}.ron"))
}
