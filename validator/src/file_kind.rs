//! The one description of each file kind: its file-name pattern, its schema file, its model
//! type and the value that holds it. Code that must do something per kind (read one, check
//! its schema, print it canonically) writes a [`PerKind`] once; [`FileKind::with_type`] is
//! the only place the six kinds are matched to their types.

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::model::{CardsFile, ChecksFile, Game, MapFile, Scenario, TextFile, UnitsFile};

/// The kind of a game file, known from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileKind {
    Game,
    Map,
    Units,
    Cards,
    Text,
    Scenario,
    Checks,
}

/// A model type that is a whole game file.
pub trait GameFile:
    Serialize + DeserializeOwned + JsonSchema + PartialEq + std::fmt::Debug + Into<FileValue> + 'static
{
    const KIND: FileKind;
}

/// Work that depends on the file kind's model type, written once for every kind.
pub trait PerKind {
    type Out;
    fn run<T: GameFile>(self) -> Self::Out;
}

/// The typed content of one file, whichever its kind.
#[derive(Debug, Clone, PartialEq)]
pub enum FileValue {
    Game(Game),
    Map(MapFile),
    Units(UnitsFile),
    Cards(CardsFile),
    Text(TextFile),
    Scenario(Scenario),
    Checks(ChecksFile),
}

/// The table: kind, model type, variant of [`FileValue`], schema file in `schemas/`.
macro_rules! file_kinds {
    ($($kind:ident: $ty:ty, $schema:literal;)*) => {
        impl FileKind {
            /// Every kind, in the order of the table.
            pub const ALL: [FileKind; 7] = [$(FileKind::$kind),*];

            /// Runs `work` with this kind's model type.
            pub fn with_type<W: PerKind>(self, work: W) -> W::Out {
                match self {
                    $(FileKind::$kind => work.run::<$ty>(),)*
                }
            }

            /// The file name of its JSON Schema in `schemas/`.
            pub fn schema_file(self) -> &'static str {
                match self {
                    $(FileKind::$kind => $schema,)*
                }
            }
        }

        $(
            impl GameFile for $ty {
                const KIND: FileKind = FileKind::$kind;
            }

            impl From<$ty> for FileValue {
                fn from(v: $ty) -> FileValue {
                    FileValue::$kind(v)
                }
            }
        )*

        impl FileValue {
            pub fn kind(&self) -> FileKind {
                match self {
                    $(FileValue::$kind(_) => FileKind::$kind,)*
                }
            }

            /// The value as a JSON value (the shape the schema describes).
            pub fn to_json(&self) -> Result<serde_json::Value, serde_json::Error> {
                match self {
                    $(FileValue::$kind(v) => serde_json::to_value(v),)*
                }
            }

            /// The canonical RON text of the value (what the editor writes).
            pub fn to_text(&self) -> Result<String, crate::canonical::WriteError> {
                match self {
                    $(FileValue::$kind(v) => crate::canonical::to_string(v),)*
                }
            }
        }
    };
}

file_kinds! {
    Game: Game, "game.schema.json";
    Map: MapFile, "map.schema.json";
    Units: UnitsFile, "units.schema.json";
    Cards: CardsFile, "cards.schema.json";
    Text: TextFile, "text.schema.json";
    Scenario: Scenario, "scenario.schema.json";
    Checks: ChecksFile, "checks.schema.json";
}

impl FileKind {
    /// The kind a file name stands for, or None for a file that is not a game file:
    /// `game.ron`, `map.ron`, `units.ron`, `cards.ron`, `text.<lang>.ron`, `<id>.scenario.ron`, `checks.ron`.
    pub fn of(file_name: &str) -> Option<FileKind> {
        match file_name {
            "game.ron" => Some(FileKind::Game),
            "map.ron" => Some(FileKind::Map),
            "units.ron" => Some(FileKind::Units),
            "cards.ron" => Some(FileKind::Cards),
            "checks.ron" => Some(FileKind::Checks),
            _ if text_language(file_name).is_some() => Some(FileKind::Text),
            _ if scenario_id(file_name).is_some() => Some(FileKind::Scenario),
            _ => None,
        }
    }
}

impl FileValue {
    /// A JSON value read as the model type of `kind`.
    pub fn from_json(kind: FileKind, value: serde_json::Value) -> Result<Self, serde_json::Error> {
        struct FromJson(serde_json::Value);
        impl PerKind for FromJson {
            type Out = Result<FileValue, serde_json::Error>;
            fn run<T: GameFile>(self) -> Self::Out {
                serde_json::from_value::<T>(self.0).map(Into::into)
            }
        }
        kind.with_type(FromJson(value))
    }
}

/// `text.<lang>.ron` -> `<lang>`.
pub fn text_language(file_name: &str) -> Option<&str> {
    let lang = file_name.strip_prefix("text.")?.strip_suffix(".ron")?;
    (!lang.is_empty() && !lang.contains('.')).then_some(lang)
}

/// `<id>.scenario.ron` -> `<id>`.
pub fn scenario_id(file_name: &str) -> Option<&str> {
    let id = file_name.strip_suffix(".scenario.ron")?;
    (!id.is_empty()).then_some(id)
}
