//! What each reference field names, for completion: a table of every field the validator's
//! reference walk visits (kept true by a test that walks the shipped games with it).

use lsp_types::{CompletionItemKind, SymbolKind};
use orbat_validator::FileKind;

use crate::index::Kind;

/// Reference fields by file kind and field path, with what they may name.
#[rustfmt::skip]
const KNOWN: &[(FileKind, &str, &[Kind])] = &[
    // an example of a declared check names an entity of the check's scope
    (FileKind::Checks, "checks/fires/on", &["space", "unit", "card", "area", "deck", "faction"]),
    (FileKind::Checks, "checks/silent/on", &["space", "unit", "card", "area", "deck", "faction"]),
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
    (FileKind::Scenario, "alignments/faction", &["faction"]),
    (FileKind::Scenario, "alignments/side", &["side"]),
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
    (FileKind::Map, "spaces/rulesets", &["ruleset"]),
    (FileKind::Map, "links/rulesets", &["ruleset"]),
    (FileKind::Game, "areas/rulesets", &["ruleset"]),
    (FileKind::Units, "units/rulesets", &["ruleset"]),
    (FileKind::Cards, "cards/rulesets", &["ruleset"]),
    (FileKind::Scenario, "placements/rulesets", &["ruleset"]),
    (FileKind::Text, "entries", &["card", "space", "unit", "faction", "side", "area", "deck", "track", "marker kind", "terrain", "location kind", "link kind", "unit kind", "scenario", "deck group", "ruleset", "label", "attribute"]),
];

/// The fields of an effect step (a card's `effects`, a schedule's `steps`), by the step's
/// name and field, with what they may name.
#[rustfmt::skip]
const STEP_FIELDS: &[(&str, &[Kind])] = &[
    ("Place/units", &["unit"]),
    ("Place/at", &["space"]),
    ("Remove/units", &["unit"]),
    ("Move/units", &["unit"]),
    ("Move/to", &["space"]),
    ("Reduce/units", &["unit"]),
    ("Restore/units", &["unit"]),
    ("Control/space", &["space"]),
    ("Control/faction", &["faction"]),
    ("PlaceMarker/kind", &["marker kind"]),
    ("PlaceMarker/at", &["space"]),
    ("PlaceMarker/side", &["side", "faction"]),
    ("RemoveMarker/kind", &["marker kind"]),
    ("RemoveMarker/at", &["space"]),
    ("SetTrack/track", &["track"]),
    ("ShiftTrack/track", &["track"]),
    ("EnterWar/faction", &["faction"]),
    ("LimitedEntry/faction", &["faction"]),
    ("ChangeSide/faction", &["faction"]),
    ("ChangeSide/side", &["side"]),
    ("Relation/factions", &["faction"]),
    ("Cards/cards", &["card"]),
    ("Cards/to/Deck", &["deck"]),
    ("Cards/to/Hand", &["side", "faction"]),
    ("CloseLinks/links", &["space"]),
    ("CloseLinks/kind", &["link kind"]),
    ("OpenLinks/links", &["space"]),
    ("OpenLinks/kind", &["link kind"]),
    ("GainSupplySource/space", &["space"]),
    ("GainSupplySource/faction", &["faction"]),
    ("LoseSupplySource/space", &["space"]),
    ("LoseSupplySource/faction", &["faction"]),
    ("Play/card", &["card"]),
    // a text key: a label the game's text files name
    ("If/says", &["label"]),
];

/// Where steps are written, by file kind.
const STEP_LISTS: &[(FileKind, &str)] = &[
    (FileKind::Cards, "cards/effects/"),
    (FileKind::Game, "schedule/steps/"),
    (FileKind::Scenario, "schedule/steps/"),
];

/// A step's field as the step's own (`Place/at`), however deep the step is nested in others
/// (`If/then/`, `If/otherwise/`, `OneOf/`, `UpTo/of/`); None outside a list of steps.
fn step_field(file: FileKind, field: &str) -> Option<&str> {
    let (_, list) = STEP_LISTS.iter().find(|(k, _)| *k == file)?;
    let mut rest = field.strip_prefix(list)?;
    while let Some(r) = ["If/then/", "If/otherwise/", "OneOf/", "UpTo/of/"]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
    {
        rest = r;
    }
    Some(rest)
}

/// The kinds of id a value at `field` of a file of `kind` may name.
pub fn kinds_for(file: FileKind, field: &str) -> Vec<Kind> {
    if let Some(step) = step_field(file, field) {
        return STEP_FIELDS
            .iter()
            .filter(|(f, _)| *f == step)
            .flat_map(|(_, kinds)| kinds.iter().copied())
            .collect();
    }
    KNOWN
        .iter()
        .filter(|(k, f, _)| *k == file && *f == field)
        .flat_map(|(_, _, kinds)| kinds.iter().copied())
        .collect()
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
    ("marker", "marker kind"),
    ("terrain", "terrain"),
    ("location_kind", "location kind"),
    ("link_kind", "link kind"),
    ("unit_kind", "unit kind"),
    ("scenario", "scenario"),
    ("group", "deck group"),
    ("ruleset", "ruleset"),
    ("label", "label"),
    ("attr", "attribute"),
];

/// The prefix of a kind's text keys (`marker kind` -> `marker`), when its things have names.
pub fn text_prefix(kind: Kind) -> Option<&'static str> {
    TEXT_KEY_KINDS
        .iter()
        .find(|(_, k)| *k == kind)
        .map(|(prefix, _)| *prefix)
}

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
    use orbat_validator::Location;
    use orbat_validator::analysis::ids::Ids;
    use orbat_validator::analysis::walk::{Target, Visit, walk};

    /// A JSON pointer's named tokens (`/links/3/a` -> `links/a`; a text key,
    /// `/entries/card:x`, -> `entries`).
    fn field_path(pointer: &str) -> String {
        pointer
            .split('/')
            .take_while(|t| !t.contains(':'))
            .filter(|t| !t.is_empty() && !t.bytes().all(|b| b.is_ascii_digit()))
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Each reference the walk visits, with its field and the kinds its target allows,
    /// that the table does not know.
    struct Unknown(std::collections::BTreeSet<String>);

    impl Visit for Unknown {
        fn visit(&mut self, target: Target<'_>, _: &str, at: &dyn Fn() -> Location) -> bool {
            let location = at();
            // attribute values name what the game declares: no fixed field path
            if crate::index::walked::is_attribute_value(location.pointer.as_deref()) {
                return true;
            }
            let pointer = location.pointer.unwrap_or_default();
            // a SetAttr's entity is a text key (`space:trento`), not an id
            if pointer.ends_with("/SetAttr/of") {
                return true;
            }
            let (kinds, pointer): (Vec<Kind>, &str) = match target {
                Target::Id(t) => (vec![t.kind], &pointer),
                Target::SideOrFaction => (vec!["side", "faction"], &pointer),
                Target::AreaOrSpace => (vec!["area", "space"], &pointer),
                Target::UnitOrFlag => (vec!["unit", "unit flag"], &pointer),
                // a key of `full` or `reduced`: its field is the map
                Target::UnitValue(_) => (
                    vec!["unit value"],
                    pointer.rsplit_once('/').map_or("", |p| p.0),
                ),
                Target::DeckGroup(_) | Target::TextKey => return true,
            };
            let file = file_kind(&location.file).unwrap();
            let field = field_path(pointer);
            let known = kinds_for(file, &field);
            if !kinds.iter().all(|k| known.contains(k)) {
                self.0
                    .insert(format!("(FileKind::{file:?}, {field:?}, &{kinds:?}),"));
            }
            true
        }
    }

    /// Every reference the walk visits in the shipped games and the valid fixtures is in the
    /// table, with every kind its target allows.
    #[test]
    fn the_table_knows_every_field_the_walk_visits() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut unknown = Unknown(Default::default());
        let mut folders = 0;
        for parent in ["scenarios", "tests/fixtures/valid"] {
            for entry in std::fs::read_dir(root.join(parent)).unwrap() {
                let dir = entry.unwrap().path();
                let files = crate::analysis::folder_files(&dir);
                if !dir.join("game.ron").exists() {
                    continue;
                }
                let mut diags = Vec::new();
                let folder = orbat_validator::load::load_folder(&dir, &files, &mut diags);
                let ids = Ids::build(&folder);
                walk(&folder, &ids, &mut unknown);
                folders += 1;
            }
        }
        assert!(folders >= 5);
        let missing: Vec<String> = unknown.0.into_iter().collect();
        assert!(missing.is_empty(), "add to KNOWN:\n{}", missing.join("\n"));
    }
}
