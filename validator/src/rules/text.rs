//! Text and translations: T001 missing source text, T002 missing translations (coverage),
//! T003 stale translations, T004 placeholders that name nothing, T005 placeholders that differ
//! from the source, T006 translations that do not record their source.

use rustc_hash::FxHashSet;

use crate::diagnostic::Diagnostic;
use crate::load::GameFolder;
use crate::load::spans::child;
use crate::model::{SourceRecord, TextEntry};

use super::ids::Ids;
use super::world::list_some;

pub fn check(folder: &GameFolder, ids: &Ids<'_>, out: &mut Vec<Diagnostic>) {
    let Some(game) = &folder.game else { return };
    let source_lang = &game.value.source_language;
    let Some((_, source)) = folder.texts.iter().find(|(l, _)| l == source_lang) else {
        return;
    };

    // T001: every card, space and unit has source text
    // (key, file, pointer of the id): the location is built only for a missing entry
    let mut needed: Vec<(String, &crate::load::SourceFile, String)> = Vec::new();
    let spaces = folder.map.iter().flat_map(|m| {
        m.value
            .spaces
            .iter()
            .enumerate()
            .map(move |(i, s)| ("space:", &s.id, &*m.src, i, "spaces"))
    });
    let units = folder.units.iter().flat_map(|u| {
        u.value
            .units
            .iter()
            .enumerate()
            .map(move |(i, x)| ("unit:", &x.id, &*u.src, i, "units"))
    });
    let cards = folder.cards.iter().flat_map(|c| {
        c.value
            .cards
            .iter()
            .enumerate()
            .map(move |(i, x)| ("card:", &x.id, &*c.src, i, "cards"))
    });
    // one buffer for every key looked up, in a hash set of the keys (a lookup in the map
    // itself compares about ten keys)
    let has_text: FxHashSet<&str> = source.value.entries.keys().map(String::as_str).collect();
    let mut key = String::new();
    for (kind, id, src, i, list) in spaces.chain(units).chain(cards) {
        key.clear();
        key.push_str(kind);
        key.push_str(id);
        if !has_text.contains(key.as_str()) {
            needed.push((key.clone(), src, format!("/{list}/{i}/id")));
        }
    }
    for (key, src, pointer) in needed {
        out.push(
            Diagnostic::new(
                "T001",
                format!("`{key}` has no text in the source language `{source_lang}`"),
                src.at(&pointer),
            )
            .with_label("no name in text.".to_owned() + source_lang + ".ron")
            .with_help(format!(
                "add `\"{key}\": (name: \"...\")` to text.{source_lang}.ron"
            )),
        );
    }

    for (lang, doc) in &folder.texts {
        // T004: placeholders resolve, in every language
        for (key, entry) in &doc.value.entries {
            for ph in placeholder_slices(entry.text.as_deref().unwrap_or_default()) {
                if resolves(ph, ids) == Some(false) {
                    out.push(
                        Diagnostic::new("T004", format!("placeholder `{{{ph}}}` names nothing"), doc.at(&child(&child("/entries", key), "text")))
                            .with_help("placeholders are `{card:<id>}`, `{space:<id>}`, `{unit:<id>}`, `{faction:<id>}`, `{side:<id>}` or `{area:<id>}`, with an existing id"),
                    );
                }
            }
        }
        if lang == source_lang {
            continue;
        }
        let mut missing = Vec::new();
        // both maps are sorted by key: walk them side by side rather than look each key up
        let mut translated = doc.value.entries.iter().peekable();
        for (key, src) in &source.value.entries {
            while translated.next_if(|(k, _)| *k < key).is_some() {}
            let Some((_, tr)) = translated.next_if(|(k, _)| *k == key) else {
                missing.push(key.as_str());
                continue;
            };
            // pointers and messages are built only for a finding (most entries have none)
            let pointer = || child("/entries", key);
            // T005: same placeholders as the source (in any order; most translations keep
            // the source's order, so only a difference in order costs the sorted lists)
            let (src_text, tr_text) = (
                src.text.as_deref().unwrap_or_default(),
                tr.text.as_deref().unwrap_or_default(),
            );
            let mut want: Vec<&str> = Vec::new();
            let mut got: Vec<&str> = Vec::new();
            if !placeholder_slices(src_text).eq(placeholder_slices(tr_text)) {
                want.extend(placeholder_slices(src_text));
                got.extend(placeholder_slices(tr_text));
                want.sort_unstable();
                got.sort_unstable();
            }
            if want != got {
                let (want, got): (Vec<String>, Vec<String>) = (
                    want.iter().map(|p| p.to_string()).collect(),
                    got.iter().map(|p| p.to_string()).collect(),
                );
                out.push(
                    Diagnostic::new("T005", format!("the placeholders of `{key}` differ from the source text"), doc.at(&child(&pointer(), "text")))
                        .with_label(format!("has {}", show(&got)))
                        .with_help(format!("the {source_lang} text has {}; a translation keeps every placeholder of its source", show(&want))),
                );
            }
            // T006 and T003: the translation records its source, and that source is today's
            match &tr.source {
                None => out.push(
                    Diagnostic::new("T006", format!("the translation of `{key}` does not record its source text"), doc.at_key(&pointer()))
                        .with_help(format!("add `source: (name: \"{}\"...)` with the {source_lang} text it was made from, so later changes show up as stale", src.name)),
                ),
                Some(recorded) if recorded.name != src.name || recorded.text != src.text => out.push(
                    Diagnostic::new("T003", format!("the translation of `{key}` is stale: its {source_lang} source changed"), doc.at_key(&pointer()))
                        .with_label("translated from an older source")
                        .with_help(format!("{}; update the translation, then its `source`", diff(recorded, src))),
                ),
                Some(_) => {}
            }
        }
        // T002: coverage
        if !missing.is_empty() {
            let total = source.value.entries.len();
            let done = total - missing.len();
            out.push(
                Diagnostic::new(
                    "T002",
                    format!(
                        "text.{lang}.ron translates {done} of {total} entries ({}%)",
                        done * 100 / total.max(1)
                    ),
                    doc.at("/entries"),
                )
                .with_label(format!("{} missing", missing.len()))
                .with_help(format!("missing: {}", list_some(&missing, 10))),
            );
        }
    }
}

/// The placeholders in a text: `{card:x}` -> `card:x`.
pub fn placeholders(text: &str) -> Vec<String> {
    placeholder_slices(text).map(str::to_owned).collect()
}

/// The placeholders in a text, borrowed from it.
pub fn placeholder_slices(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let open = rest.find('{')?;
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        rest = &after[close + 1..];
        Some(&after[..close])
    })
}

/// Whether a placeholder names something: None when its kind's file did not load.
fn resolves(ph: &str, ids: &Ids<'_>) -> Option<bool> {
    let Some((kind, id)) = ph.split_once(':') else {
        return Some(false);
    };
    let table = match kind {
        "card" => &ids.cards,
        "space" => &ids.spaces,
        "unit" => &ids.units,
        "faction" => &ids.factions,
        "side" => &ids.sides,
        "area" => &ids.areas,
        _ => return Some(false),
    };
    table.loaded.then(|| table.contains(id))
}

fn show(list: &[String]) -> String {
    if list.is_empty() {
        "no placeholder".into()
    } else {
        list.iter()
            .map(|p| format!("`{{{p}}}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What changed between the recorded source and today's.
fn diff(recorded: &SourceRecord, now: &TextEntry) -> String {
    let mut parts = Vec::new();
    if recorded.name != now.name {
        parts.push(format!(
            "name was \"{}\", now \"{}\"",
            recorded.name, now.name
        ));
    }
    if recorded.text != now.text {
        parts.push(format!(
            "text was \"{}\", now \"{}\"",
            recorded.text.as_deref().unwrap_or_default(),
            now.text.as_deref().unwrap_or_default()
        ));
    }
    parts.join("; ")
}
