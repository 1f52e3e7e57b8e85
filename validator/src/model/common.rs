//! What every file kind's model shares: the id type, the defaults serde writes or omits, and
//! the stance between factions (a game declares it, an event changes it).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Stable identifier of anything in a game (space, unit, card, faction...). Held in place up
/// to 24 bytes (every real id), so a game's millions of ids cost no allocation each.
pub type Id = compact_str::CompactString;

/// A display name (a space's, a card's title): held in place up to 24 bytes, as most names
/// are, where a game's hundreds of thousands of names each took an allocation.
pub type ShortText = compact_str::CompactString;

/// A longer text (a card's event): one pointer, where a `String` took three. A game's text
/// files hold hundreds of thousands of entries, most without one; those that have one rarely
/// change it, and a change replaces it whole. Cloning shares it.
pub type LongText = arcstr::ArcStr;

/// Gives a long list exactly the room it needs once read: read item by item, a list's room
/// doubles as it grows and up to half of it is never used (a 100,000-space game held some 60 MB
/// of empty room). A copy, not `shrink_to_fit`: an allocator may keep a block it is asked to
/// shrink by less than half. The copy costs what the last doubling did; short lists, a real
/// game's, are left alone.
pub fn fit_room<T>(list: &mut Vec<T>) {
    if list.len() >= 1024 && list.capacity() - list.len() > list.len() / 8 {
        let mut exact = Vec::with_capacity(list.len());
        exact.append(list);
        *list = exact;
    }
}

pub fn is_false(b: &bool) -> bool {
    !*b
}

pub fn is_zero(n: &u32) -> bool {
    *n == 0
}

pub fn is_one(n: &u32) -> bool {
    *n == 1
}

pub fn one() -> u32 {
    1
}

pub fn yes() -> bool {
    true
}

pub fn is_true(b: &bool) -> bool {
    *b
}

/// Why `name` cannot be an id (it would need escaping in a string, or break a text key or a
/// placeholder), if it cannot: what renaming refuses, in the editor and the language server.
pub fn bad_id(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("it is empty")
    } else if name.chars().any(|c| c.is_control() || c.is_whitespace()) {
        Some("it has a space or a control character")
    } else if name
        .chars()
        .any(|c| matches!(c, '"' | '\\' | '{' | '}' | ':'))
    {
        Some("it has one of \" \\ { } :")
    } else {
        None
    }
}

/// The stance between two factions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Stance {
    /// Friends: may stack together and trace supply through each other's spaces.
    Allied,
    /// Friends who may nonetheless not share a location.
    AlliedApart,
    /// Neither friend nor enemy.
    Neutral,
    /// Enemies.
    Enemy,
}
