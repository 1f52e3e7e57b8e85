//! The read-only view of a game that a declared check's expressions see: each entity as a
//! CEL map of its fields (docs/designing-checks.md lists them), its attributes with their
//! defaults, and the map's links for the graph functions. Built once per folder.

use std::collections::HashMap;
use std::sync::Arc;

use cel::Value;
use cel::objects::{Key, Map};

use crate::load::GameFolder;
use crate::model::{AttrValue, Attrs, Game, Holder, Id, Scenario, UnitValues};
use crate::rules::context::Context;

/// A view's fields, in order.
pub type Fields = Vec<(&'static str, Value)>;

pub fn map(fields: Fields) -> Value {
    let map: HashMap<Key, Value> = fields
        .into_iter()
        .map(|(k, v)| (Key::String(Arc::new(k.to_owned())), v))
        .collect();
    Value::Map(Map { map: Arc::new(map) })
}

pub fn text(s: &str) -> Value {
    Value::String(Arc::new(s.to_owned()))
}

fn opt(s: Option<&Id>) -> Value {
    s.map_or(Value::Null, |s| text(s))
}

fn ids<'a>(list: impl IntoIterator<Item = &'a Id>) -> Value {
    Value::List(Arc::new(list.into_iter().map(|s| text(s)).collect()))
}

fn int(n: impl Into<i64>) -> Value {
    Value::Int(n.into())
}

pub fn attr(v: &AttrValue) -> Value {
    match v {
        AttrValue::Bool(b) => Value::Bool(*b),
        AttrValue::Int(i) => Value::Int(*i),
        AttrValue::Number(f) => Value::Float(*f),
        AttrValue::Text(t) => text(t),
        AttrValue::List(l) => Value::List(Arc::new(l.iter().map(attr).collect())),
    }
}

/// An entity's attributes: those it writes, and the declared defaults of the others.
fn attrs(game: &Game, holder: Holder, written: &Attrs) -> Value {
    let mut out: HashMap<Key, Value> = HashMap::new();
    for d in game.attributes.iter().filter(|d| d.on.contains(&holder)) {
        if let Some(v) = &d.default {
            out.insert(Key::String(Arc::new(d.id.to_string())), attr(v));
        }
    }
    for (k, v) in written {
        out.insert(Key::String(Arc::new(k.to_string())), attr(v));
    }
    Value::Map(Map { map: Arc::new(out) })
}

fn values(v: &UnitValues) -> Value {
    let map: HashMap<Key, Value> = v
        .iter()
        .map(|(k, n)| (Key::String(Arc::new(k.to_string())), int(*n)))
        .collect();
    Value::Map(Map { map: Arc::new(map) })
}

/// Everything a check may read, owned so that the functions given to CEL may hold it.
#[derive(Default)]
pub struct GameView {
    pub spaces: Vec<Value>,
    pub links: Vec<Value>,
    pub areas: Vec<Value>,
    pub units: Vec<Value>,
    pub cards: Vec<Value>,
    pub decks: Vec<Value>,
    pub factions: Vec<Value>,
    /// Ids by kind (`space`, `unit`...) to their index in the lists above.
    pub index: HashMap<(&'static str, String), usize>,
    /// Each space's (neighbour, link) pairs.
    pub adjacency: Vec<Vec<(u32, u32)>>,
    /// Each link's kind.
    pub link_kinds: Vec<String>,
    /// Each faction's side.
    pub side_of: HashMap<String, String>,
}

impl GameView {
    pub fn find(&self, kind: &'static str, id: &str) -> Option<usize> {
        self.index.get(&(kind, id.to_owned())).copied()
    }

    pub fn build(cx: &Context<'_>) -> GameView {
        let folder: &GameFolder = cx.folder;
        let mut v = GameView::default();
        let Some(g) = &folder.game else { return v };
        let game = &g.value;
        for f in &game.factions {
            if let Some(s) = &f.side {
                v.side_of.insert(f.id.to_string(), s.to_string());
            }
        }
        let side = |f: &Id| v.side_of.get(f.as_str()).map_or(Value::Null, |s| text(s));
        let factions: Vec<Value> = game
            .factions
            .iter()
            .map(|f| {
                map(vec![
                    ("id", text(&f.id)),
                    ("side", opt(f.side.as_ref())),
                    ("non_player", Value::Bool(f.non_player)),
                    ("hostile_to_all", Value::Bool(f.hostile_to_all)),
                    ("attrs", attrs(game, Holder::Faction, &f.attrs)),
                ])
            })
            .collect();
        let areas: Vec<Value> = game
            .areas
            .iter()
            .map(|a| {
                map(vec![
                    ("id", text(&a.id)),
                    ("kind", text(&a.kind)),
                    ("closed_to", ids(&a.closed_to)),
                    ("closed_while_neutral", opt(a.closed_while_neutral.as_ref())),
                    ("attrs", attrs(game, Holder::Area, &a.attrs)),
                ])
            })
            .collect();
        let on_map = |kind: &str| {
            game.location_kinds
                .iter()
                .find(|k| k.id == kind)
                .is_none_or(|k| k.on_map)
        };
        let mut spaces = Vec::new();
        let mut links = Vec::new();
        if let Some(m) = &folder.map {
            for s in &m.value.spaces {
                spaces.push(map(vec![
                    ("id", text(&s.id)),
                    ("kind", text(&s.kind)),
                    ("on_map", Value::Bool(on_map(&s.kind))),
                    ("terrain", opt(s.terrain.as_ref())),
                    ("areas", ids(&s.areas)),
                    ("control", opt(s.control.as_ref())),
                    ("vp", int(s.vp)),
                    ("fort", s.fort.map_or(Value::Null, int)),
                    ("port", Value::Bool(s.port)),
                    ("capital_of", opt(s.capital_of.as_ref())),
                    ("supply_source_for", ids(&s.supply_source_for)),
                    ("attrs", attrs(game, Holder::Space, &s.attrs)),
                ]));
            }
            for l in &m.value.links {
                links.push(map(vec![
                    ("a", text(&l.a)),
                    ("b", text(&l.b)),
                    ("kind", text(&l.kind)),
                    ("only_for", ids(&l.only_for)),
                    ("attrs", attrs(game, Holder::Link, &l.attrs)),
                ]));
                v.link_kinds.push(l.kind.to_string());
            }
            let n = m.value.spaces.len();
            v.adjacency = vec![Vec::new(); n];
            if let Some(w) = cx.world {
                for (s, adj) in v.adjacency.iter_mut().enumerate() {
                    adj.extend(w.adjacency.of(s).map(|(b, l)| (b as u32, l as u32)));
                }
            }
        }
        let mut units = Vec::new();
        if let Some(u) = &folder.units {
            for unit in &u.value.units {
                units.push(map(vec![
                    ("id", text(&unit.id)),
                    ("faction", text(&unit.faction)),
                    ("side", side(&unit.faction)),
                    ("kind", text(&unit.kind)),
                    ("full", values(&unit.full)),
                    (
                        "reduced_values",
                        unit.reduced.as_ref().map_or(Value::Null, values),
                    ),
                    ("count", int(unit.count)),
                    ("flags", ids(&unit.flags)),
                    ("reduced", Value::Bool(false)),
                    ("attrs", attrs(game, Holder::Unit, &unit.attrs)),
                ]));
            }
        }
        let mut cards = Vec::new();
        if let Some(c) = &folder.cards {
            for card in &c.value.cards {
                cards.push(map(vec![
                    ("id", text(&card.id)),
                    ("deck", text(&card.deck)),
                    ("group", text(&card.group)),
                    ("number", int(card.number)),
                    ("ops", int(card.ops)),
                    ("sr", card.sr.map_or(Value::Null, int)),
                    ("rp", card.rp.map_or(Value::Null, int)),
                    ("war_status", card.war_status.map_or(Value::Null, int)),
                    ("optional", opt(card.optional.as_ref())),
                    ("combat", Value::Bool(card.combat)),
                    ("removed_after_play", Value::Bool(card.removed_after_play)),
                    ("requires", ids(&card.requires)),
                    ("cancels", ids(&card.cancels)),
                    ("prevents", ids(&card.prevents)),
                    ("spaces", ids(&card.spaces)),
                    (
                        "reinforcements",
                        ids(card.reinforcements.iter().map(|r| &r.unit)),
                    ),
                    ("attrs", attrs(game, Holder::Card, &card.attrs)),
                ]));
            }
        }
        let decks: Vec<Value> = game
            .decks
            .iter()
            .map(|d| {
                let of_deck = folder
                    .cards
                    .iter()
                    .flat_map(|c| &c.value.cards)
                    .filter(|c| c.deck == d.id)
                    .map(|c| &c.id);
                let groups = d
                    .groups
                    .iter()
                    .map(|gr| map(vec![("id", text(&gr.id)), ("count", int(gr.count))]))
                    .collect();
                map(vec![
                    ("id", text(&d.id)),
                    ("owner", opt(d.owner.as_ref())),
                    ("groups", Value::List(Arc::new(groups))),
                    ("cards", ids(of_deck)),
                ])
            })
            .collect();
        let mut index = HashMap::new();
        let mut add = |kind: &'static str, list: &[Value]| {
            for (i, val) in list.iter().enumerate() {
                if let Some(id) = field(val, "id").and_then(|v| as_text(&v)) {
                    index.entry((kind, id)).or_insert(i);
                }
            }
        };
        add("space", &spaces);
        add("unit", &units);
        add("card", &cards);
        add("faction", &factions);
        add("area", &areas);
        add("deck", &decks);
        for (i, l) in links.iter().enumerate() {
            if let (Some(a), Some(b)) = (
                field(l, "a").and_then(|v| as_text(&v)),
                field(l, "b").and_then(|v| as_text(&v)),
            ) {
                index.entry(("link", format!("{a}-{b}"))).or_insert(i);
            }
        }
        v.index = index;
        (
            v.spaces, v.links, v.areas, v.units, v.cards, v.decks, v.factions,
        ) = (spaces, links, areas, units, cards, decks, factions);
        v
    }
}

/// A map from ids to values.
fn by_key<'a>(entries: impl Iterator<Item = (&'a Id, Value)>) -> Value {
    let map: HashMap<Key, Value> = entries
        .map(|(k, v)| (Key::String(Arc::new(k.to_string())), v))
        .collect();
    Value::Map(Map { map: Arc::new(map) })
}

/// A field of a map value.
pub fn field(v: &Value, name: &str) -> Option<Value> {
    match v {
        Value::Map(m) => m.map.get(&Key::String(Arc::new(name.to_owned()))).cloned(),
        _ => None,
    }
}

pub fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.to_string()),
        _ => None,
    }
}

/// A scenario's start, for the checks of its placements, stacks and itself.
pub struct ScenarioView {
    pub scenario: Value,
    pub placements: Vec<Value>,
    /// Locations with units, in order of their first placement, each with its units (one
    /// view per counter, `reduced` set) and the index of its first placement.
    pub stacks: Vec<(String, Vec<Value>, usize)>,
    /// Control of each space at start.
    pub control: Vec<Value>,
    pub neutral: Vec<String>,
}

impl ScenarioView {
    pub fn build(cx: &Context<'_>, game: &Game, view: &GameView, s: &Scenario) -> ScenarioView {
        let unit = |id: &str, reduced: bool| -> Value {
            let Some(i) = view.find("unit", id) else {
                return Value::Null;
            };
            let Value::Map(m) = &view.units[i] else {
                return Value::Null;
            };
            let mut m = (*m.map).clone();
            m.insert(
                Key::String(Arc::new("reduced".into())),
                Value::Bool(reduced),
            );
            Value::Map(Map { map: Arc::new(m) })
        };
        let mut placements = Vec::new();
        let mut stacks: Vec<(String, Vec<Value>, usize)> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        for (i, p) in s.placements.iter().enumerate() {
            let u = unit(&p.unit, p.reduced);
            placements.push(map(vec![
                ("id", text(&p.unit)),
                ("unit", u.clone()),
                ("at", text(&p.at)),
                ("reduced", Value::Bool(p.reduced)),
                ("count", int(p.count)),
                ("scenario", text(&s.id)),
                ("attrs", attrs(game, Holder::Placement, &p.attrs)),
            ]));
            let k = *at.entry(p.at.to_string()).or_insert_with(|| {
                stacks.push((p.at.to_string(), Vec::new(), i));
                stacks.len() - 1
            });
            for _ in 0..p.count.min(1000) {
                stacks[k].1.push(u.clone());
            }
        }
        let control = match (cx.world, cx.folder.map.as_ref()) {
            (Some(w), Some(_)) => w
                .control_at_start(Some(s))
                .into_iter()
                .map(|c| c.map_or(Value::Null, text))
                .collect(),
            _ => Vec::new(),
        };
        let scenario = map(vec![
            ("id", text(&s.id)),
            ("ruleset", opt(s.ruleset.as_ref())),
            ("first_turn", int(s.turns.first)),
            ("last_turn", int(s.turns.last)),
            ("factions", ids(&s.factions)),
            ("neutral", ids(&s.neutral)),
            ("limited_entry", ids(&s.limited_entry)),
            ("in_play", ids(&s.in_play)),
            ("removed", ids(&s.removed)),
            ("placements", int(s.placements.len() as i64)),
            (
                "decks",
                by_key(s.decks.iter().map(|d| (&d.deck, ids(&d.cards)))),
            ),
            (
                "hands",
                by_key(s.hands.iter().map(|h| (&h.holder, ids(&h.cards)))),
            ),
            (
                "markers",
                Value::List(Arc::new(
                    s.markers
                        .iter()
                        .map(|m| {
                            map(vec![
                                ("kind", text(&m.kind)),
                                ("at", text(&m.at)),
                                ("side", opt(m.side.as_ref())),
                            ])
                        })
                        .collect(),
                )),
            ),
            (
                "tracks",
                by_key(s.tracks.iter().map(|t| (&t.track, int(t.value)))),
            ),
            ("attrs", attrs(game, Holder::Scenario, &s.attrs)),
        ]);
        ScenarioView {
            scenario,
            placements,
            stacks,
            control,
            neutral: s.neutral.iter().map(|n| n.to_string()).collect(),
        }
    }

    /// A stack's view: its location, the location's view, its units and their factions.
    pub fn stack(&self, view: &GameView, k: usize, scenario: &str) -> Value {
        let (at, units, _) = &self.stacks[k];
        stack_view(view, at, units, scenario)
    }
}

/// The view of the units `units` in location `at` at a scenario's start (no units: an empty
/// stack, which a check's example may fill).
pub fn stack_view(view: &GameView, at: &str, units: &[Value], scenario: &str) -> Value {
    let mut factions: Vec<Value> = Vec::new();
    for u in units {
        if let Some(f) = field(u, "faction")
            && !factions.contains(&f)
        {
            factions.push(f);
        }
    }
    let space = view
        .find("space", at)
        .map_or(Value::Null, |i| view.spaces[i].clone());
    map(vec![
        ("id", text(at)),
        ("at", text(at)),
        ("space", space),
        ("units", Value::List(Arc::new(units.to_vec()))),
        ("factions", Value::List(Arc::new(factions))),
        ("scenario", text(scenario)),
    ])
}
