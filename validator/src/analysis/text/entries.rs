//! What the text rules share: the source language's file, the translations beside it entry
//! by entry, and the placeholders of a text.

use std::cmp::Ordering;

use crate::load::{Doc, GameFolder};
use crate::model::{Id, TextEntry, TextFile, compare};

/// The source language and its text file, when the game and that file loaded.
pub fn source(folder: &GameFolder) -> Option<(&str, &Doc<TextFile>)> {
    let lang = &folder.game.as_ref()?.value.source_language;
    let (_, doc) = folder.texts.iter().find(|(l, _)| l == lang)?;
    Some((lang, doc))
}

/// The translations: every text file but the source language's, with its language.
pub fn translations<'f>(
    folder: &'f GameFolder,
    source_lang: &'f str,
) -> impl Iterator<Item = (&'f str, &'f Doc<TextFile>)> {
    folder
        .texts
        .iter()
        .filter(move |(l, _)| l != source_lang)
        .map(|(l, d)| (l.as_str(), d))
}

/// Each source entry beside its translation, if any. Both maps are sorted by key: they are
/// walked side by side rather than each key looked up.
pub fn side_by_side<'f>(
    source: &'f TextFile,
    translation: &'f TextFile,
) -> impl Iterator<Item = (&'f Id, &'f TextEntry, Option<&'f TextEntry>)> {
    let mut translated = translation.entries.iter().peekable();
    source.entries.iter().map(move |(key, src)| {
        // one comparison of each pair of keys met
        let tr = loop {
            let Some((k, _)) = translated.peek() else {
                break None;
            };
            match compare::cmp(k, key) {
                Ordering::Less => _ = translated.next(),
                Ordering::Equal => break translated.next().map(|(_, t)| t),
                Ordering::Greater => break None,
            }
        };
        (key, src, tr)
    })
}

/// The placeholders in a text: `{card:x}` -> `card:x`.
pub fn placeholders(text: &str) -> Vec<String> {
    placeholder_slices(text).map(str::to_owned).collect()
}

/// The placeholders in a text, borrowed from it. Searched with the `memchr` crate: every
/// text of every language is searched, most holding no placeholder, and `str::find` took
/// some 1.5% of a check of the corpus of real-sized games (BENCHMARKS.md, session 22).
pub fn placeholder_slices(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = if holds_open_brace(text.as_bytes()) {
        text
    } else {
        ""
    };
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        // `{` and `}` are ASCII: the slices cut at them are on char boundaries
        let open = memchr::memchr(b'{', rest.as_bytes())?;
        let after = &rest[open + 1..];
        let close = memchr::memchr(b'}', after.as_bytes())?;
        rest = &after[close + 1..];
        Some(&after[..close])
    })
}

/// Whether `text` holds a `{`. A short text (a name, most of them) is searched in line,
/// eight bytes at a time: the call to `memchr` for each of a translation's names and texts,
/// its own and its source's, cost more than the search (BENCHMARKS.md, session 23).
#[inline]
fn holds_open_brace(text: &[u8]) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    let n = text.len();
    if n > 32 {
        return memchr::memchr(b'{', text).is_some();
    }
    if n < 8 {
        return text.contains(&b'{');
    }
    // a word holds a `{` when the word xor `{` in every byte holds a zero byte
    let brace_in = |at: usize| {
        let word = u64::from_le_bytes(text[at..at + 8].try_into().unwrap_or([0; 8]));
        let x = word ^ (ONES * u64::from(b'{'));
        x.wrapping_sub(ONES) & !x & HIGHS != 0
    };
    // the words from the start, then the last eight bytes (overlapping the one before)
    (0..n - 8).step_by(8).any(brace_in) || brace_in(n - 8)
}

#[cfg(test)]
mod tests {
    use super::{holds_open_brace, placeholder_slices, side_by_side};
    use crate::model::{TextEntry, TextFile};

    #[test]
    fn an_open_brace_is_found_at_every_place_in_texts_of_every_length() {
        for n in 0..=48 {
            let plain = "a".repeat(n);
            assert!(!holds_open_brace(plain.as_bytes()), "{n}");
            for at in 0..n {
                let mut text = plain.clone().into_bytes();
                text[at] = b'{';
                assert!(holds_open_brace(&text), "{n} {at}");
                // bytes near `{` in value, or with its low seven bits, do not count
                for near in [b'z', b'|', b';', 0xfb, 0x7a, 0x00] {
                    text[at] = near;
                    assert!(!holds_open_brace(&text), "{n} {at} {near}");
                }
            }
        }
        let found: Vec<&str> = placeholder_slices("a {x} b {y:z} {").collect();
        assert_eq!(found, ["x", "y:z"]);
        assert_eq!(placeholder_slices("no placeholder here").count(), 0);
    }

    fn file(keys: &[&str]) -> TextFile {
        let entry = |k: &str| {
            let text = TextEntry {
                name: k.into(),
                text: None,
                source: None,
            };
            (k.to_owned(), text)
        };
        TextFile {
            language: "xx".into(),
            entries: keys.iter().map(|k| entry(k)).collect(),
        }
    }

    #[test]
    fn each_source_entry_meets_its_translation_and_no_other() {
        let source = file(&["b", "d", "f", "h"]);
        let translation = file(&["a", "b", "c", "f", "g", "i"]);
        let met: Vec<(&str, Option<&str>)> = side_by_side(&source, &translation)
            .map(|(key, src, tr)| {
                assert_eq!(src.name, *key);
                (key.as_str(), tr.map(|t| t.name.as_str()))
            })
            .collect();
        assert_eq!(
            met,
            [("b", Some("b")), ("d", None), ("f", Some("f")), ("h", None)]
        );
        let empty = file(&[]);
        assert_eq!(
            side_by_side(&source, &empty)
                .filter(|m| m.2.is_some())
                .count(),
            0
        );
        assert_eq!(side_by_side(&empty, &translation).count(), 0);
    }
}
