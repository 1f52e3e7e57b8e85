//! `--fix`: the changes findings carry ([`Fix`]) made as text edits, so that everything else in
//! a file (comments, layout, the order of fields) stays as the designer wrote it.
//!
//! A fix is planned against the text the check read and applied only where that text is still
//! what the edit expects (the misspelt id between its quotes, a link between its brackets);
//! anything else is left alone and said. The model those edits give is then written by the
//! in-place writer (`crate::in_place`), the one the editor saves with: a file it cannot edit
//! in place is refused with the reason, never reprinted. Each changed file is written
//! atomically.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Fix, LineCol, display_path};
use crate::load::SourceFile;
use crate::{Report, canonical};

/// The new text of one file.
#[derive(Debug)]
pub struct FileFix {
    pub path: PathBuf,
    pub before: String,
    pub after: String,
    /// Findings this resolves.
    pub fixed: usize,
}

/// What `--fix` would do.
#[derive(Debug, Default)]
pub struct Plan {
    pub files: Vec<FileFix>,
    /// Fixes not made, each with the reason.
    pub skipped: Vec<String>,
}

impl Plan {
    pub fn fixed(&self) -> usize {
        self.files.iter().map(|f| f.fixed).sum()
    }

    /// The changes as a unified diff, file by file.
    pub fn diff(&self) -> String {
        let mut out = String::new();
        for f in &self.files {
            let name = display_path(&f.path);
            out.push_str(&crate::format::unified_diff(
                &f.before, &f.after, &name, &name,
            ));
        }
        out
    }

    /// Writes every changed file (atomically), unless it changed on disk since it was read.
    /// Returns the files written, and a message per file not written.
    pub fn apply(&self) -> (usize, Vec<String>) {
        let mut written = 0;
        let mut problems = Vec::new();
        for f in &self.files {
            let name = display_path(&f.path);
            match std::fs::read_to_string(&f.path) {
                Ok(now) if now == f.before => {}
                _ => {
                    problems.push(format!(
                        "{name}: changed while it was being fixed; not written"
                    ));
                    continue;
                }
            }
            match crate::atomic::write(&f.path, f.after.as_bytes()) {
                Ok(()) => written += 1,
                Err(e) => problems.push(format!("{name}: cannot write it: {e}")),
            }
        }
        (written, problems)
    }
}

/// One text edit: `span` of the file's text becomes `text`.
#[derive(Debug, Clone)]
struct Edit {
    span: Range<usize>,
    text: String,
}

/// One finding's fix as text edits on the texts the check read: what the JSON output's `fix`
/// and SARIF's `fixes` carry, for tools (code scanning, editors) to offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposed {
    /// What the change does, in a few words.
    pub description: String,
    pub edits: Vec<TextEdit>,
}

/// `span` (from `start` to `end`) of `file` becomes `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    pub file: PathBuf,
    pub span: Range<usize>,
    pub start: LineCol,
    pub end: LineCol,
    pub text: String,
}

/// The fix of `d` as edits on the report's sources, if it has one and the text there is what
/// the fix expects (as `--fix` would make it, but for this finding alone).
pub fn proposed(report: &Report, d: &Diagnostic) -> Option<Proposed> {
    let fix = d.fix.as_ref()?;
    let (file, edit, description) = match fix {
        Fix::Replace { from, to } => {
            let src = report.source(&d.location.file)?;
            let edit = replace(&src.text, d, from, to)?;
            (src, edit, format!("write \"{to}\" for \"{from}\""))
        }
        Fix::DeleteItem => {
            let src = report.source(&d.location.file)?;
            (
                src,
                delete_item(&src.text, d)?,
                "delete this item".to_owned(),
            )
        }
        Fix::AddText { file, key, name } => {
            let src = report.source(file)?;
            let one = BTreeMap::from([(key.clone(), name.clone())]);
            let edit = add_entries(file, &src.text, &one)?;
            let description = format!("add the entry \"{key}\" to {}", display_path(file));
            (src, edit, description)
        }
    };
    let at = file.at_span(edit.span.clone());
    Some(Proposed {
        description,
        edits: vec![TextEdit {
            file: file.path.clone(),
            start: at.start?,
            end: at.end?,
            span: edit.span,
            text: edit.text,
        }],
    })
}

/// The fixes of a report's findings, as new file texts, made against the files on disk.
pub fn plan(report: &Report) -> Plan {
    plan_with(report, |path| std::fs::read_to_string(path).ok())
}

/// [`plan`], with the files' texts from `read` (the editor's or a language server's buffers,
/// a fuzz target's folder in memory).
pub fn plan_with(report: &Report, read: impl Fn(&Path) -> Option<String>) -> Plan {
    let mut plan = Plan::default();
    // edits by file; text entries to add by file (one insertion each)
    let mut by_file: BTreeMap<PathBuf, Vec<(Edit, usize)>> = BTreeMap::new();
    let mut entries: BTreeMap<PathBuf, BTreeMap<String, String>> = BTreeMap::new();
    let mut texts: BTreeMap<PathBuf, Option<String>> = BTreeMap::new();
    let mut text_of = |path: &Path| -> Option<String> {
        texts
            .entry(path.to_owned())
            .or_insert_with(|| current_text(report, read(path)?, path))
            .clone()
    };
    for d in &report.diagnostics {
        let Some(fix) = &d.fix else { continue };
        let file = &d.location.file;
        match fix {
            Fix::AddText { file, key, name } => {
                entries
                    .entry(file.clone())
                    .or_default()
                    .insert(key.clone(), name.clone());
            }
            Fix::Replace { from, to } => {
                let Some(text) = text_of(file) else {
                    plan.skipped.push(unreadable(d));
                    continue;
                };
                match replace(&text, d, from, to) {
                    Some(edit) => by_file.entry(file.clone()).or_default().push((edit, 1)),
                    None => plan.skipped.push(moved(d)),
                }
            }
            Fix::DeleteItem => {
                let Some(text) = text_of(file) else {
                    plan.skipped.push(unreadable(d));
                    continue;
                };
                match delete_item(&text, d) {
                    Some(edit) => by_file.entry(file.clone()).or_default().push((edit, 1)),
                    None => plan.skipped.push(moved(d)),
                }
            }
        }
    }
    for (file, add) in entries {
        let name = display_path(&file);
        let Some(text) = text_of(&file) else {
            plan.skipped
                .push(format!("{name}: cannot be read; no text entry added"));
            continue;
        };
        match add_entries(&file, &text, &add) {
            Some(edit) => by_file
                .entry(file.clone())
                .or_default()
                .push((edit, add.len())),
            None => plan.skipped.push(format!(
                "{name}: its `entries` map was not found; no text entry added"
            )),
        }
    }
    for (path, mut edits) in by_file {
        let Some(before) = text_of(&path) else {
            continue;
        };
        edits.sort_by_key(|(e, _)| (e.span.start, e.span.end));
        let mut after = String::with_capacity(before.len());
        let mut at = 0;
        let mut fixed = 0;
        for (edit, count) in edits {
            if edit.span.start < at {
                plan.skipped.push(format!(
                    "{}: two fixes change the same text; run --fix again for the second",
                    display_path(&path)
                ));
                continue;
            }
            after.push_str(&before[at..edit.span.start]);
            after.push_str(&edit.text);
            at = edit.span.end;
            fixed += count;
        }
        after.push_str(&before[at..]);
        // the last guard: a fix never leaves a file that reads worse than it did
        if after != before && reads_worse(&path, &before, &after) {
            plan.skipped.push(format!(
                "{}: its fixes would have made it unreadable, so it is left as it is (please report this)",
                display_path(&path)
            ));
            continue;
        }
        // written by the in-place writer from the text as it is: what the edits change in the
        // model, in the file's style, comments and line endings kept; never reprinted
        if after == before {
            continue;
        }
        let Some(kind) = path
            .file_name()
            .and_then(|n| crate::file_kind::FileKind::of(&n.to_string_lossy()))
        else {
            continue;
        };
        let after = match crate::in_place::save_edited(kind, &before, &after) {
            Ok(text) => text,
            Err(why) => {
                plan.skipped.push(format!(
                    "{}: not fixed: it cannot be edited in place ({why})",
                    display_path(&path)
                ));
                continue;
            }
        };
        if after != before {
            plan.files.push(FileFix {
                path,
                before,
                after,
                fixed,
            });
        }
    }
    plan
}

/// Whether `after` reads worse than `before` as the file at `path`: more syntax errors, or
/// more problems of reading in all (syntax, schema).
fn reads_worse(path: &Path, before: &str, after: &str) -> bool {
    let problems = |text: &str| {
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut found = Vec::new();
        crate::load::load_texts(dir, &[(path.to_owned(), text.to_owned())], &mut found);
        let syntax = found.iter().filter(|d| d.code == "L003").count();
        (syntax, found.len())
    };
    let (before, after) = (problems(before), problems(after));
    after.0 > before.0 || after.1 > before.1
}

/// The text a fix is made against: what the check read, if the file is still the same on disk
/// (else nothing: the findings' places may have moved).
fn current_text(report: &Report, disk: String, path: &Path) -> Option<String> {
    match report.source(path) {
        Some(src) if src.text != disk => None,
        _ => Some(disk),
    }
}

fn unreadable(d: &Diagnostic) -> String {
    format!(
        "{}: changed since it was checked, or cannot be read; {} not fixed",
        display_path(&d.location.file),
        d.code
    )
}

fn moved(d: &Diagnostic) -> String {
    let at = d
        .location
        .start
        .map_or(String::new(), |s| format!(":{}:{}", s.line, s.column));
    format!(
        "{}{at}: {} not fixed: the text there is not what the fix expects",
        display_path(&d.location.file),
        d.code
    )
}

/// The string literal the finding points at, `from` and nothing else, written as `to`.
fn replace(text: &str, d: &Diagnostic, from: &str, to: &str) -> Option<Edit> {
    let span = d.location.span.clone()?;
    let literal = text.get(span.clone())?;
    // a plain "..." literal holding exactly the misspelt id (an escaped one is left alone)
    let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
    if inner != from || inner.contains('\\') {
        return None;
    }
    Some(Edit {
        span,
        text: canonical::quote(to),
    })
}

/// The list item the finding points at, with its comma; its whole line when it is alone on it.
fn delete_item(text: &str, d: &Diagnostic) -> Option<Edit> {
    let span = d.location.span.clone()?;
    let item = text.get(span.clone())?;
    if !(item.starts_with('(') && item.ends_with(')')) {
        return None;
    }
    let bytes = text.as_bytes();
    let mut end = span.end;
    while matches!(bytes.get(end), Some(b' ' | b'\t')) {
        end += 1;
    }
    if bytes.get(end) == Some(&b',') {
        end += 1;
    }
    while matches!(bytes.get(end), Some(b' ' | b'\t')) {
        end += 1;
    }
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let alone = text[line_start..span.start].trim().is_empty()
        && matches!(bytes.get(end), None | Some(b'\n' | b'\r'));
    if alone {
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
        return Some(Edit {
            span: line_start..line_end,
            text: String::new(),
        });
    }
    Some(Edit {
        span: span.start..end,
        text: String::new(),
    })
}

/// The entries, one per line in key order, added at the end of the file's `entries` map, in
/// the layout of the entries before them.
fn add_entries(path: &Path, text: &str, add: &BTreeMap<String, String>) -> Option<Edit> {
    let src = SourceFile::new(path.to_owned(), text.to_owned());
    let span = src.at("/entries").span?;
    let map = text.get(span.clone())?;
    if !(map.starts_with('{') && map.ends_with('}')) {
        return None;
    }
    let close = span.end - 1;
    let line_start = text[..close].rfind('\n').map_or(0, |i| i + 1);
    let closer_alone = text[line_start..close].trim().is_empty();
    // the last thing before the closing brace that is not a comment: `{` (empty map), `,`, or
    // the last entry, which then needs a comma (after it, not after a comment that follows it)
    let last = &text[..last_code(text, close)?];
    let needs_comma = !(last.ends_with('{') || last.ends_with(','));
    let newline = crate::text_style::TextStyle::of(text).newline();
    let lines: Vec<String> = add
        .iter()
        .map(|(k, n)| format!("{}: (name: {}),", canonical::quote(k), canonical::quote(n)))
        .collect();
    if closer_alone {
        let indent = &text[line_start..close];
        let mut out = String::new();
        for l in &lines {
            out.push_str(indent);
            out.push_str("    ");
            out.push_str(l);
            out.push_str(newline);
        }
        // a comma after the last entry, where it ends: after `last`
        if needs_comma {
            return Some(Edit {
                span: last.len()..line_start,
                text: format!(",{}{out}", &text[last.len()..line_start]),
            });
        }
        return Some(Edit {
            span: line_start..line_start,
            text: out,
        });
    }
    // `entries: {}` or everything on one line: the entries on that line
    let mut out = String::new();
    if needs_comma {
        out.push_str(", ");
    }
    out.push_str(&lines.join(" "));
    Some(Edit {
        span: last.len()..last.len(),
        text: out,
    })
}

/// The end of the last code before `at`, past whitespace and line comments; `None` when a
/// block comment is in the way (rare in game files, and not worth a guess).
fn last_code(text: &str, at: usize) -> Option<usize> {
    let mut end = at;
    loop {
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[line_start..end];
        let code = match crate::comment::first_comment(line) {
            Some(c) if line[c..].starts_with("/*") => return None,
            Some(c) => &line[..c],
            None => line,
        };
        if code.contains("*/") {
            return None;
        }
        let trimmed = code.trim_end();
        if !trimmed.is_empty() || line_start == 0 {
            return Some(line_start + trimmed.len());
        }
        end = line_start - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::m002_duplicate_link::M002;

    fn report_with(path: &Path, text: &str, span: Range<usize>, fix: Fix) -> Report {
        let src = SourceFile::new(path.to_owned(), text.to_owned());
        let d = Diagnostic::new(&M002, "test", src.at_span(span)).with_fix(fix);
        Report {
            diagnostics: vec![d],
            sources: vec![std::sync::Arc::new(src)],
            ..Report::default()
        }
    }

    /// A fix whose edit would break the file (here a "list item" that is a field's value) is
    /// dropped whole by the last guard, with a note.
    #[test]
    fn a_fix_that_would_break_the_syntax_is_not_made() {
        let path = Path::new("g/map.ron");
        let text = "(\n    spaces: [],\n    links: [(a: \"x\", b: \"y\", kind: \"normal\")],\n    backdrop: Some((\"a\")),\n)\n";
        let start = text.find("((\"a\"))").unwrap() + 1;
        let report = report_with(path, text, start..start + 5, Fix::DeleteItem);
        let plan = plan_with(&report, |_| Some(text.to_owned()));
        assert!(plan.files.is_empty(), "{:?}", plan.files);
        assert!(
            plan.skipped[0].contains("would have made it unreadable"),
            "{:?}",
            plan.skipped
        );
    }

    #[test]
    fn an_entry_goes_after_the_last_entry_not_into_its_comment() {
        let path = Path::new("g/text.en.ron");
        let text = "(\n    language: \"en\",\n    entries: {\n        \"space:a\": (name: \"A\") // last\n    },\n)\n";
        let fix = Fix::AddText {
            file: path.to_owned(),
            key: "space:b".into(),
            name: "B".into(),
        };
        let report = report_with(path, text, 0..1, fix);
        let plan = plan_with(&report, |_| Some(text.to_owned()));
        assert_eq!(
            plan.files[0].after,
            "(\n    language: \"en\",\n    entries: {\n        \"space:a\": (name: \"A\"), // last\n        \"space:b\": (name: \"B\"),\n    },\n)\n"
        );
    }
}
