//! Where every id of a game folder is defined and used: the validator's own reference walk
//! (the one R002 judges by) plus the id lists and the text placeholders, as byte spans of the
//! id itself (inside its quotes, after `card:` in a text key), so that go-to-definition, find
//! references and rename agree with the checks.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use orbat_validator::Location;
use orbat_validator::load::spans::child;
use orbat_validator::load::{GameFolder, SourceFile};
use orbat_validator::rules::ids::{IdTable, Ids};
use orbat_validator::rules::references::walk::{Target, Visit, walk};
use orbat_validator::rules::text::entries::placeholder_slices;

/// What an id names: the validator's kind names ("space", "faction", "unit value"...).
pub type Kind = &'static str;

/// One appearance of an id in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub file: PathBuf,
    /// The id's own bytes in the file's text.
    pub span: Range<usize>,
    pub kind: Kind,
    pub id: String,
    pub definition: bool,
    /// For a reference, the field names leading to it with list indexes left out
    /// (`links/a`, `spaces/source_while/Controls/space`): what completion offers there.
    pub field: String,
}

/// Every occurrence of a folder's ids, by file.
#[derive(Debug, Default, Clone)]
pub struct Index {
    pub by_file: HashMap<PathBuf, Vec<Occurrence>>,
}

impl Index {
    pub fn build(folder: &GameFolder) -> Self {
        let ids = Ids::build(folder);
        let mut index = Index::default();
        definitions(folder, &ids, &mut index);
        walk(
            folder,
            &ids,
            &mut Collector {
                ids: &ids,
                folder,
                index: &mut index,
            },
        );
        placeholders(folder, &ids, &mut index);
        for list in index.by_file.values_mut() {
            list.sort_by_key(|o| o.span.start);
        }
        index
    }

    /// The occurrence under a byte offset of a file (its span, ends included, holds it).
    pub fn at(&self, file: &Path, offset: usize) -> Option<&Occurrence> {
        let list = self.by_file.get(file)?;
        let i = list.partition_point(|o| o.span.end < offset);
        list.get(i).filter(|o| o.span.start <= offset)
    }

    /// Every occurrence of an id, definitions first.
    pub fn occurrences(&self, kind: Kind, id: &str) -> Vec<&Occurrence> {
        let mut all: Vec<&Occurrence> = self
            .by_file
            .values()
            .flatten()
            .filter(|o| o.kind == kind && o.id == id)
            .collect();
        all.sort_by(|a, b| {
            (!a.definition, &a.file, a.span.start).cmp(&(!b.definition, &b.file, b.span.start))
        });
        all
    }

    pub fn definition(&self, kind: Kind, id: &str) -> Option<&Occurrence> {
        self.by_file
            .values()
            .flatten()
            .find(|o| o.definition && o.kind == kind && o.id == id)
    }

    /// Every definition, in file and position order.
    pub fn definitions(&self) -> impl Iterator<Item = &Occurrence> {
        self.by_file.values().flatten().filter(|o| o.definition)
    }

    /// Keeps the occurrences of `file` from `old` (a file that no longer loads keeps the
    /// positions it had when it last did, for navigation).
    pub fn keep_file(&mut self, old: &Index, file: &Path) {
        if let Some(list) = old.by_file.get(file) {
            self.by_file.insert(file.to_owned(), list.clone());
        }
    }

    fn add(
        &mut self,
        src: &SourceFile,
        location: &Location,
        kind: Kind,
        id: &str,
        definition: bool,
    ) {
        let Some(span) = &location.span else { return };
        let field = match (&location.pointer, definition) {
            // a unit value is a key: its field is the map it is a key of
            (Some(pointer), false) if kind == UNIT_VALUE => {
                field_path(pointer.rsplit_once('/').map_or("", |(map, _)| map))
            }
            (Some(pointer), false) => field_path(pointer),
            _ => String::new(),
        };
        let span = id_span(&src.text, span, id);
        self.by_file
            .entry(src.path.clone())
            .or_default()
            .push(Occurrence {
                file: src.path.clone(),
                span,
                kind,
                id: id.to_owned(),
                definition,
                field,
            });
    }
}

/// A JSON pointer's named tokens (`/links/3/a` -> `links/a`; a text key, `/entries/card:x`,
/// -> `entries`).
pub fn field_path(pointer: &str) -> String {
    pointer
        .split('/')
        .take_while(|t| !t.contains(':'))
        .filter(|t| !t.is_empty() && !t.bytes().all(|b| b.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join("/")
}

/// The id's own bytes inside a literal's span (the last match, so that `"card:x"` gives `x`).
fn id_span(text: &str, span: &Range<usize>, id: &str) -> Range<usize> {
    let literal = text.get(span.clone()).unwrap_or_default();
    match literal.rfind(id) {
        Some(at) if !id.is_empty() => span.start + at..span.start + at + id.len(),
        _ => span.clone(),
    }
}

/// Each id table, with the file and list that define its ids.
fn tables<'a>(
    folder: &'a GameFolder,
    ids: &'a Ids<'a>,
) -> Vec<(&'a IdTable<'a>, &'a SourceFile, &'static str)> {
    let mut out = Vec::new();
    if let Some(g) = &folder.game {
        for (table, list) in [
            (&ids.sides, "/sides"),
            (&ids.factions, "/factions"),
            (&ids.terrains, "/terrains"),
            (&ids.location_kinds, "/location_kinds"),
            (&ids.link_kinds, "/link_kinds"),
            (&ids.unit_kinds, "/unit_kinds"),
            (&ids.areas, "/areas"),
            (&ids.decks, "/decks"),
            (&ids.tracks, "/tracks"),
            (&ids.marker_kinds, "/marker_kinds"),
            (&ids.rulesets, "/rulesets"),
            (&ids.unit_flags, "/unit_flags"),
        ] {
            out.push((table, &*g.src, list));
        }
    }
    if let Some(m) = &folder.map {
        out.push((&ids.spaces, &*m.src, "/spaces"));
    }
    if let Some(u) = &folder.units {
        out.push((&ids.units, &*u.src, "/units"));
    }
    if let Some(c) = &folder.cards {
        out.push((&ids.cards, &*c.src, "/cards"));
    }
    out
}

/// The kind name of unit values (keys of a unit's `full` and `reduced`, listed in game.ron).
pub const UNIT_VALUE: Kind = "unit value";

fn definitions(folder: &GameFolder, ids: &Ids<'_>, index: &mut Index) {
    for (table, src, list) in tables(folder, ids) {
        for (id, &i) in &table.ids {
            let at = src.at(&format!("{list}/{i}/id"));
            index.add(src, &at, table.kind, id, true);
        }
    }
    if let Some(g) = &folder.game {
        for (i, name) in g.value.unit_values.iter().enumerate() {
            let at = g.src.at(&format!("/unit_values/{i}"));
            index.add(&g.src, &at, UNIT_VALUE, name, true);
        }
    }
}

/// Records each reference the walk visits, under the kind of what it names.
struct Collector<'a, 'i> {
    ids: &'a Ids<'a>,
    folder: &'a GameFolder,
    index: &'i mut Index,
}

impl Visit for Collector<'_, '_> {
    fn visit(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool {
        let ids = self.ids;
        let either = |a: &IdTable<'_>, b: &IdTable<'_>| -> Option<Kind> {
            if a.contains(value) {
                Some(a.kind)
            } else if b.contains(value) {
                Some(b.kind)
            } else {
                None
            }
        };
        let kind = match target {
            Target::Id(table) => Some(table.kind),
            Target::SideOrFaction => either(&ids.sides, &ids.factions),
            Target::AreaOrSpace => either(&ids.areas, &ids.spaces),
            Target::UnitOrFlag => either(&ids.units, &ids.unit_flags),
            Target::UnitValue(_) => Some(UNIT_VALUE),
            Target::DeckGroup(_) | Target::TextKey => None,
        };
        let Some(kind) = kind else { return true };
        let location = at();
        if let Some(src) = source(self.folder, &location.file) {
            self.index.add(src, &location, kind, value, false);
        }
        true
    }
}

fn source<'f>(folder: &'f GameFolder, path: &Path) -> Option<&'f SourceFile> {
    folder.sources.iter().find(|s| s.path == path).map(|s| &**s)
}

/// `{space:gorizia}` in a text's name or text: a reference to the space.
fn placeholders(folder: &GameFolder, ids: &Ids<'_>, index: &mut Index) {
    for (_, doc) in &folder.texts {
        for (key, entry) in &doc.value.entries {
            let record = entry.source.as_ref();
            // the source text a translation records holds the placeholders too: a rename
            // that left them would make every translation that names the id stale
            let fields = [
                ("name", Some(&entry.name)),
                ("text", entry.text.as_ref()),
                ("source/name", record.map(|r| &r.name)),
                ("source/text", record.and_then(|r| r.text.as_ref())),
            ];
            for (field, value) in fields {
                let Some(value) = value else { continue };
                if !value.contains('{') {
                    continue;
                }
                let at = doc.at(&format!("{}/{field}", child("/entries", key)));
                let Some(span) = at.span.clone() else {
                    continue;
                };
                let literal = doc.src.text.get(span.clone()).unwrap_or_default();
                let mut from = 0;
                for slot in placeholder_slices(value) {
                    let Some((kind, id)) = slot.split_once(':') else {
                        continue;
                    };
                    let Some(kind) = kind_of_key(ids, kind) else {
                        continue;
                    };
                    let needle = format!("{{{slot}}}");
                    let Some(found) = literal[from..].find(&needle) else {
                        break;
                    };
                    let start = span.start + from + found + 1 + slot.len() - id.len();
                    from += found + needle.len();
                    index
                        .by_file
                        .entry(doc.src.path.clone())
                        .or_default()
                        .push(Occurrence {
                            file: doc.src.path.clone(),
                            span: start..start + id.len(),
                            kind,
                            id: id.to_owned(),
                            definition: false,
                            field: String::new(),
                        });
                }
            }
        }
    }
}

/// The kind a text key or placeholder prefix names (`space` -> "space").
pub fn kind_of_key(ids: &Ids<'_>, prefix: &str) -> Option<Kind> {
    Some(match prefix {
        "card" => ids.cards.kind,
        "space" => ids.spaces.kind,
        "unit" => ids.units.kind,
        "faction" => ids.factions.kind,
        "side" => ids.sides.kind,
        "area" => ids.areas.kind,
        "deck" => ids.decks.kind,
        "track" => ids.tracks.kind,
        _ => return None,
    })
}
