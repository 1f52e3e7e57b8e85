//! Builds the index from the texts: every string literal with its field ([`literals`]),
//! judged by what that field holds (an id's definition, a reference of some kinds, a text
//! key, a text with placeholders).

use std::collections::HashSet;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use orbat_validator::FileKind;

use super::{Index, Kind, Occurrence, Role, UNIT_VALUE};
use crate::context::literals;
use crate::kinds::{TEXT_KEY_KINDS, file_kind, kinds_for};

/// The fields that define ids, by file kind.
const DEFINITIONS: &[(FileKind, &str, Kind)] = &[
    (FileKind::Game, "sides/id", "side"),
    (FileKind::Game, "factions/id", "faction"),
    (FileKind::Game, "terrains/id", "terrain"),
    (FileKind::Game, "location_kinds/id", "location kind"),
    (FileKind::Game, "link_kinds/id", "link kind"),
    (FileKind::Game, "unit_kinds/id", "unit kind"),
    (FileKind::Game, "areas/id", "area"),
    (FileKind::Game, "decks/id", "deck"),
    (FileKind::Game, "tracks/id", "track"),
    (FileKind::Game, "marker_kinds/id", "marker kind"),
    (FileKind::Game, "rulesets/id", "ruleset"),
    (FileKind::Game, "unit_flags/id", "unit flag"),
    (FileKind::Game, "unit_values", UNIT_VALUE),
    (FileKind::Map, "spaces/id", "space"),
    (FileKind::Units, "units/id", "unit"),
    (FileKind::Cards, "cards/id", "card"),
];

/// The text fields whose `{kind:id}` placeholders are uses of ids.
const TEXT_FIELDS: &[&str] = &[
    "entries/name",
    "entries/text",
    "entries/source/name",
    "entries/source/text",
];

/// A reference that may name ids of several kinds: which, is known once every definition is.
struct Undecided {
    file: usize,
    span: Range<usize>,
    kinds: Vec<Kind>,
}

/// Indexes a folder's texts (`(path, text)` per game file).
pub fn scan<'t>(inputs: impl IntoIterator<Item = (&'t Path, &'t str)>) -> Index {
    let inputs: Vec<(&Path, &str)> = inputs.into_iter().collect();
    let files: Vec<Arc<Path>> = inputs.iter().map(|(p, _)| Arc::from(*p)).collect();
    let mut lists: Vec<Vec<Occurrence>> = vec![Vec::new(); inputs.len()];
    let mut undecided = Vec::new();
    for (n, &(path, text)) in inputs.iter().enumerate() {
        let Some(file_kind) = file_kind(path) else {
            continue;
        };
        let list = &mut lists[n];
        let mut add = |span: Range<usize>, kind: Kind, role: Role| {
            list.push(Occurrence {
                file: files[n].clone(),
                id: text[span.clone()].to_owned(),
                span,
                kind,
                role,
            });
        };
        literals(text, |field, literal| {
            let value = &text[literal.span.clone()];
            if file_kind == FileKind::Text {
                if literal.key && field == "entries" {
                    if let Some((kind, at)) = text_key(value) {
                        let start = literal.span.start + at;
                        add(start..literal.span.end, kind, Role::TextKey);
                    }
                } else if TEXT_FIELDS.contains(&field) {
                    for (kind, span) in placeholders(value) {
                        let start = literal.span.start;
                        add(start + span.start..start + span.end, kind, Role::Use);
                    }
                }
                return;
            }
            // an id with an escape in it is no id this tool writes or offers
            if value.is_empty() || value.contains('\\') {
                return;
            }
            if !literal.key
                && let Some(&(_, _, kind)) = DEFINITIONS
                    .iter()
                    .find(|(k, f, _)| *k == file_kind && *f == field)
            {
                add(literal.span, kind, Role::Definition);
                return;
            }
            // a SetAttr step's entity is a text key (`of: "space:trento"`), in any file with steps
            if !literal.key
                && (field == "of" || field.ends_with("/of"))
                && let Some((kind, at)) = text_key(value)
            {
                add(literal.span.start + at..literal.span.end, kind, Role::Use);
                return;
            }
            let kinds = kinds_for(file_kind, field);
            // unit values are the keys of `full` and `reduced`; every other reference a value
            let is_key_field = kinds == [UNIT_VALUE];
            match kinds.len() {
                0 => {}
                _ if literal.key != is_key_field => {}
                1 => add(literal.span, kinds[0], Role::Use),
                _ => undecided.push(Undecided {
                    file: n,
                    span: literal.span,
                    kinds,
                }),
            }
        });
    }
    // a field that may name a side or a faction names the one that has the id
    let defined: HashSet<(Kind, &str)> = lists
        .iter()
        .flatten()
        .filter(|o| o.is_definition())
        .map(|o| (o.kind, o.id.as_str()))
        .collect();
    let mut decided = Vec::new();
    for u in undecided {
        let id = &inputs[u.file].1[u.span.clone()];
        let mut defining = u.kinds.iter().filter(|k| defined.contains(&(**k, id)));
        let first = defining.next();
        // a check's example names an entity of its check's scope, which this scan does not
        // see: an id two kinds define is left out rather than guessed
        let in_checks = file_kind(inputs[u.file].0) == Some(FileKind::Checks);
        if in_checks && defining.next().is_some() {
            continue;
        }
        if let Some(&kind) = first {
            decided.push((u.file, u.span, kind, id.to_owned()));
        }
    }
    drop(defined);
    for (file, span, kind, id) in decided {
        lists[file].push(Occurrence {
            file: files[file].clone(),
            span,
            kind,
            id,
            role: Role::Use,
        });
    }
    let mut index = Index::default();
    for (n, mut list) in lists.into_iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        list.sort_by_key(|o| o.span.start);
        list.shrink_to_fit();
        index.by_file.insert(inputs[n].0.to_owned(), list);
    }
    index
}

/// A text key's kind and where its id starts (`card:x` -> card, 5).
fn text_key(key: &str) -> Option<(Kind, usize)> {
    let (prefix, id) = key.split_once(':')?;
    let &(_, kind) = TEXT_KEY_KINDS.iter().find(|(p, _)| *p == prefix)?;
    (!id.is_empty()).then_some((kind, prefix.len() + 1))
}

/// The `{kind:id}` placeholders of a text: each id's kind and span in the text.
fn placeholders(text: &str) -> Vec<(Kind, Range<usize>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('{') {
        let start = from + open + 1;
        let Some(close) = text[start..].find('}') else {
            break;
        };
        let slot = &text[start..start + close];
        if let Some((kind, at)) = text_key(slot) {
            out.push((kind, start + at..start + close));
        }
        from = start + close + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keys_and_placeholders() {
        assert_eq!(text_key("card:x"), Some(("card", 5)));
        assert_eq!(text_key("game"), None);
        assert_eq!(text_key("widget:x"), None);
        // a marker kind's name: key `marker:<id>`, an id of kind "marker kind"
        assert_eq!(text_key("marker:trench"), Some(("marker kind", 7)));
        assert_eq!(
            placeholders("In {space:a} and {unit:b}, not {x} {"),
            [("space", 10..11), ("unit", 23..24)]
        );
        assert_eq!(
            placeholders("A {marker:trench} in {space:a}"),
            [("marker kind", 10..16), ("space", 28..29)]
        );
    }
}
