//! A colour a designer gives, written `#rrggbb`: refused when read if it is not, so every
//! path that reads game.ron (serde, the hand-written reader) agrees, and the schema's
//! pattern explains the refusal. Also the default palette of factions that give none, shared by
//! every tool that draws a faction (the printed prototype, the editor's map and counter mix).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Colour(String);

impl Colour {
    /// Red, green and blue from 0 to 1.
    pub fn rgb(&self) -> (f32, f32, f32) {
        let channel = |i: usize| {
            u8::from_str_radix(&self.0[1 + 2 * i..3 + 2 * i], 16).unwrap_or(0) as f32 / 255.0
        };
        (channel(0), channel(1), channel(2))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Red, green and blue from 0 to 1.
pub type Rgb = (f32, f32, f32);

/// The default faction colours, light enough for black text.
const FACTIONS: &[Rgb] = &[
    (0.62, 0.76, 0.52), // green
    (0.60, 0.72, 0.90), // blue
    (0.93, 0.62, 0.52), // brick
    (0.93, 0.84, 0.50), // ochre
    (0.78, 0.68, 0.88), // lilac
    (0.60, 0.83, 0.82), // teal
    (0.85, 0.72, 0.60), // tan
    (0.80, 0.80, 0.80), // grey
    (0.95, 0.70, 0.82), // pink
    (0.75, 0.85, 0.45), // lime
    (0.70, 0.78, 0.95), // sky
    (0.95, 0.76, 0.45), // orange
];

/// The colour of the faction at `index` in game.ron: its own `colour`, or the palette's.
pub fn of_faction(own: Option<&Colour>, index: usize) -> Rgb {
    match own {
        Some(c) => c.rgb(),
        None => palette(index),
    }
}

/// The default palette's colour for the faction at `index` in game.ron.
pub fn palette(index: usize) -> Rgb {
    let base = FACTIONS[index % FACTIONS.len()];
    // after the first round, a little lighter, so repeats stay apart
    let round = (index / FACTIONS.len()) as f32;
    let lift = |c: f32| c + (1.0 - c) * (0.25 * round).min(0.6);
    (lift(base.0), lift(base.1), lift(base.2))
}

/// Black or white, whichever reads better on `background` (by its relative luminance).
pub fn ink(background: Rgb) -> Rgb {
    let (r, g, b) = background;
    if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 {
        (1.0, 1.0, 1.0)
    } else {
        (0.0, 0.0, 0.0)
    }
}

/// `#rrggbb` of red, green and blue from 0 to 255.
pub fn hex(rgb: [u8; 3]) -> Colour {
    Colour(format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]))
}

impl TryFrom<String> for Colour {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let hex = s.strip_prefix('#').unwrap_or("");
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(Colour(s))
        } else {
            Err(format!("`{s}` is not a colour written #rrggbb"))
        }
    }
}

impl From<Colour> for String {
    fn from(c: Colour) -> String {
        c.0
    }
}

impl JsonSchema for Colour {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Colour".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A colour written `#rrggbb`: `#` and three pairs of hexadecimal digits for red, green and blue (e.g. `#5b7fbf`).",
            "type": "string",
            "pattern": "^#[0-9a-fA-F]{6}$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hash_and_six_hex_digits_make_a_colour() {
        let c = Colour::try_from("#FF8000".to_owned()).unwrap();
        assert_eq!(c.rgb(), (1.0, 128.0 / 255.0, 0.0));
        for bad in ["red", "#fff", "ff8000", "#ff800g", "#ff80001", "#ÿÿÿ"] {
            assert!(Colour::try_from(bad.to_owned()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_declared_colour_wins_over_the_palette_and_dark_ones_take_white_text() {
        let navy = Colour::try_from("#1f3b73".to_owned()).unwrap();
        assert_eq!(
            of_faction(Some(&navy), 0),
            (31.0 / 255.0, 59.0 / 255.0, 115.0 / 255.0)
        );
        assert_eq!(of_faction(None, 1), palette(1));
        assert_eq!(ink(navy.rgb()), (1.0, 1.0, 1.0));
        for i in 0..FACTIONS.len() {
            assert_eq!(ink(palette(i)), (0.0, 0.0, 0.0), "palette colour {i}");
        }
        assert_eq!(hex([31, 59, 115]), navy);
    }
}
