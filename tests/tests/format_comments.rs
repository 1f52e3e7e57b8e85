//! Formatting keeps comments (what `--format-write` writes, `orbat_validator::format`): over
//! every shipped game file and valid fixture, and over those files formatted and then given
//! comments at random (line and block comments, on lines of their own, at ends of lines, and
//! after a comma or an opening bracket inside a value written on one line), formatting twice
//! gives the text formatting once gives, the model read back is the model before, and every
//! comment survives, in order (or, where the canonical form reorders entities, with them).

mod common;

use common::game_files;
use orbat_validator::comment::comments;
use orbat_validator::file_kind::{FileKind, FileValue};
use orbat_validator::format::format_text;
use orbat_validator::in_place::reread;
use proptest::prelude::*;

fn model(kind: FileKind, text: &str) -> Option<FileValue> {
    let canonical = reread(kind, text)?;
    let (parsed, _) = orbat_validator::load::ron_json::parse(&canonical).ok()?;
    FileValue::from_json(kind, parsed.value).ok()
}

/// The texts of a text's comments, in order.
fn comment_texts(text: &str) -> Vec<&str> {
    comments(text)
        .into_iter()
        .map(|r| text[r].trim_end())
        .collect()
}

/// Formats `text` and checks the three properties; returns the formatted text. Comments move
/// with the entities they belong to, so they keep their order when the text has its entities in
/// the canonical order already (`in_order`); else they are the same comments.
fn formatted(
    what: &str,
    kind: FileKind,
    text: &str,
    in_order: bool,
) -> Result<String, TestCaseError> {
    let once = format_text(kind, text)
        .ok_or_else(|| TestCaseError::fail(format!("{what}: not formatted:\n{text}")))?;
    let twice = format_text(kind, &once);
    prop_assert_eq!(
        twice.as_deref(),
        Some(once.as_str()),
        "{}: a second pass changes it",
        what
    );
    prop_assert!(
        model(kind, &once) == model(kind, text),
        "{}: another model",
        what
    );
    let (mut after, mut before) = (comment_texts(&once), comment_texts(text));
    if !in_order {
        after.sort_unstable();
        before.sort_unstable();
    }
    prop_assert_eq!(after, before, "{}", what);
    Ok(once)
}

/// Byte offsets just after a `,` or an opening bracket, outside strings and comments.
fn inner_points(text: &str) -> Vec<usize> {
    let skip = comments(text);
    let b = text.as_bytes();
    let (mut out, mut i, mut in_string) = (Vec::new(), 0, false);
    while i < b.len() {
        if let Some(r) = skip.iter().find(|r| r.start == i) {
            i = r.end;
            continue;
        }
        match b[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b',' | b'(' | b'[' | b'{' if !in_string => out.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    out
}

/// One comment put into a text: where (`at`, modulo the places of its sort) and how.
#[derive(Debug, Clone)]
struct Insert {
    place: u8,
    at: usize,
    block: bool,
}

fn insert() -> impl Strategy<Value = Insert> {
    (0..3u8, 0..100_000usize, any::<bool>()).prop_map(|(place, at, block)| Insert {
        place,
        at,
        block,
    })
}

/// `text` with comment `n` put in as `i` says: on a line of its own before a line, at the end
/// of a line (before the line's own comment, if it has one), or after a comma or bracket.
fn put(text: &str, i: &Insert, n: usize) -> String {
    let comment = if i.block {
        format!("/* c{n} */")
    } else {
        format!("// c{n}")
    };
    let inside = |pos: usize| comments(text).iter().any(|r| r.start < pos && pos < r.end);
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(k, _)| k + 1))
        .filter(|&k| k < text.len() && !inside(k))
        .collect();
    let (pos, piece) = match i.place {
        0 => (starts[i.at % starts.len()], format!("{comment}\n")),
        1 => {
            let start = starts[i.at % starts.len()];
            let line_end = text[start..].find('\n').map_or(text.len(), |k| start + k);
            // a line comment ends the line: the new one goes before it
            let end = comments(text)
                .into_iter()
                .find(|r| {
                    start <= r.start && r.start < line_end && text[r.clone()].starts_with("//")
                })
                .map_or(line_end, |r| r.start);
            (
                end,
                format!(" {comment}{}", if end < line_end { " " } else { "" }),
            )
        }
        _ => {
            let points = inner_points(text);
            if points.is_empty() {
                return text.to_owned();
            }
            let pos = points[i.at % points.len()];
            let piece = if i.block {
                format!(" {comment} ")
            } else {
                format!(" {comment}\n")
            };
            (pos, piece)
        }
    };
    // a line comment at the end of a line, or one before another on its line, needs its own
    // line: `// c1 /* c0 */` would be one comment
    let piece = if !i.block && i.place == 1 && !text[pos..].starts_with(['\n', '\r']) {
        format!(" {comment}\n")
    } else {
        piece
    };
    format!("{}{piece}{}", &text[..pos], &text[pos..])
}

#[test]
fn every_shipped_file_formats_with_its_comments_kept() {
    for (path, kind, text) in game_files() {
        let what = path.display().to_string();
        if model(kind, &text).is_none() {
            continue;
        }
        // a fixture may write fields out of the canonical order: its comments move with them
        formatted(&what, kind, &text, false).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn comments_put_anywhere_survive_formatting_in_order(
        file in 0..1000usize,
        inserts in proptest::collection::vec(insert(), 1..8),
    ) {
        let all = game_files();
        let (path, kind, text) = &all[file % all.len()];
        if model(*kind, text).is_none() {
            return Ok(());
        }
        // the file in the canonical form (its entities in the canonical order), then the
        // comments put in
        let mut text = formatted(&path.display().to_string(), *kind, text, false)?;
        for (n, i) in inserts.iter().enumerate() {
            text = put(&text, i, n);
        }
        let what = format!("{} with {inserts:?}", path.display());
        prop_assert!(model(*kind, &text).is_some(), "{}: does not read:\n{}", what, text);
        formatted(&what, *kind, &text, true)?;
    }
}
