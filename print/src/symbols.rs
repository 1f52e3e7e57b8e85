//! A counter's unit symbol, after NATO's: the one a unit kind names in game.ron (`symbol`), or
//! one guessed from the kind's id (a fleet is naval, never the cavalry slash), drawn in a
//! framed box; `Blank` draws nothing.

use orbat_validator::model::UnitKind;
use orbat_validator::model::game::UnitSymbol;

use crate::pdf::{BLACK, Page, WHITE};

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

/// The symbol of a unit kind: its own, or guessed from its id (infantry when nothing fits).
pub fn of_kind(kind: Option<&UnitKind>) -> UnitSymbol {
    let Some(kind) = kind else {
        return UnitSymbol::Infantry;
    };
    if let Some(s) = kind.symbol {
        return s;
    }
    guess(&kind.id)
}

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

/// Draws `symbol` in a `w` x `h` box centred on `cx`, `cy`.
pub fn draw(p: &mut Page, symbol: UnitSymbol, cx: f32, cy: f32, w: f32, h: f32) {
    if symbol == UnitSymbol::Blank {
        return;
    }
    let (l, t, r, b) = (cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0);
    p.fill(WHITE);
    p.stroke(BLACK, 0.25);
    p.rect(l, t, w, h, true, true);
    p.fill(BLACK);
    match symbol {
        UnitSymbol::Infantry => {
            p.line(l, t, r, b);
            p.line(l, b, r, t);
        }
        UnitSymbol::Cavalry => p.line(l, b, r, t),
        UnitSymbol::Armour => p.rounded_rect(
            l + w * 0.2,
            t + h * 0.25,
            w * 0.6,
            h * 0.5,
            h * 0.25,
            false,
            true,
        ),
        UnitSymbol::Artillery => p.circle(cx, cy, h * 0.16, true, false),
        UnitSymbol::Naval => {
            // an anchor: shank, stock and a curved crown
            p.line(cx, t + h * 0.15, cx, b - h * 0.15);
            p.line(cx - w * 0.1, t + h * 0.3, cx + w * 0.1, t + h * 0.3);
            p.wave(cx - w * 0.2, b - h * 0.3, w * 0.4, -h * 0.08, 1);
            p.stroke(BLACK, 0.25);
            p.line(cx - w * 0.2, b - h * 0.3, cx - w * 0.2, b - h * 0.42);
            p.line(cx + w * 0.2, b - h * 0.3, cx + w * 0.2, b - h * 0.42);
        }
        UnitSymbol::Air => {
            // two blades about a hub
            p.circle(cx - w * 0.12, cy, h * 0.14, false, true);
            p.circle(cx + w * 0.12, cy, h * 0.14, false, true);
        }
        UnitSymbol::Leader => {
            let star: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                    let rad = if i % 2 == 0 { h * 0.38 } else { h * 0.15 };
                    (cx + rad * a.cos(), cy + rad * a.sin())
                })
                .collect();
            p.polygon(&star, true, false);
        }
        UnitSymbol::Hq => {
            p.line(l + w * 0.15, t + h * 0.1, l + w * 0.15, b);
            p.rect(l + w * 0.15, t + h * 0.1, w * 0.35, h * 0.35, true, false);
        }
        UnitSymbol::Blank => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(of_kind(Some(&kind("fleet", None))), UnitSymbol::Naval);
        let cossacks = kind("fleet", Some(UnitSymbol::Cavalry));
        assert_eq!(of_kind(Some(&cossacks)), UnitSymbol::Cavalry);
        assert_eq!(
            of_kind(Some(&kind("army", Some(UnitSymbol::Blank)))),
            UnitSymbol::Blank
        );
        assert_eq!(of_kind(None), UnitSymbol::Infantry);
    }
}
