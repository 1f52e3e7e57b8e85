//! The client's notifications (texts opened, changed, saved, closed; files changed on disk)
//! and requests (navigation, completion, hover, actions), each answered from the latest
//! analysis of its folder or held until that folder is checked.

use super::Server;
use crate::analysis::{Text, is_game_file};
use crate::features::{actions, complete, hover, navigate, symbols};
use crate::position::Lines;
use crate::uri;
use lsp_server::{ErrorCode, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Notification as _,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest,
    PrepareRenameRequest, References, Rename, Request as _, WorkspaceSymbolRequest,
};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

impl Server {
    pub(super) fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    n.extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                else {
                    return;
                };
                let Some(path) = uri::to_path(&p.text_document.uri) else {
                    return;
                };
                self.ws.open.insert(
                    path.clone(),
                    Text {
                        text: p.text_document.text,
                        version: Some(p.text_document.version),
                    },
                );
                self.touched(path);
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) else {
                    return;
                };
                let Some(path) = uri::to_path(&p.text_document.uri) else {
                    return;
                };
                let encoding = self.ws.encoding;
                let Some(doc) = self.ws.open.get_mut(&path) else {
                    return;
                };
                for change in p.content_changes {
                    match change.range {
                        Some(range) => {
                            let span = Lines::new(&doc.text, encoding).span(range);
                            doc.text.replace_range(span, &change.text);
                        }
                        None => doc.text = change.text,
                    }
                }
                doc.version = Some(p.text_document.version);
                self.touched(path);
            }
            DidSaveTextDocument::METHOD => {
                let Ok(p) =
                    n.extract::<lsp_types::DidSaveTextDocumentParams>(DidSaveTextDocument::METHOD)
                else {
                    return;
                };
                if let Some(path) = uri::to_path(&p.text_document.uri) {
                    self.mark(&path);
                }
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = n
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                else {
                    return;
                };
                let Some(path) = uri::to_path(&p.text_document.uri) else {
                    return;
                };
                self.ws.open.remove(&path);
                self.told.remove(&path);
                if is_game_file(&path) {
                    self.mark(&path);
                }
            }
            DidChangeWatchedFiles::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidChangeWatchedFilesParams>(
                    DidChangeWatchedFiles::METHOD,
                ) else {
                    return;
                };
                for change in p.changes {
                    if let Some(path) = uri::to_path(&change.uri) {
                        self.mark(&path);
                    }
                }
            }
            _ => {}
        }
    }

    pub(super) fn request(&mut self, req: Request) {
        let dir = if req.method == WorkspaceSymbolRequest::METHOD {
            Some(PathBuf::new())
        } else {
            req.params["textDocument"]["uri"]
                .as_str()
                .and_then(|u| u.parse().ok())
                .and_then(|u| uri::to_path(&u))
                .and_then(|p| p.parent().map(Path::to_owned))
        };
        if let Some(dir) = dir
            && !self.ready(&dir, &req.method)
        {
            self.waiting.push((dir, req));
            return;
        }
        self.respond(req);
    }

    pub(super) fn respond(&mut self, req: Request) {
        let id = req.id.clone();
        let result = self.answer(req);
        let response = match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response);
    }

    pub(super) fn answer(&mut self, req: Request) -> Result<Value, (ErrorCode, String)> {
        let ws = &self.ws;
        let bad =
            |e: lsp_server::ExtractError<Request>| (ErrorCode::InvalidParams, format!("{e:?}"));
        let to_json = |v: Option<Value>| Ok(v.unwrap_or(Value::Null));
        macro_rules! params {
            ($r:ty) => {
                req.clone()
                    .extract::<<$r as lsp_types::request::Request>::Params>(<$r>::METHOD)
                    .map(|(_, p)| p)
                    .map_err(bad)?
            };
        }
        match req.method.as_str() {
            GotoDefinition::METHOD => {
                let p = params!(GotoDefinition);
                let tp = p.text_document_position_params;
                let found = ws
                    .file(&tp.text_document.uri)
                    .and_then(|v| navigate::definition(ws, &v, tp.position));
                to_json(found.map(|l| json!(l)))
            }
            References::METHOD => {
                let p = params!(References);
                let tp = p.text_document_position;
                let found = ws.file(&tp.text_document.uri).map(|v| {
                    navigate::references(ws, &v, tp.position, p.context.include_declaration)
                });
                to_json(found.map(|l| json!(l)))
            }
            PrepareRenameRequest::METHOD => {
                let p = params!(PrepareRenameRequest);
                let found = ws
                    .file(&p.text_document.uri)
                    .and_then(|v| navigate::prepare_rename(&v, p.position));
                to_json(found.map(|r| json!(r)))
            }
            Rename::METHOD => {
                let p = params!(Rename);
                let tp = p.text_document_position;
                let view = ws.file(&tp.text_document.uri).ok_or((
                    ErrorCode::InvalidParams,
                    "this file has not been checked yet".to_owned(),
                ))?;
                navigate::rename(ws, &view, tp.position, &p.new_name)
                    .map(|edit| json!(edit))
                    .map_err(|m| (ErrorCode::InvalidParams, m))
            }
            Completion::METHOD => {
                let p = params!(Completion);
                let tp = p.text_document_position;
                let Some(path) = uri::to_path(&tp.text_document.uri) else {
                    return to_json(None);
                };
                let Some(analysis) = path.parent().and_then(|d| ws.analyses.get(d)) else {
                    return to_json(None);
                };
                // the cursor is in the text as the editor has it now, not as last checked
                let text = ws
                    .open
                    .get(&path)
                    .map(|t| t.text.as_str())
                    .or_else(|| analysis.texts.get(&path))
                    .unwrap_or_default();
                let lines = Lines::new(text, ws.encoding);
                to_json(Some(json!(complete::complete(
                    analysis,
                    &path,
                    text,
                    &lines,
                    tp.position
                ))))
            }
            HoverRequest::METHOD => {
                let p = params!(HoverRequest);
                let tp = p.text_document_position_params;
                let found = ws
                    .file(&tp.text_document.uri)
                    .and_then(|v| hover::hover(&v, tp.position));
                to_json(found.map(|h| json!(h)))
            }
            CodeActionRequest::METHOD => {
                let p = params!(CodeActionRequest);
                let found = ws
                    .file(&p.text_document.uri)
                    .map(|v| actions::actions(&v, p.range, ws.encoding));
                to_json(found.map(|a| json!(a)))
            }
            DocumentSymbolRequest::METHOD => {
                let p = params!(DocumentSymbolRequest);
                let found = ws.file(&p.text_document.uri).map(|v| symbols::document(&v));
                to_json(found.map(|s| json!(s)))
            }
            WorkspaceSymbolRequest::METHOD => {
                let p = params!(WorkspaceSymbolRequest);
                to_json(Some(json!(symbols::workspace(ws, &p.query))))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("orbat-lsp does not answer {}", req.method),
            )),
        }
    }
}
