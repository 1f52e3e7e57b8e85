//! The things `game.ron` declares that players read by name: sides, factions, areas, decks,
//! tracks and marker kinds, each with its text key in the validator's convention
//! (`faction:<id>`, `marker:<id>`..., as T001 asks for and R002 accepts), and a line about it to
//! tell it apart.
//! No egui: the Names view draws this.

use orbat_validator::model::Game;

/// One kind of named thing, in the order of `game.ron`.
#[derive(Debug, Clone, PartialEq)]
pub struct Kind {
    /// The heading of its list (`Factions`).
    pub title: &'static str,
    /// One of them (`faction`).
    pub noun: &'static str,
    /// The key prefix of its names (`faction:`, `marker:` for a marker kind).
    pub prefix: &'static str,
    pub things: Vec<Thing>,
}

/// One named thing: its id and what tells it apart (its side, its kind, its range...).
#[derive(Debug, Clone, PartialEq)]
pub struct Thing {
    pub id: String,
    pub about: String,
}

impl Kind {
    /// The text key of one of its things (`faction:it`).
    pub fn key(&self, id: &str) -> String {
        format!("{}{id}", self.prefix)
    }
}

/// The id of the named thing a JSON pointer into game.ron is in (`/factions/3/id`: the fourth
/// faction's id), if it is in one of the lists the Names view shows.
pub fn at_pointer(game: &Game, pointer: &str) -> Option<String> {
    let mut tokens = pointer.split('/').skip(1);
    let list = tokens.next()?;
    let i: usize = tokens.next()?.parse().ok()?;
    let id = match list {
        "sides" => &game.sides.get(i)?.id,
        "factions" => &game.factions.get(i)?.id,
        "areas" => &game.areas.get(i)?.id,
        "decks" => &game.decks.get(i)?.id,
        "tracks" => &game.tracks.get(i)?.id,
        "marker_kinds" => &game.marker_kinds.get(i)?.id,
        _ => return None,
    };
    Some(id.to_string())
}

/// Every named kind of the game, each with its things in the file's order.
pub fn of(game: &Game) -> Vec<Kind> {
    let kind = |title, noun, prefix, things| Kind {
        title,
        noun,
        prefix,
        things,
    };
    vec![
        kind(
            "Sides",
            "side",
            "side:",
            game.sides
                .iter()
                .map(|s| {
                    let on: Vec<&str> = game
                        .factions
                        .iter()
                        .filter(|f| f.side.as_deref() == Some(s.id.as_str()))
                        .map(|f| f.id.as_str())
                        .collect();
                    thing(&s.id, factions_on(&on))
                })
                .collect(),
        ),
        kind(
            "Factions",
            "faction",
            "faction:",
            game.factions
                .iter()
                .map(|f| {
                    let mut about = match &f.side {
                        Some(side) => format!("side {side}"),
                        None => "no side".to_owned(),
                    };
                    if f.non_player {
                        about.push_str(", not played");
                    }
                    if f.hostile_to_all {
                        about.push_str(", hostile to all");
                    }
                    thing(&f.id, about)
                })
                .collect(),
        ),
        kind(
            "Areas",
            "area",
            "area:",
            game.areas
                .iter()
                .map(|a| {
                    let mut about = a.kind.clone();
                    if !a.closed_to.is_empty() {
                        about.push_str(&format!(", closed to {}", a.closed_to.join(", ")));
                    }
                    if let Some(n) = &a.closed_while_neutral {
                        about.push_str(&format!(", closed while {n} is neutral"));
                    }
                    thing(&a.id, about)
                })
                .collect(),
        ),
        kind(
            "Decks",
            "deck",
            "deck:",
            game.decks
                .iter()
                .map(|d| {
                    let owner = d
                        .owner
                        .as_ref()
                        .map_or_else(|| "shared".to_owned(), |o| format!("owner {o}"));
                    let cards: u32 = d.groups.iter().map(|g| g.count).sum();
                    let groups = plural(d.groups.len(), "group");
                    thing(
                        &d.id,
                        format!("{owner}, {groups}, {}", plural(cards as usize, "card")),
                    )
                })
                .collect(),
        ),
        kind(
            "Tracks",
            "track",
            "track:",
            game.tracks
                .iter()
                .map(|t| thing(&t.id, format!("{} to {}", t.min, t.max)))
                .collect(),
        ),
        kind(
            "Marker kinds",
            "marker kind",
            "marker:",
            game.marker_kinds
                .iter()
                .map(|m| {
                    let mut about = Vec::new();
                    if m.per_side {
                        about.push("per side".to_owned());
                    }
                    if !m.port_for.is_empty() {
                        about.push(format!("a port for {}", m.port_for.join(", ")));
                    }
                    thing(&m.id, about.join(", "))
                })
                .collect(),
        ),
    ]
}

fn thing(id: &str, about: String) -> Thing {
    Thing {
        id: id.to_owned(),
        about,
    }
}

/// `factions it, fr, br, ru and 3 more`: a side's factions, the first few by id.
fn factions_on(ids: &[&str]) -> String {
    const SHOWN: usize = 4;
    match ids.len() {
        0 => "no faction".to_owned(),
        n if n <= SHOWN => format!("{} {}", plural_word(n, "faction"), ids.join(", ")),
        n => format!(
            "factions {} and {} more",
            ids[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {}", plural_word(n, word))
}

fn plural_word(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let src = r#"{
            "id": "g", "source_language": "en", "languages": ["en"],
            "sides": [{"id": "ap"}, {"id": "cp"}],
            "factions": [{"id": "it", "side": "ap"}, {"id": "fr", "side": "ap"},
                         {"id": "br", "side": "ap"}, {"id": "ru", "side": "ap"},
                         {"id": "us", "side": "ap"}, {"id": "kurds", "hostile_to_all": true}],
            "terrains": [], "location_kinds": [], "link_kinds": [], "unit_kinds": [],
            "unit_values": [],
            "areas": [{"id": "persia", "kind": "country", "closed_while_neutral": "kurds"}],
            "decks": [{"id": "ap", "owner": "ap",
                       "groups": [{"id": "mob", "count": 1}, {"id": "lw", "count": 2}]}],
            "tracks": [{"id": "vp", "min": 0, "max": 20}],
            "marker_kinds": [{"id": "trench", "per_side": true}]
        }"#;
        serde_json::from_str(src).expect("a game")
    }

    #[test]
    fn keys_follow_the_validators_convention() {
        let kinds = of(&game());
        let keys: Vec<String> = kinds.iter().map(|k| k.key(&k.things[0].id)).collect();
        let want = [
            "side:ap",
            "faction:it",
            "area:persia",
            "deck:ap",
            "track:vp",
            "marker:trench",
        ];
        assert_eq!(keys, want);
    }

    #[test]
    fn each_thing_says_what_tells_it_apart() {
        let kinds = of(&game());
        let about = |k: usize, i: usize| kinds[k].things[i].about.as_str();
        assert_eq!(about(0, 0), "factions it, fr, br, ru and 1 more");
        assert_eq!(about(0, 1), "no faction");
        assert_eq!(about(1, 5), "no side, hostile to all");
        assert_eq!(about(2, 0), "country, closed while kurds is neutral");
        assert_eq!(about(3, 0), "owner ap, 2 groups, 3 cards");
        assert_eq!(about(4, 0), "0 to 20");
        assert_eq!(about(5, 0), "per side");
    }
}
