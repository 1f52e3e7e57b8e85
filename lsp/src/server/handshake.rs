//! The handshake: what the client can do, and what the server says it does.

use std::path::PathBuf;

use lsp_types::InitializeParams;
use serde_json::{Value, json};

use crate::position::Encoding;
use crate::uri;

/// Whether the client lets the server ask it to watch files (then game files changed on disk
/// by another program, a `git checkout` or `orbat-validate --fix`, are checked again).
pub(super) fn can_watch_files(params: &InitializeParams) -> bool {
    params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration)
        .unwrap_or(false)
}

/// UTF-8 positions when the client takes them (no converting), else LSP's UTF-16.
pub(super) fn negotiate(params: &InitializeParams) -> Encoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(list) if list.iter().any(|e| e.as_str() == "utf-8") => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

pub(super) fn initialize_result(encoding: Encoding) -> Value {
    json!({
        "capabilities": {
            "positionEncoding": if encoding == Encoding::Utf8 { "utf-8" } else { "utf-16" },
            "textDocumentSync": { "openClose": true, "change": 2, "save": { "includeText": false } },
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": { "prepareProvider": true },
            "completionProvider": { "triggerCharacters": ["\"", "{", ":"] },
            "hoverProvider": true,
            "codeActionProvider": { "codeActionKinds": ["quickfix"] },
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
        },
        "serverInfo": { "name": "orbat-lsp", "version": env!("CARGO_PKG_VERSION") },
    })
}

#[allow(deprecated)] // root_uri: older clients send only it
pub(super) fn roots(params: &InitializeParams) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| uri::to_path(&f.uri))
        .collect();
    if roots.is_empty()
        && let Some(root) = params.root_uri.as_ref().and_then(uri::to_path)
    {
        roots.push(root);
    }
    roots
}
