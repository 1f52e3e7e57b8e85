//! The server's loop: requests and notifications from the client on one side, finished
//! analyses from the worker thread on the other.
//!
//! Checking runs on a worker thread so that requests are answered while it works; edits that
//! come in meanwhile only mark their folder dirty, and the folder is checked once more, with
//! the latest texts, when the worker is free: typing is never queued behind stale checks.
//! Indexing ids (for navigation) takes longer than checking, so a second worker does it
//! after each check, the latest check first, while the next check runs.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, Message, Notification, Request};
use lsp_types::notification::{DidChangeWatchedFiles, Notification as _, ShowMessage};
use lsp_types::request::{
    DocumentSymbolRequest, GotoDefinition, HoverRequest, PrepareRenameRequest, References, Rename,
    Request as _,
};
use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticSeverity, InitializeParams, MessageType,
    ShowMessageParams,
};
use serde_json::json;

mod handshake;
mod messages;
mod publish;

use handshake::{can_watch_files, initialize_result, negotiate, roots};

use crate::analysis::{Analysis, Text, check_with, index, is_game_file};
use crate::index::Index;
use crate::reuse::Reuse;
use crate::workspace::Workspace;
use orbat_validator::load::GameFolder;

/// The checker's work: check a folder from these texts (as its check number `u64`), or copy
/// the model of the folder it last checked for navigation.
enum CheckJob {
    Check(PathBuf, u64, std::collections::BTreeMap<PathBuf, Text>),
    Model(PathBuf, u64),
}
/// The texts of a check, shared (`crate::analysis::Texts::files`).
type Files = Arc<Vec<Arc<orbat_validator::SourceFile>>>;
type IndexJob = (PathBuf, u64, Files);

/// What the workers send back.
enum Done {
    Checked(Box<Analysis>),
    /// The model for navigation of a check, built after its findings were sent.
    Navigation(PathBuf, u64, Box<GameFolder>),
    Indexed(PathBuf, u64, Index),
    /// A worker caught a panic (a bug: said to the user, and the server goes on).
    Failed(String),
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Runs the server on a connection until the client shuts it down.
pub fn run(connection: Connection) -> Result<(), Error> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let encoding = negotiate(&params);
    let watch = can_watch_files(&params);
    connection.initialize_finish(id, initialize_result(encoding))?;
    let (check_jobs, check_rx) = crossbeam_channel::unbounded::<CheckJob>();
    let (index_jobs, index_rx) = crossbeam_channel::unbounded::<IndexJob>();
    let (done_tx, done) = crossbeam_channel::unbounded::<Done>();
    let checker = {
        let done = done_tx.clone();
        std::thread::spawn(move || {
            let mut reuse = Reuse::default();
            for job in check_rx {
                let result = match job {
                    CheckJob::Check(dir, generation, texts) => guarded(&dir, || {
                        let (mut analysis, folder) = check_with(&mut reuse, &dir, texts);
                        analysis.generation = generation;
                        // kept for the next check; the model for navigation is copied
                        // only when a request needs it (CheckJob::Model)
                        reuse.store(folder);
                        Done::Checked(Box::new(analysis))
                    }),
                    CheckJob::Model(dir, generation) => guarded(&dir, || {
                        let clock = crate::timing::Clock::start();
                        let navigation = reuse.navigation(&dir);
                        clock.lap("navigation model");
                        Done::Navigation(dir.clone(), generation, Box::new(navigation))
                    }),
                };
                if done.send(result).is_err() {
                    return;
                }
            }
        })
    };
    let indexer = std::thread::spawn(move || {
        for (dir, generation, inputs) in index_rx {
            let result = guarded(&dir, || {
                Done::Indexed(dir.clone(), generation, index(&inputs))
            });
            if done_tx.send(result).is_err() {
                return;
            }
        }
    });
    let mut server = Server {
        sender: connection.sender.clone(),
        ws: Workspace::new(encoding, roots(&params)),
        check_jobs,
        index_jobs,
        checking: false,
        indexing: false,
        dirty: BTreeSet::new(),
        to_index: BTreeMap::new(),
        generation: 0,
        last_edit: Instant::now(),
        published: HashMap::new(),
        told: HashSet::new(),
        waiting: Vec::new(),
        model_asked: HashMap::new(),
        watch,
    };
    server.initialized();
    server.schedule();
    server.main_loop(&connection, &done)?;
    drop(server);
    let _ = checker.join();
    let _ = indexer.join();
    Ok(())
}

/// Runs a worker's job, catching a panic so that one bad input cannot end the server.
fn guarded(dir: &Path, job: impl FnOnce() -> Done) -> Done {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).unwrap_or_else(|e| {
        let what = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Done::Failed(format!("checking {} failed: {what}", dir.display()))
    })
}

struct Server {
    sender: Sender<Message>,
    ws: Workspace,
    check_jobs: Sender<CheckJob>,
    index_jobs: Sender<IndexJob>,
    /// A folder is being checked; one is being indexed.
    checking: bool,
    indexing: bool,
    /// Folders to check once the checker is free.
    dirty: BTreeSet<PathBuf>,
    /// Folders to index once the indexer is free (their latest check's generation and texts).
    to_index: BTreeMap<PathBuf, (u64, Files)>,
    /// Counts checks, so that an index is matched with the check it was built for.
    generation: u64,
    /// When a document was last opened or changed.
    last_edit: Instant,
    /// What was last published per file, with the document version (an unchanged list is
    /// not sent again; a new version of an open file always gets its list).
    published: HashMap<PathBuf, (Option<i32>, Vec<LspDiagnostic>)>,
    /// Files already told they are not game files.
    told: HashSet<PathBuf>,
    /// Navigation requests on a folder whose index is older than its last check: answered
    /// when the index catches up, so that they see the texts the user sees.
    waiting: Vec<(PathBuf, Request)>,
    /// The check whose model was last asked of the checker, per folder.
    model_asked: HashMap<PathBuf, u64>,
    /// The client watches files for us when asked (at `initialized`).
    watch: bool,
}

/// How long typing must pause before ids are indexed again.
const INDEX_WHEN_QUIET: Duration = Duration::from_millis(300);

/// Requests answered from the id index (completion and code actions need only the ids and
/// the findings, which are never older than the last check).
const FROM_INDEX: &[&str] = &[
    GotoDefinition::METHOD,
    References::METHOD,
    PrepareRenameRequest::METHOD,
    Rename::METHOD,
    HoverRequest::METHOD,
    DocumentSymbolRequest::METHOD,
];

impl Server {
    fn main_loop(&mut self, connection: &Connection, done: &Receiver<Done>) -> Result<(), Error> {
        loop {
            select! {
                recv(connection.receiver) -> msg => {
                    let Ok(msg) = msg else { return Ok(()) };
                    match msg {
                        Message::Request(req) => {
                            if connection.handle_shutdown(&req)? {
                                return Ok(());
                            }
                            self.request(req);
                        }
                        Message::Notification(n) => self.notification(n),
                        Message::Response(_) => {}
                    }
                }
                recv(done) -> result => {
                    match result {
                        Ok(Done::Checked(analysis)) => {
                            self.checking = false;
                            self.finished(*analysis);
                        }
                        Ok(Done::Navigation(dir, generation, folder)) => {
                            self.navigation(&dir, generation, *folder);
                        }
                        Ok(Done::Indexed(dir, generation, index)) => {
                            self.indexing = false;
                            self.indexed(&dir, generation, index);
                        }
                        Ok(Done::Failed(problem)) => {
                            // which worker it was is not known: both may take work again,
                            // and what waited for an index is answered from the last one
                            self.checking = false;
                            self.indexing = false;
                            // a model that was not built is not waited for: answers come
                            // from the last one
                            for a in self.ws.analyses.values_mut() {
                                a.model_generation = a.generation;
                            }
                            self.show(MessageType::ERROR, problem);
                            for (_, req) in std::mem::take(&mut self.waiting) {
                                self.respond(req);
                            }
                        }
                        Err(_) => return Ok(()),
                    }
                }
                // woken to index a folder that has been quiet long enough
                default(self.quiet_left()) => {}
            }
            self.schedule();
        }
    }

    /// How long until indexing may start (typing has paused); a long wait when there is
    /// nothing to index.
    fn quiet_left(&self) -> Duration {
        if self.to_index.is_empty() {
            return Duration::from_secs(3600);
        }
        INDEX_WHEN_QUIET.saturating_sub(self.last_edit.elapsed())
    }

    fn schedule(&mut self) {
        self.ask_models();
        // the folders of open documents first: the one being typed in must not wait behind
        // the start-up check of every game in the workspace
        let open_first = self
            .dirty
            .iter()
            .find(|d| self.ws.open.keys().any(|p| p.parent() == Some(d.as_path())))
            .cloned();
        let next = open_first.or_else(|| self.dirty.first().cloned());
        if !self.checking
            && let Some(dir) = next
            && self.dirty.remove(&dir)
        {
            let clock = crate::timing::Clock::start();
            let texts = self.ws.texts_of(&dir);
            clock.lap("read");
            self.generation += 1;
            if self
                .check_jobs
                .send(CheckJob::Check(dir, self.generation, texts))
                .is_ok()
            {
                self.checking = true;
            }
        }
        // index while typing has paused, so that indexing does not slow the checks of the
        // next keystrokes; at once when a request waits for it
        let quiet =
            self.dirty.is_empty() && !self.checking && self.last_edit.elapsed() >= INDEX_WHEN_QUIET;
        let wanted = |dir: &PathBuf| {
            self.waiting
                .iter()
                .any(|(d, req)| d == dir && FROM_INDEX.contains(&req.method.as_str()))
        };
        let next = self
            .to_index
            .keys()
            .find(|d| wanted(d))
            .or_else(|| self.to_index.keys().next().filter(|_| quiet))
            .cloned();
        if !self.indexing
            && let Some(dir) = next
            && let Some((generation, inputs)) = self.to_index.remove(&dir)
            && self.index_jobs.send((dir, generation, inputs)).is_ok()
        {
            self.indexing = true;
        }
    }

    fn indexed(&mut self, dir: &Path, generation: u64, index: Index) {
        if let Some(analysis) = self.ws.analyses.get_mut(dir)
            && generation > analysis.index_generation
        {
            analysis.take_index(index, generation);
        }
        self.answer_ready(dir);
    }

    /// Whether a request on a file of `dir` can be answered now: from the model of the last
    /// check, and for [`FROM_INDEX`] requests from its index too. A request on no folder
    /// (the empty path: workspace symbols) needs the model of every folder.
    fn ready(&self, dir: &Path, method: &str) -> bool {
        if dir.as_os_str().is_empty() {
            return self
                .ws
                .analyses
                .values()
                .all(|a| a.model_generation >= a.generation);
        }
        self.ws.analyses.get(dir).is_none_or(|a| {
            a.model_generation >= a.generation
                && (!FROM_INDEX.contains(&method) || a.index_generation >= a.generation)
        })
    }

    /// Answers the requests on `dir` (and on no folder) that waited and can be answered now.
    fn answer_ready(&mut self, dir: &Path) {
        let waiting = std::mem::take(&mut self.waiting);
        let (now, later): (Vec<_>, Vec<_>) = waiting.into_iter().partition(|(d, req)| {
            (d == dir || d.as_os_str().is_empty()) && self.ready(d, &req.method)
        });
        self.waiting = later;
        for (_, req) in now {
            self.respond(req);
        }
    }

    /// Asks the checker for the model of each folder a waiting request needs, once per check
    /// (not for a folder about to be checked again: its next model is the one needed).
    fn ask_models(&mut self) {
        let all = self.waiting.iter().any(|(d, _)| d.as_os_str().is_empty());
        let needed: Vec<(PathBuf, u64)> = self
            .ws
            .analyses
            .iter()
            .filter(|(dir, a)| {
                a.model_generation < a.generation
                    && (all || self.waiting.iter().any(|(d, _)| d == *dir))
                    && !self.dirty.contains(*dir)
                    && self.model_asked.get(*dir) != Some(&a.generation)
            })
            .map(|(dir, a)| (dir.clone(), a.generation))
            .collect();
        for (dir, generation) in needed {
            if self
                .check_jobs
                .send(CheckJob::Model(dir.clone(), generation))
                .is_ok()
            {
                self.model_asked.insert(dir, generation);
            }
        }
    }

    fn navigation(&mut self, dir: &Path, generation: u64, folder: GameFolder) {
        match self.ws.analyses.get_mut(dir) {
            Some(analysis) if analysis.generation == generation => {
                analysis.take_navigation(folder);
            }
            // a later check's findings are in already (its own model follows)
            _ => {}
        }
        self.answer_ready(dir);
    }

    fn show(&self, typ: MessageType, message: String) {
        let params = ShowMessageParams { typ, message };
        self.send(Notification::new(ShowMessage::METHOD.to_owned(), params));
    }

    fn send(&self, message: impl Into<Message>) {
        // the client is gone when this fails; the loop ends on the closed receiver
        let _ = self.sender.send(message.into());
    }

    fn mark(&mut self, path: &Path) {
        if let Some(dir) = path.parent() {
            self.dirty.insert(dir.to_owned());
        }
    }

    /// Opened or edited: a game file marks its folder; any other file is told why it is not
    /// checked, once.
    fn touched(&mut self, path: PathBuf) {
        self.last_edit = Instant::now();
        if is_game_file(&path) {
            self.mark(&path);
            return;
        }
        if !self.told.insert(path.clone()) {
            return;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let message = format!(
            "`{name}` is not an Orbat game file, so it is not checked: game files are named game.ron, map.ron, units.ron, cards.ron, text.<language>.ron and <id>.scenario.ron, in one folder per game"
        );
        let diagnostic = LspDiagnostic {
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some("orbat".to_owned()),
            message: message.clone(),
            ..LspDiagnostic::default()
        };
        self.publish(&path, vec![diagnostic], None);
        self.show(MessageType::WARNING, message);
    }

    /// Once the client is initialized (lsp-server's handshake takes the `initialized`
    /// notification itself): asks the client to watch game files, and checks every game under
    /// its folders, for workspace symbols and findings.
    fn initialized(&mut self) {
        if self.watch {
            let register = json!({"registrations": [{
                "id": "orbat-game-files",
                "method": DidChangeWatchedFiles::METHOD,
                "registerOptions": {"watchers": [{"globPattern": "**/*.ron"}]},
            }]});
            self.send(Request::new(
                lsp_server::RequestId::from("orbat-watch".to_owned()),
                "client/registerCapability".to_owned(),
                register,
            ));
        }
        // every game under the client's folders, for workspace symbols and findings
        if let Ok(found) = orbat_validator::load::discover::discover(&self.ws.roots) {
            self.dirty.extend(
                found
                    .folders
                    .into_keys()
                    .filter_map(|d| std::path::absolute(d).ok()),
            );
        }
    }
}
