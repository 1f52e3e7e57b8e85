//! A colour a designer gives, written `#rrggbb`: refused when read if it is not, so every
//! path that reads game.ron (serde, the hand-written reader) agrees, and the schema's
//! pattern explains the refusal.

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
}
