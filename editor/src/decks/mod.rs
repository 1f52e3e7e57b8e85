//! The pure logic behind the Cards view, with no egui: the card table's rows, where a card
//! lies in a scenario and moving it elsewhere, deck composition, who refers to a card, fresh
//! ids, and placeholder completion in event text. The views only draw what these compute.
//!
//! ```text
//! table.rs         the card table: columns, query, rows in order, flags
//! fresh.rs         new cards: fresh ids, next numbers, blank cards, copies
//! references.rs    who refers to a card; deleting one with its references
//! places.rs        a scenario's lists and where a card lies in them
//! moves.rs         moving a card between lists, and whether a list takes it
//! composition.rs   each deck group's declared count against the scenario's cards
//! placeholders.rs  placeholder completion and checking in event text
//! ```

mod composition;
mod fresh;
mod moves;
mod placeholders;
mod places;
mod references;
mod table;

#[cfg(test)]
mod tests;

pub use composition::{Balance, DeckComposition, GroupCount, composition};
pub use fresh::{duplicate, fresh_card_id, new_card, next_number};
pub use moves::{may_move, move_card};
pub use placeholders::{
    complete, open_placeholder, placeholder_targets, suggestions, unknown_placeholders,
};
pub use places::{Place, cards_at, place_of, places, unassigned};
pub use references::{remove_card, usages};
pub use table::{Column, TableQuery, flags, table_rows};
