//! The typed data model: one module per file kind of a game folder.
//!
//! Every type derives `JsonSchema`, and the committed files in `schemas/` are generated from
//! these types (see `schema_gen`), so the Rust model and the schemas cannot drift apart.
//! Every field carries a doc comment: it becomes the schema's `description`.

pub mod attrs;
pub mod cards;
pub mod checks;
pub mod colour;
pub mod common;
pub mod compare;
pub mod effects;
pub mod game;
pub mod labels;
pub mod map;
pub mod scenario;
pub mod sorted;
pub mod symbol;
pub mod text;
pub mod tied;
pub mod units;
pub mod values;

pub use attrs::{AttrDecl, AttrKind, AttrValue, Attrs, Holder, RefKind};
pub use cards::{Card, CardsFile, FactionValue, Reinforcement};
pub use checks::{CheckSeverity, ChecksFile, Example, GameCheck, Scope};
pub use colour::Colour;
pub use effects::{CardsTo, Scheduled, StateKind, StatesOf, Step};
pub use game::{
    Allow, Area, CountPer, Deck, DeckGroup, Faction, FactionLimit, Game, KindCap, LinkKind,
    LocationKind, MarkerKind, Relation, Ruleset, SeaSupply, Side, Stacking, StackingRules,
    SupplyRule, Terrain, TraceThrough, Track, UnitFlag, UnitKind,
};
pub use map::{Backdrop, Condition, Link, MapFile, PortLimit, Space};
pub use scenario::{
    Alignment, ControlOverride, Hand, Marker, Placement, Scenario, ScenarioDeck, Seat, TrackValue,
    Turns,
};
pub use sorted::SortedMap;
pub use text::{SourceRecord, TextEntries, TextEntry, TextFile};
pub use tied::{Tied, Under};
pub use units::{Unit, UnitsFile};
pub use values::UnitValues;

pub use common::{Id, LongText, ShortText, Stance};
/// The list type of the model's mostly empty lists (a space's areas, a link's limits).
pub use thin_vec::ThinVec;
