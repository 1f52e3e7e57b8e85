//! What the fuzz targets run, kept here so both targets share the checks they make after
//! each run (spans inside their file, every renderer runs).
//!
//! Nothing here touches the disk while fuzzing: files are loaded from memory with
//! `orbat_validator::load::load_texts`, the same loader the editor uses for its buffers, then
//! checked with `check_loaded`, the same rules `orbat-validate` runs.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use arbitrary::Arbitrary;
use orbat_validator::load::{self, ron_json};
use orbat_validator::{Diagnostic, Report, SourceFile, render};

/// A folder path that does not exist, so a rule that looks at the disk (the backdrop) finds
/// nothing and nothing is ever written.
const DIR: &str = "/nonexistent/orbat-fuzz/game";

/// One file name per kind; the first input byte picks one.
const NAMES: [&str; 6] = [
    "game.ron",
    "map.ron",
    "units.ron",
    "cards.ron",
    "text.en.ron",
    "1914.scenario.ron",
];

/// Decodes bytes as the loader does: UTF-8, or lossy with the error reported (L002).
fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Known bugs, found by these targets and reported, that would otherwise stop every
/// campaign at once (libFuzzer stops at the first crash). Each is pinned by an ignored
/// regression test in `tests/tests/hostile.rs`; delete the guard when the fix lands.
pub mod known {
    /// ron2 0.3 loops for ever, allocating, when brackets nest past its recursion limit (128)
    /// and a wrong closing bracket follows (`[` x 128 then `)`): the CLI dies of memory.
    /// Inputs whose brackets nest 120 deep or more (counted naively) are skipped.
    pub const SKIP_DEEP_NESTING: bool = false;

    /// L003 spans from ron2 can end inside a multibyte character (`"\฿"`, an unknown escape
    /// before a 3-byte character, gives 1..3). Not a crash: the renderers cope. Not asserted.
    pub const L003_SPANS_MAY_SPLIT_CHARACTERS: bool = false;

    pub fn deeply_nested(text: &str) -> bool {
        let mut depth = 0usize;
        for b in text.bytes() {
            match b {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    if depth >= 120 {
                        return true;
                    }
                }
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        false
    }
}

/// Target (a): one file of the kind named by the first byte, from the remaining bytes.
pub fn one_file(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let name = NAMES[usize::from(pick) % NAMES.len()];
    let text = decode(bytes);
    if known::SKIP_DEEP_NESTING && known::deeply_nested(&text) {
        return;
    }
    let path = Path::new(DIR).join(name);

    // the loader reads straight into the model when it can: that must give what the JSON
    // path gives
    if let Some(kind) = orbat_validator::FileKind::of(name)
        && let Err(e) = orbat_validator::load::direct::agrees_with_json(kind, &text)
    {
        panic!("the direct path and the JSON path differ on a {name}: {e}");
    }

    // the parser and span index on their own: every indexed span lies inside the text, and
    // every pointer of the value can be located
    if let Ok((parsed, issues)) = ron_json::parse(&text) {
        // the loader schema-checks only the files its direct path cannot read: sound only if
        // that path is never more lenient than the schema
        if issues.is_empty()
            && let Some(kind) = orbat_validator::FileKind::of(name)
            && orbat_validator::load::direct::agrees_with_json(kind, &text) == Ok(true)
        {
            assert!(
                orbat_validator::schema::validator(kind).is_valid(&parsed.value),
                "the direct path reads a {name} its schema rejects"
            );
        }
        let src = SourceFile::with_spans(path.clone(), text.clone(), parsed.spans);
        let mut pointers = Vec::new();
        pointers_of(&parsed.value, String::new(), &mut pointers);
        for p in &pointers {
            for loc in [src.at(p), src.at_key(p)] {
                check_span(&src.text, loc.span.as_ref(), p);
            }
        }
    }

    // the loader, schema check, rules and renderers
    run_folder(&[(path, text)]);
}

/// Loads and checks a folder from memory, renders the report every way, and checks that each
/// diagnostic points inside its file.
pub fn run_folder(files: &[(PathBuf, String)]) {
    if known::SKIP_DEEP_NESTING && files.iter().any(|(_, t)| known::deeply_nested(t)) {
        return;
    }
    let dir = Path::new(DIR);
    let mut diagnostics = Vec::new();
    let folder = load::load_texts(dir, files, &mut diagnostics);
    orbat_validator::check_loaded(&folder, &mut diagnostics);
    orbat_validator::sort(&mut diagnostics);
    for d in &diagnostics {
        check_diagnostic(d, &folder.sources);
    }
    let report = Report {
        diagnostics,
        sources: folder.sources.clone(),
        files: files.len(),
        games: 1,
        allowed: Vec::new(),
    };
    let human = render::human::render(&report, false);
    assert!(report.diagnostics.is_empty() || !human.is_empty());
    let json = render::json::render(&report);
    assert!(
        serde_json::from_str::<serde_json::Value>(&json).is_ok(),
        "the JSON report is not JSON:\n{json}"
    );
    let _ = render::sarif::render(&report);
    let _ = render::github::render(&report);
    let _ = render::summary(&report);
}

fn check_diagnostic(d: &Diagnostic, sources: &[Arc<SourceFile>]) {
    let Some(src) = sources.iter().find(|s| s.path == d.location.file) else {
        return;
    };
    if !(known::L003_SPANS_MAY_SPLIT_CHARACTERS && d.code == "L003") {
        check_span(&src.text, d.location.span.as_ref(), d.code);
    } else if let Some(span) = &d.location.span {
        assert!(
            span.start <= span.end && span.end <= src.text.len(),
            "L003: span {span:?}"
        );
    }
    if let (Some(start), Some(end)) = (d.location.start, d.location.end) {
        assert!(
            start <= end,
            "{}: start {start:?} after end {end:?}",
            d.code
        );
    }
}

/// A span lies inside its text, on character boundaries, start before end.
fn check_span(text: &str, span: Option<&std::ops::Range<usize>>, what: &str) {
    let Some(span) = span else { return };
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

fn pointers_of(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    if out.len() > 10_000 {
        return;
    }
    match v {
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers_of(item, load::spans::child(&at, &i.to_string()), out);
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                pointers_of(item, load::spans::child(&at, k), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

// ---------------------------------------------------------------------------------------
// Target (b): structure-aware edits of a real game folder.

/// A game folder to start from, and the edits made to it.
#[derive(Debug, Arbitrary)]
pub struct FolderInput {
    pub base: u8,
    pub edits: Vec<FileEdit>,
}

/// One edit of one file of the folder (the file picked by index, modulo the file count).
#[derive(Debug, Arbitrary)]
pub struct FileEdit {
    pub file: u8,
    pub at: u16,
    pub op: Op,
}

#[derive(Debug, Arbitrary)]
pub enum Op {
    /// Removes up to this many bytes.
    Delete(u8),
    /// Inserts a token.
    Insert(Token),
    /// Replaces the string literal (an id, a name) found at or after the position.
    ReplaceString(Token),
    /// Replaces the number found at or after the position.
    ReplaceNumber(Token),
    /// Duplicates the line at the position (a repeated space, link, unit, field...).
    DuplicateLine,
    /// Deletes the line at the position.
    DeleteLine,
    /// Moves the line at the position to another line.
    MoveLine(u16),
    /// Removes the file from the folder.
    DropFile,
    /// Renames the file to another kind's name (a scenario named like a map...).
    Rename(u8),
    /// Adds a copy of the file as another scenario or text file.
    Copy(u8),
    /// Cuts the file short.
    Truncate,
    /// Wraps the string literal found at or after the position in `depth` levels of one
    /// nesting construct (`Some(`, a list, a map, a tuple, a struct, a named struct, an enum
    /// variant): every construct that recurses, in every loader path, must stop at the nesting
    /// limit with a located error, never overflow the stack.
    Nest { construct: u8, depth: u16 },
}

/// Opening and closing text of each nesting construct [`Op::Nest`] uses.
const NESTING: &[(&str, &str)] = &[
    ("Some(", ")"),
    ("[", "]"),
    ("{\"k\": ", "}"),
    ("(", ",)"),
    ("(a: ", ")"),
    ("S(a: ", ")"),
    ("V(", ")"),
    ("Some([", "])"),
];

#[derive(Debug, Arbitrary)]
pub enum Token {
    /// A RON fragment from a fixed dictionary.
    Syntax(u8),
    /// One of the ids and strings found in the base folders.
    Known(u8),
    Int(i64),
    Float(f64),
    Text(String),
}

const SYNTAX: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "//",
    "/*",
    "*/",
    "r#\"",
    "\"#",
    "Some(",
    "None",
    "()",
    "true",
    "false",
    "-",
    "0x",
    "1e999",
    "inf",
    "NaN",
    "-1",
    "4294967296",
    "18446744073709551616",
    "\\u{0}",
    "\\",
    "\n",
    "é",
    "\u{feff}",
    "Limit(",
    "Unlimited",
    "b\"x\"",
    "'x'",
    "#![enable(implicit_some)]",
    "Game(",
    "(a: 1)",
    "{\"k\": 1}",
    "[(), ()]",
    "id: \"x\"",
    "x: 1.5",
    "kind: \"",
    "control: ",
    "links: [",
    "spaces: [",
    "units: [",
    "cards: [",
    "allow: [(rule: \"W001\")]",
    "backdrop: Some((image: \"../x.png\", width: 1, height: 1)),",
];

/// Base folders: the minimal fixture (most often) and two shipped games.
fn bases() -> &'static Vec<Vec<(PathBuf, String)>> {
    static BASES: OnceLock<Vec<Vec<(PathBuf, String)>>> = OnceLock::new();
    BASES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        [
            "tests/fixtures/valid/minimal",
            "scenarios/fitna",
            "scenarios/italian-front",
        ]
        .iter()
        .map(|d| read_folder(&root.join(d)))
        .collect()
    })
}

fn read_folder(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_str()?.to_owned();
            load::FileKind::of(&name)?;
            let text = std::fs::read_to_string(&p).ok()?;
            Some((Path::new(DIR).join(name), text))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no game files", dir.display());
    files
}

/// Every string literal of the base folders: ids, names, kinds.
fn known_strings() -> &'static Vec<String> {
    static KNOWN: OnceLock<Vec<String>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let mut out: Vec<String> = Vec::new();
        for base in bases() {
            for (_, text) in base {
                for (i, part) in text.split('"').enumerate() {
                    if i % 2 == 1 && part.len() < 40 && !part.contains('\n') {
                        out.push(format!("\"{part}\""));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    })
}

fn token_text(t: &Token) -> String {
    match t {
        Token::Syntax(i) => SYNTAX[usize::from(*i) % SYNTAX.len()].to_owned(),
        Token::Known(i) => {
            let k = known_strings();
            k[usize::from(*i) % k.len()].clone()
        }
        Token::Int(n) => n.to_string(),
        Token::Float(f) => format!("{f:?}"),
        Token::Text(s) => s.chars().take(64).collect(),
    }
}

/// The nearest character boundary at or before `at` (modulo the length).
fn pos(text: &str, at: u16) -> usize {
    if text.is_empty() {
        return 0;
    }
    let mut i = usize::from(at) % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn line_bounds(text: &str, at: usize) -> (usize, usize) {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
    (start, end)
}

/// The folder an input stands for.
pub fn build_folder(input: &FolderInput) -> Vec<(PathBuf, String)> {
    let all = bases();
    // minimal three times in four: it is small, so most executions are fast
    let base = match input.base % 8 {
        6 => 1,
        7 => 2,
        _ => 0,
    };
    let mut files = all[base].clone();
    for edit in input.edits.iter().take(32) {
        if files.is_empty() {
            break;
        }
        let n = usize::from(edit.file) % files.len();
        let text = &mut files[n].1;
        let at = pos(text, edit.at);
        match &edit.op {
            Op::Delete(len) => {
                let mut end = (at + usize::from(*len)).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end, "");
            }
            Op::Insert(t) => text.insert_str(at, &token_text(t)),
            Op::ReplaceString(t) => {
                if let Some(open) = text[at..].find('"').map(|i| at + i)
                    && let Some(close) = text[open + 1..].find('"').map(|i| open + 1 + i)
                {
                    text.replace_range(open..=close, &token_text(t));
                }
            }
            Op::ReplaceNumber(t) => {
                if let Some(start) = text[at..]
                    .find(|c: char| c.is_ascii_digit())
                    .map(|i| at + i)
                {
                    let end = text[start..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .map_or(text.len(), |i| start + i);
                    text.replace_range(start..end, &token_text(t));
                }
            }
            Op::DuplicateLine => {
                let (s, e) = line_bounds(text, at);
                let line = text[s..e].to_owned();
                text.insert_str(e, &line);
            }
            Op::DeleteLine => {
                let (s, e) = line_bounds(text, at);
                text.replace_range(s..e, "");
            }
            Op::MoveLine(to) => {
                let (s, e) = line_bounds(text, at);
                let line = text[s..e].to_owned();
                text.replace_range(s..e, "");
                let to = pos(text, *to);
                let (ts, _) = line_bounds(text, to);
                text.insert_str(ts, &line);
            }
            Op::DropFile => {
                files.remove(n);
            }
            Op::Rename(k) => {
                files[n].0 = Path::new(DIR).join(NAMES[usize::from(*k) % NAMES.len()]);
            }
            Op::Copy(k) => {
                let name = if k % 2 == 0 {
                    format!("copy{k}.scenario.ron")
                } else {
                    format!("text.l{k}.ron")
                };
                let text = files[n].1.clone();
                files.push((Path::new(DIR).join(name), text));
            }
            Op::Truncate => text.truncate(at),
            Op::Nest { construct, depth } => {
                if let Some(open) = text[at..].find('"').map(|i| at + i)
                    && let Some(close) = text[open + 1..].find('"').map(|i| open + 2 + i)
                {
                    let (o, c) = NESTING[usize::from(*construct) % NESTING.len()];
                    let depth = usize::from(*depth) % 5000;
                    text.insert_str(close, &c.repeat(depth));
                    text.insert_str(open, &o.repeat(depth));
                }
            }
        }
    }
    // a folder holds one file per name: the last one given wins
    let mut seen = std::collections::HashSet::new();
    files.reverse();
    files.retain(|(p, _)| seen.insert(p.clone()));
    files.reverse();
    files
}

/// Target (b): the whole pipeline over the folder an input stands for.
pub fn folder(input: &FolderInput) {
    let files = build_folder(input);
    run_folder(&files);
}
