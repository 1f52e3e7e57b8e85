//! The symbol a unit kind's counters print, after NATO's: the one game.ron names (`symbol`),
//! or, when absent, one guessed from the kind's id (a fleet is naval, never the cavalry slash),
//! so that the printout draws it and the editor shows what absent means.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A unit kind's symbol on printed counters, after NATO's unit symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum UnitSymbol {
    /// Crossed diagonals.
    Infantry,
    /// One diagonal (the cavalry slash).
    Cavalry,
    /// An oval (tank tracks).
    Armour,
    /// A dot.
    Artillery,
    /// An anchor-like mark: fleets, squadrons, ships.
    Naval,
    /// A propeller-like mark: aircraft.
    Air,
    /// A star: leaders, generals.
    Leader,
    /// A flag staff: headquarters.
    Hq,
    /// No symbol at all.
    Blank,
}

/// Words of a unit kind's id and the symbol each suggests, the first found winning.
const GUESSES: &[(&[&str], UnitSymbol)] = &[
    (
        &[
            "fleet", "fleets", "navy", "naval", "ship", "ships", "squadron", "flotilla", "boat",
            "boats", "galley", "galleys", "sea",
        ],
        UnitSymbol::Naval,
    ),
    (
        &["air", "aircraft", "airforce", "plane", "planes", "zeppelin"],
        UnitSymbol::Air,
    ),
    (&["hq", "headquarters", "command", "staff"], UnitSymbol::Hq),
    (
        &["leader", "leaders", "general", "commander", "hero", "king"],
        UnitSymbol::Leader,
    ),
    (
        &[
            "cavalry", "cav", "horse", "dragoon", "dragoons", "hussar", "hussars", "cossack",
            "cossacks", "lancer", "lancers", "recon",
        ],
        UnitSymbol::Cavalry,
    ),
    (
        &[
            "armour", "armor", "armoured", "armored", "tank", "tanks", "panzer", "mech",
        ],
        UnitSymbol::Armour,
    ),
    (
        &["artillery", "arty", "gun", "guns", "battery", "siege"],
        UnitSymbol::Artillery,
    ),
    (&["marker", "markers", "token"], UnitSymbol::Blank),
];

/// The symbol an id suggests by its words (`heavy-artillery`, `fleet_a`).
pub fn guess(id: &str) -> UnitSymbol {
    let words: Vec<String> = id
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_ascii_lowercase)
        .collect();
    GUESSES
        .iter()
        .find(|(ws, _)| words.iter().any(|w| ws.contains(&w.as_str())))
        .map_or(UnitSymbol::Infantry, |(_, s)| *s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::game::UnitKind;

    fn kind(id: &str, symbol: Option<UnitSymbol>) -> UnitKind {
        UnitKind {
            id: id.into(),
            counts_for_stacking: true,
            max_per_location: None,
            forbidden_terrains: Vec::new(),
            needs_no_supply: false,
            symbol,
        }
    }

    #[test]
    fn a_fleet_is_naval_not_the_cavalry_slash() {
        for id in ["fleet", "navy", "ship", "war-ships", "fleet_box"] {
            assert_eq!(guess(id), UnitSymbol::Naval, "{id}");
        }
        assert_eq!(guess("army"), UnitSymbol::Infantry);
        assert_eq!(guess("corps"), UnitSymbol::Infantry);
        assert_eq!(guess("hq"), UnitSymbol::Hq);
        assert_eq!(guess("leader"), UnitSymbol::Leader);
        assert_eq!(guess("heavy-artillery"), UnitSymbol::Artillery);
        assert_eq!(guess("light_cavalry"), UnitSymbol::Cavalry);
        assert_eq!(guess("panzer"), UnitSymbol::Armour);
        // a word inside another is no match: `seal` is not `sea`
        assert_eq!(guess("seal"), UnitSymbol::Infantry);
    }

    #[test]
    fn the_designers_symbol_wins_over_the_guess() {
        assert_eq!(kind("fleet", None).printed_symbol(), UnitSymbol::Naval);
        let cossacks = kind("fleet", Some(UnitSymbol::Cavalry));
        assert_eq!(cossacks.printed_symbol(), UnitSymbol::Cavalry);
        let blank = kind("army", Some(UnitSymbol::Blank));
        assert_eq!(blank.printed_symbol(), UnitSymbol::Blank);
    }
}
