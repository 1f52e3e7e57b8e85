//! A game's own JSON Schemas (`orbat-validate --emit-schemas`): each file kind's built-in schema
//! with every entity's `attrs` narrowed to the attributes the game declares for that kind of
//! entity, typed (`true`/`false`, whole numbers in their range, one of the named values...),
//! so that ajv, check-jsonschema and editors that read JSON Schema know the game's vocabulary.

use serde_json::{Map, Value, json};

use crate::file_kind::FileKind;
use crate::model::{AttrDecl, AttrKind, Game, Holder};
use crate::schema::schema_json;

/// Where each kind of entity's `attrs` is in the schemas: the file kind, and the `$defs` entry
/// (`None`: the document itself).
const PLACES: [(Holder, FileKind, Option<&str>); 11] = [
    (Holder::Space, FileKind::Map, Some("Space")),
    (Holder::Link, FileKind::Map, Some("Link")),
    (Holder::Area, FileKind::Game, Some("Area")),
    (Holder::Unit, FileKind::Units, Some("Unit")),
    (Holder::Card, FileKind::Cards, Some("Card")),
    (Holder::Faction, FileKind::Game, Some("Faction")),
    (Holder::MarkerKind, FileKind::Game, Some("MarkerKind")),
    (Holder::Placement, FileKind::Scenario, Some("Placement")),
    (Holder::Scenario, FileKind::Scenario, None),
    (Holder::Track, FileKind::Game, Some("Track")),
    (Holder::Game, FileKind::Game, None),
];

/// Every file kind's schema for this game, with its file name (as in `schemas/`).
pub fn own_schemas(game_id: &str, game: &Game) -> Vec<(&'static str, Value)> {
    FileKind::ALL
        .into_iter()
        .map(|kind| {
            let mut schema = schema_json(kind);
            schema["$id"] =
                format!("https://orbat.dev/games/{game_id}/{}", kind.schema_file()).into();
            for (holder, _, def) in PLACES.iter().filter(|(_, k, _)| *k == kind) {
                let node = match def {
                    Some(def) => schema.pointer_mut(&format!("/$defs/{def}")),
                    None => Some(&mut schema),
                };
                if let Some(attrs) = node.and_then(|n| n.pointer_mut("/properties/attrs")) {
                    *attrs = attrs_schema(game, *holder);
                }
            }
            (kind.schema_file(), schema)
        })
        .collect()
}

/// A schema as the file `--emit-schemas` writes: pretty JSON, with a final newline.
pub fn to_text(schema: &Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).expect("JSON values serialize");
    text.push('\n');
    text
}

/// The `attrs` of one kind of entity: the attributes declared for it, and no other.
fn attrs_schema(game: &Game, holder: Holder) -> Value {
    let properties: Map<String, Value> = game
        .attributes
        .iter()
        .filter(|d| d.on.contains(&holder))
        .map(|d| (d.id.to_string(), attr_schema(d)))
        .collect();
    json!({
        "type": "object",
        "description": format!("Values of the attributes this game declares for each {} (game.ron `attributes`).", holder.as_str()),
        "properties": properties,
        "additionalProperties": false,
    })
}

fn attr_schema(d: &AttrDecl) -> Value {
    let mut item = match d.kind {
        AttrKind::Bool => json!({ "type": "boolean" }),
        AttrKind::Int => json!({ "type": "integer" }),
        AttrKind::Number => json!({ "type": "number" }),
        AttrKind::Text | AttrKind::Ref => json!({ "type": "string" }),
        AttrKind::OneOf => {
            json!({ "enum": d.values.iter().map(|v| v.to_string()).collect::<Vec<_>>() })
        }
    };
    if matches!(d.kind, AttrKind::Int | AttrKind::Number) {
        if let Some(min) = d.min {
            item["minimum"] = number(min);
        }
        if let Some(max) = d.max {
            item["maximum"] = number(max);
        }
    }
    let entry = if d.list {
        json!({ "type": "array", "items": item })
    } else {
        item
    };
    let mut schema = match d.keys {
        Some(_) => json!({ "type": "object", "additionalProperties": entry }),
        None => entry,
    };
    let mut description = d.description.clone();
    if !description.is_empty() {
        description.push(' ');
    }
    description.push_str(&format!("({})", d.describe()));
    schema["description"] = description.into();
    schema
}

/// A bound as JSON: a whole number written whole (`6`, not `6.0`).
fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(attributes: &str) -> Game {
        let minimal = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/fixtures/valid/minimal/game.ron"
        );
        let text = std::fs::read_to_string(minimal).unwrap();
        let mut game: Game = crate::load::direct::read_model(&text).expect("the minimal game");
        game.attributes = crate::load::direct::read_model(attributes).expect("declarations");
        game
    }

    #[test]
    fn each_entity_gets_its_declared_attributes_typed_and_no_other() {
        let g = game(
            r#"[(id: "command", on: [Unit], type: Int, min: Some(1), max: Some(6), description: "how many units it leads"),
                (id: "religion", on: [Space, Area], type: OneOf, values: ["catholic", "orthodox"], description: "")]"#,
        );
        let schemas = own_schemas("g", &g);
        let of = |file: &str| &schemas.iter().find(|(f, _)| *f == file).unwrap().1;
        let unit = &of("units.schema.json")["$defs"]["Unit"]["properties"]["attrs"];
        assert_eq!(unit["additionalProperties"], json!(false));
        assert_eq!(unit["properties"]["command"]["type"], "integer");
        assert_eq!(unit["properties"]["command"]["maximum"], json!(6));
        assert!(unit["properties"].get("religion").is_none());
        let space = &of("map.schema.json")["$defs"]["Space"]["properties"]["attrs"];
        assert_eq!(
            space["properties"]["religion"]["enum"],
            json!(["catholic", "orthodox"])
        );
        let link = &of("map.schema.json")["$defs"]["Link"]["properties"]["attrs"];
        assert_eq!(link["properties"], json!({}));
    }

    #[test]
    fn a_map_by_id_a_track_and_the_game_get_their_attributes() {
        let g = game(
            r#"[(id: "influence", on: [Area], type: Int, min: Some(0), keys: Some(Faction)),
                (id: "sudden_death", on: [Track], type: Int),
                (id: "calendar_end", on: [Game], type: Int)]"#,
        );
        let schemas = own_schemas("g", &g);
        let game = &schemas
            .iter()
            .find(|(f, _)| *f == "game.schema.json")
            .unwrap()
            .1;
        let area = &game["$defs"]["Area"]["properties"]["attrs"]["properties"]["influence"];
        assert_eq!(area["type"], "object");
        assert_eq!(area["additionalProperties"]["minimum"], json!(0));
        let track = &game["$defs"]["Track"]["properties"]["attrs"]["properties"];
        assert_eq!(track["sudden_death"]["type"], "integer");
        assert_eq!(
            game["properties"]["attrs"]["properties"]["calendar_end"]["type"],
            "integer"
        );
    }
}
