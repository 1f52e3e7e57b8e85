//! The folder the targets pretend to load from and the file names they give their inputs.

/// A folder path that does not exist, so a rule that looks at the disk (the backdrop) finds
/// nothing and nothing is ever written.
pub(crate) const DIR: &str = "/nonexistent/orbat-fuzz/game";

/// One file name per kind; the first input byte picks one.
pub(crate) const NAMES: [&str; 6] = [
    "game.ron",
    "map.ron",
    "units.ron",
    "cards.ron",
    "text.en.ron",
    "1914.scenario.ron",
];
