//! What every file kind's model shares: the id type and the defaults serde writes or omits.

/// Stable identifier of anything in a game (space, unit, card, faction...). Held in place up
/// to 24 bytes (every real id), so a game's millions of ids cost no allocation each.
pub type Id = compact_str::CompactString;

/// A display name (a space's, a card's title): held in place up to 24 bytes, as most names
/// are, where a game's hundreds of thousands of names each took an allocation.
pub type ShortText = compact_str::CompactString;

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
