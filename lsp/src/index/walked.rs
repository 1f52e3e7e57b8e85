//! The index as the validator's reference walk sees it: the oracle [`super::scan::scan`] is
//! tested against (same occurrences on every shipped game and valid fixture).

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use orbat_validator::Location;
use orbat_validator::analysis::ids::{IdTable, Ids};
use orbat_validator::analysis::text::entries::placeholder_slices;
use orbat_validator::analysis::text_keys::KeyKind;
use orbat_validator::analysis::walk::{Target, Visit, walk};
use orbat_validator::load::GameFolder;
use orbat_validator::load::spans::child;

use super::{Index, Kind, Occurrence, Role, UNIT_VALUE};

/// Indexes a loaded folder through the walk.
pub fn build(folder: &GameFolder) -> Index {
    let ids = Ids::build(folder);
    let mut index = Index::default();
    let files: Vec<Arc<Path>> = folder
        .sources
        .iter()
        .map(|s| Arc::from(s.path.as_path()))
        .collect();
    let mut adder = Adder {
        folder,
        files: &files,
        last: 0,
        index: &mut index,
    };
    definitions(folder, &ids, &mut adder);
    walk(
        folder,
        &ids,
        &mut Collector {
            ids: &ids,
            adder: &mut adder,
        },
    );
    placeholders(folder, &ids, &mut adder);
    for list in index.by_file.values_mut() {
        list.sort_by_key(|o| o.span.start);
    }
    index
}

/// Adds occurrences, finding the file of each location among the folder's sources (the
/// walk visits file by file, so the last one found is tried first).
struct Adder<'a, 'i> {
    folder: &'a GameFolder,
    files: &'a [Arc<Path>],
    last: usize,
    index: &'i mut Index,
}

impl Adder<'_, '_> {
    fn add(&mut self, location: &Location, kind: Kind, id: &str, role: Role) {
        let Some(span) = &location.span else { return };
        let same = |i: usize| self.folder.sources[i].path.as_os_str() == location.file.as_os_str();
        if !same(self.last) {
            match (0..self.files.len()).find(|&i| same(i)) {
                Some(i) => self.last = i,
                None => return,
            }
        }
        let text = &self.folder.sources[self.last].text;
        let file = &self.files[self.last];
        let o = Occurrence {
            file: file.clone(),
            span: id_span(text, span, id),
            kind,
            id: id.to_owned(),
            role,
        };
        push(self.index, file, o);
    }
}

fn push(index: &mut Index, file: &Path, o: Occurrence) {
    match index.by_file.get_mut(file) {
        Some(list) => list.push(o),
        None => {
            index.by_file.insert(file.to_path_buf(), vec![o]);
        }
    }
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
) -> Vec<(
    &'a IdTable<'a>,
    &'a orbat_validator::SourceFile,
    &'static str,
)> {
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

fn definitions(folder: &GameFolder, ids: &Ids<'_>, adder: &mut Adder<'_, '_>) {
    for (table, src, list) in tables(folder, ids) {
        for (id, i) in table.definitions() {
            let at = src.at(&format!("{list}/{i}/id"));
            adder.add(&at, table.kind, id, Role::Definition);
        }
    }
    if let Some(g) = &folder.game {
        for (i, name) in g.value.unit_values.iter().enumerate() {
            let at = g.src.at(&format!("/unit_values/{i}"));
            adder.add(&at, UNIT_VALUE, name, Role::Definition);
        }
    }
}

/// Records each reference the walk visits, under the kind of what it names.
struct Collector<'a, 'i, 'd> {
    ids: &'a Ids<'a>,
    adder: &'d mut Adder<'a, 'i>,
}

impl Visit for Collector<'_, '_, '_> {
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
        // ids in attribute values: which attributes name ids is the game's own declaration,
        // which the scan of texts does not read (the language server does not index them yet)
        if is_attribute_value(location.pointer.as_deref()) {
            return true;
        }
        let text_key = location
            .pointer
            .as_deref()
            .is_some_and(|p| p.starts_with("/entries/"));
        let role = if text_key { Role::TextKey } else { Role::Use };
        self.adder.add(&location, kind, value, role);
        true
    }
}

/// Whether a pointer is inside an entity's `attrs` or an attribute's declaration, or is a
/// declared check's example (whose kind is its check's scope, which the scan of literals does
/// not see: it takes the one kind that defines the id, see `scan`).
pub fn is_attribute_value(pointer: Option<&str>) -> bool {
    pointer.is_some_and(|p| {
        // the keys of `under` (rulesets) are map keys, which the scan does not index
        p.contains("/attrs/")
            || p.contains("/under/")
            || p.starts_with("/attributes/")
            || p.starts_with("/checks/")
    })
}

/// `{space:gorizia}` in a text's name or text (and in the source text a translation
/// records): a use of the space.
fn placeholders(folder: &GameFolder, ids: &Ids<'_>, adder: &mut Adder<'_, '_>) {
    for (_, doc) in &folder.texts {
        for (key, entry) in &doc.value.entries {
            let record = entry.source.as_ref();
            // the source text a translation records holds the placeholders too: a rename
            // that left them would make every translation that names the id stale
            let fields = [
                ("name", Some(entry.name.as_str())),
                ("text", entry.text.as_deref()),
                ("source/name", record.map(|r| r.name.as_str())),
                ("source/text", record.and_then(|r| r.text.as_deref())),
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
                    // the id's bytes: after `{` and `kind:`
                    let start = span.start + from + found + 1 + slot.len() - id.len();
                    from += found + needle.len();
                    let mut place = at.clone();
                    place.span = Some(start..start + id.len());
                    adder.add(&place, kind, id, Role::Use);
                }
            }
        }
    }
}

/// The kind a text key or placeholder prefix names (`space` -> "space").
pub fn kind_of_key(ids: &Ids<'_>, prefix: &str) -> Option<Kind> {
    KeyKind::ALL
        .into_iter()
        .find(|k| k.prefix() == prefix)
        .map(|k| k.table(ids).kind)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn set(index: &Index) -> BTreeSet<(String, usize, usize, Kind, String, String)> {
        index
            .by_file
            .values()
            .flatten()
            // a check's examples: see `is_attribute_value`
            .filter(|o| o.file.file_name().is_some_and(|n| n != "checks.ron"))
            .map(|o| {
                let file = o.file.file_name().unwrap().to_string_lossy().into_owned();
                (
                    file,
                    o.span.start,
                    o.span.end,
                    o.kind,
                    o.id.clone(),
                    format!("{:?}", o.role),
                )
            })
            .collect()
    }

    /// The scan finds exactly the occurrences the validator's walk finds, on every shipped
    /// game and valid fixture.
    #[test]
    fn the_scan_finds_what_the_walk_finds() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut folders = 0;
        for parent in ["scenarios", "tests/fixtures/valid"] {
            for entry in std::fs::read_dir(root.join(parent)).unwrap() {
                let dir = entry.unwrap().path();
                if !dir.join("game.ron").exists() {
                    continue;
                }
                let files = crate::analysis::folder_files(&dir);
                let inputs: Vec<_> = files
                    .iter()
                    .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
                    .collect();
                let folder = orbat_validator::load::load_texts(&dir, &inputs, &mut Vec::new());
                let walked = set(&build(&folder));
                let scanned = set(&super::super::scan::scan(
                    inputs.iter().map(|(p, t)| (p.as_path(), t.as_str())),
                ));
                let missing: Vec<_> = walked.difference(&scanned).take(10).collect();
                let extra: Vec<_> = scanned.difference(&walked).take(10).collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{}: the scan misses {missing:#?}\nand adds {extra:#?}",
                    dir.display()
                );
                assert!(walked.len() > 10);
                folders += 1;
            }
        }
        assert!(folders >= 5);
    }

    /// Every text key prefix the scan knows names the kind the walk gives it, and no other
    /// prefix names anything (the two lists are kept in step by hand).
    #[test]
    fn text_key_prefixes_agree_with_the_walk() {
        let folder = orbat_validator::load::GameFolder::default();
        let ids = Ids::build(&folder);
        for &(prefix, kind) in crate::kinds::TEXT_KEY_KINDS {
            assert_eq!(kind_of_key(&ids, prefix), Some(kind), "{prefix}");
            assert_eq!(crate::kinds::text_prefix(kind), Some(prefix));
        }
        assert_eq!(kind_of_key(&ids, "marker"), Some("marker kind"));
        assert_eq!(kind_of_key(&ids, "weather"), None);
        assert_eq!(crate::kinds::text_prefix("unit flag"), None);
    }
}
