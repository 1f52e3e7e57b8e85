//! What the Definition view keeps between frames: the part being edited, a rename or deletion
//! being asked, and what it reads off the document once per change (each file as JSON, the
//! schemas, the pick lists of ids, the findings by pointer), so drawing a frame costs no
//! walk of the folder.

use std::collections::HashMap;

use orbat_validator::load::FileKind;
use orbat_validator::model::Holder;
use orbat_validator::schema::schema_json;
use serde_json::{Map, Value};

use crate::ctx::Ctx;
use crate::document::{Document, FileId};
use crate::id_uses::{self, Choices};

#[derive(Debug, Clone, Default)]
pub struct DefinitionState {
    /// The section shown: a list of game.ron (`factions`), `general`, or `checks`.
    pub section: String,
    /// The entry of a list section being edited, by index.
    pub entry: Option<usize>,
    pub pending: Option<Pending>,
    /// Why the last rename was refused.
    pub error: Option<String>,
    /// The gesture key of a burst of typing, merged into one undo step.
    pub typing: Option<u64>,
    cache: Option<std::sync::Arc<Cache>>,
}

/// A rename being typed, or a deletion waiting for the user to confirm it.
#[derive(Debug, Clone, PartialEq)]
pub enum Pending {
    /// `at`: the pointer of a nested entry renamed (a deck's group), else the entry shown.
    Rename {
        to: String,
        kind: &'static str,
        at: Option<String>,
    },
    Delete {
        uses: Vec<String>,
    },
}

impl DefinitionState {
    /// What the view reads off the document, computed again only after a change.
    pub(super) fn cache(&mut self, doc: &Document) -> std::sync::Arc<Cache> {
        match &self.cache {
            Some(c) if c.revision == doc.revision => c.clone(),
            _ => {
                let c = std::sync::Arc::new(Cache::of(doc));
                self.cache = Some(c.clone());
                c
            }
        }
    }

    /// Ends a burst of typing: the next change is a new undo step.
    pub(super) fn seal(&mut self, c: &mut Ctx<'_>) {
        if let Some(key) = self.typing.take() {
            c.seal_key(key);
        }
    }
}

#[derive(Debug)]
pub struct Cache {
    revision: u64,
    json: HashMap<FileId, Value>,
    schemas: HashMap<FileId, Value>,
    pub choices: Choices,
    /// Findings in game.ron and checks.ron: file, JSON pointer, message.
    findings: Vec<(FileId, String, String)>,
}

static NULL: Value = Value::Null;

impl Cache {
    fn of(doc: &Document) -> Cache {
        let mut json = HashMap::new();
        let mut schemas = HashMap::new();
        for (id, kind) in [
            (FileId::Game, FileKind::Game),
            (FileId::Checks, FileKind::Checks),
        ] {
            if let Some(v) = doc.file(&id).and_then(|f| f.value.as_ref())
                && let Ok(j) = v.to_json()
            {
                json.insert(id.clone(), j);
                schemas.insert(id, schema_json(kind));
            }
        }
        let findings = doc
            .diagnostics
            .iter()
            .filter_map(|d| {
                let name = d.location.file.file_name()?.to_str()?;
                let file = FileId::of(name).filter(|f| json.contains_key(f))?;
                let pointer = d.location.pointer.clone()?;
                Some((file, pointer, format!("{}: {}", d.code, d.message)))
            })
            .collect();
        Cache {
            revision: doc.revision,
            json,
            schemas,
            choices: id_uses::choices(doc),
            findings,
        }
    }

    pub fn json(&self, file: &FileId) -> &Value {
        self.json.get(file).unwrap_or(&NULL)
    }

    pub fn schema(&self, file: &FileId) -> &Value {
        self.schemas.get(file).unwrap_or(&NULL)
    }

    /// The findings at `prefix` or inside it (`/factions/2` holds `/factions/2/side`).
    pub fn findings_under(&self, file: &FileId, prefix: &str) -> Vec<(String, String)> {
        self.findings
            .iter()
            .filter(|(f, p, _)| {
                f == file
                    && (p == prefix || p.starts_with(prefix) && p[prefix.len()..].starts_with('/'))
            })
            .map(|(_, p, m)| (p.clone(), m.clone()))
            .collect()
    }

    /// The findings of a section: under its list, or at one of its fields.
    pub fn findings_of(&self, s: &Section) -> Vec<(String, String)> {
        match &s.entries {
            Entries::List => self.findings_under(&s.file, &s.pointer()),
            Entries::Fields(names) => names
                .iter()
                .flat_map(|n| self.findings_under(&s.file, &format!("/{n}")))
                .collect(),
        }
    }

    /// The sections, in the order of game.ron's schema: first `General` (what is not a list
    /// of entries), then each list, then the checks of checks.ron if the game has them.
    pub fn sections(&self) -> Vec<Section> {
        let mut out = Vec::new();
        let mut general = Vec::new();
        let game_schema = self.schema(&FileId::Game);
        if let Some(props) = game_schema.get("properties").and_then(Value::as_object) {
            for (name, prop) in props {
                if self.is_entry_list(game_schema, prop) {
                    out.push(Section::list(FileId::Game, name, prop));
                } else {
                    general.push(name.clone());
                }
            }
        }
        out.insert(
            0,
            Section {
                name: "general".into(),
                file: FileId::Game,
                title: "General".into(),
                about: format!("The game's {}.", general.join(", ").replace('_', " ")),
                noun: "setting".into(),
                entries: Entries::Fields(general),
                kind: None,
                key_prefix: None,
                // the game's own `attrs`
                holder: Some(Holder::Game),
            },
        );
        if let Some(prop) = self
            .schema(&FileId::Checks)
            .get("properties")
            .and_then(|p| p.get("checks"))
        {
            let mut s = Section::list(FileId::Checks, "checks", prop);
            s.title = "Checks (checks.ron)".into();
            out.push(s);
        }
        out
    }

    /// Whether a property is a list of entries (objects), each edited on its own.
    fn is_entry_list(&self, root: &Value, prop: &Value) -> bool {
        let Some(items) = prop.get("items") else {
            return false;
        };
        let items = match items.get("$ref").and_then(Value::as_str) {
            Some(r) => r
                .strip_prefix("#/$defs/")
                .and_then(|n| root.get("$defs")?.get(n))
                .unwrap_or(items),
            None => items,
        };
        items.get("properties").is_some()
    }
}

/// How a section's content is edited.
#[derive(Debug, Clone, PartialEq)]
pub enum Entries {
    /// These top-level fields, in one form.
    Fields(Vec<String>),
    /// The entries of the list the section is named after, one at a time.
    List,
}

/// One part of the definition.
#[derive(Debug, Clone)]
pub struct Section {
    /// The property of the file (`factions`), or `general`.
    pub name: String,
    pub file: FileId,
    pub title: String,
    pub about: String,
    /// One entry, for buttons (`faction`).
    pub noun: String,
    pub entries: Entries,
    /// The kind of id its entries define, as the validator names it (`faction`), when other
    /// files refer to them: those entries are renamed with [`id_uses::rename`].
    pub kind: Option<&'static str>,
    /// The prefix of the text keys that name its entries (`faction:`).
    pub key_prefix: Option<&'static str>,
    /// Whose declared attributes its entries carry.
    pub holder: Option<Holder>,
}

impl Section {
    fn list(file: FileId, name: &str, prop: &Value) -> Section {
        let (kind, key_prefix, holder) = known(name);
        Section {
            name: name.to_owned(),
            file,
            title: title(name),
            about: prop
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            noun: kind.map_or_else(|| singular(name), str::to_owned),
            entries: Entries::List,
            kind,
            key_prefix,
            holder,
        }
    }

    /// The pointer of its content, for counting its findings.
    pub fn pointer(&self) -> String {
        match &self.entries {
            Entries::List => format!("/{}", self.name),
            Entries::Fields(_) => String::new(),
        }
    }

    /// The schema of a `Fields` section: an object of its fields alone.
    pub fn schema(&self, cache: &Cache) -> Value {
        let props = cache
            .schema(&self.file)
            .get("properties")
            .and_then(Value::as_object);
        let mut out = Map::new();
        if let (Entries::Fields(names), Some(props)) = (&self.entries, props) {
            for n in names {
                if let Some(p) = props.get(n) {
                    out.insert(n.clone(), p.clone());
                }
            }
        }
        serde_json::json!({"type": "object", "properties": out})
    }

    /// The schema of one entry of a list section.
    pub fn item_schema(&self, cache: &Cache) -> Value {
        cache
            .schema(&self.file)
            .get("properties")
            .and_then(|p| p.get(&self.name))
            .and_then(|p| p.get("items"))
            .cloned()
            .unwrap_or(Value::Null)
    }
}

/// For the lists of game.ron whose ids other files name: the kind (as the validator's id
/// tables name it), the text key prefix of their names, whose attributes they carry.
fn known(list: &str) -> (Option<&'static str>, Option<&'static str>, Option<Holder>) {
    match list {
        "sides" => (Some("side"), Some("side:"), None),
        "factions" => (Some("faction"), Some("faction:"), Some(Holder::Faction)),
        "terrains" => (Some("terrain"), None, None),
        "location_kinds" => (Some("location kind"), None, None),
        "link_kinds" => (Some("link kind"), None, None),
        "unit_kinds" => (Some("unit kind"), None, None),
        "areas" => (Some("area"), Some("area:"), Some(Holder::Area)),
        "decks" => (Some("deck"), Some("deck:"), None),
        "tracks" => (Some("track"), Some("track:"), Some(Holder::Track)),
        "marker_kinds" => (
            Some("marker kind"),
            Some("marker:"),
            Some(Holder::MarkerKind),
        ),
        "rulesets" => (Some("ruleset"), None, None),
        "unit_flags" => (Some("unit flag"), None, None),
        _ => (None, None, None),
    }
}

/// `location_kinds` → `Location kinds`.
fn title(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// `supply` stays, `relations` → `relation`, `allow` stays.
fn singular(name: &str) -> String {
    let words = name.replace('_', " ");
    match words.strip_suffix('s') {
        Some(one) => one.to_owned(),
        None => words,
    }
}
