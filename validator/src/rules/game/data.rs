//! The game as a declared check's expressions read it: each entity's fields (the table of
//! docs/designing-checks.md) read from the model in place when an expression asks, with what
//! the model does not hold directly (ids to indexes, each unit's side, each scenario's stacks
//! and control at start) worked out once per folder.

use std::sync::Arc;
use std::sync::OnceLock;

use crate::analysis::ids::Ids;
use crate::analysis::world::World;
use crate::model::compare::same;
use crate::model::{
    AttrValue, Attrs, Card, Game, Holder, Id, Link, Scope, Space, Unit, UnitValues,
};
use crate::rules::context::Context;

use super::start::Start;
pub use super::value::attr_value;
use super::value::{Obj, Val};

macro_rules! fields {
    ($($v:ident = $n:literal),* $(,)?) => {
        /// A field of an entity's view, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum F { $($v),* }
        impl F {
            pub fn parse(s: &str) -> Option<F> {
                match s { $($n => Some(F::$v),)* _ => None }
            }
        }
    };
}

fields! {
    Id = "id", Kind = "kind", OnMap = "on_map", Terrain = "terrain", Areas = "areas",
    Control = "control", Vp = "vp", Fort = "fort", Port = "port", CapitalOf = "capital_of",
    SupplySourceFor = "supply_source_for", Attrs = "attrs", A = "a", B = "b",
    OnlyFor = "only_for", ClosedTo = "closed_to", ClosedWhileNeutral = "closed_while_neutral",
    Faction = "faction", Side = "side", Full = "full", ReducedValues = "reduced_values",
    Count = "count", Flags = "flags", Reduced = "reduced", Deck = "deck", Group = "group",
    Number = "number", Ops = "ops", Sr = "sr", Rp = "rp", WarStatus = "war_status",
    Optional = "optional", Combat = "combat", RemovedAfterPlay = "removed_after_play",
    Requires = "requires", Cancels = "cancels", Prevents = "prevents", Spaces = "spaces",
    Reinforcements = "reinforcements", Owner = "owner", Groups = "groups", Cards = "cards",
    NonPlayer = "non_player", HostileToAll = "hostile_to_all", Unit = "unit", At = "at",
    Scenario = "scenario", Space = "space", Units = "units", Factions = "factions",
    Ruleset = "ruleset", FirstTurn = "first_turn", LastTurn = "last_turn", Neutral = "neutral",
    LimitedEntry = "limited_entry", Alignments = "alignments", InPlay = "in_play", Removed = "removed",
    Placements = "placements", Decks = "decks", Hands = "hands", Markers = "markers",
    Tracks = "tracks", Relations = "relations", Arrivals = "arrivals", OneWay = "one_way",
    NeedsNoSupply = "needs_no_supply", CarriesSupply = "carries_supply",
}

/// Everything an expression may read.
pub struct Data<'a> {
    pub game: &'a Game,
    pub world: Option<&'a World<'a>>,
    pub spaces: &'a [Space],
    pub links: &'a [Link],
    pub units: &'a [Unit],
    pub cards: &'a [Card],
    pub starts: Vec<Start<'a>>,
    on_map: Vec<bool>,
    unit_side: Vec<Option<&'a Id>>,
    deck_cards: Vec<Vec<Id>>,
    ids: &'a Ids<'a>,
    defaults: Vec<(Holder, &'a str, &'a AttrValue)>,
    /// Each space's neighbours' ids, made on the first `neighbours(space)`: the checks that
    /// call it call it on every space, and a list made per call cost more than the check.
    neighbours: OnceLock<Neighbours>,
}

/// The ids of each space's neighbours (each once, in the order of its links), in one list.
struct Neighbours {
    /// Where each space's ids start in `ids`; one more entry than spaces.
    starts: Vec<u32>,
    ids: Vec<Id>,
}

impl<'a> Data<'a> {
    /// The view of `cx`'s folder, whose game is `game`; its scenarios' placements as the
    /// rules about scenarios look them up (once for both).
    pub fn new(cx: &Context<'a>, game: &'a Game) -> Self {
        let (folder, ids, world) = (cx.folder, cx.ids, cx.world);
        let (spaces, links) = folder.map.as_ref().map_or((&[][..], &[][..]), |m| {
            (&m.value.spaces[..], &m.value.links[..])
        });
        let units = folder
            .units
            .as_ref()
            .map_or(&[][..], |u| &u.value.units[..]);
        let cards = folder
            .cards
            .as_ref()
            .map_or(&[][..], |c| &c.value.cards[..]);
        // compared in line: a large game's units each ask (BENCHMARKS.md, session 23)
        let side_of = |f: &Id| {
            let faction = game.factions.iter().find(|x| same(&x.id, f))?;
            faction.side.as_ref()
        };
        let mut data = Data {
            game,
            world,
            spaces,
            links,
            units,
            cards,
            starts: Vec::new(),
            // (the world looked each space's kind up once already; a state of play asks again)
            on_map: match world {
                Some(w) => (0..spaces.len()).map(|i| w.on_map(i)).collect(),
                None => spaces
                    .iter()
                    .map(|s| {
                        game.location_kinds
                            .iter()
                            .find(|k| k.id == s.kind)
                            .is_none_or(|k| k.on_map)
                    })
                    .collect(),
            },
            unit_side: units.iter().map(|u| side_of(&u.faction)).collect(),
            deck_cards: game
                .decks
                .iter()
                .map(|d| {
                    cards
                        .iter()
                        .filter(|c| c.deck == d.id)
                        .map(|c| c.id.clone())
                        .collect()
                })
                .collect(),
            ids,
            defaults: game
                .attributes
                .iter()
                .flat_map(|d| {
                    let default = d.default.as_ref();
                    d.on.iter()
                        .filter_map(move |h| Some((*h, d.id.as_str(), default?)))
                })
                .collect(),
            neighbours: OnceLock::new(),
        };
        // the folder's scenarios share their placements with the rules over one scenario; a
        // state of play's are the context's own
        let docs = cx.scenario_docs();
        let of_folder = std::ptr::eq(docs, &folder.scenarios[..]);
        data.starts = docs
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let placed = match of_folder {
                    true => cx.placements_of(k),
                    false => cx.placements().get(k),
                };
                Start::new(
                    &s.value,
                    units,
                    world,
                    (spaces.len(), placed),
                    |id| data.find(Scope::Space, id),
                    |id| data.find(Scope::Unit, id),
                )
            })
            .collect();
        data
    }

    /// The index of the entity of `kind` with the id `id`.
    pub fn find(&self, kind: Scope, id: &str) -> Option<usize> {
        // an id read from the entity itself (`neighbours(space.id)`, on every space) is found
        // by where it lies, without hashing it
        let own = match kind {
            Scope::Space => lying_in(self.spaces, id, |s| &s.id),
            Scope::Unit => lying_in(self.units, id, |u| &u.id),
            Scope::Card => lying_in(self.cards, id, |c| &c.id),
            _ => None,
        };
        if own.is_some() {
            return own;
        }
        let table = match kind {
            Scope::Space => &self.ids.spaces,
            Scope::Unit => &self.ids.units,
            Scope::Card => &self.ids.cards,
            Scope::Faction => &self.ids.factions,
            Scope::Area => &self.ids.areas,
            Scope::Deck => &self.ids.decks,
            Scope::Scenario => return self.starts.iter().position(|s| s.scenario.id == id),
            _ => return None,
        };
        table.index(id)
    }

    /// The ids of the spaces linked to space `s`, each once.
    pub fn neighbours(&self, s: usize) -> &[Id] {
        let n = self.neighbours.get_or_init(|| {
            let mut starts = Vec::with_capacity(self.spaces.len() + 1);
            // room for every end at once: grown by doubling, the list touched fresh memory
            // at each step, which costs more than filling it (BENCHMARKS.md, session 35)
            let ends = self.world.map_or(0, |w| w.adjacency.ends());
            let mut ids: Vec<Id> = Vec::with_capacity(ends);
            let mut seen: Vec<usize> = Vec::new();
            for space in 0..self.spaces.len() {
                starts.push(ids.len() as u32);
                seen.clear();
                for (b, _) in self
                    .world
                    .into_iter()
                    .flat_map(|w| w.adjacency.out_of(space))
                {
                    if !seen.contains(&b) {
                        seen.push(b);
                        ids.push(self.spaces[b].id.clone());
                    }
                }
            }
            starts.push(ids.len() as u32);
            Neighbours { starts, ids }
        });
        &n.ids[n.starts[s] as usize..n.starts[s + 1] as usize]
    }

    pub fn count(&self, kind: Scope) -> usize {
        match kind {
            Scope::Space => self.spaces.len(),
            Scope::Link => self.links.len(),
            Scope::Area => self.game.areas.len(),
            Scope::Unit => self.units.len(),
            Scope::Card => self.cards.len(),
            Scope::Deck => self.game.decks.len(),
            Scope::Faction => self.game.factions.len(),
            Scope::Scenario => self.starts.len(),
            Scope::Placement | Scope::Stack => 0,
        }
    }

    /// Field `f` of entity `o`, or None when its view has no such field. Always inlined: the
    /// value returned through memory stalled the caller reading it (BENCHMARKS.md, session 36).
    #[inline(always)]
    pub fn field(&self, o: Obj, f: F) -> Option<Val<'_>> {
        let i = o.index as usize;
        let ids = |l: &'a [Id]| Val::Ids(l);
        let int = |n: u32| Val::Int(n.into());
        let opt_int = |n: Option<u32>| n.map_or(Val::Null, int);
        Some(match o.kind {
            Scope::Space => {
                let s = &self.spaces[i];
                match f {
                    F::Id => Val::Str(&s.id),
                    F::Kind => Val::Str(&s.kind),
                    F::OnMap => Val::Bool(self.on_map[i]),
                    F::Terrain => Val::opt_str(s.terrain.as_ref()),
                    F::Areas => ids(&s.areas),
                    F::Control => Val::opt_str(s.control.as_ref()),
                    F::Vp => int(s.vp),
                    F::Fort => opt_int(s.fort),
                    F::Port => Val::Bool(s.port),
                    F::CapitalOf => Val::opt_str(s.capital_of.as_ref()),
                    F::SupplySourceFor => ids(&s.supply_source_for),
                    F::Attrs => Val::Attrs(Holder::Space, &s.attrs),
                    _ => return None,
                }
            }
            Scope::Link => {
                let l = &self.links[i];
                match f {
                    F::A => Val::Str(&l.a),
                    F::B => Val::Str(&l.b),
                    F::Kind => Val::Str(&l.kind),
                    F::OnlyFor => ids(&l.only_for),
                    F::OneWay => Val::Bool(l.one_way),
                    F::CarriesSupply => Val::Bool(
                        (self.game.link_kinds.iter())
                            .find(|k| k.id == l.kind)
                            .is_none_or(|k| k.carries_supply),
                    ),
                    F::Attrs => Val::Attrs(Holder::Link, &l.attrs),
                    _ => return None,
                }
            }
            Scope::Area => {
                let a = &self.game.areas[i];
                match f {
                    F::Id => Val::Str(&a.id),
                    F::Kind => Val::Str(&a.kind),
                    F::ClosedTo => ids(&a.closed_to),
                    F::ClosedWhileNeutral => Val::opt_str(a.closed_while_neutral.as_ref()),
                    F::Attrs => Val::Attrs(Holder::Area, &a.attrs),
                    _ => return None,
                }
            }
            Scope::Unit => {
                let u = &self.units[i];
                match f {
                    F::Id => Val::Str(&u.id),
                    F::Faction => Val::Str(&u.faction),
                    F::Side => Val::opt_str(self.unit_side[i]),
                    F::Kind => Val::Str(&u.kind),
                    F::Full => values(&u.full),
                    F::ReducedValues => u.reduced.as_ref().map_or(Val::Null, values),
                    F::Count => int(u.count),
                    F::Flags => ids(&u.flags),
                    F::Reduced => Val::Bool(o.reduced),
                    F::NeedsNoSupply => Val::Bool(
                        (self.game.unit_kinds.iter()).any(|k| k.id == u.kind && k.needs_no_supply),
                    ),
                    F::Attrs => Val::Attrs(Holder::Unit, &u.attrs),
                    _ => return None,
                }
            }
            Scope::Card => {
                let c = &self.cards[i];
                match f {
                    F::Id => Val::Str(&c.id),
                    F::Deck => Val::Str(&c.deck),
                    F::Group => Val::Str(&c.group),
                    F::Number => int(c.number),
                    F::Ops => int(c.ops),
                    F::Sr => opt_int(c.sr),
                    F::Rp => opt_int(c.rp),
                    F::WarStatus => opt_int(c.war_status),
                    F::Optional => Val::opt_str(c.optional.as_ref()),
                    F::Combat => Val::Bool(c.combat),
                    F::RemovedAfterPlay => Val::Bool(c.removed_after_play),
                    F::Requires => ids(&c.requires),
                    F::Cancels => ids(&c.cancels),
                    F::Prevents => ids(&c.prevents),
                    F::Spaces => ids(&c.spaces),
                    F::Reinforcements => {
                        Val::list(c.reinforcements.iter().map(|r| Val::Str(&r.unit)).collect())
                    }
                    F::Arrivals => arrivals(c),
                    F::Attrs => Val::Attrs(Holder::Card, &c.attrs),
                    _ => return None,
                }
            }
            Scope::Deck => {
                let d = &self.game.decks[i];
                match f {
                    F::Id => Val::Str(&d.id),
                    F::Owner => Val::opt_str(d.owner.as_ref()),
                    F::Groups => Val::list(
                        d.groups
                            .iter()
                            .map(|g| {
                                Val::map(vec![
                                    (Val::Str("id"), Val::Str(&g.id)),
                                    (Val::Str("count"), int(g.count)),
                                ])
                            })
                            .collect(),
                    ),
                    F::Cards => Val::Ids(&self.deck_cards[i]),
                    _ => return None,
                }
            }
            Scope::Faction => {
                let x = &self.game.factions[i];
                match f {
                    F::Id => Val::Str(&x.id),
                    F::Side => Val::opt_str(x.side.as_ref()),
                    F::NonPlayer => Val::Bool(x.non_player),
                    F::HostileToAll => Val::Bool(x.hostile_to_all),
                    F::Attrs => Val::Attrs(Holder::Faction, &x.attrs),
                    _ => return None,
                }
            }
            Scope::Placement => {
                let start = &self.starts[o.scenario as usize];
                let p = &start.scenario.placements[i];
                match f {
                    F::Id => Val::Str(&p.unit),
                    F::Unit => self.find(Scope::Unit, &p.unit).map_or(Val::Null, |u| {
                        Val::Obj(Obj {
                            reduced: p.reduced,
                            ..Obj::new(Scope::Unit, u)
                        })
                    }),
                    F::At => Val::Str(&p.at),
                    F::Reduced => Val::Bool(p.reduced),
                    F::Count => int(p.count),
                    F::Scenario => Val::Str(&start.scenario.id),
                    F::Attrs => Val::Attrs(Holder::Placement, &p.attrs),
                    _ => return None,
                }
            }
            Scope::Stack => {
                let start = &self.starts[o.scenario as usize];
                match f {
                    F::Id | F::At => Val::Str(start.at(i)),
                    F::Units => Val::Objs(start.units(i)),
                    F::Factions => Val::Ids(start.factions(i)),
                    F::Space => start
                        .space(i)
                        .map_or(Val::Null, |k| Val::Obj(Obj::new(Scope::Space, k))),
                    F::Scenario => Val::Str(&start.scenario.id),
                    _ => return None,
                }
            }
            Scope::Scenario => self.scenario_field(self.starts[i].scenario, f)?,
        })
    }

    /// Attribute `name` of an entity: written, or else its declared default.
    pub fn attr<'v>(&self, holder: Holder, written: &'v Attrs, name: &str) -> Option<Val<'v>>
    where
        'a: 'v,
    {
        match written.get(name) {
            Some(v) => Some(attr_value(v)),
            None => self
                .defaults
                .iter()
                .find(|(h, id, _)| *h == holder && *id == name)
                .map(|(_, _, v)| attr_value(v)),
        }
    }

    /// Every attribute an entity has (written or by default), as a map.
    pub fn all_attrs<'v>(&self, holder: Holder, written: &'v Attrs) -> Val<'v>
    where
        'a: 'v,
    {
        let mut out: Vec<(Val<'v>, Val<'v>)> = self
            .defaults
            .iter()
            .filter(|(h, id, _)| *h == holder && written.get(id).is_none())
            .map(|(_, id, v)| (Val::Str(id), attr_value(v)))
            .collect();
        out.extend(
            written
                .iter()
                .map(|(k, v)| (Val::Str(k.as_str()), attr_value(v))),
        );
        Val::Map(Arc::new(out))
    }

    /// An entity's whole view as a map, which an example may change.
    pub fn materialize(&self, o: Obj) -> Val<'_> {
        Val::map(
            super::types::fields(o.kind.var())
                .iter()
                .filter_map(|(name, _)| Some((Val::Str(name), self.field(o, F::parse(name)?)?)))
                .collect(),
        )
    }
}

/// The index of the item of `list` whose id is `id` itself (the same text at the same
/// place, as an id held in the item's own storage is), or None.
fn lying_in<T>(list: &[T], id: &str, key: impl Fn(&T) -> &Id) -> Option<usize> {
    let offset = (id.as_ptr() as usize).checked_sub(list.as_ptr() as usize)?;
    let i = offset / size_of::<T>().max(1);
    let item = list.get(i)?;
    std::ptr::eq(key(item).as_str(), id).then_some(i)
}

/// A card's reinforcements with where each arrives (`to`, or a faction's capital or sources).
fn arrivals(c: &Card) -> Val<'_> {
    Val::list(
        c.reinforcements
            .iter()
            .map(|r| {
                Val::map(vec![
                    (Val::Str("unit"), Val::Str(&r.unit)),
                    (
                        Val::Str("to"),
                        Val::opt_str(Some(&r.to).filter(|t| !t.is_empty())),
                    ),
                    (
                        Val::Str("at_capital_or_source_of"),
                        Val::opt_str(r.at_capital_or_source_of.as_ref()),
                    ),
                ])
            })
            .collect(),
    )
}

fn values(v: &UnitValues) -> Val<'_> {
    Val::map(
        v.iter()
            .map(|(k, n)| (Val::Str(k.as_str()), Val::Int((*n).into())))
            .collect(),
    )
}
