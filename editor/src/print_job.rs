//! File > Print prototype…: the game folder as saved printed by `orbat_print` on a thread of
//! its own, so the window stays live and shows what is being drawn.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};

use orbat_print::{CardSize, Options, Paper, Part, Printed};

/// The choices in the print window.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintForm {
    pub paper: Paper,
    /// A counter's side as typed: `5/8in`, `16mm`...
    pub counter: String,
    pub card: CardSize,
    /// The language of the texts; empty for the game's source language.
    pub language: String,
    /// Counters, cards, map, set-up charts.
    pub parts: [bool; 4],
    /// A page of card backs after each page of cards.
    pub card_backs: bool,
}

impl Default for PrintForm {
    fn default() -> Self {
        PrintForm {
            paper: Paper::A4,
            counter: "5/8in".into(),
            card: CardSize::Poker,
            language: String::new(),
            parts: [true; 4],
            card_backs: true,
        }
    }
}

impl PrintForm {
    /// The options of a run printing `folder` to `output`, or why the form cannot be used.
    pub fn options(&self, folder: &Path, output: PathBuf) -> Result<Options, String> {
        let mut opts = Options::new(folder.to_owned(), output);
        opts.paper = self.paper;
        opts.card = self.card;
        opts.card_backs = self.card_backs;
        opts.counter = orbat_print::options::counter_size(&self.counter)?;
        opts.language = (!self.language.is_empty()).then(|| self.language.clone());
        opts.only = [Part::Counters, Part::Cards, Part::Map, Part::Setup]
            .into_iter()
            .zip(self.parts)
            .filter_map(|(p, on)| on.then_some(p))
            .collect();
        if opts.only.is_empty() {
            return Err("choose at least one part to print".into());
        }
        Ok(opts)
    }
}

/// A print running, or done.
pub struct PrintJob {
    pub output: PathBuf,
    stage: Arc<Mutex<String>>,
    done: Receiver<Result<Printed, String>>,
}

/// How a job stands.
pub enum JobState {
    Running(String),
    Done(Result<Printed, String>),
}

impl PrintJob {
    pub fn start(opts: Options) -> PrintJob {
        let stage = Arc::new(Mutex::new("starting".to_owned()));
        let (tx, done) = channel();
        let output = opts.output.clone();
        let told = stage.clone();
        std::thread::spawn(move || {
            let progress = |s: &str| {
                if let Ok(mut t) = told.lock() {
                    *t = s.to_owned();
                }
            };
            let result = orbat_print::run(&opts, &progress).map_err(|f| f.to_string());
            let _ = tx.send(result);
        });
        PrintJob {
            output,
            stage,
            done,
        }
    }

    /// What the job is doing, or how it ended (once).
    pub fn poll(&self) -> JobState {
        match self.done.try_recv() {
            Ok(result) => JobState::Done(result),
            Err(TryRecvError::Empty) => JobState::Running(
                self.stage
                    .lock()
                    .map(|s| s.clone())
                    .unwrap_or_else(|_| "printing".into()),
            ),
            Err(TryRecvError::Disconnected) => {
                JobState::Done(Err("the print stopped without a result".into()))
            }
        }
    }
}

/// Where a folder's prototype is printed: `<folder>/<folder name>-prototype.pdf`.
pub fn output_for(folder: &Path) -> PathBuf {
    let name = folder
        .file_name()
        .map_or_else(|| "game".into(), |n| n.to_string_lossy().into_owned());
    folder.join(format!("{name}-prototype.pdf"))
}

/// Opens a printed PDF in the desktop's viewer (nothing happens where there is none).
pub fn open_in_viewer(path: &Path) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener).arg(path).spawn();
}
