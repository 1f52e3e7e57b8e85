//! A folder's analysis finished: its findings published file by file (an empty list clears a
//! file), and the requests that waited for it answered.

use super::Server;
use crate::analysis::Analysis;
use crate::{convert, uri};
use lsp_server::Notification;
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{Diagnostic as LspDiagnostic, MessageType, PublishDiagnosticsParams, Range};
use std::path::{Path, PathBuf};

impl Server {
    pub(super) fn finished(&mut self, mut analysis: Analysis) {
        let clock = crate::timing::Clock::start();
        // navigation answers from the last index until the new one is built
        if let Some(mut previous) = self.ws.analyses.remove(&analysis.dir) {
            analysis.index = std::mem::take(&mut previous.index);
            analysis.index_generation = previous.index_generation;
            // freeing a large game's model takes milliseconds: not on the thread that answers
            std::thread::spawn(move || drop(previous));
        }
        let inputs = analysis.texts.files.clone();
        self.to_index
            .insert(analysis.dir.clone(), (analysis.generation, inputs));
        if let Some(problem) = analysis.config_problem.take() {
            self.show(MessageType::WARNING, format!("orbat.toml: {problem}"));
        }
        let dir = analysis.dir.clone();
        let files: Vec<PathBuf> = analysis.diagnostics.keys().cloned().collect();
        let previous_files: Vec<PathBuf> = self
            .published
            .keys()
            .filter(|p| p.parent() == Some(&dir) && !files.contains(p))
            .cloned()
            .collect();
        self.ws.analyses.insert(dir.clone(), analysis);
        let analysis = &self.ws.analyses[&dir];
        let mut out = Vec::new();
        for (path, found) in &analysis.diagnostics {
            let mut list: Vec<LspDiagnostic> = found
                .iter()
                .map(|d| convert::diagnostic(d, analysis, self.ws.encoding))
                .collect();
            if self.ws.open.contains_key(path) {
                list.extend(analysis.folder_diagnostics.iter().map(|d| {
                    let mut d = convert::diagnostic(d, analysis, self.ws.encoding);
                    d.range = Range::default();
                    d
                }));
            }
            out.push((path.clone(), list, analysis.texts.version(path)));
        }
        // a file deleted since the last check: clear what was shown for it
        for path in previous_files {
            out.push((path, Vec::new(), None));
        }
        for (path, list, version) in out {
            self.publish(&path, list, version);
        }
        clock.lap("publish");
    }

    pub(super) fn publish(
        &mut self,
        path: &Path,
        diagnostics: Vec<LspDiagnostic>,
        version: Option<i32>,
    ) {
        let entry = (version, diagnostics);
        if self.published.get(path) == Some(&entry) {
            return;
        }
        self.published.insert(path.to_owned(), entry.clone());
        let (version, diagnostics) = entry;
        let params = PublishDiagnosticsParams::new(uri::from_path(path), diagnostics, version);
        self.send(Notification::new(
            PublishDiagnostics::METHOD.to_owned(),
            params,
        ));
    }
}
