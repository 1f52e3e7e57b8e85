//! File > New game without egui: the three starts (a blank game, the definition of a shipped
//! game, a whole shipped game), the files each writes, and writing them into a new or empty
//! folder, each file atomically, leaving nothing behind when one fails.
//!
//! A copy of a shipped game keeps its languages: its texts are written in its source
//! language, so the language typed must be that one (the window fills it in and says so); a
//! blank game is written in the language typed.

use std::path::{Path, PathBuf};

use orbat_validator::FileKind;

use crate::document::{FileValue, parse_value};
use crate::templates::{self, Template};

/// How the new game starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// The least a game needs to load and validate clean.
    Blank,
    /// A shipped game's game.ron and the names of its ids, with no map, units, cards or
    /// scenarios (the shipped game's folder name).
    Definition(&'static str),
    /// Every file of a shipped game.
    Whole(&'static str),
}

impl Start {
    /// The shipped game it starts from, if any.
    pub fn template(self) -> Option<&'static Template> {
        match self {
            Start::Blank => None,
            Start::Definition(f) | Start::Whole(f) => templates::find(f),
        }
    }

    /// What the start is, in the window's words.
    pub fn label(self) -> String {
        match (self, self.template()) {
            (Start::Definition(_), Some(t)) => format!("a {}-like game (its definition)", t.title),
            (Start::Whole(_), Some(t)) => format!("a copy of {}", t.title),
            _ => "a blank game".to_owned(),
        }
    }
}

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub dir: PathBuf,
    pub id: String,
    pub language: String,
    pub start: Start,
}

/// The source language of a shipped game (from its game.ron).
pub fn template_language(t: &Template) -> Result<String, String> {
    match read(t, "game.ron", FileKind::Game)? {
        FileValue::Game(g) => Ok(g.source_language),
        _ => Err(format!("{}'s game.ron is not a game", t.title)),
    }
}

/// Whether `dir` may receive a new game: it does not exist yet, or it is an empty folder.
pub fn check_folder(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    if dir.as_os_str().is_empty() {
        return Err("choose a folder for the new game first".into());
    }
    if !dir.exists() {
        return Ok(());
    }
    if !dir.is_dir() {
        return Err(format!(
            "{shown} is a file, not a folder: choose a new folder or an empty one"
        ));
    }
    let mut entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if entries.next().is_some() {
        return Err(format!(
            "{shown} is not empty: choose a new folder or an empty one (nothing is ever \
             written over files already there)"
        ));
    }
    Ok(())
}

/// Checks a game id: what the validator accepts as an id.
pub fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("type an id for the game (e.g. `my-game`)".into());
    }
    crate::edit::check_new_id(id).map_err(|e| format!("the game's id: {e}"))
}

/// Checks a language code: letters, then optional `-` parts (`en`, `pt-BR`).
pub fn check_language(lang: &str) -> Result<(), String> {
    let mut parts = lang.split('-');
    let first = parts.next().unwrap_or_default();
    let ok = (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric()));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{lang}` is not a language code: type two or three lowercase letters, e.g. `en`"
        ))
    }
}

/// The files the new game holds, by name, or what is wrong with the request: each game file
/// in the canonical form, its comments kept (as `orbat-validate --format-write` writes it), so
/// that a new game passes `--check-format` at once.
pub fn files(ng: &NewGame) -> Result<Vec<(String, Vec<u8>)>, String> {
    Ok(start_files(ng)?.into_iter().map(formatted).collect())
}

/// A game file in the canonical form; any other file (a README, a backdrop) as it is.
fn formatted((name, bytes): (String, Vec<u8>)) -> (String, Vec<u8>) {
    let text = FileKind::of(&name)
        .zip(std::str::from_utf8(&bytes).ok())
        .and_then(|(kind, text)| orbat_validator::format::format_text(kind, text));
    match text {
        Some(text) => (name, text.into_bytes()),
        None => (name, bytes),
    }
}

/// The files of the start asked for, as each start writes them.
fn start_files(ng: &NewGame) -> Result<Vec<(String, Vec<u8>)>, String> {
    check_id(&ng.id)?;
    check_language(&ng.language)?;
    let Some(t) = ng.start.template() else {
        return match ng.start {
            Start::Blank => Ok(blank(&ng.id, &ng.language)),
            _ => Err("that shipped game is not part of this editor".into()),
        };
    };
    let source = template_language(t)?;
    if source != ng.language {
        return Err(format!(
            "{} is written in `{source}`: a game started from it keeps `{source}` as its \
             source language (add `{}` as a translation later), or start a blank game to \
             write in `{}`",
            t.title, ng.language, ng.language
        ));
    }
    match ng.start {
        Start::Definition(_) => definition(t, &ng.id),
        _ => whole(t, &ng.id),
    }
}

/// Writes the new game into `ng.dir`, each file atomically. When a file fails, the files
/// already written are removed again, and the folder too if it was made here; the message
/// says which file and why. Returns how many files were written.
pub fn create(ng: &NewGame) -> Result<usize, String> {
    create_with(ng, orbat_validator::atomic::write)
}

/// [`create`] with the function that writes a file (tests make it fail).
fn create_with(
    ng: &NewGame,
    mut write: impl FnMut(&Path, &[u8]) -> std::io::Result<()>,
) -> Result<usize, String> {
    check_folder(&ng.dir)?;
    let files = files(ng)?;
    // the first folder of the path that does not exist yet: removed again on failure
    let made = ng
        .dir
        .ancestors()
        .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
        .last()
        .map(Path::to_owned);
    std::fs::create_dir_all(&ng.dir)
        .map_err(|e| format!("cannot make the folder {}: {e}", ng.dir.display()))?;
    let mut written = Vec::new();
    for (name, bytes) in &files {
        let path = ng.dir.join(name);
        if let Err(e) = write(&path, bytes) {
            for p in &written {
                let _ = std::fs::remove_file(p);
            }
            let cleaned = match &made {
                Some(top) => match std::fs::remove_dir_all(top) {
                    Ok(()) => format!("the folder {} was removed again", top.display()),
                    Err(_) => format!("{} may hold part of the game", top.display()),
                },
                None => "the files already written were removed again".to_owned(),
            };
            return Err(format!(
                "could not write {}: {e}; {cleaned}. Choose another folder or free some space",
                path.display()
            ));
        }
        written.push(path);
    }
    Ok(written.len())
}

/// Reads a RON file of a shipped game.
fn read(t: &Template, name: &str, kind: FileKind) -> Result<FileValue, String> {
    let text = t
        .text(name)
        .ok_or_else(|| format!("{} has no {name}", t.title))?;
    parse_value(kind, text).map_err(|e| format!("{}'s {name} does not read: {e}", t.title))
}

/// A shipped game's file with its value changed, its comments and layout kept where the
/// change allows it (else written anew).
fn changed(
    t: &Template,
    name: &str,
    kind: FileKind,
    change: impl FnOnce(&mut FileValue),
) -> Result<Vec<u8>, String> {
    let was = read(t, name, kind)?;
    let mut now = was.clone();
    change(&mut now);
    let original = t.text(name).unwrap_or_default();
    let text = match orbat_validator::in_place::save_text(original, &was, &now) {
        Ok(text) => text,
        Err(_) => now
            .to_text()
            .map_err(|e| format!("cannot write {name}: {e}"))?,
    };
    Ok(text.into_bytes())
}

/// game.ron with the new id.
fn game_ron(t: &Template, id: &str) -> Result<Vec<u8>, String> {
    changed(t, "game.ron", FileKind::Game, |v| {
        if let FileValue::Game(g) = v {
            g.id = id.into();
        }
    })
}

/// Text keys of what a definition leaves out (the map, the units, the cards, scenarios, and
/// what game.ron's definition loses with them).
const LEFT_OUT: [&str; 6] = ["space:", "unit:", "card:", "scenario:", "area:", "deck:"];

/// game.ron's definition without what only makes sense with the map, units and cards it
/// names: areas (an area with no space is warned about), decks (their declared composition
/// counts cards), supply rules (they name spaces), the schedule (its steps name spaces, units
/// and cards), the warnings allowed for the old folder,
/// the attribute values of factions and marker kinds (they name spaces and cards; the
/// declarations stay), and the units a marker makes a port for. The rest (sides, factions, relations, terrains, location, link and
/// unit kinds, unit values and flags, stacking, tracks, marker kinds, rulesets, attribute
/// declarations) is the game's vocabulary, kept.
fn definition_game(t: &Template, id: &str) -> Result<Vec<u8>, String> {
    changed(t, "game.ron", FileKind::Game, |v| {
        if let FileValue::Game(g) = v {
            g.id = id.into();
            g.areas.clear();
            g.decks.clear();
            g.supply.clear();
            g.sea_supply = None;
            g.schedule.clear();
            g.allow.clear();
            for f in &mut g.factions {
                f.attrs = Default::default();
            }
            for m in &mut g.marker_kinds {
                m.attrs = Default::default();
                m.port_for.clear();
            }
            for u in &mut g.unit_flags {
                u.only_in.clear();
                u.always_supplied_in.clear();
            }
        }
    })
}

/// The definition of a shipped game: game.ron's vocabulary under the new id
/// ([`definition_game`]), each language's names of its ids, and an empty map, units and
/// cards. Its checks.ron is left out: its checks and their examples name the map, units,
/// cards and scenarios.
fn definition(t: &Template, id: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = vec![("game.ron".to_owned(), definition_game(t, id)?)];
    for &(name, _) in t.files {
        if name.starts_with("text.") && name.ends_with(".ron") {
            let text = changed(t, name, FileKind::Text, |v| {
                if let FileValue::Text(text) = v {
                    let gone: Vec<String> = text
                        .entries
                        .keys()
                        .filter(|k| LEFT_OUT.iter().any(|p| k.starts_with(p)))
                        .map(|k| k.to_string())
                        .collect();
                    for k in gone {
                        text.entries.remove(&k);
                    }
                }
            })?;
            out.push((name.to_owned(), text));
        }
    }
    out.extend(empty_files());
    Ok(out)
}

/// Every file of a shipped game, game.ron and the scenarios under the new id.
fn whole(t: &Template, id: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    for &(name, bytes) in t.files {
        let bytes = if name == "game.ron" {
            game_ron(t, id)?
        } else if name.ends_with(".scenario.ron") {
            changed(t, name, FileKind::Scenario, |v| {
                if let FileValue::Scenario(s) = v {
                    s.game = id.into();
                }
            })?
        } else {
            bytes.to_vec()
        };
        out.push((name.to_owned(), bytes));
    }
    Ok(out)
}

/// An empty map, units and cards: what every game folder holds.
fn empty_files() -> Vec<(String, Vec<u8>)> {
    [
        ("map.ron", "(\n    spaces: [],\n    links: [],\n)\n"),
        ("units.ron", "(\n    units: [],\n)\n"),
        ("cards.ron", "(\n    cards: [],\n)\n"),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_owned(), t.as_bytes().to_vec()))
    .collect()
}

/// "my-game" as a name: "My game".
fn title_of(id: &str) -> String {
    let words = id.replace(['-', '_', '.'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => id.to_owned(),
    }
}

/// The blank game: two sides of one faction each, one terrain, location, link and unit
/// kind, the names the validator asks for, an empty map, units and cards.
fn blank(id: &str, lang: &str) -> Vec<(String, Vec<u8>)> {
    let game = format!(
        // no comment calling the ids placeholders: it would stay after they are renamed
        "(\n    id: \"{id}\",\n    source_language: \"{lang}\",\n    languages: [\"{lang}\"],\n    \
         sides: [(id: \"side-a\"), (id: \"side-b\")],\n    factions: [\n        \
         (id: \"faction-a\", side: \"side-a\"),\n        (id: \"faction-b\", side: \"side-b\"),\n    \
         ],\n    terrains: [(id: \"clear\")],\n    \
         location_kinds: [(id: \"space\", stacking: Limit(3))],\n    \
         link_kinds: [(id: \"normal\")],\n    unit_kinds: [(id: \"army\")],\n    \
         unit_values: [\"combat\", \"movement\"],\n)\n"
    );
    let text = format!(
        "(\n    language: \"{lang}\",\n    entries: {{\n        \"game\": (name: \"{}\"),\n        \
         \"side:side-a\": (name: \"Side A\"),\n        \"side:side-b\": (name: \"Side B\"),\n        \
         \"faction:faction-a\": (name: \"Faction A\"),\n        \
         \"faction:faction-b\": (name: \"Faction B\"),\n    }},\n)\n",
        title_of(id).replace(['"', '\\'], "")
    );
    let mut out = vec![
        ("game.ron".to_owned(), game.into_bytes()),
        (format!("text.{lang}.ron"), text.into_bytes()),
    ];
    out.extend(empty_files());
    out
}

#[cfg(test)]
mod tests;
