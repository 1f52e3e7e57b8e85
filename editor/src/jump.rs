//! Where a finding is fixed: from its code, file and JSON pointer, the view and the thing in it
//! that holds the field to change (a space on the map, a unit in the counter mix, a card in the
//! card table, a placement in the scenario's set-up, a key in the translator's view, an entry of
//! the Definition view). Pure: the session carries the target out.

use std::path::Path;

use orbat_validator::model::MapFile;

use crate::document::{Document, FileId};
use crate::game_names;

/// Where the editor goes for a finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A space on the map (index in map.ron).
    Space(usize),
    /// A link on the map.
    Link(usize),
    /// The map itself (its backdrop, or a finding about the whole map).
    Map,
    /// The counter mix, with the unit the finding is in (by id).
    Unit(Option<String>),
    /// The card table, with the card the finding is in (by id).
    Card(Option<String>),
    /// A scenario's set-up (by file name), with the space its finding is at when there is one.
    Setup {
        scenario: String,
        space: Option<usize>,
    },
    /// A scenario's decks, hands and other card lists (by file name).
    ScenarioCards(String),
    /// A key of a text file, in the translator's view.
    Text { lang: String, key: String },
    /// A side, faction, area, deck, track or marker kind: its row of the Names view.
    Name(String),
    /// An entry of the Definition view: a section of game.ron or checks.ron and its index.
    Definition {
        section: String,
        entry: Option<usize>,
    },
    /// P001: the map with a space the faction may draw supply from, and the inspector's
    /// "Supply source for" where the source is ticked.
    SupplySource {
        faction: String,
        space: Option<usize>,
    },
}

/// Where diagnostic `code`, located at `pointer` in `file`, is fixed; None when the file is
/// not one of the folder's or the pointer names nothing the editor shows.
pub fn target(doc: &Document, code: &str, file: &Path, pointer: &str) -> Option<Target> {
    let id = FileId::of(file.file_name()?.to_str()?)?;
    let tokens: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let token = |i: usize| tokens.get(i).map(String::as_str);
    let index = |i: usize| token(i).and_then(|t| t.parse::<usize>().ok());
    match id {
        FileId::Game => {
            let game = doc.game()?;
            match game_names::at_pointer(game, pointer) {
                Some(faction) if code == "P001" && token(0) == Some("factions") => {
                    let space = doc.map().and_then(|m| likely_source(m, &faction));
                    Some(Target::SupplySource { faction, space })
                }
                // a missing or stale name (the text family): the Names view edits names
                Some(name) if code.starts_with('T') => Some(Target::Name(name)),
                // any other field: the Definition view's form holds it
                _ => Some(definition(token(0), index(1))),
            }
        }
        FileId::Checks => Some(definition(token(0), index(1))),
        FileId::Map => {
            let map = doc.map()?;
            match (token(0), index(1)) {
                (Some("spaces"), Some(i)) if i < map.spaces.len() => Some(Target::Space(i)),
                (Some("links"), Some(i)) if i < map.links.len() => Some(Target::Link(i)),
                _ => Some(Target::Map),
            }
        }
        FileId::Units => {
            let units = doc.units()?;
            let unit = match (token(0), index(1)) {
                (Some("units"), Some(i)) => units.units.get(i),
                _ => None,
            };
            Some(Target::Unit(unit.map(|u| u.id.to_string())))
        }
        FileId::Cards => {
            let cards = doc.cards()?;
            let card = match (token(0), index(1)) {
                (Some("cards"), Some(i)) => cards.cards.get(i),
                _ => None,
            };
            Some(Target::Card(card.map(|c| c.id.to_string())))
        }
        FileId::Text(lang) => {
            // `/entries/<key>/...`: the key's row; the file's own fields: the language's rows
            let key = match token(0) {
                Some("entries") => token(1).unwrap_or_default().to_owned(),
                _ => String::new(),
            };
            Some(Target::Text { lang, key })
        }
        FileId::Scenario(name) => {
            if matches!(token(0), Some("decks" | "hands" | "in_play" | "removed")) {
                return Some(Target::ScenarioCards(name));
            }
            let space = space_at(doc, &FileId::Scenario(name.clone()), pointer);
            Some(Target::Setup {
                scenario: name,
                space,
            })
        }
    }
}

/// The Definition view's section and entry of a pointer into game.ron or checks.ron
/// (`/unit_kinds/2/stacking`: section `unit_kinds`, entry 2; `/players`: `general`).
fn definition(list: Option<&str>, entry: Option<usize>) -> Target {
    match (list.filter(|t| !t.is_empty()), entry) {
        (Some(list), Some(i)) => Target::Definition {
            section: list.to_owned(),
            entry: Some(i),
        },
        // a field of its own (not a list): the General section shows it
        _ => Target::Definition {
            section: "general".to_owned(),
            entry: None,
        },
    }
}

/// A faction's capital, or else a space it controls: where a supply source likely belongs.
fn likely_source(map: &MapFile, faction: &str) -> Option<usize> {
    let capital = (map.spaces.iter()).position(|s| s.capital_of.as_deref() == Some(faction));
    capital.or_else(|| (map.spaces.iter()).position(|s| s.control.as_deref() == Some(faction)))
}

/// The space a pointer names: a `space:<id>` key on the way, a space id as the value, or the
/// `at` of the placement (or other object) the pointer is inside.
fn space_at(doc: &Document, file: &FileId, pointer: &str) -> Option<usize> {
    let value = doc.file(file)?.value.as_ref()?.to_json().ok()?;
    let mut at = pointer;
    loop {
        if let Some(found) = value.pointer(at) {
            let named = found
                .as_str()
                .or_else(|| found.get("at").and_then(|v| v.as_str()))
                .or_else(|| found.get("space").and_then(|v| v.as_str()));
            if let Some(i) = named.and_then(|n| doc.space_index(n)) {
                return Some(i);
            }
        }
        match at.rfind('/') {
            Some(cut) if cut > 0 => at = &at[..cut],
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;

    fn fixtures() -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let mut dirs: Vec<PathBuf> = ["invalid", "valid"]
            .iter()
            .flat_map(|k| std::fs::read_dir(root.join(k)).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("game.ron").is_file())
            .collect();
        dirs.sort();
        dirs
    }

    /// The id at `/<list>/<i>/id` of a file, read from its JSON.
    fn id_at(doc: &Document, file: &FileId, pointer: &str) -> Option<String> {
        let mut t = pointer.split('/').skip(1);
        let (list, i) = (t.next()?, t.next()?);
        let value = doc.file(file)?.value.as_ref()?.to_json().ok()?;
        let id = value.pointer(&format!("/{list}/{i}/id"))?;
        id.as_str().map(str::to_owned)
    }

    /// Every located finding of every fixture goes to the view of its file and to the very
    /// entity its pointer is in; each code's target kind is listed, so a code that goes
    /// nowhere, or to the wrong kind of place, fails here.
    #[test]
    fn every_located_finding_of_every_fixture_goes_to_the_entity_it_is_in() {
        let mut kinds: BTreeMap<String, std::collections::BTreeSet<&str>> = BTreeMap::new();
        let mut seen = 0;
        for dir in fixtures() {
            let Ok(mut doc) = Document::open(&dir) else {
                continue;
            };
            doc.validate();
            for d in doc.diagnostics.clone() {
                let Some(pointer) = d.location.pointer.clone() else {
                    continue;
                };
                let Some(name) = d.location.file.file_name().and_then(|n| n.to_str()) else {
                    continue;
                };
                let Some(file) = FileId::of(name) else {
                    continue;
                };
                if doc.file(&file).and_then(|f| f.value.as_ref()).is_none() {
                    continue; // a file that did not load: nothing to show
                }
                let at = format!("{} {} {name}{pointer}", dir.display(), d.code);
                let target = target(&doc, d.code, &d.location.file, &pointer)
                    .unwrap_or_else(|| panic!("{at}: goes nowhere"));
                seen += 1;
                let kind = match (&file, &target) {
                    (FileId::Map, Target::Space(i)) => {
                        assert!(pointer.starts_with(&format!("/spaces/{i}")), "{at}");
                        "space"
                    }
                    (FileId::Map, Target::Link(i)) => {
                        assert!(pointer.starts_with(&format!("/links/{i}")), "{at}");
                        "link"
                    }
                    (FileId::Map, Target::Map) => "map",
                    (FileId::Units, Target::Unit(id)) => {
                        assert_eq!(id.clone(), id_at(&doc, &file, &pointer), "{at}");
                        "unit"
                    }
                    (FileId::Cards, Target::Card(id)) => {
                        assert_eq!(id.clone(), id_at(&doc, &file, &pointer), "{at}");
                        "card"
                    }
                    (FileId::Text(lang), Target::Text { lang: l, key }) => {
                        assert_eq!(lang, l, "{at}");
                        assert!(
                            key.is_empty() || pointer.contains(&format!("/{key}")),
                            "{at}"
                        );
                        "text key"
                    }
                    (FileId::Scenario(f), Target::Setup { scenario, space }) => {
                        assert_eq!(f, scenario, "{at}");
                        if space.is_some() {
                            "set-up at a space"
                        } else {
                            "set-up"
                        }
                    }
                    (FileId::Scenario(f), Target::ScenarioCards(s)) => {
                        assert_eq!(f, s, "{at}");
                        "scenario's cards"
                    }
                    (FileId::Game, Target::Name(id)) => {
                        assert_eq!(Some(id.clone()), id_at(&doc, &file, &pointer), "{at}");
                        "name"
                    }
                    (FileId::Game, Target::SupplySource { faction, .. }) => {
                        assert_eq!(d.code, "P001", "{at}");
                        assert_eq!(Some(faction.clone()), id_at(&doc, &file, &pointer));
                        "supply source"
                    }
                    (FileId::Game | FileId::Checks, Target::Definition { section, .. }) => {
                        assert!(
                            section == "general" || pointer.starts_with(&format!("/{section}")),
                            "{at}"
                        );
                        "definition"
                    }
                    _ => panic!("{at}: {target:?} is not in the file's view"),
                };
                kinds.entry(d.code.to_owned()).or_default().insert(kind);
            }
        }
        assert!(seen > 100, "only {seen} located findings");
        // the fixes that matter most go to the field that fixes them
        let expect = |code: &str, kind: &str| {
            let got = kinds
                .get(code)
                .unwrap_or_else(|| panic!("no fixture gives {code}"));
            assert!(got.contains(kind), "{code} goes to {got:?}, not {kind}");
        };
        expect("P001", "supply source");
        expect("K001", "set-up at a space");
        expect("M001", "link");
        expect("T001", "name");
        expect("C002", "definition");
        expect("T002", "text key");
        expect("C005", "scenario's cards");
        expect("A003", "definition");
        expect("R002", "card");
    }
}
