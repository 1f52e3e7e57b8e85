//! What the set-up view keeps between frames: its side panel and its map layer share it.

use orbat_validator::model::Id;

use crate::preview::PreviewState;
use crate::setup::Paint;

/// What a drag from the side panel carries onto the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupDrag {
    /// One counter of a unit from the counter mix.
    Unit(Id),
    /// One counter of an existing placement (by index in the scenario's list).
    Placement(usize),
}

#[derive(Debug, Clone, Default)]
pub struct SetupState {
    /// Filter of the units-to-place list.
    pub filter: String,
    /// Control painting: a click on a space paints this (None: clicks select).
    pub paint: Option<Paint>,
    /// Id typed for a new scenario.
    pub new_id: String,
    /// The space a stack drag started from.
    pub drag_from: Option<usize>,
    /// The space whose right-click menu is open.
    pub menu_space: Option<usize>,
    /// A state of play shown instead of the set-up (editing is off while it shows).
    pub preview: PreviewState,
}
