//! What a reference must name, and the visitor the walk calls for each reference.

use crate::diagnostic::Location;

use crate::analysis::ids::IdTable;

/// What a reference must name.
pub enum Target<'a> {
    /// An id of one kind (a space, a faction, a card...).
    Id(&'a IdTable<'a>),
    /// A side or a faction (deck owners, hand holders, control).
    SideOrFaction,
    /// An area or a space (where units are always in supply).
    AreaOrSpace,
    /// A unit or a unit flag (the units a link or a port is reserved to).
    UnitOrFlag,
    /// One of the game's unit values (a key of a unit's `full` or `reduced`).
    UnitValue(&'a [String]),
    /// A group of this deck (a card's `group`).
    DeckGroup(&'a crate::model::Deck),
    /// A text file's key: it names a kind (`card:`, `space:`...) this tool does not know.
    TextKey,
}

/// Told of every reference of a folder, with where it is (a location built only when asked
/// for: most references resolve, and building one costs more than looking the id up).
pub trait Visit {
    /// Returns whether the reference names something.
    fn visit(&mut self, target: Target<'_>, value: &str, at: &dyn Fn() -> Location) -> bool;
}
