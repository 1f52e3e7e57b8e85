//! orbat-print: a game folder printed as a paper prototype (counters, cards, map, set-up
//! charts) in one PDF. The folder is checked first with the validator: a game with errors
//! prints nothing. [`run`] is the whole program; `main.rs` only reads the command line.

pub mod backdrop;
pub mod cards;
pub mod condition;
pub mod counters;
pub mod events;
pub mod failure;
pub mod fit;
pub mod font;
pub mod load;
pub mod map;
pub mod map_pages;
pub mod measure;
pub mod options;
pub mod palette;
pub mod pdf;
pub mod setup;
pub mod space;
pub mod symbols;
pub mod text;

use std::io::Write;
use std::path::Path;

pub use failure::Failure;
pub use options::{CardSize, MapLayout, Options, Paper, Part};

use crate::font::Fonts;
use crate::text::{Texts, Warnings};

/// What a run printed.
#[derive(Debug, Default)]
pub struct Printed {
    pub pages: usize,
    pub warnings: Vec<String>,
}

/// Prints the game of `opts.folder` to `opts.output`; `progress` is told what is being done.
pub fn run(opts: &Options, progress: &dyn Fn(&str)) -> Result<Printed, Failure> {
    progress("checking the game");
    let folder = load::checked(&opts.folder)?;
    check_output(&opts.output)?;
    let warnings = Warnings::default();
    let texts = Texts::new(&folder, opts.language.as_deref(), &warnings).map_err(Failure::Error)?;
    let mut fonts = Fonts::find(opts.font_dir.as_deref()).map_err(Failure::Error)?;
    let mut pages = Vec::new();
    let mut image = None;
    for part in &opts.only {
        match part {
            Part::Counters => {
                progress("drawing the counters");
                counters::draw(&folder, &texts, &mut fonts, opts, &mut pages);
            }
            Part::Cards => {
                progress("drawing the cards");
                cards::draw(&folder, &texts, &mut fonts, opts, &mut pages);
            }
            Part::Map => {
                progress("drawing the map");
                image = map_pages::draw(&folder, &texts, &mut fonts, opts, &mut pages);
            }
            Part::Setup => {
                progress("drawing the set-up charts");
                setup::draw(&folder, &texts, &mut fonts, opts, &mut pages)?;
            }
        }
    }
    texts.warn_english_labels();
    for font in [&fonts.regular, &fonts.bold] {
        if !font.missing.is_empty() {
            let chars: String = font.missing.iter().collect();
            warnings.warn(format!(
                "the font has no glyph for {chars:?}: pass --font-dir with a font that has them"
            ));
        }
    }
    if pages.is_empty() {
        return Err(Failure::Error(
            "nothing to print: the parts chosen with --only are empty in this game".into(),
        ));
    }
    progress("writing the PDF");
    let game_name = texts.name("game", "");
    let title = if game_name.is_empty() {
        folder
            .game
            .as_ref()
            .map(|g| g.value.id.to_string())
            .unwrap_or_default()
    } else {
        game_name
    };
    let count = pages.len();
    let bytes = pdf::write(pages, &fonts, image.as_ref(), &title).map_err(Failure::Error)?;
    write_atomically(&opts.output, &bytes)?;
    Ok(Printed {
        pages: count,
        warnings: warnings.list.take(),
    })
}

/// Fails early, before any drawing, when the output's folder does not exist.
fn check_output(out: &Path) -> Result<(), Failure> {
    let dir = parent_of(out);
    if !dir.is_dir() {
        return Err(Failure::Error(format!(
            "cannot write {}: the folder {} does not exist; create it or choose another -o",
            out.display(),
            dir.display()
        )));
    }
    if out.is_dir() {
        return Err(Failure::Error(format!(
            "cannot write {}: it is a folder; give a file name such as {}",
            out.display(),
            out.join("prototype.pdf").display()
        )));
    }
    Ok(())
}

fn parent_of(out: &Path) -> &Path {
    match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Writes a temporary file beside `out` and renames it: `out` is never left half written.
fn write_atomically(out: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let dir = parent_of(out);
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out.pdf".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let fail = |e: std::io::Error| {
        let _ = std::fs::remove_file(&tmp);
        Failure::Error(format!(
            "cannot write {}: {e}; choose a folder you may write to with -o",
            out.display()
        ))
    };
    let mut f = std::fs::File::create(&tmp).map_err(fail)?;
    f.write_all(bytes).map_err(fail)?;
    f.sync_all().map_err(fail)?;
    drop(f);
    std::fs::rename(&tmp, out).map_err(fail)?;
    Ok(())
}
