//! Where the ids game.ron declares are used, found by the validator's one walk of every
//! reference (the walk R002 judges by, so the two cannot disagree): the ids a field of
//! game.ron may name (its pick list), the uses listed before an id is deleted, and renaming an
//! id in every file at once. No egui: the definition view draws this.

use std::collections::HashMap;
use std::sync::Arc;

use orbat_validator::analysis::ids::{IdTable, Ids};
use orbat_validator::analysis::walk::{self, Resolved, Target, Visit};
use orbat_validator::diagnostic::Location;
use orbat_validator::load::{GameFolder, SourceFile};
use orbat_validator::model::TextFile;
use orbat_validator::model::common::bad_id;

use crate::document::{Document, FileId, FileValue};
use crate::edit::Edit;

/// One reference to an id: the file and the JSON pointer of the value that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub file: FileId,
    pub pointer: String,
}

/// The ids each reference of game.ron and checks.ron may name, by file and JSON pointer.
pub type Choices = HashMap<(FileId, String), Arc<Vec<String>>>;

/// The folder as the walk reads it. The sources hold no text: the walk needs only the JSON
/// pointers of what it visits, and printing every file to have line numbers would cost more
/// than the walk itself.
fn folder_of(doc: &Document) -> GameFolder {
    let mut folder = GameFolder {
        dir: doc.dir.clone(),
        ..GameFolder::default()
    };
    for f in &doc.files {
        if let Some(value) = &f.value {
            let src = Arc::new(SourceFile::new(f.path.clone(), String::new()));
            folder.put(&f.id.file_name(), src, value.clone());
        }
    }
    folder
}

/// Calls `f` with every reference of the folder: the kind of what it names (as the
/// validator's id tables name kinds: `faction`, `unit kind`...), the choices it has, the id
/// it names and where.
/// Told of one reference: the kind it names, its choices, the id it names, where it is.
type OnReference<'f> = dyn FnMut(&'static str, &[String], &str, Use) + 'f;

fn each_reference(doc: &Document, f: &mut OnReference<'_>) {
    let folder = folder_of(doc);
    let ids = Ids::build(&folder);
    let mut walker = Walker { ids: &ids, f };
    walk::walk_all_but_text_keys(&folder, &ids, Resolved::default(), &mut walker);
}

struct Walker<'a, 'f, 'g> {
    ids: &'a Ids<'a>,
    f: &'f mut OnReference<'g>,
}

fn ids_of(tables: &[&IdTable<'_>]) -> Vec<String> {
    let mut out = Vec::new();
    for t in tables {
        let mut defs: Vec<(&str, usize)> = t.definitions().collect();
        defs.sort_by_key(|&(_, i)| i);
        out.extend(defs.into_iter().map(|(id, _)| id.to_owned()));
    }
    out
}

impl Visit for Walker<'_, '_, '_> {
    fn visit(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool {
        let ids = self.ids;
        let two = |a: &IdTable<'_>, b: &IdTable<'_>| {
            let kind = if b.contains(value) { b.kind } else { a.kind };
            (kind, ids_of(&[a, b]))
        };
        let (kind, choices) = match target {
            Target::Id(table) => (table.kind, ids_of(&[table])),
            Target::SideOrFaction => two(&ids.sides, &ids.factions),
            Target::AreaOrSpace => two(&ids.spaces, &ids.areas),
            Target::UnitOrFlag => two(&ids.units, &ids.unit_flags),
            Target::UnitValue(values) => ("unit value", values.to_vec()),
            Target::DeckGroup(deck) => (
                "deck group",
                deck.groups.iter().map(|g| g.id.to_string()).collect(),
            ),
            Target::TextKey => return true,
        };
        let location = at();
        let file = location
            .file
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(FileId::of);
        if let (Some(file), Some(pointer)) = (file, location.pointer) {
            (self.f)(kind, &choices, value, Use { file, pointer });
        }
        true
    }
}

/// The ids each reference of game.ron and checks.ron may name (the pick lists of the
/// definition view), by file and pointer.
pub fn choices(doc: &Document) -> Choices {
    let mut out = Choices::new();
    // most references of one list share their choices: build each list once
    let mut shared: HashMap<Vec<String>, Arc<Vec<String>>> = HashMap::new();
    each_reference(doc, &mut |_, choices, _, u| {
        if matches!(u.file, FileId::Game | FileId::Checks) {
            let list = shared
                .entry(choices.to_vec())
                .or_insert_with(|| Arc::new(choices.to_vec()))
                .clone();
            out.insert((u.file.clone(), pattern(&u.pointer)), list.clone());
            out.insert((u.file, u.pointer), list);
        }
    });
    out
}

/// A pointer with its list indexes as `*` (`/areas/*/closed_to/*`): the key under which
/// [`choices`] also files a reference, for the same field of an entry that has none yet.
pub fn pattern(pointer: &str) -> String {
    pointer
        .split('/')
        .map(|t| if t.parse::<usize>().is_ok() { "*" } else { t })
        .collect::<Vec<_>>()
        .join("/")
}

/// Every reference to the `kind` (`faction`, `terrain`...) with id `id`, in every file but
/// the text files (whose keys and placeholders [`rename`] handles by their prefix).
pub fn uses(doc: &Document, kind: &str, id: &str) -> Vec<Use> {
    let mut out = Vec::new();
    each_reference(doc, &mut |k, _, value, u| {
        if k == kind && value == id {
            out.push(u);
        }
    });
    out
}

/// A use said in the user's words: `units.ron: unit ge-1, faction`.
pub fn describe(doc: &Document, u: &Use) -> String {
    let json = doc
        .file(&u.file)
        .and_then(|f| f.value.as_ref())
        .and_then(|v| v.to_json().ok());
    let mut words: Vec<String> = Vec::new();
    let mut at = json.as_ref();
    for token in u.pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        let index = token.parse::<usize>().ok();
        let next = match (at, index) {
            (Some(serde_json::Value::Array(items)), Some(i)) => items.get(i),
            (Some(serde_json::Value::Object(fields)), _) => fields.get(&token),
            _ => None,
        };
        let id = next.and_then(|v| v.get("id")).and_then(|v| v.as_str());
        // `/units/3` is said as the unit whose id it holds (`unit ge-1`), else by number
        let word = match (index, words.pop()) {
            (Some(_), Some(list)) if id.is_some() => {
                format!("{} {}", singular(&list), id.unwrap_or_default())
            }
            (Some(i), Some(list)) => format!("{list} #{}", i + 1),
            (_, last) => {
                words.extend(last);
                token.replace('_', " ")
            }
        };
        words.push(word);
        at = next;
    }
    format!("{}: {}", u.file.file_name(), words.join(", "))
}

/// `units` → `unit`, `marker_kinds` → `marker kind` (list names are plurals in `s`).
fn singular(list: &str) -> String {
    list.strip_suffix("ies")
        .map(|s| format!("{s}y"))
        .or_else(|| list.strip_suffix('s').map(str::to_owned))
        .unwrap_or_else(|| list.to_owned())
}

/// What is renamed: an entry of a list of ids (a faction of game.ron, a unit of units.ron, a
/// card of cards.ron, a group of a deck).
pub struct Renamed<'a> {
    /// The kind as the validator names it (`faction`).
    pub kind: &'a str,
    /// The file holding the list, the list's JSON pointer (`/factions`, `/decks/0/groups`)
    /// and the entry's index in it.
    pub file: FileId,
    pub list: &'a str,
    pub index: usize,
    /// The prefix of its text keys (`faction:`), if players read it by name.
    pub key_prefix: Option<&'a str>,
    /// For a deck group: its deck, since only the cards of that deck name it.
    pub deck: Option<&'a str>,
}

/// Renames an entry and every reference to it, in every file, as one edit: its text keys
/// and `{faction:<id>}` placeholders too. Refused (with the reason) when the new id is not a
/// valid id or already names another of its kind.
pub fn rename(doc: &Document, what: &Renamed<'_>, from: &str, to: &str) -> Result<Edit, String> {
    if let Some(why) = bad_id(to) {
        return Err(format!("`{to}` cannot be an id: {why}"));
    }
    let holder = doc
        .file(&what.file)
        .and_then(|f| f.value.as_ref())
        .ok_or_else(|| format!("{} did not load: fix it first", what.file.file_name()))?;
    let json = holder.to_json().map_err(|e| e.to_string())?;
    let taken = json
        .pointer(what.list)
        .and_then(|l| l.as_array())
        .is_some_and(|l| {
            l.iter()
                .any(|e| e.get("id").and_then(|v| v.as_str()) == Some(to))
        });
    if taken {
        return Err(format!(
            "there is already a {} `{to}`: renaming would merge the two",
            what.kind
        ));
    }
    let mut uses = uses(doc, what.kind, from);
    if let Some(deck) = what.deck {
        let mut json_of: HashMap<FileId, Option<serde_json::Value>> = HashMap::new();
        uses.retain(|u| {
            let json = json_of.entry(u.file.clone()).or_insert_with(|| {
                let value = doc.file(&u.file).and_then(|f| f.value.as_ref());
                value.and_then(|v| v.to_json().ok())
            });
            beside(json.as_ref(), &u.pointer, "deck") == Some(deck)
        });
    }
    uses.push(Use {
        file: what.file.clone(),
        pointer: format!("{}/{}/id", what.list, what.index),
    });
    let mut edits = Vec::new();
    for f in &doc.files {
        let Some(value) = &f.value else { continue };
        let here: Vec<&Use> = uses.iter().filter(|u| u.file == f.id).collect();
        let renamed = match value {
            FileValue::Text(t) => what
                .key_prefix
                .and_then(|p| renamed_text(t, p, from, to))
                .map(FileValue::Text),
            _ if here.is_empty() => None,
            _ => Some(renamed_value(value, &here, from, to)?),
        };
        if let Some(now) = renamed {
            edits.push(Edit::SetFile {
                id: f.id.clone(),
                value: Box::new(now),
                label: String::new(),
            });
        }
    }
    Ok(Edit::Batch {
        label: format!("rename {} {from} to {to}", what.kind),
        edits,
    })
}

/// The text field `field` of the entry holding a use (`/cards/3/deck` for `/cards/3/group`).
fn beside<'j>(json: Option<&'j serde_json::Value>, pointer: &str, field: &str) -> Option<&'j str> {
    let parent = &pointer[..pointer.rfind('/')?];
    json?.pointer(&format!("{parent}/{field}"))?.as_str()
}

/// The value with the id at each pointer renamed (each must still name `from`).
fn renamed_value(
    value: &FileValue,
    at: &[&Use],
    from: &str,
    to: &str,
) -> Result<FileValue, String> {
    let mut json = value.to_json().map_err(|e| e.to_string())?;
    for u in at {
        match json.pointer_mut(&u.pointer) {
            Some(v) if v.as_str() == Some(from) => *v = serde_json::Value::String(to.to_owned()),
            _ => {
                return Err(format!(
                    "{} changed while renaming (at {}): try again",
                    u.file.file_name(),
                    u.pointer
                ));
            }
        }
    }
    FileValue::from_json(value.kind(), json).map_err(|e| e.to_string())
}

/// The text file with key `<prefix><from>` and placeholders `{<prefix><from>}` renamed, if
/// it has any.
fn renamed_text(t: &TextFile, prefix: &str, from: &str, to: &str) -> Option<TextFile> {
    let mut t2 = t.clone();
    crate::refs::rename_in_text(&mut t2, prefix, from, to);
    (t2 != *t).then_some(t2)
}
