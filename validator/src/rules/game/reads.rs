//! Which of the folder's files a declared check reads: its scope's, and those of the
//! functions its expressions and examples call (found by name, so a name inside a text counts
//! too: a check is thought to read a file it might read, never the other way round). A check
//! reading a file that failed to load is not run; one whose examples read a file holding an
//! error is not proven on them ([`super::held`]).

use crate::file_kind::FileKind;
use crate::model::{GameCheck, Scope};

/// The files the entities of `scope` are read from.
fn of_scope(scope: Scope) -> &'static [FileKind] {
    use FileKind::*;
    match scope {
        Scope::Space | Scope::Link => &[Map],
        Scope::Area | Scope::Faction => &[Game],
        Scope::Unit => &[Units],
        Scope::Card => &[Cards],
        Scope::Deck => &[Cards, Game],
        // a scenario's start: its placements, their units, the map they stand on
        Scope::Placement | Scope::Stack | Scope::Scenario => &[Scenario, Units, Map],
    }
}

/// The files one of the checks' functions reads.
fn of_function(name: &str) -> &'static [FileKind] {
    use FileKind::*;
    match name {
        "space" | "spaces" | "links" | "neighbours" | "distance" | "reachable" => &[Map],
        "unit" | "units" => &[Units],
        "card" | "cards" => &[Cards],
        "deck" => &[Cards, Game],
        "faction" | "factions" | "area" | "areas" | "marker_kind" | "track" | "game" => &[Game],
        "units_at" | "control" | "neutral" | "sources_at" => &[Scenario, Units, Map],
        "scenario" | "markers_at" => &[Scenario],
        _ => &[],
    }
}

/// Every file kind `check` reads, each once.
pub(super) fn reads(check: &GameCheck) -> Vec<FileKind> {
    let mut out: Vec<FileKind> = of_scope(check.for_each).to_vec();
    // (a message or help holds expressions too)
    let texts = check
        .when
        .iter()
        .chain([&check.assertion, &check.message, &check.help])
        .chain(
            check
                .fires
                .iter()
                .chain(&check.silent)
                .flat_map(|e| e.with.values()),
        );
    for text in texts {
        for name in called(text) {
            for k in of_function(name) {
                if !out.contains(k) {
                    out.push(*k);
                }
            }
        }
    }
    out
}

/// The names in `text` followed by `(`.
fn called(text: &str) -> impl Iterator<Item = &str> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_')?;
            let len = rest[start..]
                .find(|c| !word(c))
                .unwrap_or(rest.len() - start);
            let name = &rest[start..start + len];
            rest = &rest[start + len..];
            if rest.trim_start().starts_with('(') {
                return Some(name);
            }
        }
    })
}

/// A file kind as the designer knows it.
pub(super) fn file_name(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Game => "game.ron",
        FileKind::Map => "map.ron",
        FileKind::Units => "units.ron",
        FileKind::Cards => "cards.ron",
        FileKind::Text => "the text files",
        FileKind::Scenario => "a scenario file",
        FileKind::Checks => "checks.ron",
    }
}

#[cfg(test)]
mod tests {
    use super::called;

    #[test]
    fn finds_the_names_called() {
        let names: Vec<&str> = called("size(units_at(x)) > 0 && space (s.at).port").collect();
        assert_eq!(names, ["size", "units_at", "space"]);
    }
}
