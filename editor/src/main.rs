//! `orbat-editor [FOLDER]`: starts the editor window, optionally on a game folder.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use orbat_editor::views::View;

// the editor re-validates the whole folder after each edit: mimalloc makes the many small
// allocations of a check cheaper, as in orbat-validate
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Orbat editor: author a game's map, counter mix, cards, scenario set-ups and
/// translations, with every rule of `orbat-validate` checked live as you work.
///
/// Saves are atomic; unsaved work is autosaved to a recovery folder ($ORBAT_EDITOR_STATE, else
/// $XDG_STATE_HOME/orbat-editor, else ~/.local/state/orbat-editor) and offered back after a
/// crash.
#[derive(Debug, Parser)]
#[command(name = "orbat-editor", version)]
struct Args {
    /// A game folder to open (the folder holding game.ron); without it, a start screen lists
    /// recent folders.
    folder: Option<PathBuf>,
    /// The view to open on.
    #[arg(long, value_enum, default_value = "map")]
    view: ViewArg,
    /// The scenario to set up, by file name (e.g. `caporetto-1917.scenario.ron`).
    #[arg(long, value_name = "FILE")]
    scenario: Option<String>,
    /// The language to translate into in the Translate view (e.g. `it`).
    #[arg(long, value_name = "LANG")]
    language: Option<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ViewArg {
    /// Spaces and links on the backdrop.
    Map,
    /// A scenario's units and control on the map.
    Setup,
    /// The counter mix.
    Units,
    /// The card table and the scenario's decks and hands.
    Cards,
    /// Translations beside the source language.
    Translate,
    /// The names of the game's sides, factions, areas, decks, tracks and marker kinds.
    Names,
    /// Everything game.ron declares and the game's own checks, in forms.
    Definition,
}

impl From<ViewArg> for View {
    fn from(v: ViewArg) -> View {
        match v {
            ViewArg::Map => View::Map,
            ViewArg::Setup => View::Setup,
            ViewArg::Units => View::Units,
            ViewArg::Cards => View::Cards,
            ViewArg::Translate => View::Translate,
            ViewArg::Names => View::Names,
            ViewArg::Definition => View::Definition,
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(why) = no_display() {
        eprintln!("orbat-editor: {why}");
        return ExitCode::from(2);
    }
    let state_dir = orbat_editor::recovery::default_state_dir();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title("Orbat editor"),
        ..Default::default()
    };
    let mut app = orbat_editor::EditorApp::new(args.folder, state_dir);
    if let Some(s) = &mut app.session {
        s.view = args.view.into();
        if let Some(name) = args.scenario {
            if s.doc.scenario(&name).is_some() {
                s.scenario = Some(name);
            } else {
                s.message = Some(format!("there is no scenario file `{name}` in this game"));
            }
        }
        if let Some(lang) = args.language {
            if s.doc.text(&lang).is_some() {
                s.views.translate.lang = Some(lang);
            } else {
                s.message = Some(format!("there is no text.{lang}.ron in this game"));
            }
        }
    }
    match eframe::run_native(
        "orbat-editor",
        options,
        Box::new(move |_cc| Ok(Box::new(app))),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "orbat-editor: could not open its window ({e}); check the display and the graphics drivers"
            );
            ExitCode::FAILURE
        }
    }
}

/// Why no window can open, said in one sentence, before the windowing library says it in its
/// own terms: on Linux and the BSDs a window needs an X11 or a Wayland display.
fn no_display() -> Option<String> {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return None;
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") {
        return None;
    }
    Some(
        "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run it \
         in a desktop session, or under a virtual one (`xvfb-run orbat-editor ...`)"
            .into(),
    )
}
