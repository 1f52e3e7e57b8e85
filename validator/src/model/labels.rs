//! The words a printout shows beside the game's own names (`Fort`, `Remove after play`,
//! `Cards in hand`...). A game may give them in each of its languages as text entries
//! `label:<id>`, translated like any name (and exported to translators' PO files); without one,
//! the English word below is shown.

/// Each label's id and its English word.
pub const LABELS: &[(&str, &str)] = &[
    // the map
    ("vp", "VP"),
    ("fort", "Fort"),
    ("port", "Port"),
    ("capital", "Capital"),
    ("supply", "Supply"),
    ("map", "Map"),
    (
        "map-key",
        "Spaces: top band, the controlling faction · triangle, a supply source · thick border, a capital · dashed, off the map · links:",
    ),
    // the cards
    ("ops", "OPS"),
    ("sr", "SR"),
    ("rp", "RP"),
    ("ws", "WS"),
    ("combat-card", "Combat card"),
    ("remove-after-play", "Remove after play"),
    ("requires", "Requires"),
    ("optional", "Optional"),
    // the set-up charts
    ("set-up", "Set-up"),
    ("turns", "Turns"),
    ("ruleset", "Ruleset"),
    ("players", "Players"),
    ("markers", "Markers"),
    ("neutral-nations", "Neutral nations"),
    ("sides-changed", "Sides changed at start"),
    ("tracks", "Tracks"),
    ("cards-in-hand", "Cards in hand"),
];

/// The English word of label `id`.
pub fn english(id: &str) -> Option<&'static str> {
    LABELS.iter().find(|(k, _)| *k == id).map(|(_, w)| *w)
}
