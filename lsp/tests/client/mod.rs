//! A minimal LSP client for the tests: starts the built `orbat-lsp`, speaks JSON-RPC with
//! Content-Length framing over its stdin and stdout, and waits for what the server sends.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one wait may take before the test fails (a hung server, not a slow one).
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications read while waiting for something else.
    pub notifications: Vec<Value>,
}

pub fn file_uri(path: &Path) -> String {
    let mut out = String::from("file://");
    for b in path.to_str().unwrap().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A copy of a shipped game in a temporary folder (tests edit it).
pub fn game_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios")
        .join(name);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&src).unwrap() {
        let p = entry.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    (tmp, dir)
}

impl Client {
    /// Starts the server with `root` as the workspace folder and initializes it.
    pub fn start(root: &Path) -> Client {
        Self::start_with(root, json!({}))
    }

    /// [`Client::start`] with the client capabilities given.
    pub fn start_with(root: &Path, capabilities: Value) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_orbat-lsp"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("orbat-lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(msg) = read_message(&mut reader) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            next_id: 1,
            notifications: Vec::new(),
        };
        let root_uri = file_uri(root);
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": root_uri,
                "workspaceFolders": [{"uri": root_uri, "name": "games"}],
                "capabilities": capabilities,
            }),
        );
        assert!(
            result["capabilities"]["definitionProvider"] == json!(true),
            "{result}"
        );
        client.notify("initialized", json!({}));
        client
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its result (panics on an error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// Sends a request and returns the whole response (result or error).
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|msg| msg.get("id") == Some(&json!(id)) && msg.get("method").is_none())
    }

    /// Waits for the next diagnostics of `uri` that satisfy `ok`, and returns them.
    pub fn diagnostics(&mut self, uri: &str, ok: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let matches = |msg: &Value| {
            msg["method"] == "textDocument/publishDiagnostics"
                && msg["params"]["uri"] == uri
                && ok(msg["params"]["diagnostics"].as_array().unwrap())
        };
        if let Some(i) = self.notifications.iter().rposition(matches) {
            let msg = self.notifications.remove(i);
            return msg["params"]["diagnostics"].as_array().unwrap().clone();
        }
        let msg = self.wait(matches);
        msg["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Waits for the diagnostics of one version of an open document.
    pub fn published(&mut self, uri: &str, version: i32) -> Vec<Value> {
        let msg = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        msg["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Waits for a message, keeping the notifications met on the way.
    pub fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(msg) if wanted(&msg) => return msg,
                Ok(msg) => {
                    if msg.get("method").is_some() && msg.get("id").is_none() {
                        self.notifications.push(msg);
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no such message within {PATIENCE:?}; notifications seen: {:#?}",
                    self.notifications
                ),
                Err(RecvTimeoutError::Disconnected) => panic!("the server exited"),
            }
        }
    }

    pub fn open(&mut self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": file_uri(path), "languageId": "ron", "version": 1, "text": text}}),
        );
    }

    /// Replaces the whole text of an open document.
    pub fn change(&mut self, path: &Path, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": file_uri(path), "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    /// Shuts the server down as a client does, and returns its exit status.
    pub fn shutdown(mut self) -> std::process::ExitStatus {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// The (line, character) of the `n`th occurrence (0-based) of `needle` in `text`, plus
/// `offset` characters (UTF-16 counting equals bytes for the ASCII of these files).
pub fn position_of(text: &str, needle: &str, n: usize, offset: usize) -> Value {
    let at = text.match_indices(needle).nth(n).expect("needle in text").0 + offset;
    let line = text[..at].matches('\n').count();
    let character = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": character})
}
