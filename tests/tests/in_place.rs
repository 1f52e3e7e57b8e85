//! Saving keeps what a designer wrote: random edits (change a value, rename, add, remove, move,
//! reorder) on every shipped game file and valid fixture, saved in place. After each save the
//! file reads back as the model saved, every comment of an entity still there is still there,
//! in order, and lines of entities no edit touched are unchanged.

mod common;

use common::game_files as files;
use orbat_validator::file_kind::{FileKind, FileValue};
use orbat_validator::in_place::{reread, save_text};
use proptest::prelude::*;
use serde_json::Value;

fn model(kind: FileKind, text: &str) -> Option<FileValue> {
    let canonical = reread(kind, text)?;
    let (parsed, _) = orbat_validator::load::ron_json::parse(&canonical).ok()?;
    FileValue::from_json(kind, parsed.value).ok()
}

/// One edit of a top-level list of entities (chosen by `list`, `at`, `other` modulo sizes).
#[derive(Debug, Clone)]
enum Edit {
    ChangeNumber { list: usize, at: usize },
    Rename { list: usize, at: usize },
    Add { list: usize, at: usize },
    Remove { list: usize, at: usize },
    Move { list: usize, at: usize, to: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    let (l, a, t) = (0..8usize, 0..10_000usize, 0..10_000usize);
    prop_oneof![
        (l.clone(), a.clone()).prop_map(|(list, at)| Edit::ChangeNumber { list, at }),
        (l.clone(), a.clone()).prop_map(|(list, at)| Edit::Rename { list, at }),
        (l.clone(), a.clone()).prop_map(|(list, at)| Edit::Add { list, at }),
        (l.clone(), a.clone()).prop_map(|(list, at)| Edit::Remove { list, at }),
        (l, a, t).prop_map(|(list, at, to)| Edit::Move { list, at, to }),
    ]
}

/// The top-level lists of objects in a file's JSON value (spaces, links, units, cards...).
fn lists(v: &mut Value) -> Vec<&mut Vec<Value>> {
    let Value::Object(fields) = v else {
        return Vec::new();
    };
    fields
        .values_mut()
        .filter_map(|f| match f {
            Value::Array(items) if items.first().is_some_and(Value::is_object) => Some(items),
            _ => None,
        })
        .collect()
}

/// Applies `e`; returns the ids (or first texts) of the entities it touched.
fn apply(v: &mut Value, e: &Edit, n: usize) -> Vec<String> {
    let mut ls = lists(v);
    if ls.is_empty() {
        return Vec::new();
    }
    let name = |item: &Value| {
        item.as_object()
            .and_then(|o| o.values().find_map(Value::as_str))
            .unwrap_or("")
            .to_owned()
    };
    let (list, at) = match e {
        Edit::ChangeNumber { list, at }
        | Edit::Rename { list, at }
        | Edit::Add { list, at }
        | Edit::Remove { list, at }
        | Edit::Move { list, at, .. } => (*list, *at),
    };
    let which = list % ls.len();
    let items = &mut ls[which];
    if items.is_empty() {
        return Vec::new();
    }
    let at = at % items.len();
    let touched = name(&items[at]);
    match e {
        Edit::ChangeNumber { .. } => {
            if let Some(o) = items[at].as_object_mut()
                && let Some(x) = o.values_mut().find(|x| x.is_u64())
            {
                *x = Value::from(x.as_u64().unwrap() % 7 + 1);
            }
        }
        Edit::Rename { .. } => {
            if let Some(o) = items[at].as_object_mut()
                && let Some(Value::String(s)) = o.get_mut("id")
            {
                s.push_str(&format!("-renamed{n}"));
            }
        }
        Edit::Add { .. } => {
            let mut copy = items[at].clone();
            if let Some(o) = copy.as_object_mut()
                && let Some(Value::String(s)) = o.get_mut("id")
            {
                s.push_str(&format!("-copy{n}"));
            }
            items.insert(at + 1, copy);
        }
        Edit::Remove { .. } => {
            items.remove(at);
        }
        Edit::Move { to, .. } => {
            let item = items.remove(at);
            let to = to % (items.len() + 1);
            items.insert(to, item);
        }
    }
    vec![touched]
}

fn comment_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains("//"))
        .map(str::trim)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn saving_in_place_keeps_comments_and_untouched_lines(
        file in 0..1000usize,
        edits in proptest::collection::vec(edit(), 1..5),
    ) {
        let all = files();
        let (path, kind, text) = &all[file % all.len()];
        let Some(was) = model(*kind, text) else { return Ok(()) };
        let mut json = was.to_json().unwrap();
        let mut touched = Vec::new();
        let mut removed_or_moved = false;
        for (n, e) in edits.iter().enumerate() {
            touched.extend(apply(&mut json, e, n));
            removed_or_moved |= matches!(e, Edit::Remove { .. } | Edit::Move { .. });
        }
        let Ok(now) = FileValue::from_json(*kind, json) else { return Ok(()) };
        let out = save_text(text, &was, &now)
            .map_err(|r| TestCaseError::fail(format!("{}: refused: {r}", path.display())))?;
        // read back as saved (save_text checks it too: this is the test's own look)
        prop_assert_eq!(model(*kind, &out), Some(now.clone()), "{}", path.display());
        // every untouched line is still there, as it was
        let kept: std::collections::HashSet<&str> = out.lines().collect();
        for line in text.lines() {
            let untouched = !touched.iter().any(|t| !t.is_empty() && line.contains(&format!("\"{t}\"")));
            if untouched && !line.trim().is_empty() && !removed_or_moved {
                prop_assert!(kept.contains(line), "{}: lost line {:?}", path.display(), line);
            }
        }
        // comments: none lost unless its entity went; none invented
        let before = comment_lines(text);
        let after = comment_lines(&out);
        if !removed_or_moved {
            prop_assert_eq!(&before, &after, "{}", path.display());
        } else {
            for c in &after {
                prop_assert!(before.contains(c), "{}: comment {:?} invented", path.display(), c);
            }
        }
    }
}

#[test]
fn every_shipped_file_saves_unchanged_when_nothing_changed_and_in_place_when_one_value_did() {
    for (path, kind, text) in files() {
        let Some(was) = model(kind, &text) else {
            continue;
        };
        assert_eq!(save_text(&text, &was, &was).unwrap(), text);
        let mut json = was.to_json().unwrap();
        let touched = apply(&mut json, &Edit::ChangeNumber { list: 0, at: 1 }, 0);
        let Ok(now) = FileValue::from_json(kind, json) else {
            continue;
        };
        let out = save_text(&text, &was, &now)
            .unwrap_or_else(|r| panic!("{}: refused: {r}", path.display()));
        let changed = text
            .lines()
            .zip(out.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            changed <= 1 && text.lines().count() == out.lines().count(),
            "{}: {changed} lines changed for {touched:?}",
            path.display()
        );
        assert_eq!(comment_lines(&text), comment_lines(&out));
    }
}
