//! Loading: walk the paths given, group files into game folders, read, parse with spans,
//! check each file against its schema, and deserialize into the typed model.
//!
//! Four readers of one format, each kept for a reason measured in BENCHMARKS.md (session 25):
//! - [`by_hand`]: RON text straight into the model, every kind but checks.ron; the fast typed
//!   path, which reads every shipped and every generated game file (1.6 to 2 times as fast
//!   as `direct`, session 13).
//! - [`direct`]: a serde `Deserializer` over the same subset: it reads what `by_hand` leaves
//!   (checks.ron), and builds a file's span index when a finding first points into it, 4 times
//!   as fast as `fast` and 18 times as fast as ron2 (21, 83 and 374 ms on a 3 MB map): the
//!   language server does that on every keystroke while a finding points into map.ron, and
//!   meets its 100 ms at 10,000 spaces only so.
//! - [`fast`]: that subset to a JSON value with spans, for files the typed paths refuse
//!   (schema errors: 5 times as fast as ron2), and the only JSON path that accepts `Some(x,)`
//!   as the `ron` crate and the typed readers do (ron2 0.3 calls it a syntax error; FITNA's
//!   game.ron has it).
//! - [`ron_json`]: the ron2 syntax tree to a JSON value with spans: every RON form, and the
//!   located message for every syntax error. With the schema check, the path that explains.
//!
//! They are kept equal by tests and fuzzing: `tests/tests/direct.rs` reads every RON file of
//! the repository and generated games through them and compares models and spans
//! (`by_hand::agrees_with_direct`, `direct::agrees_with_json`, `fast`'s own tests against
//! ron2); the fuzz target `one_file` does the same on every input.

pub mod by_hand;
pub mod codes;
pub mod direct;
pub mod discover;
pub mod fast;
mod folder;
pub mod lines;
pub mod nesting;
pub mod ron_json;
pub mod ruleset_view;
pub mod scan;
pub mod schema_check;
mod source;
pub mod spans;

pub use folder::{Doc, GameFolder, ViewOf};
pub use source::{Renumbering, SourceFile};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Location};
pub use crate::file_kind::{FileKind, FileValue, scenario_id, text_language};
use crate::file_kind::{GameFile, PerKind};
use crate::spread;

/// Largest game file read, so a stray huge file cannot exhaust memory. The largest real
/// games are a few MiB; a 10,000-space map is under 2 MiB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// A file from this size up makes its game a large one for [`on_large_file`]: reading it frees
/// buffers of tens of MiB (its text, the room of lists that doubled as they grew). Reached by
/// generated games of about 50,000 spaces; a 10,000-space game's largest file is 2.6 MB, a real
/// game's a few hundred KiB.
pub const LARGE_FILE_BYTES: u64 = 16 << 20;

/// Called once, the first time a file of [`LARGE_FILE_BYTES`] or more is read from disk: a
/// command line may then tune its allocator for a large game (orbat-validate has freed memory
/// handed back at once, which costs time on smaller games).
static ON_LARGE_FILE: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();
static LARGE_FILE_SEEN: std::sync::Once = std::sync::Once::new();

/// Sets what [`ON_LARGE_FILE`] calls; only the first setting counts.
pub fn on_large_file(hook: fn()) {
    let _ = ON_LARGE_FILE.set(hook);
}

/// Files from this size up are stowed by [`load_folder_to_check`]: far above any real game's
/// files (a few hundred KiB), reached by generated games of thousands of spaces.
pub const STOW_FROM_BYTES: u64 = 1 << 20;

/// Loads one game folder from the files found in it.
pub fn load_folder(dir: &Path, files: &[PathBuf], out: &mut Vec<Diagnostic>) -> GameFolder {
    load_folder_stowing(dir, files, None, out)
}

/// [`load_folder`] for a check that reads the texts only to point into them: the text of each
/// file of [`STOW_FROM_BYTES`] or more that loads cleanly is stowed ([`SourceFile::stow`]).
/// Unstow the sources before showing their text.
pub fn load_folder_to_check(
    dir: &Path,
    files: &[PathBuf],
    out: &mut Vec<Diagnostic>,
) -> GameFolder {
    load_folder_stowing(dir, files, Some(STOW_FROM_BYTES), out)
}

/// [`load_folder`], stowing the texts of files of `stow_from` bytes or more that load.
pub fn load_folder_stowing(
    dir: &Path,
    files: &[PathBuf],
    stow_from: Option<u64>,
    out: &mut Vec<Diagnostic>,
) -> GameFolder {
    // files in parallel (a large game's files take most of the loading time) unless this
    // folder is one of many checked at once; the results keep the order of `files`
    let loaded = spread::filter_map(files, |path| {
        let kind = FileKind::of(file_name(path))?;
        let mut diags = Vec::new();
        let result = read_and_type(path, kind, stow_from, &mut diags);
        Some((path.as_path(), kind, result, diags))
    });
    assemble(dir, loaded, out)
}

/// Loads one game folder from texts already in memory (the editor's buffers, a generator's
/// output): `(path, text)` per file, the path naming the file kind as on disk.
pub fn load_texts(
    dir: &Path,
    files: &[(PathBuf, String)],
    out: &mut Vec<Diagnostic>,
) -> GameFolder {
    let loaded = files
        .par_iter()
        .filter_map(|(path, text)| {
            let kind = FileKind::of(file_name(path))?;
            let mut diags = Vec::new();
            // the same limit as on disk: an editor buffer or a language server's text is no
            // more a game file at 200 MiB than a file is
            if text.len() as u64 > MAX_FILE_BYTES {
                diags.push(too_large(path, text.len() as u64));
                return Some((path.as_path(), kind, None, diags));
            }
            let result = parse_typed(path, text.clone(), kind, &mut diags);
            Some((path.as_path(), kind, Some(result), diags))
        })
        .collect();
    assemble(dir, loaded, out)
}

fn file_name(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
}

/// The source of a file read, and its typed value if it parsed and read as the model (else
/// its schema diagnostics explain why).
type Typed = (Arc<SourceFile>, Option<Option<FileValue>>);

/// Deserializes a file's JSON value into its kind's type (`Some(None)`: that failed).
fn typed_file(
    kind: FileKind,
    src: Arc<SourceFile>,
    value: Option<serde_json::Value>,
    out: &mut Vec<Diagnostic>,
) -> Typed {
    let Some(value) = value else {
        return (src, None);
    };
    let t = kind.with_type(Typed_ {
        src: &src,
        value,
        out,
    });
    (src, Some(t))
}

/// One file read and parsed: its path, kind, source and typed value, and its diagnostics.
type LoadedFile<'p> = (&'p Path, FileKind, Option<Typed>, Vec<Diagnostic>);

/// Builds the folder from files read and typed, in the order given.
fn assemble(dir: &Path, loaded: Vec<LoadedFile<'_>>, out: &mut Vec<Diagnostic>) -> GameFolder {
    let mut folder = GameFolder {
        dir: dir.to_owned(),
        ..GameFolder::default()
    };
    for (path, kind, result, diags) in loaded {
        out.extend(diags);
        let name = file_name(path);
        let Some((src, value)) = result else {
            folder.failed.push(kind);
            continue;
        };
        folder.sources.push(src.clone());
        let Some(value) = value else {
            folder.failed.push(kind);
            continue;
        };
        // a file that failed its schema or its model is not there for the rules, and counts
        // as failed, so references into it are not reported as missing
        match value {
            None => folder.failed.push(kind),
            Some(value) => folder.put(name, src, value),
        }
    }
    folder
}

/// L010 for a file of `bytes` bytes, over [`MAX_FILE_BYTES`].
fn too_large(path: &Path, bytes: u64) -> Diagnostic {
    Diagnostic::new(
        &codes::L010,
        // rounded up: a file just over the limit must not read "64 MiB, over the limit of 64"
        format!("the file is {} MiB, over the limit of {} MiB", bytes.div_ceil(1 << 20), MAX_FILE_BYTES >> 20),
        Location::file(path),
    )
    .with_help("a game file this large is almost certainly not a game file; split it, or check what wrote it")
}

/// Reads and parses one file. Returns the source (if it could be read) and its JSON value
/// (if it parsed).
fn read_and_type(
    path: &Path,
    kind: FileKind,
    stow_from: Option<u64>,
    out: &mut Vec<Diagnostic>,
) -> Option<Typed> {
    let cannot_read = |e: std::io::Error, out: &mut Vec<Diagnostic>| {
        out.push(
            Diagnostic::new(
                &codes::L001,
                format!("cannot read the file: {e}"),
                Location::file(path),
            )
            .with_help("check that the file exists and that you may read it"),
        );
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            cannot_read(e, out);
            return None;
        }
    };
    // the open file's own metadata, not its path's again (a second walk of the path was some
    // 1.5% of a corpus run), taken before reading: a stowed text read again must match it
    let meta = file.metadata().ok();
    if let Some(meta) = &meta
        && meta.len() > MAX_FILE_BYTES
    {
        out.push(too_large(path, meta.len()));
        return None;
    }
    let stamp = meta.as_ref().and_then(source::Stamp::of_metadata);
    let bytes = match meta.as_ref() {
        // (a size of 0 may be a file whose size the system does not know)
        Some(meta) if meta.len() > 0 => read_sized(&mut file, meta.len()),
        _ => {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut file, &mut bytes).map(|_| bytes)
        }
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(e) => {
            cannot_read(e, out);
            return None;
        }
    };
    drop(file);
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid_up_to = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let prefix_chars = String::from_utf8_lossy(&e.as_bytes()[..valid_up_to]).len();
            let src = SourceFile::new(path.to_owned(), lossy);
            out.push(
                Diagnostic::new(
                    &codes::L002,
                    "the file is not valid UTF-8 text",
                    src.at_span(prefix_chars..prefix_chars),
                )
                .with_label("the first byte that is not UTF-8")
                .with_help("save the file as UTF-8 (every game file is UTF-8 text)"),
            );
            return Some((Arc::new(src), None));
        }
    };
    let len = text.len() as u64;
    if len >= LARGE_FILE_BYTES
        && let Some(hook) = ON_LARGE_FILE.get()
    {
        LARGE_FILE_SEEN.call_once(hook);
    }
    let (mut src, value) = parse_typed(path, text, kind, out);
    // stowed only when it loaded (no location was taken while loading) and the stamp taken
    // before reading is still the file's (so it is the stamp of the text read)
    if stow_from.is_some_and(|from| len >= from)
        && matches!(value, Some(Some(_)))
        && let Some(stamp) = stamp.filter(|s| Some(*s) == source::Stamp::of(path))
        && let Some(src) = Arc::get_mut(&mut src)
    {
        src.stow(stamp);
    }
    Some((src, value))
}

/// The file's bytes, up to the size just taken from its metadata: one `read` for the whole
/// file. `read_to_end` on a `File` takes three more system calls a file (its size again, its
/// position, and a read that finds the end), some 2% of a corpus run. A file that grows
/// while it is read is read as it was when opened; one that shrinks, to its new end.
fn read_sized(file: &mut std::fs::File, size: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = vec![0; usize::try_from(size).unwrap_or(usize::MAX)];
    let mut filled = 0;
    while filled < bytes.len() {
        match std::io::Read::read(file, &mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// One file's text to its typed value: straight into the model when it can (the usual case,
/// see [`direct`]), else through the JSON value, whose schema check explains what is wrong.
fn parse_typed(path: &Path, text: String, kind: FileKind, out: &mut Vec<Diagnostic>) -> Typed {
    let text = match direct_typed(path, text, kind) {
        Ok(typed) => return typed,
        Err(text) => text,
    };
    let (src, value) = parse_source(path, text, kind, out);
    typed_file(kind, src, value, out)
}

/// The direct path (a hand-written reader for the largest kinds, else serde's); gives the
/// text back when it gives up.
fn direct_typed(path: &Path, text: String, kind: FileKind) -> Result<Typed, String> {
    let src = SourceFile::new(path.to_owned(), text);
    let value = by_hand::read(kind, &src.text).or_else(|| direct::read_value(kind, &src.text));
    match value {
        Some(value) => Ok((Arc::new(src), Some(Some(value)))),
        None => Err(src.text),
    }
}

/// Parses and schema-checks one file's text. Returns the source (with its span index) and its
/// JSON value, if it parsed and matched its schema.
fn parse_source(
    path: &Path,
    text: String,
    kind: FileKind,
    out: &mut Vec<Diagnostic>,
) -> (Arc<SourceFile>, Option<serde_json::Value>) {
    let src = SourceFile::new(path.to_owned(), text);
    let parsed = match ron_json::parse(&src.text) {
        Ok((parsed, issues)) => {
            for issue in &issues {
                out.push(
                    Diagnostic::new(
                        &codes::L003,
                        issue.message.clone(),
                        src.at_span(issue.span.clone()),
                    )
                    .maybe_help(issue.help.clone()),
                );
            }
            if !issues.is_empty() {
                let src = SourceFile::with_spans(src.path, src.text, parsed.spans);
                return (Arc::new(src), None);
            }
            parsed
        }
        Err(issue) => {
            out.push(
                Diagnostic::new(
                    &codes::L003,
                    issue.message.clone(),
                    src.at_span(issue.span.clone()),
                )
                .with_label("RON syntax error here")
                .maybe_help(issue.help),
            );
            return (Arc::new(src), None);
        }
    };
    let src = SourceFile::with_spans(src.path, src.text, parsed.spans);
    let before = out.len();
    schema_check::check(&src, kind, &parsed.value, out);
    let ok = out.len() == before;
    (Arc::new(src), ok.then_some(parsed.value))
}

/// Reads the typed model from a value that matched its schema.
struct Typed_<'a> {
    src: &'a Arc<SourceFile>,
    value: serde_json::Value,
    out: &'a mut Vec<Diagnostic>,
}

impl PerKind for Typed_<'_> {
    type Out = Option<FileValue>;
    fn run<T: GameFile>(self) -> Option<FileValue> {
        match serde_json::from_value::<T>(self.value) {
            Ok(value) => Some(value.into()),
            Err(e) => {
                // The schema is generated from the same types, so this means a bug in Orbat.
                self.out.push(Diagnostic::new(
                    &codes::S001,
                    format!(
                        "the file matches its schema but could not be read: {e} (please report this)"
                    ),
                    Location::file(&self.src.path),
                ));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::read_sized;

    #[test]
    fn a_file_is_read_up_to_the_size_taken_or_to_its_end_if_shorter() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("map.ron");
        let text = "(spaces: [], links: [])".repeat(1000);
        std::fs::write(&path, &text).expect("write");
        let read = |size: u64| {
            let mut file = std::fs::File::open(&path).expect("open");
            read_sized(&mut file, size).expect("read")
        };
        let len = text.len() as u64;
        assert_eq!(read(len), text.as_bytes());
        // grown since its size was taken: read as it was
        assert_eq!(read(len - 5), &text.as_bytes()[..text.len() - 5]);
        // shrunk since: read to its end
        assert_eq!(read(len + 100), text.as_bytes());
    }
}
