//! Deterministic generator of valid Orbat games of any size, for benchmarks and tests.
//!
//! [`generate`] builds a whole game folder from a [`Params`] and a seed; the same seed gives
//! the same bytes. The game is valid by construction (every check of `orbat-validate` passes
//! with no diagnostic), and uses every feature the rules look at:
//!
//! - the map is a jittered grid (planar-ish: grid links, one diagonal per cell at most) split
//!   into two side regions by a neutral strip; each side's region is cut into one band per
//!   faction, so each faction holds a connected region with its supply sources;
//! - links of four kinds (one carries no supply), parallel links of another kind, links
//!   restricted to some factions (`only_for`);
//! - supply rules of every flavour: own sources, `uses_sources_of` with a limited source,
//!   `always_supplied_in`, and `Friendly`, `OwnFaction` and `NotEnemy` tracing;
//! - units placed in their own faction's spaces (so in supply) within every stacking limit:
//!   location limits, unit-kind caps, `max_per_location`, a faction limit, `never_together`;
//! - cards in three decks with `requires` (only towards earlier cards: no cycle), `cancels`,
//!   `prevents`, reinforcements and spaces, and deck counts that match;
//! - three languages with complete translations whose `source` records match;
//! - several scenarios with control and relation overrides, decks, hands, tracks and markers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use orbat_validator::canonical;
use orbat_validator::model::*;
use serde::de::DeserializeOwned;
use serde_json::json;

/// A model value from JSON: fields the model gains later take their defaults.
fn from_json<T: DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).expect("generated JSON matches the model")
}

/// How big a game to make.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    /// Locations, boxes off the map included.
    pub spaces: usize,
    /// Links between spaces.
    pub links: usize,
    /// Unit ids in the counter mix.
    pub units: usize,
    pub cards: usize,
    pub scenarios: usize,
    /// Share of the units each scenario places.
    pub placed_share: f64,
}

impl Params {
    /// Size S: about a Paths of Glory (300 spaces).
    pub fn small() -> Self {
        Params {
            spaces: 300,
            links: 600,
            units: 400,
            cards: 130,
            scenarios: 3,
            placed_share: 0.6,
        }
    }

    /// Size L: 10,000 spaces, 30,000 links, 20,000 units, 2,000 cards, 10 scenarios.
    pub fn large() -> Self {
        Params {
            spaces: 10_000,
            links: 30_000,
            units: 20_000,
            cards: 2_000,
            scenarios: 10,
            placed_share: 0.4,
        }
    }

    /// A game scaled from size S to `spaces` spaces (links, units and cards in proportion).
    pub fn scaled(spaces: usize) -> Self {
        let s = Self::small();
        let f = spaces as f64 / s.spaces as f64;
        Params {
            spaces,
            links: (s.links as f64 * f) as usize,
            units: (s.units as f64 * f) as usize,
            cards: ((s.cards as f64 * f.sqrt()) as usize).max(20),
            scenarios: 4,
            placed_share: 0.5,
        }
    }

    /// `S`, `M` (2,000 spaces), `L`, or a number of spaces.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "S" | "s" => Some(Self::small()),
            "M" | "m" => Some(Self::scaled(2_000)),
            "L" | "l" => Some(Self::large()),
            n => n.parse().ok().map(Self::scaled),
        }
    }
}

/// SplitMix64: small, fast, and the same on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * n as f64) as usize
    }
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below((hi - lo + 1) as usize) as u32
    }
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A generated game folder, as typed documents.
#[derive(Debug, Clone)]
pub struct GeneratedGame {
    pub game: Game,
    pub map: MapFile,
    pub units: UnitsFile,
    pub cards: CardsFile,
    /// By language.
    pub texts: Vec<(String, TextFile)>,
    pub scenarios: Vec<Scenario>,
}

/// Output format of [`GeneratedGame::files`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Canonical RON, as the editor writes it (`map.ron`...).
    Ron,
    /// The same documents as JSON (`map.json`...), for generic schema checkers.
    Json,
}

impl GeneratedGame {
    /// File name and text of every file of the folder.
    pub fn files(&self, format: Format) -> Vec<(String, String)> {
        fn one<T: serde::Serialize>(
            format: Format,
            stem: &str,
            value: &T,
            ron: fn(&T) -> Result<String, canonical::WriteError>,
        ) -> (String, String) {
            match format {
                Format::Ron => (
                    format!("{stem}.ron"),
                    ron(value).expect("generated values are writable"),
                ),
                Format::Json => (
                    format!("{stem}.json"),
                    serde_json::to_string_pretty(value).expect("generated values are writable"),
                ),
            }
        }
        let mut out = vec![
            one(format, "game", &self.game, canonical::game),
            one(format, "map", &self.map, canonical::map),
            one(format, "units", &self.units, canonical::units),
            one(format, "cards", &self.cards, canonical::cards),
        ];
        for (lang, t) in &self.texts {
            out.push(one(format, &format!("text.{lang}"), t, canonical::text));
        }
        for s in &self.scenarios {
            out.push(one(
                format,
                &format!("{}.scenario", s.id),
                s,
                canonical::scenario,
            ));
        }
        out
    }

    /// Writes the folder (created if needed).
    pub fn write(&self, dir: &Path, format: Format) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (name, text) in self.files(format) {
            std::fs::write(dir.join(name), text)?;
        }
        Ok(())
    }

    /// The RON files as `(path under dir, text)`, for `orbat_validator::load::load_texts`.
    pub fn ron_texts(&self, dir: &Path) -> Vec<(PathBuf, String)> {
        self.files(Format::Ron)
            .into_iter()
            .map(|(n, t)| (dir.join(n), t))
            .collect()
    }
}

const SIDES: [&str; 2] = ["ap", "cp"];
/// Factions with units: three per side.
const FACTIONS: [(&str, &str); 6] = [
    ("a1", "ap"),
    ("a2", "ap"),
    ("a3", "ap"),
    ("c1", "cp"),
    ("c2", "cp"),
    ("c3", "cp"),
];
/// A faction with no side, holding part of the neutral strip.
const NEUTRAL: &str = "nx";
const LANGUAGES: [&str; 3] = ["en", "fr", "de"];
const TERRAINS: [&str; 5] = ["clear", "forest", "mountain", "marsh", "desert"];
const DECKS: [(&str, Option<&str>); 3] = [
    ("ap-deck", Some("ap")),
    ("cp-deck", Some("cp")),
    ("neutral-deck", None),
];
const GROUPS: [&str; 3] = ["mobilization", "limited-war", "total-war"];
/// The faction whose stacks are limited to this many units.
const LIMITED_FACTION: (&str, u32) = ("c3", 2);

fn id(s: &str) -> Id {
    s.to_owned()
}

/// A pronounceable name from a number, for display text.
fn name_of(n: usize, salt: u64) -> String {
    const SYL: [&str; 16] = [
        "ka", "lo", "vre", "dan", "mi", "tor", "sel", "bu", "ra", "gen", "pol", "esh", "ti", "mar",
        "no", "zu",
    ];
    let mut x = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    let k = 2 + (x % 2) as usize;
    let mut s = String::new();
    for _ in 0..k {
        x = x.rotate_left(13).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        s.push_str(SYL[(x >> 60) as usize]);
    }
    let mut c = s.chars();
    let first = c.next().map(|f| f.to_ascii_uppercase()).unwrap_or('X');
    std::iter::once(first).chain(c).collect()
}

fn faction_index(f: &str) -> usize {
    FACTIONS.iter().position(|(x, _)| *x == f).expect("known")
}

/// Generates a valid game.
pub fn generate(p: &Params, seed: u64) -> GeneratedGame {
    let mut rng = Rng::new(seed);
    let boxes = FACTIONS.len();
    let on_map = p.spaces.saturating_sub(boxes).max(60);

    // --- grid: W columns, H rows; column `mid` is the neutral strip
    let w = ((on_map as f64).sqrt().ceil() as usize).max(8);
    let h = on_map.div_ceil(w);
    let mid = w / 2;
    let cell = |i: usize| (i / w, i % w);
    // which faction holds cell (r, c) on the map (None in the strip)
    let band_rows = |r: usize| (r * 3 / h).min(2);
    let holder = |r: usize, c: usize| -> Option<usize> {
        if c == mid {
            None
        } else if c < mid {
            Some(band_rows(r))
        } else {
            Some(3 + band_rows(r))
        }
    };

    // --- spaces
    let space_id = |i: usize| format!("sp-{i:05}");
    let mut spaces: Vec<Space> = Vec::with_capacity(on_map + boxes);
    let mut by_faction: Vec<Vec<usize>> = vec![Vec::new(); FACTIONS.len()];
    let region_side = 10;
    let regions_x = w.div_ceil(region_side);
    let mut used_regions = std::collections::BTreeSet::new();
    for i in 0..on_map {
        let (r, c) = cell(i);
        let jitter = |rng: &mut Rng| rng.below(41) as f32 - 20.0;
        let x = 40.0 + c as f32 * 80.0 + jitter(&mut rng);
        let y = 40.0 + r as f32 * 80.0 + jitter(&mut rng);
        let owner = holder(r, c);
        let terrain = {
            let t = rng.below(10);
            TERRAINS[[0, 0, 0, 0, 0, 1, 1, 2, 3, 4][t]]
        };
        let kind = if rng.chance(0.1) { "region" } else { "space" };
        let region = (r / region_side) * regions_x + c / region_side;
        used_regions.insert(region);
        let country = match owner {
            Some(f) => format!("country-{}", FACTIONS[f].0),
            None => "no-mans-land".to_owned(),
        };
        let control = match owner {
            Some(f) => Some(id(FACTIONS[f].0)),
            None if r % 2 == 0 => Some(id(NEUTRAL)),
            None => None,
        };
        if let Some(f) = owner {
            by_faction[f].push(i);
        }
        spaces.push(Space {
            id: space_id(i),
            x,
            y,
            kind: id(kind),
            terrain: Some(id(terrain)),
            areas: vec![country, format!("region-{region:03}")],
            control,
            vp: if rng.chance(0.1) { rng.range(1, 2) } else { 0 },
            fort: rng.chance(0.08).then(|| rng.range(1, 3)),
            port: rng.chance(0.05),
            capital_of: None,
            supply_source_for: Vec::new(),
        });
    }
    // supply sources and capitals: a1, a3, c1, c2 have their own; a2 uses a1's (plus a
    // limited source); c3 is always supplied in its country
    let mut limited_a2 = None;
    for (f, (fid, _)) in FACTIONS.iter().enumerate() {
        let mine = &by_faction[f];
        let n = (mine.len() / 40).max(1);
        match *fid {
            "a2" => {
                let s = mine[rng.below(mine.len())];
                limited_a2 = Some(space_id(s));
            }
            "c3" => {}
            _ => {
                for k in 0..n {
                    let s = mine[rng.below(mine.len())];
                    if !spaces[s].supply_source_for.iter().any(|x| x == fid) {
                        spaces[s].supply_source_for.push(id(fid));
                    }
                    if k == 0 {
                        spaces[s].capital_of = Some(id(fid));
                        spaces[s].vp = 3;
                    }
                }
            }
        }
    }
    let is_source: Vec<bool> = spaces
        .iter()
        .map(|s| !s.supply_source_for.is_empty() || Some(&s.id) == limited_a2.as_ref())
        .collect();
    // reserve boxes, one per faction (never_together forbids a shared one)
    for (fid, _) in FACTIONS {
        spaces.push(Space {
            id: format!("reserve-{fid}"),
            x: 10.0,
            y: 10.0,
            kind: id("reserve"),
            terrain: None,
            areas: Vec::new(),
            control: None,
            vp: 0,
            fort: None,
            port: false,
            capital_of: None,
            supply_source_for: Vec::new(),
        });
    }

    // --- links: grid links carry supply and are open to all; extras are diagonals (some of a
    // kind without supply, some restricted) and parallel links of another kind
    let mut links: Vec<Link> = Vec::with_capacity(p.links);
    let mut grid_pairs = Vec::new();
    for i in 0..on_map {
        let c = cell(i).1;
        if c + 1 < w && i + 1 < on_map {
            grid_pairs.push((i, i + 1));
        }
        if i + w < on_map {
            grid_pairs.push((i, i + w));
        }
    }
    for &(a, b) in &grid_pairs {
        let kind = if rng.chance(0.2) { "rail" } else { "normal" };
        links.push(Link {
            a: space_id(a),
            b: space_id(b),
            kind: id(kind),
            only_for: Vec::new(),
        });
    }
    let extra = p.links.saturating_sub(links.len());
    let mut diag_cells: Vec<usize> = (0..on_map)
        .filter(|&i| cell(i).1 + 1 < w && i + w + 1 < on_map)
        .collect();
    rng.shuffle(&mut diag_cells);
    let n_diag = (extra * 3 / 4).min(diag_cells.len());
    for &i in &diag_cells[..n_diag] {
        let (a, b) = if rng.chance(0.5) {
            (i, i + w + 1)
        } else {
            (i + 1, i + w)
        };
        let roll = rng.below(10);
        let (kind, only_for) = match roll {
            0 | 1 => ("strait", Vec::new()),
            2 | 3 => {
                let f = FACTIONS[rng.below(FACTIONS.len())].0;
                ("normal", vec![id(f)])
            }
            4 => ("sea", vec![id("a1"), id("c1")]),
            _ => ("normal", Vec::new()),
        };
        links.push(Link {
            a: space_id(a),
            b: space_id(b),
            kind: id(kind),
            only_for,
        });
    }
    let n_grid = grid_pairs.len();
    let remaining = extra - n_diag;
    let mut parallel_of: Vec<usize> = (0..n_grid).collect();
    rng.shuffle(&mut parallel_of);
    // each grid pair gets at most: the other of normal/rail, then a restricted one, then sea
    let mut parallels = vec![0usize; n_grid];
    for &g in parallel_of.iter().cycle().take(remaining.min(n_grid * 3)) {
        let base = &links[g];
        let other = if base.kind == "rail" {
            "normal"
        } else {
            "rail"
        };
        let (kind, only_for) = match parallels[g] {
            0 => (other, Vec::new()),
            1 => ("normal", vec![id(FACTIONS[g % FACTIONS.len()].0)]),
            _ => ("sea", Vec::new()),
        };
        parallels[g] += 1;
        links.push(Link {
            a: base.a.clone(),
            b: base.b.clone(),
            kind: id(kind),
            only_for,
        });
    }

    // --- game
    let mut areas: Vec<Area> = FACTIONS
        .iter()
        .map(|(f, side)| Area {
            id: format!("country-{f}"),
            kind: "country".into(),
            // closed to the first enemy faction
            closed_to: vec![id(if *side == "ap" { "c1" } else { "a1" })],
        })
        .collect();
    areas.push(Area {
        id: "no-mans-land".into(),
        kind: "region".into(),
        closed_to: Vec::new(),
    });
    areas.extend(used_regions.iter().map(|r| Area {
        id: format!("region-{r:03}"),
        kind: "region".into(),
        closed_to: Vec::new(),
    }));
    let unit_values = vec![id("combat"), id("loss"), id("movement")];
    let mut factions: Vec<Faction> = FACTIONS
        .iter()
        .map(|(f, s)| Faction {
            id: id(f),
            side: Some(id(s)),
            non_player: false,
            hostile_to_all: false,
        })
        .collect();
    factions.push(Faction {
        id: id(NEUTRAL),
        side: None,
        non_player: true,
        hostile_to_all: false,
    });

    // --- units
    let mut units = Vec::with_capacity(p.units);
    for i in 0..p.units {
        let f = i % FACTIONS.len();
        let roll = rng.below(100);
        let kind = match roll {
            0..10 => "army",
            10..80 => "corps",
            80..85 => "hq",
            _ => "irregular",
        };
        let vals = |rng: &mut Rng, lo: u32| -> BTreeMap<String, u32> {
            unit_values
                .iter()
                .map(|v| (v.clone(), rng.range(lo, lo + 4)))
                .collect()
        };
        let full = vals(&mut rng, 1);
        let reduced = matches!(kind, "army" | "corps").then(|| vals(&mut rng, 0));
        units.push(Unit {
            id: format!("{}-{kind}-{i:05}", FACTIONS[f].0),
            faction: id(FACTIONS[f].0),
            kind: id(kind),
            full,
            reduced,
            count: if rng.chance(0.15) { 2 } else { 1 },
        });
    }

    // --- cards: requires only towards earlier cards, so there is no cycle
    let mut cards: Vec<Card> = Vec::with_capacity(p.cards);
    let mut numbers = [0u32; 3];
    let mut counts: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    for i in 0..p.cards {
        let d = match rng.below(20) {
            0..9 => 0,
            9..18 => 1,
            _ => 2,
        };
        let g = (i * 3 / p.cards.max(1)).min(2);
        numbers[d] += 1;
        *counts.entry((d, g)).or_default() += 1;
        let card_id = |j: usize, cards: &[Card]| cards[j].id.clone();
        let mut requires = Vec::new();
        if i > 0 && rng.chance(0.2) {
            for _ in 0..rng.range(1, 2) {
                let j = rng.below(i);
                let c = card_id(j, &cards);
                if !requires.contains(&c) {
                    requires.push(c);
                }
            }
        }
        let other = |rng: &mut Rng| {
            let j = rng.below(p.cards - 1);
            let j = if j >= i { j + 1 } else { j };
            format!("card-{j:05}")
        };
        let cancels = if p.cards > 1 && rng.chance(0.1) {
            vec![other(&mut rng)]
        } else {
            Vec::new()
        };
        let prevents = if p.cards > 1 && rng.chance(0.05) {
            vec![other(&mut rng)]
        } else {
            Vec::new()
        };
        let reinforcements = if !units.is_empty() && rng.chance(0.15) {
            (0..rng.range(1, 3))
                .map(|_| {
                    let u: &Unit = rng.pick(&units);
                    let f = faction_index(&u.faction);
                    Reinforcement {
                        unit: u.id.clone(),
                        to: space_id(*rng.pick(&by_faction[f])),
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let card_spaces = if rng.chance(0.2) {
            let mut v: Vec<Id> = (0..rng.range(1, 3))
                .map(|_| space_id(rng.below(on_map)))
                .collect();
            v.dedup();
            v
        } else {
            Vec::new()
        };
        let ops = rng.range(1, 5);
        cards.push(Card {
            id: format!("card-{i:05}"),
            deck: id(DECKS[d].0),
            group: id(GROUPS[g]),
            number: numbers[d],
            ops,
            sr: Some(ops + 1),
            rp: rng.chance(0.8).then(|| rng.range(0, 3)),
            combat: rng.chance(0.2),
            removed_after_play: rng.chance(0.3),
            requires,
            cancels,
            prevents,
            reinforcements,
            spaces: card_spaces,
        });
    }
    let decks: Vec<Deck> = DECKS
        .iter()
        .enumerate()
        .map(|(d, (deck, owner))| Deck {
            id: id(deck),
            owner: owner.map(id),
            groups: GROUPS
                .iter()
                .enumerate()
                .filter_map(|(g, group)| {
                    counts.get(&(d, g)).map(|&count| DeckGroup {
                        id: id(group),
                        count,
                    })
                })
                .collect(),
        })
        .filter(|d| !d.groups.is_empty())
        .collect();

    // built as JSON so that fields added to the model later take their defaults
    let location_kinds = json!([
        {"id": "space", "stacking": {"Limit": 3}, "kind_caps": [{"unit_kind": "army", "max": 2}]},
        {"id": "region", "stacking": "Unlimited", "opposing_may_share": true},
        {"id": "reserve", "on_map": false, "stacking": "Unlimited"},
    ]);
    let link_kinds = json!([
        {"id": "normal"}, {"id": "rail"}, {"id": "strait", "carries_supply": false}, {"id": "sea"},
    ]);
    let unit_kinds = json!([
        {"id": "army"},
        {"id": "corps"},
        {"id": "hq", "counts_for_stacking": false, "max_per_location": 1},
        {"id": "irregular", "forbidden_terrains": ["marsh"], "needs_no_supply": true},
    ]);
    let supply = json!([
        {"factions": ["a1"]},
        {"factions": ["a2"], "uses_sources_of": ["a1"], "limited_sources": limited_a2.into_iter().collect::<Vec<_>>()},
        {"factions": ["a3"], "trace_through": "NotEnemy"},
        {"factions": ["c1"], "trace_through": "Friendly"},
        {"factions": ["c2"], "trace_through": "OwnFaction"},
        {"factions": ["c3"], "always_supplied_in": ["country-c3"]},
    ]);
    let game: Game = from_json(json!({
        "id": format!("generated-{seed}"),
        "source_language": "en",
        "languages": LANGUAGES,
        "rulesets": [
            {"id": "first-edition", "description": "The rules as first printed."},
            {"id": "second-edition", "description": "The revised rules with the errata."},
        ],
        "sides": SIDES.iter().map(|s| json!({"id": s})).collect::<Vec<_>>(),
        "factions": factions,
        "relations": [{"factions": ["a1", "a3"], "stance": "AlliedApart"}],
        "terrains": TERRAINS.iter().map(|t| json!({"id": t})).collect::<Vec<_>>(),
        "location_kinds": location_kinds,
        "link_kinds": link_kinds,
        "unit_kinds": unit_kinds,
        "unit_values": unit_values,
        "areas": areas,
        "stacking": {
            "count_per": "Side",
            "never_together": [["a1", "a3"]],
            "faction_limits": [{"faction": LIMITED_FACTION.0, "limit": LIMITED_FACTION.1}],
        },
        "supply": supply,
        "decks": decks,
        "tracks": [{"id": "vp", "min": 0, "max": 40}, {"id": "war-status", "min": 0, "max": 40}],
        "marker_kinds": [{"id": "trench"}, {"id": "oos"}],
    }));

    // --- scenarios
    let scenarios: Vec<Scenario> = (0..p.scenarios)
        .map(|k| {
            scenario(
                k, p, &mut rng, &game, &spaces, on_map, &units, &cards, &is_source,
            )
        })
        .collect();

    // --- text
    let texts = texts(&game, &spaces, &units, &cards);

    GeneratedGame {
        game,
        map: MapFile {
            backdrop: None,
            spaces,
            links,
        },
        units: UnitsFile { units },
        cards: CardsFile { cards },
        texts,
        scenarios,
    }
}

/// Per-location stacking state while placing units in one scenario.
#[derive(Default, Clone, Copy)]
struct Stack {
    counting: u32,
    armies: u32,
    hqs: u32,
}

#[allow(clippy::too_many_arguments)]
fn scenario(
    k: usize,
    p: &Params,
    rng: &mut Rng,
    game: &Game,
    spaces: &[Space],
    on_map: usize,
    units: &[Unit],
    cards: &[Card],
    is_source: &[bool],
) -> Scenario {
    // control overrides: a few a1 and a2 spaces (not sources) change hands between the two
    let mut control: Vec<Option<&str>> = spaces.iter().map(|s| s.control.as_deref()).collect();
    let mut overrides = Vec::new();
    let n_over = (on_map / 100).max(2);
    for _ in 0..n_over * 4 {
        if overrides.len() >= n_over {
            break;
        }
        let i = rng.below(on_map);
        let to = match control[i] {
            Some("a1") => "a2",
            Some("a2") => "a1",
            _ => continue,
        };
        if is_source[i]
            || overrides
                .iter()
                .any(|o: &ControlOverride| o.space == spaces[i].id)
        {
            continue;
        }
        control[i] = Some(to);
        overrides.push(ControlOverride {
            space: spaces[i].id.clone(),
            faction: Some(id(to)),
        });
    }
    // and a neutral strip space becomes uncontrolled
    if let Some(i) = (0..on_map).find(|&i| control[i] == Some(NEUTRAL)) {
        control[i] = None;
        overrides.push(ControlOverride {
            space: spaces[i].id.clone(),
            faction: None,
        });
    }
    let mut held: Vec<Vec<usize>> = vec![Vec::new(); FACTIONS.len()];
    for (i, c) in control.iter().enumerate().take(on_map) {
        if let Some(f) = c.and_then(|c| FACTIONS.iter().position(|(x, _)| *x == c)) {
            held[f].push(i);
        }
    }
    let kind_of: Vec<&str> = spaces.iter().map(|s| s.kind.as_str()).collect();

    // placements within every stacking limit, in the unit's own faction's spaces
    let mut stacks = vec![Stack::default(); spaces.len()];
    let mut placements = Vec::new();
    for u in units {
        if !rng.chance(p.placed_share) {
            continue;
        }
        let f = faction_index(&u.faction);
        let reserve = on_map + f;
        let counts = u.kind != "hq";
        let fits = |s: usize, n: u32, stacks: &[Stack]| {
            let st = stacks[s];
            let limit = if u.faction == LIMITED_FACTION.0 {
                LIMITED_FACTION.1
            } else if kind_of[s] == "space" {
                3
            } else {
                u32::MAX
            };
            if counts && st.counting + n > limit {
                return false;
            }
            if u.kind == "army" && kind_of[s] == "space" && st.armies + n > 2 {
                return false;
            }
            if u.kind == "hq" && st.hqs + n > 1 {
                return false;
            }
            if u.kind == "irregular" && spaces[s].terrain.as_deref() == Some("marsh") {
                return false;
            }
            true
        };
        // split a two-counter unit over two locations half the time
        let parts: Vec<u32> = if u.count == 2 && rng.chance(0.5) {
            vec![1, 1]
        } else {
            vec![u.count]
        };
        for n in parts {
            let mut at = None;
            for _ in 0..8 {
                let s = *rng.pick(&held[f]);
                if fits(s, n, &stacks) {
                    at = Some(s);
                    break;
                }
            }
            if at.is_none() && fits(reserve, n, &stacks) {
                at = Some(reserve);
            }
            let Some(s) = at else { continue };
            let st = &mut stacks[s];
            if counts {
                st.counting += n;
            }
            if u.kind == "army" {
                st.armies += n;
            }
            if u.kind == "hq" {
                st.hqs += n;
            }
            placements.push(Placement {
                unit: u.id.clone(),
                at: spaces[s].id.clone(),
                reduced: u.reduced.is_some() && rng.chance(0.1),
                count: n,
            });
        }
    }

    // cards: each card in exactly one place: a hand, in play, removed, or its deck's pile
    let mut order: Vec<usize> = (0..cards.len()).collect();
    rng.shuffle(&mut order);
    let mut hands = vec![
        Hand {
            holder: id("ap"),
            cards: Vec::new(),
        },
        Hand {
            holder: id("cp"),
            cards: Vec::new(),
        },
    ];
    let mut in_play = Vec::new();
    let mut removed = Vec::new();
    let mut piles: Vec<ScenarioDeck> = game
        .decks
        .iter()
        .map(|d| ScenarioDeck {
            deck: d.id.clone(),
            cards: Vec::new(),
        })
        .collect();
    for i in order {
        let c = &cards[i];
        let h = match c.deck.as_str() {
            "ap-deck" => Some(0),
            "cp-deck" => Some(1),
            _ => None,
        };
        if let Some(h) = h
            && hands[h].cards.len() < 7
        {
            hands[h].cards.push(c.id.clone());
        } else if in_play.len() < 2 {
            in_play.push(c.id.clone());
        } else if removed.len() < 2 {
            removed.push(c.id.clone());
        } else if let Some(pile) = piles.iter_mut().find(|d| d.deck == c.deck) {
            pile.cards.push(c.id.clone());
        }
    }

    let markers: Vec<Marker> = (0..(on_map / 50).max(1))
        .map(|j| Marker {
            kind: id(if j % 3 == 0 { "oos" } else { "trench" }),
            at: spaces[rng.below(on_map)].id.clone(),
        })
        .collect();
    from_json(json!({
        "id": format!("scenario-{:02}", k + 1),
        "game": game.id,
        "ruleset": game.rulesets[k % game.rulesets.len()].id,
        "turns": {"first": 1 + k as u32, "last": 10 + 2 * k as u32},
        "control": overrides,
        "relations": if k % 2 == 1 {
            json!([{"factions": ["a3", "c1"], "stance": "Neutral"}])
        } else {
            json!([])
        },
        "placements": placements,
        "decks": piles,
        "hands": hands,
        "in_play": in_play,
        "removed": removed,
        "tracks": [{"track": "vp", "value": 10 + k as i32}, {"track": "war-status", "value": 0}],
        "markers": markers,
    }))
}

fn texts(game: &Game, spaces: &[Space], units: &[Unit], cards: &[Card]) -> Vec<(String, TextFile)> {
    let mut source: BTreeMap<String, TextEntry> = BTreeMap::new();
    let entry = |name: String, text: Option<String>| TextEntry {
        name,
        text,
        source: None,
    };
    source.insert("game".into(), entry("Generated Front".into(), None));
    for s in &game.sides {
        source.insert(
            format!("side:{}", s.id),
            entry(format!("Side {}", s.id), None),
        );
    }
    for f in &game.factions {
        source.insert(
            format!("faction:{}", f.id),
            entry(format!("Faction {}", f.id), None),
        );
    }
    for a in &game.areas {
        source.insert(
            format!("area:{}", a.id),
            entry(name_of(a.id.len(), 7), None),
        );
    }
    for (i, s) in spaces.iter().enumerate() {
        source.insert(format!("space:{}", s.id), entry(name_of(i, 1), None));
    }
    for (i, u) in units.iter().enumerate() {
        source.insert(
            format!("unit:{}", u.id),
            entry(format!("{} {}", name_of(i, 2), u.kind), None),
        );
    }
    for (i, c) in cards.iter().enumerate() {
        let mut text = format!("{} ops event", c.ops);
        for r in c.requires.iter().take(1) {
            text.push_str(&format!("; play after {{card:{r}}}"));
        }
        for r in &c.cancels {
            text.push_str(&format!("; cancels {{card:{r}}}"));
        }
        for r in c.reinforcements.iter().take(1) {
            text.push_str(&format!(
                "; {{unit:{}}} arrives in {{space:{}}}",
                r.unit, r.to
            ));
        }
        for s in c.spaces.iter().take(1) {
            text.push_str(&format!("; attack {{space:{s}}}"));
        }
        text.push('.');
        source.insert(format!("card:{}", c.id), entry(name_of(i, 3), Some(text)));
    }
    let mut out = Vec::new();
    for lang in LANGUAGES {
        let entries = if lang == game.source_language {
            source.clone()
        } else {
            source
                .iter()
                .map(|(k, e)| {
                    let tr = TextEntry {
                        name: format!("{} ({lang})", e.name),
                        text: e.text.as_ref().map(|t| format!("[{lang}] {t}")),
                        source: Some(SourceRecord {
                            name: e.name.clone(),
                            text: e.text.clone(),
                        }),
                    };
                    (k.clone(), tr)
                })
                .collect()
        };
        out.push((
            lang.to_owned(),
            TextFile {
                language: lang.to_owned(),
                entries,
            },
        ));
    }
    out
}
