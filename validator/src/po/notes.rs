//! What a translator's PO tool shows beside each message, and the header it keeps: where the
//! source text lives (`#: text.en.ron:42`), what it names (`#.` a card's number and deck, a
//! space, a counter), which placeholders it must keep; and the header fields a translator's
//! tool maintains (`PO-Revision-Date`, `Last-Translator`, `Language-Team`), kept from the PO
//! file an export replaces.

use std::collections::{BTreeMap, HashMap};

use crate::load::GameFolder;
use crate::load::spans::child;
use crate::model::labels::LABELS;

use super::catalog::Catalog;
use super::fields::Field;
use super::merge::Working;

/// The header fields a PO tool fills in for the translator, in gettext's order.
pub const TRANSLATOR_FIELDS: [&str; 3] = ["PO-Revision-Date", "Last-Translator", "Language-Team"];

/// The notes of one export. [`Notes::default`] has none: the messages alone.
#[derive(Debug, Default)]
pub struct Notes {
    /// The source language's text file (`text.en.ron`), for `#:` lines.
    pub source_file: String,
    /// Per entry key: the line of the source text file that holds it.
    pub lines: HashMap<String, usize>,
    /// Per entry key: what it names, e.g. "card 12 of deck `entente`".
    pub about: HashMap<String, String>,
    /// The translator's header fields of the file this export replaces, by name.
    pub header: HashMap<String, String>,
    /// The messages of the file this export replaces, whose translations it keeps.
    pub replaces: Working,
}

impl Notes {
    /// The notes for exporting `folder`'s texts: the lines of its source text file and what
    /// each key names in its game, map, units and cards.
    pub fn of(folder: &GameFolder, source_language: &str) -> Notes {
        let mut notes = Notes::default();
        if let Some((_, doc)) = folder.texts.iter().find(|(l, _)| l == source_language) {
            notes.source_file = format!("text.{source_language}.ron");
            for key in doc.value.entries.keys() {
                if let Some(start) = doc.at_key(&child("/entries", key)).start {
                    notes.lines.insert(key.to_string(), start.line);
                }
            }
        }
        if let Some(cards) = &folder.cards {
            for c in &cards.value.cards {
                notes.about.insert(
                    format!("card:{}", c.id),
                    format!("card {} of deck `{}`", c.number, c.deck),
                );
            }
        }
        if let Some(game) = &folder.game {
            let mut decks: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for d in &game.value.decks {
                for g in &d.groups {
                    decks.entry(g.id.as_str()).or_default().push(d.id.as_str());
                }
            }
            for (group, decks) in decks {
                notes.about.insert(
                    format!("group:{group}"),
                    format!(
                        "a group of cards of deck{} `{}`, printed at the foot of each of its cards",
                        if decks.len() > 1 { "s" } else { "" },
                        decks.join("`, `")
                    ),
                );
            }
        }
        if let Some(units) = &folder.units {
            for u in &units.value.units {
                notes.about.insert(
                    format!("unit:{}", u.id),
                    format!("a counter (`{}`) of faction `{}`", u.kind, u.faction),
                );
            }
        }
        if let Some(map) = &folder.map {
            for s in &map.value.spaces {
                notes
                    .about
                    .insert(format!("space:{}", s.id), "a space of the map".to_owned());
            }
        }
        for (id, _) in LABELS {
            notes.about.insert(
                format!("label:{id}"),
                format!("`{id}`, a word the printed prototype shows"),
            );
        }
        notes
    }

    /// Keeps what a translator did in the PO file this export replaces: its header's
    /// translator fields and its messages' translations.
    pub fn keep(&mut self, replaced: &Catalog<'_>) {
        if let Some(header) = replaced.header().msgstr.first() {
            self.keep_header(header);
        }
        self.replaces = Working::of(replaced);
    }

    /// Keeps the translator's header fields of an existing PO file's header (its msgstr).
    pub fn keep_header(&mut self, header: &str) {
        for line in header.lines() {
            if let Some((name, value)) = line.split_once(':')
                && let Some(field) = TRANSLATOR_FIELDS
                    .iter()
                    .find(|f| f.eq_ignore_ascii_case(name.trim()))
            {
                self.header
                    .insert((*field).to_owned(), value.trim().to_owned());
            }
        }
    }

    /// The `#.` lines of one message (before the fingerprint), without the `#. ` prefix.
    pub fn about(&self, key: &str, field: Field, msgid: &str) -> Vec<String> {
        let what = match field {
            Field::Name if key.starts_with("card:") => "its title",
            Field::Name if key == "game" => "the game's title",
            Field::Name if key.starts_with("label:") => "the word in this language",
            Field::Name => "its name",
            Field::Text if key.starts_with("card:") => "its text (event and conditions)",
            Field::Text => "its description",
        };
        let subject = self.about.get(key).cloned().unwrap_or_else(|| named(key));
        let mut lines = vec![format!("{subject}: {what}")];
        let kept = placeholders(msgid);
        if !kept.is_empty() {
            lines.push(format!(
                "keep these placeholders exactly as written: {}",
                kept.join(" ")
            ));
        }
        lines
    }

    /// The `#:` reference of a key, when its line is known.
    pub fn reference(&self, key: &str) -> Option<String> {
        let line = self.lines.get(key)?;
        Some(format!("{}:{line}", self.source_file))
    }
}

/// What a key names, from its prefix, when the game says no more.
fn named(key: &str) -> String {
    match key.split_once(':') {
        Some((kind, id)) => format!("{kind} `{id}`"),
        None => format!("`{key}`"),
    }
}

/// The placeholders (`{unit:ge-hq}`, `{n}`) of a text, in order, each once.
fn placeholders(text: &str) -> Vec<&str> {
    let mut found: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        let ph = &rest[open..open + len + 1];
        if ph.len() > 2 && !ph[1..].contains('{') && !found.contains(&ph) {
            found.push(ph);
        }
        rest = &rest[open + len + 1..];
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_listed_once_in_order() {
        assert_eq!(
            placeholders("{unit:a} and {n} then {unit:a}, not {} or {x"),
            vec!["{unit:a}", "{n}"]
        );
        assert!(placeholders("no braces").is_empty());
    }

    #[test]
    fn a_label_is_described_as_a_word_of_the_printout() {
        let notes = Notes::of(&GameFolder::default(), "en");
        assert_eq!(
            notes.about("label:fort", Field::Name, "Fort"),
            vec![
                "`fort`, a word the printed prototype shows: the word in this language".to_owned()
            ]
        );
    }

    #[test]
    fn only_the_translators_header_fields_are_kept() {
        let mut notes = Notes::default();
        notes.keep_header(
            "Project-Id-Version: other\nlast-translator: Ada <ada@example.org>\nLanguage-Team: Italian\nPO-Revision-Date: 2026-11-01 10:00+0100\n",
        );
        assert_eq!(notes.header.len(), 3);
        assert_eq!(notes.header["Last-Translator"], "Ada <ada@example.org>");
        assert_eq!(notes.header["PO-Revision-Date"], "2026-11-01 10:00+0100");
    }

    #[test]
    fn a_card_is_described_by_its_number_and_deck_and_its_placeholders() {
        let mut notes = Notes::default();
        notes
            .about
            .insert("card:x".into(), "card 7 of deck `ap`".into());
        assert_eq!(
            notes.about("card:x", Field::Text, "Move {unit:hq} now."),
            vec![
                "card 7 of deck `ap`: its text (event and conditions)".to_owned(),
                "keep these placeholders exactly as written: {unit:hq}".to_owned()
            ]
        );
        assert_eq!(
            notes.about("area:italy", Field::Name, "Italy"),
            vec!["area `italy`: its name".to_owned()]
        );
    }
}
