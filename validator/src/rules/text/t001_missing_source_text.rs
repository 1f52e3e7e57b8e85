//! T001: a card, space, unit, faction, side, area, deck, track or marker kind has no name in the
//! source language.

use rustc_hash::FxHashSet;

use crate::declare_rule;
use crate::diagnostic::{Diagnostic, Fix};
use crate::load::SourceFile;
use crate::model::Id;
use crate::rules::check::Check;
use crate::rules::context::Context;

declare_rule! {
    /// a card, space, unit, faction, side, area, deck, track or marker kind has no name in the source language
    ///
    /// Everything is referred to by id; what players read comes from text.<source>.ron. Without it the editor and the cards show bare ids.
    ///
    /// Bad: space `metz` with no `"space:metz"` entry in text.en.ron.
    /// Good:
    /// ```ron
    /// "space:metz": (name: "Metz"),
    /// ```
    pub static T001 = {
        name: "missing-source-text",
        severity: Error,
        family: Text,
        allow: Never,
        fires: &["invalid/T001_1", "invalid/T001_2"],
        silent: &["valid/minimal"],
        proven_by: &[],
    };
}

pub static CHECK: Check = Check::new(&T001, check);

/// Everything players see by name has an entry in the source language's text file: cards,
/// spaces, units, and the game's factions, sides, areas, decks, tracks and marker kinds.
fn check<'a>(cx: &Context<'a>, out: &mut Vec<Diagnostic>) {
    let folder: &'a crate::load::GameFolder = cx.folder;
    let Some((source_lang, source)) = super::entries::source(folder) else {
        return;
    };
    // (key, file, pointer of the id): the location is built only for a missing entry
    let mut needed: Vec<(String, &SourceFile, String)> = Vec::new();
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
    let game = folder.game.iter().flat_map(|g| {
        let v = &g.value;
        let src = &*g.src;
        let of = |kind: &'static str, list: &'static str, ids: Vec<&'a Id>| {
            ids.into_iter()
                .enumerate()
                .map(move |(i, id)| (kind, id, src, i, list))
        };
        of(
            "faction:",
            "factions",
            v.factions.iter().map(|x| &x.id).collect(),
        )
        .chain(of(
            "side:",
            "sides",
            v.sides.iter().map(|x| &x.id).collect(),
        ))
        .chain(of(
            "area:",
            "areas",
            v.areas.iter().map(|x| &x.id).collect(),
        ))
        .chain(of(
            "deck:",
            "decks",
            v.decks.iter().map(|x| &x.id).collect(),
        ))
        .chain(of(
            "track:",
            "tracks",
            v.tracks.iter().map(|x| &x.id).collect(),
        ))
        .chain(of(
            "marker:",
            "marker_kinds",
            v.marker_kinds.iter().map(|x| &x.id).collect(),
        ))
    });
    // one buffer for every key looked up, in a hash set of the keys (a lookup in the map
    // itself compares about ten keys)
    let has_text: FxHashSet<&str> = source.value.entries.keys().map(Id::as_str).collect();
    let mut key = String::new();
    for (kind, id, src, i, list) in spaces.chain(units).chain(cards).chain(game) {
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
                &T001,
                format!("`{key}` has no text in the source language `{source_lang}`"),
                src.at(&pointer),
            )
            .with_label("no name in text.".to_owned() + source_lang + ".ron")
            .with_help(format!(
                "add `\"{key}\": (name: \"...\")` to text.{source_lang}.ron"
            ))
            .with_fix(Fix::AddText {
                file: source.src.path.clone(),
                name: stub_name(&key),
                key,
            }),
        );
    }
}

/// A name to start from, made from the id (`space:bar-le-duc` → `Bar le duc`): `--fix` adds it
/// so the game has a name to show, for the designer to correct.
fn stub_name(key: &str) -> String {
    let id = key.split_once(':').map_or(key, |(_, id)| id);
    let words = id.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => key.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn stub_names_read_as_words() {
        assert_eq!(super::stub_name("space:bar-le-duc"), "Bar le duc");
        assert_eq!(super::stub_name("unit:fr_5a"), "Fr 5a");
        assert_eq!(super::stub_name("space:-"), "space:-");
    }
}
