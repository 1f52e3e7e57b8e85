//! The map: a jittered grid of spaces split into faction bands by a neutral strip, each
//! faction's supply sources and capital, one reserve box per faction, and the links.

use std::collections::BTreeSet;

use orbat_validator::model::{Id, Link, Space};

use crate::Params;
use crate::cast::{FACTIONS, NEUTRAL, TERRAINS, id, space_id};
use crate::rng::Rng;

/// The generated map, with what the later steps need to know about it.
pub(crate) struct Map {
    /// Spaces on the map (the reserve boxes follow them in `spaces`).
    pub on_map: usize,
    pub spaces: Vec<Space>,
    pub links: Vec<Link>,
    /// The spaces each faction holds, by index into [`FACTIONS`].
    pub by_faction: Vec<Vec<usize>>,
    /// The region areas some space belongs to.
    pub used_regions: BTreeSet<usize>,
    /// The limited supply source of faction a2.
    pub limited_a2: Option<Id>,
    /// Whether each space is a supply source (limited ones included).
    pub is_source: Vec<bool>,
}

/// The grid: `w` columns, `h` rows; column `mid` is the neutral strip.
#[derive(Clone, Copy)]
struct Grid {
    w: usize,
    h: usize,
    mid: usize,
    on_map: usize,
}

impl Grid {
    fn new(on_map: usize) -> Self {
        let w = ((on_map as f64).sqrt().ceil() as usize).max(8);
        Grid {
            w,
            h: on_map.div_ceil(w),
            mid: w / 2,
            on_map,
        }
    }

    /// Row and column of space `i`.
    fn cell(&self, i: usize) -> (usize, usize) {
        (i / self.w, i % self.w)
    }

    /// Which faction holds cell (r, c) on the map (None in the strip).
    fn holder(&self, r: usize, c: usize) -> Option<usize> {
        let band_rows = |r: usize| (r * 3 / self.h).min(2);
        if c == self.mid {
            None
        } else if c < self.mid {
            Some(band_rows(r))
        } else {
            Some(3 + band_rows(r))
        }
    }
}

/// Generates the map; the draws from `rng` come in a fixed order (spaces, sources, links).
pub(crate) fn generate(p: &Params, rng: &mut Rng) -> Map {
    let boxes = FACTIONS.len();
    let on_map = p.spaces.saturating_sub(boxes).max(60);
    let grid = Grid::new(on_map);
    let mut map = spaces(grid, rng);
    supply_sources(&mut map, rng);
    map.is_source = map
        .spaces
        .iter()
        .map(|s| !s.supply_source_for.is_empty() || Some(&s.id) == map.limited_a2.as_ref())
        .collect();
    reserve_boxes(&mut map.spaces);
    map.links = links(grid, p, rng);
    map
}

fn spaces(grid: Grid, rng: &mut Rng) -> Map {
    let on_map = grid.on_map;
    let mut spaces: Vec<Space> = Vec::with_capacity(on_map + FACTIONS.len());
    let mut by_faction: Vec<Vec<usize>> = vec![Vec::new(); FACTIONS.len()];
    let region_side = 10;
    let regions_x = grid.w.div_ceil(region_side);
    let mut used_regions = BTreeSet::new();
    for i in 0..on_map {
        let (r, c) = grid.cell(i);
        let jitter = |rng: &mut Rng| rng.below(41) as f32 - 20.0;
        let x = 40.0 + c as f32 * 80.0 + jitter(rng);
        let y = 40.0 + r as f32 * 80.0 + jitter(rng);
        let owner = grid.holder(r, c);
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
            areas: vec![country.into(), format!("region-{region:03}").into()].into(),
            control,
            vp: if rng.chance(0.1) { rng.range(1, 2) } else { 0 },
            fort: rng.chance(0.08).then(|| rng.range(1, 3)),
            port: rng.chance(0.05),
            capital_of: None,
            supply_source_for: Vec::new().into(),
            ..Default::default()
        });
    }
    Map {
        on_map,
        spaces,
        links: Vec::new(),
        by_faction,
        used_regions,
        limited_a2: None,
        is_source: Vec::new(),
    }
}

/// Supply sources and capitals: a1, a3, c1, c2 have their own; a2 uses a1's (plus a limited
/// source); c3 is always supplied in its country.
fn supply_sources(map: &mut Map, rng: &mut Rng) {
    for (f, (fid, _)) in FACTIONS.iter().enumerate() {
        let mine = &map.by_faction[f];
        let n = (mine.len() / 40).max(1);
        match *fid {
            "a2" => {
                let s = mine[rng.below(mine.len())];
                map.limited_a2 = Some(space_id(s));
            }
            "c3" => {}
            _ => {
                for k in 0..n {
                    let s = mine[rng.below(mine.len())];
                    let space = &mut map.spaces[s];
                    if !space.supply_source_for.iter().any(|x| x == fid) {
                        space.supply_source_for.push(id(fid));
                    }
                    if k == 0 {
                        space.capital_of = Some(id(fid));
                        space.vp = 3;
                    }
                }
            }
        }
    }
}

/// Reserve boxes, one per faction (never_together forbids a shared one).
fn reserve_boxes(spaces: &mut Vec<Space>) {
    for (fid, _) in FACTIONS {
        spaces.push(Space {
            id: format!("reserve-{fid}").into(),
            x: 10.0,
            y: 10.0,
            kind: id("reserve"),
            terrain: None,
            areas: Vec::new().into(),
            control: None,
            vp: 0,
            fort: None,
            port: false,
            capital_of: None,
            supply_source_for: Vec::new().into(),
            ..Default::default()
        });
    }
}

/// Grid links carry supply and are open to all; extras are diagonals (some of a kind without
/// supply, some restricted) and parallel links of another kind.
fn links(grid: Grid, p: &Params, rng: &mut Rng) -> Vec<Link> {
    let (w, on_map) = (grid.w, grid.on_map);
    let mut links: Vec<Link> = Vec::with_capacity(p.links);
    let mut grid_pairs = Vec::new();
    for i in 0..on_map {
        let c = grid.cell(i).1;
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
            only_for: Vec::new().into(),
            ..Default::default()
        });
    }
    let extra = p.links.saturating_sub(links.len());
    let mut diag_cells: Vec<usize> = (0..on_map)
        .filter(|&i| grid.cell(i).1 + 1 < w && i + w + 1 < on_map)
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
            only_for: only_for.into(),
            ..Default::default()
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
            only_for: only_for.into(),
            ..Default::default()
        });
    }
    links
}
