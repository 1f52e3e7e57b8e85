//! Target (b): the folder an input stands for (a base folder with the input's edits made)
//! through the whole pipeline.

use std::path::{Path, PathBuf};

use crate::bases::{bases, known_strings};
use crate::checks::run_folder;
use crate::input::{FolderInput, NESTING, Op, SYNTAX, Token};
use crate::names::{DIR, NAMES};

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

/// A file is not grown past this (1 MiB, some hundred times a real-sized map).
const MAX_GROWN: usize = 1 << 20;

/// Whether an edit can make a file longer.
fn grows(op: &Op) -> bool {
    matches!(
        op,
        Op::Insert(_)
            | Op::ReplaceString(_)
            | Op::ReplaceNumber(_)
            | Op::DuplicateLine
            | Op::Copy(_)
            | Op::Nest { .. }
    )
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
        // duplicating a line doubles it: 32 such edits would build files of gigabytes, and
        // an execution would time copying them instead of exploring the checks (the size
        // limit itself is tested in tests/tests/hostile.rs)
        if text.len() > MAX_GROWN && grows(&edit.op) {
            continue;
        }
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
