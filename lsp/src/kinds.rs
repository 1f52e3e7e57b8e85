//! What each reference field names, for completion: what the validator's reference walk
//! visits in the folder being edited, and a table of every field it visits in any game (kept
//! true by a test that walks the shipped games), for fields a folder does not use yet.

use lsp_types::{CompletionItemKind, SymbolKind};
use orbat_validator::FileKind;

use crate::index::{Index, Kind};

/// Reference fields by file kind and field path, with what they may name.
#[rustfmt::skip]
const KNOWN: &[(FileKind, &str, &[Kind])] = &[
    (FileKind::Game, "factions/side", &["side"]),
    (FileKind::Game, "relations/factions", &["faction"]),
    (FileKind::Game, "location_kinds/kind_caps/unit_kind", &["unit kind"]),
    (FileKind::Game, "unit_kinds/forbidden_terrains", &["terrain"]),
    (FileKind::Game, "areas/closed_to", &["faction"]),
    (FileKind::Game, "areas/closed_while_neutral", &["faction"]),
    (FileKind::Game, "stacking/faction_limits/faction", &["faction"]),
    (FileKind::Game, "stacking/never_together", &["faction"]),
    (FileKind::Game, "supply/factions", &["faction"]),
    (FileKind::Game, "supply/uses_sources_of", &["faction"]),
    (FileKind::Game, "supply/limited_sources", &["space"]),
    (FileKind::Game, "supply/always_supplied_in", &["area", "space"]),
    (FileKind::Game, "supply/ports_in", &["area"]),
    (FileKind::Game, "supply/ports_not_in", &["area"]),
    (FileKind::Game, "unit_flags/always_supplied_in", &["area", "space"]),
    (FileKind::Game, "unit_flags/only_in", &["area"]),
    (FileKind::Game, "marker_kinds/port_for", &["unit", "unit flag"]),
    (FileKind::Game, "decks/owner", &["side", "faction"]),
    (FileKind::Map, "spaces/kind", &["location kind"]),
    (FileKind::Map, "spaces/terrain", &["terrain"]),
    (FileKind::Map, "spaces/areas", &["area"]),
    (FileKind::Map, "spaces/control", &["side", "faction"]),
    (FileKind::Map, "spaces/capital_of", &["faction"]),
    (FileKind::Map, "spaces/supply_source_for", &["faction"]),
    (FileKind::Map, "spaces/port_limits/users", &["side", "faction"]),
    (FileKind::Map, "links/a", &["space"]),
    (FileKind::Map, "links/b", &["space"]),
    (FileKind::Map, "links/kind", &["link kind"]),
    (FileKind::Map, "links/only_for", &["faction"]),
    (FileKind::Map, "links/supply_for", &["faction"]),
    (FileKind::Map, "links/only_units", &["unit", "unit flag"]),
    (FileKind::Map, "spaces/source_while/AtWar", &["faction"]),
    (FileKind::Map, "spaces/source_while/Neutral", &["faction"]),
    (FileKind::Map, "spaces/source_while/Controls/by", &["side", "faction"]),
    (FileKind::Map, "spaces/source_while/Controls/space", &["space"]),
    (FileKind::Map, "spaces/source_while/Marked/kind", &["marker kind"]),
    (FileKind::Map, "spaces/source_while/Marked/space", &["space"]),
    (FileKind::Map, "spaces/source_while/Unmarked/kind", &["marker kind"]),
    (FileKind::Map, "spaces/source_while/Unmarked/space", &["space"]),
    (FileKind::Map, "spaces/port_limits/only_while/AtWar", &["faction"]),
    (FileKind::Map, "spaces/port_limits/only_while/Neutral", &["faction"]),
    (FileKind::Map, "spaces/port_limits/only_while/Controls/by", &["side", "faction"]),
    (FileKind::Map, "spaces/port_limits/only_while/Controls/space", &["space"]),
    (FileKind::Map, "spaces/port_limits/only_while/Marked/kind", &["marker kind"]),
    (FileKind::Map, "spaces/port_limits/only_while/Marked/space", &["space"]),
    (FileKind::Map, "spaces/port_limits/only_while/Unmarked/kind", &["marker kind"]),
    (FileKind::Map, "spaces/port_limits/only_while/Unmarked/space", &["space"]),
    (FileKind::Map, "links/only_while/AtWar", &["faction"]),
    (FileKind::Map, "links/only_while/Neutral", &["faction"]),
    (FileKind::Map, "links/only_while/Controls/by", &["side", "faction"]),
    (FileKind::Map, "links/only_while/Controls/space", &["space"]),
    (FileKind::Map, "links/only_while/Marked/kind", &["marker kind"]),
    (FileKind::Map, "links/only_while/Marked/space", &["space"]),
    (FileKind::Map, "links/only_while/Unmarked/kind", &["marker kind"]),
    (FileKind::Map, "links/only_while/Unmarked/space", &["space"]),
    (FileKind::Units, "units/faction", &["faction"]),
    (FileKind::Units, "units/kind", &["unit kind"]),
    (FileKind::Units, "units/flags", &["unit flag"]),
    (FileKind::Units, "units/full", &["unit value"]),
    (FileKind::Units, "units/reduced", &["unit value"]),
    (FileKind::Cards, "cards/deck", &["deck"]),
    (FileKind::Cards, "cards/requires", &["card"]),
    (FileKind::Cards, "cards/cancels", &["card"]),
    (FileKind::Cards, "cards/prevents", &["card"]),
    (FileKind::Cards, "cards/reinforcements/unit", &["unit"]),
    (FileKind::Cards, "cards/reinforcements/to", &["space"]),
    (FileKind::Cards, "cards/reinforcements/at_capital_or_source_of", &["faction"]),
    (FileKind::Cards, "cards/rp_by_faction/faction", &["faction"]),
    (FileKind::Cards, "cards/optional", &["ruleset"]),
    (FileKind::Cards, "cards/spaces", &["space"]),
    (FileKind::Scenario, "ruleset", &["ruleset"]),
    (FileKind::Scenario, "factions", &["faction"]),
    (FileKind::Scenario, "seats/factions", &["faction"]),
    (FileKind::Scenario, "relations/factions", &["faction"]),
    (FileKind::Scenario, "control/space", &["space"]),
    (FileKind::Scenario, "control/faction", &["side", "faction"]),
    (FileKind::Scenario, "neutral", &["faction"]),
    (FileKind::Scenario, "limited_entry", &["faction"]),
    (FileKind::Scenario, "placements/unit", &["unit"]),
    (FileKind::Scenario, "placements/at", &["space"]),
    (FileKind::Scenario, "decks/deck", &["deck"]),
    (FileKind::Scenario, "decks/cards", &["card"]),
    (FileKind::Scenario, "hands/holder", &["side", "faction"]),
    (FileKind::Scenario, "hands/cards", &["card"]),
    (FileKind::Scenario, "in_play", &["card"]),
    (FileKind::Scenario, "removed", &["card"]),
    (FileKind::Scenario, "tracks/track", &["track"]),
    (FileKind::Scenario, "markers/kind", &["marker kind"]),
    (FileKind::Scenario, "markers/at", &["space"]),
    (FileKind::Scenario, "markers/side", &["side", "faction"]),
    (FileKind::Text, "entries", &["card", "space", "unit", "faction", "side", "area", "deck", "track"]),
];

/// The kinds of id a value at `field` of a file of `kind` may name.
pub fn kinds_for(file: FileKind, field: &str, index: &Index) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = KNOWN
        .iter()
        .filter(|(k, f, _)| *k == file && *f == field)
        .flat_map(|(_, _, kinds)| kinds.iter().copied())
        .collect();
    for (path, list) in &index.by_file {
        if file_kind(path) != Some(file) {
            continue;
        }
        for o in list {
            if !o.definition && o.field == field && !kinds.contains(&o.kind) {
                kinds.push(o.kind);
            }
        }
    }
    kinds
}

pub fn file_kind(path: &std::path::Path) -> Option<FileKind> {
    FileKind::of(path.file_name()?.to_str()?)
}

/// The kinds a text key or placeholder can name, with their prefix.
pub const TEXT_KEY_KINDS: &[(&str, Kind)] = &[
    ("card", "card"),
    ("space", "space"),
    ("unit", "unit"),
    ("faction", "faction"),
    ("side", "side"),
    ("area", "area"),
    ("deck", "deck"),
    ("track", "track"),
];

pub fn completion_kind(kind: Kind) -> CompletionItemKind {
    match kind {
        "space" => CompletionItemKind::VALUE,
        "unit" => CompletionItemKind::CLASS,
        "card" => CompletionItemKind::TEXT,
        "faction" | "side" => CompletionItemKind::MODULE,
        _ => CompletionItemKind::ENUM_MEMBER,
    }
}

pub fn symbol_kind(kind: Kind) -> SymbolKind {
    match kind {
        "space" => SymbolKind::OBJECT,
        "unit" => SymbolKind::CLASS,
        "card" => SymbolKind::STRING,
        "faction" | "side" => SymbolKind::MODULE,
        "area" => SymbolKind::NAMESPACE,
        _ => SymbolKind::ENUM_MEMBER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reference the walk visits in the shipped games is in the table, with the kind it
    /// named there.
    #[test]
    fn the_table_knows_every_field_the_shipped_games_use() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut missing = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&root).unwrap() {
            let dir = entry.unwrap().path();
            if !dir.join("game.ron").exists() {
                continue;
            }
            let texts = crate::analysis::folder_files(&dir)
                .into_iter()
                .map(|p| {
                    let text = std::fs::read_to_string(&p).unwrap();
                    (
                        p,
                        crate::analysis::Text {
                            text,
                            version: None,
                        },
                    )
                })
                .collect();
            let analysis = crate::analysis::analyse(&dir, texts);
            for (path, list) in &analysis.index.by_file {
                let file = file_kind(path).unwrap();
                for o in list.iter().filter(|o| !o.definition && !o.field.is_empty()) {
                    let known = KNOWN.iter().any(|(k, f, kinds)| {
                        *k == file && *f == o.field && kinds.contains(&o.kind)
                    });
                    if !known {
                        missing.insert(format!(
                            "(FileKind::{file:?}, {:?}, &[{:?}]),",
                            o.field, o.kind
                        ));
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "add to KNOWN:\n{}",
            missing.into_iter().collect::<Vec<_>>().join("\n")
        );
    }
}
