//! Text and translations: everything players see by name (cards, spaces, units, and game.ron's
//! factions, sides, areas, decks, tracks and marker kinds) named in the source language (T001);
//! each language's coverage (T002); translations current (T003), recording their source
//! (T006), with the source's placeholders (T005); placeholders that name something (T004).

pub mod t001_missing_source_text;
pub mod t002_missing_translation;
pub mod t003_stale_translation;
pub mod t004_unresolved_placeholder;
pub mod t005_placeholder_mismatch;
pub mod t006_unrecorded_source;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &t001_missing_source_text::CHECK,
    &t002_missing_translation::CHECK,
    &t003_stale_translation::CHECK,
    &t004_unresolved_placeholder::CHECK,
    &t005_placeholder_mismatch::CHECK,
    &t006_unrecorded_source::CHECK,
];
