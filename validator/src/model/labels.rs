//! The words a printout shows beside the game's own names (`Fort`, `Remove after play`,
//! `Cards in hand`...). A game may give them in each of its languages as text entries
//! `label:<id>`, translated like any name (and exported to translators' PO files); without one,
//! the English word below is shown. In the event sentences (`event-*`) and the page titles
//! (`counters-*`, `map-tile*`) the words in braces (`{units}`, `{space}`, `{n}`) are slots the
//! printout fills with names and numbers: a translation keeps them untranslated, in the order
//! its language needs.

/// Each label's id and its English word.
pub const LABELS: &[(&str, &str)] = &[
    // the counter sheets: each page's title
    (
        "counters-fronts",
        "{game}: counters, sheet {n} of {sheets}, fronts",
    ),
    (
        "counters-backs",
        "{game}: counters, sheet {n} of {sheets}, backs: print on the reverse of the fronts, flipped on the long edge",
    ),
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
    // the map's tiles: the index page's title, each tile's place on it, each tile's title
    (
        "map-tiles",
        "{pages} pages: {rows} rows x {columns} columns, overlapping {overlap} mm",
    ),
    ("map-tile-place", "row {row}, column {column}"),
    (
        "map-tile",
        "{game}: map tile row {row}, column {column} of {rows} x {columns} · overlap {overlap} mm: match the + marks",
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
    ("draw-piles", "Draw piles"),
    ("control-changed", "Control differing from the map"),
    ("uncontrolled", "uncontrolled"),
    ("reduced", "reduced"),
    // a card's event text made from its effects, when it has no text of its own
    ("event-place", "Place {units} at {space}."),
    ("event-place-reduced", "Place {units} at {space}, reduced."),
    ("event-remove", "Remove {units}."),
    ("event-move", "Move {units} to {space}."),
    ("event-reduce", "Flip {units} to the reduced side."),
    ("event-restore", "Flip {units} to the full side."),
    ("event-control", "{faction} controls {space}."),
    ("event-uncontrolled", "{space} becomes uncontrolled."),
    ("event-place-marker", "Place a {marker} marker at {space}."),
    (
        "event-remove-marker",
        "Remove the {marker} marker from {space}.",
    ),
    ("event-set-track", "Set {track} to {value}."),
    ("event-track-up", "{track} +{by}."),
    ("event-track-down", "{track} −{by}."),
    ("event-enter-war", "{faction} enters the war."),
    ("event-limited-entry", "{faction} enters limited entry."),
    ("event-change-side", "{faction} joins {side}."),
    ("event-relation", "{faction} and {other} become {stance}."),
    ("stance-allied", "allies"),
    ("stance-allied-apart", "allies who may not stack together"),
    ("stance-neutral", "neutral to each other"),
    ("stance-enemy", "enemies"),
    (
        "event-cards-to-deck",
        "Shuffle {cards} into the {deck} deck.",
    ),
    ("event-cards-to-hand", "{holder} takes {cards} into hand."),
    ("event-cards-in-play", "{cards}: in play."),
    ("event-cards-removed", "Remove {cards} from the game."),
    ("event-close-links", "Close the links {links}."),
    ("event-open-links", "Open the links {links}."),
    (
        "event-gain-supply",
        "{space} becomes a supply source for {faction}.",
    ),
    (
        "event-lose-supply",
        "{space} is no longer a supply source for {faction}.",
    ),
    ("event-set-attr", "{entity}: {attr} becomes {value}."),
    ("event-play", "Play the event of {card}."),
    ("event-if", "If {condition}:"),
    ("event-otherwise", "Otherwise:"),
    ("event-one-of", "Choose one:"),
    ("event-up-to", "Choose up to {n}:"),
    // an `If`'s condition in words, when it has no `says` of its own
    ("event-when-control", "{faction} controls {space}"),
    (
        "event-when-not-control",
        "{faction} does not control {space}",
    ),
    ("event-when-uncontrolled", "{space} is uncontrolled"),
    ("event-when-controlled", "{space} is controlled"),
    ("event-when-neutral", "{faction} is neutral"),
    ("event-when-not-neutral", "{faction} is not neutral"),
    ("event-when-empty", "{space} is empty"),
    ("event-when-occupied", "{space} is occupied"),
    ("event-when-marker", "a {marker} marker is at {space}"),
    ("event-when-no-marker", "no {marker} marker is at {space}"),
    ("event-when-is", "{what} is {value}"),
    ("event-when-is-not", "{what} is not {value}"),
    ("event-when-at-least", "{what} is at least {value}"),
    ("event-when-more-than", "{what} is more than {value}"),
    ("event-when-at-most", "{what} is at most {value}"),
    ("event-when-less-than", "{what} is less than {value}"),
    ("event-when-true", "{what} holds"),
    ("event-when-false", "{what} does not hold"),
    ("event-when-and", "{a} and {b}"),
    ("event-when-or", "{a} or {b}"),
    // a declared attribute of an entity (`attr:` names the attribute)
    ("event-attr-of", "{attr} of {entity}"),
];

/// The English word of label `id`.
pub fn english(id: &str) -> Option<&'static str> {
    LABELS.iter().find(|(k, _)| *k == id).map(|(_, w)| *w)
}
