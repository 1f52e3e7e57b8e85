//! `game.ron` by hand: the game's vocabulary (sides, factions, kinds, rules), a few KiB read
//! once per game, yet a twentieth of the reading time of a real-sized game through serde.
//! Over 500 lines: one small reader per record of game.ron, the whole file kind in one place.

use super::reader::{Reader, once, put};
use crate::model::{
    Allow, Area, AttrDecl, AttrKind, Colour, CountPer, Deck, DeckGroup, Faction, FactionLimit,
    Game, Holder, KindCap, LinkKind, LocationKind, MarkerKind, RefKind, Relation, Ruleset,
    SeaSupply, Side, Stacking, StackingRules, Stance, SupplyRule, Terrain, TraceThrough, Track,
    Under, UnitFlag, UnitKind,
};

pub fn game(text: &str) -> Option<Game> {
    let (mut id, mut source_language, mut languages, mut players) = (None, None, None, None);
    let (mut sides, mut factions, mut terrains, mut location_kinds) = (None, None, None, None);
    let (mut link_kinds, mut unit_kinds, mut unit_values) = (None, None, None);
    let (mut rulesets, mut relations, mut areas, mut supply) = (vec![], vec![], vec![], vec![]);
    let (mut unit_flags, mut decks, mut tracks, mut schedule) = (vec![], vec![], vec![], vec![]);
    let (mut marker_kinds, mut allow, mut attributes, mut attrs) = (vec![], vec![], vec![], None);
    let (mut stacking, mut sea_supply, mut states, mut seen) = (None, None, vec![], vec![]);
    Reader::file(text, |r, field| {
        // a field given twice is refused by the direct path
        if seen.contains(&field) {
            return None;
        }
        seen.push(field);
        match field {
            "id" => once(&mut id, r.id()),
            "source_language" => once(&mut source_language, r.string()),
            "languages" => once(&mut languages, r.list(Reader::string)),
            "rulesets" => put(&mut rulesets, r.list(ruleset)),
            "players" => once(&mut players, r.option(|r| r.pair(Reader::u32))),
            "sides" => once(&mut sides, r.list(side)),
            "factions" => once(&mut factions, r.list(faction)),
            "relations" => put(&mut relations, r.list(relation)),
            "terrains" => once(&mut terrains, r.list(terrain)),
            "location_kinds" => once(&mut location_kinds, r.list(location_kind)),
            "link_kinds" => once(&mut link_kinds, r.list(link_kind)),
            "unit_kinds" => once(&mut unit_kinds, r.list(unit_kind)),
            "unit_values" => once(&mut unit_values, r.list(Reader::string)),
            "areas" => put(&mut areas, r.list(area)),
            "stacking" => once(&mut stacking, stacking_rules(r)),
            "supply" => put(&mut supply, r.list(supply_rule)),
            "sea_supply" => once(&mut sea_supply, r.option(self::sea_supply)),
            "unit_flags" => put(&mut unit_flags, r.list(unit_flag)),
            "decks" => put(&mut decks, r.list(deck)),
            "tracks" => put(&mut tracks, r.list(track)),
            "marker_kinds" => put(&mut marker_kinds, r.list(marker_kind)),
            "allow" => put(&mut allow, r.list(self::allow)),
            "attributes" => put(&mut attributes, r.list(attr_decl)),
            "attrs" => once(&mut attrs, r.attrs()),
            "schedule" => put(&mut schedule, super::effects::schedule(r)),
            "states" => put(&mut states, r.list(super::effects::states_of)),
            _ => None,
        }
    })?;
    Some(Game {
        id: id?,
        source_language: source_language?,
        languages: languages?,
        rulesets,
        players: players.flatten(),
        sides: sides?,
        factions: factions?,
        relations,
        terrains: terrains?,
        location_kinds: location_kinds?,
        link_kinds: link_kinds?,
        unit_kinds: unit_kinds?,
        unit_values: unit_values?,
        areas,
        stacking: stacking.unwrap_or_default(),
        supply,
        sea_supply: sea_supply.flatten(),
        unit_flags,
        decks,
        tracks,
        marker_kinds,
        allow,
        attributes,
        attrs: attrs.unwrap_or_default(),
        schedule,
        states,
    })
}

/// `(factions: ("a", "b"), stance: Enemy)`, in a game or a scenario.
pub fn relation(r: &mut Reader<'_>) -> Option<Relation> {
    let (mut factions, mut stance) = (None, None);
    r.record(|r, field| match field {
        "factions" => once(&mut factions, r.pair(Reader::id)),
        "stance" => once(
            &mut stance,
            match r.unit_variant()? {
                "Allied" => Some(Stance::Allied),
                "AlliedApart" => Some(Stance::AlliedApart),
                "Neutral" => Some(Stance::Neutral),
                "Enemy" => Some(Stance::Enemy),
                _ => None,
            },
        ),
        _ => None,
    })?;
    Some(Relation {
        factions: factions?,
        stance: stance?,
    })
}

fn ruleset(r: &mut Reader<'_>) -> Option<Ruleset> {
    let (mut id, mut description) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "description" => once(&mut description, r.string()),
        _ => None,
    })?;
    Some(Ruleset {
        id: id?,
        description: description?,
    })
}

fn side(r: &mut Reader<'_>) -> Option<Side> {
    let mut id = None;
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        _ => None,
    })?;
    Some(Side { id: id? })
}

fn terrain(r: &mut Reader<'_>) -> Option<Terrain> {
    let mut id = None;
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        _ => None,
    })?;
    Some(Terrain { id: id? })
}

fn faction(r: &mut Reader<'_>) -> Option<Faction> {
    let mut attrs = None;
    let (mut id, mut side, mut non_player, mut hostile_to_all) = (None, None, None, None);
    let mut colour = None;
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "side" => once(&mut side, r.option(Reader::id)),
        "non_player" => once(&mut non_player, r.bool()),
        "hostile_to_all" => once(&mut hostile_to_all, r.bool()),
        // not a colour: the direct path reads it and says why
        "colour" => once(
            &mut colour,
            r.option(|r| Colour::try_from(r.string()?).ok()),
        ),
        "attrs" => once(&mut attrs, r.attrs()),
        _ => None,
    })?;
    Some(Faction {
        id: id?,
        side: side.flatten(),
        non_player: non_player.unwrap_or_default(),
        hostile_to_all: hostile_to_all.unwrap_or_default(),
        colour: colour.flatten(),
        attrs: attrs.unwrap_or_default(),
    })
}

fn location_kind(r: &mut Reader<'_>) -> Option<LocationKind> {
    let (mut id, mut on_map, mut stacking, mut kind_caps) = (None, None, None, None);
    let (mut opposing_may_share, mut may_be_supply_source) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "on_map" => once(&mut on_map, r.bool()),
        "stacking" => once(&mut stacking, self::stacking(r)),
        "kind_caps" => once(&mut kind_caps, r.list(kind_cap)),
        "opposing_may_share" => once(&mut opposing_may_share, r.bool()),
        "may_be_supply_source" => once(&mut may_be_supply_source, r.bool()),
        _ => None,
    })?;
    Some(LocationKind {
        id: id?,
        on_map: on_map.unwrap_or(true),
        stacking: stacking?,
        kind_caps: kind_caps.unwrap_or_default(),
        opposing_may_share: opposing_may_share.unwrap_or_default(),
        may_be_supply_source: may_be_supply_source.unwrap_or_default(),
    })
}

/// `Limit(3)` or `Unlimited`.
fn stacking(r: &mut Reader<'_>) -> Option<Stacking> {
    r.p.skip_ws()?;
    let (start, end) = r.p.ident()?;
    match (&r.p.text[start..end], r.p.peek() == Some(b'(')) {
        ("Unlimited", false) => Some(Stacking::Unlimited),
        ("Limit", true) => {
            r.p.i += 1;
            let limit = r.u32()?;
            r.open(b')')?;
            Some(Stacking::Limit(limit))
        }
        _ => None,
    }
}

fn kind_cap(r: &mut Reader<'_>) -> Option<KindCap> {
    let (mut unit_kind, mut max) = (None, None);
    r.record(|r, field| match field {
        "unit_kind" => once(&mut unit_kind, r.id()),
        "max" => once(&mut max, r.u32()),
        _ => None,
    })?;
    Some(KindCap {
        unit_kind: unit_kind?,
        max: max?,
    })
}

fn link_kind(r: &mut Reader<'_>) -> Option<LinkKind> {
    let (mut id, mut carries_supply) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "carries_supply" => once(&mut carries_supply, r.bool()),
        _ => None,
    })?;
    Some(LinkKind {
        id: id?,
        carries_supply: carries_supply.unwrap_or(true),
    })
}

fn unit_kind(r: &mut Reader<'_>) -> Option<UnitKind> {
    let (mut id, mut counts_for_stacking, mut max_per_location) = (None, None, None);
    let (mut forbidden_terrains, mut needs_no_supply) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "counts_for_stacking" => once(&mut counts_for_stacking, r.bool()),
        "max_per_location" => once(&mut max_per_location, r.option(Reader::u32)),
        "forbidden_terrains" => once(&mut forbidden_terrains, r.list(Reader::id)),
        "needs_no_supply" => once(&mut needs_no_supply, r.bool()),
        _ => None,
    })?;
    Some(UnitKind {
        id: id?,
        counts_for_stacking: counts_for_stacking.unwrap_or(true),
        max_per_location: max_per_location.flatten(),
        forbidden_terrains: forbidden_terrains.unwrap_or_default(),
        needs_no_supply: needs_no_supply.unwrap_or_default(),
        // a unit kind naming its `symbol` is not read here: serde reads the file
        symbol: None,
    })
}

fn area(r: &mut Reader<'_>) -> Option<Area> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut id, mut kind, mut closed_to, mut closed_while_neutral) = (None, None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "kind" => once(&mut kind, r.string()),
        "closed_to" => once(&mut closed_to, r.list(Reader::id)),
        "closed_while_neutral" => once(&mut closed_while_neutral, r.option(Reader::id)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Area {
        id: id?,
        kind: kind?,
        closed_to: closed_to.unwrap_or_default(),
        closed_while_neutral: closed_while_neutral.flatten(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}

fn stacking_rules(r: &mut Reader<'_>) -> Option<StackingRules> {
    let (mut count_per, mut never_together, mut faction_limits) = (None, None, None);
    r.record(|r, field| match field {
        "count_per" => once(
            &mut count_per,
            match r.unit_variant()? {
                "Side" => Some(CountPer::Side),
                "Faction" => Some(CountPer::Faction),
                "Player" => Some(CountPer::Player),
                _ => None,
            },
        ),
        "never_together" => once(&mut never_together, r.list(|r| r.pair(Reader::id))),
        "faction_limits" => once(&mut faction_limits, r.list(faction_limit)),
        _ => None,
    })?;
    Some(StackingRules {
        count_per: count_per.unwrap_or_default(),
        never_together: never_together.unwrap_or_default(),
        faction_limits: faction_limits.unwrap_or_default(),
    })
}

fn faction_limit(r: &mut Reader<'_>) -> Option<FactionLimit> {
    let (mut faction, mut limit) = (None, None);
    r.record(|r, field| match field {
        "faction" => once(&mut faction, r.id()),
        "limit" => once(&mut limit, r.u32()),
        _ => None,
    })?;
    Some(FactionLimit {
        faction: faction?,
        limit: limit?,
    })
}

fn supply_rule(r: &mut Reader<'_>) -> Option<SupplyRule> {
    let (mut factions, mut uses_sources_of, mut limited_sources) = (None, None, None);
    let (mut always_supplied_in, mut always_supplied, mut trace_through) = (None, None, None);
    let (mut by_sea, mut ports_in, mut ports_not_in) = (None, None, None);
    r.record(|r, field| match field {
        "factions" => once(&mut factions, r.list(Reader::id)),
        "uses_sources_of" => once(&mut uses_sources_of, r.list(Reader::id)),
        "limited_sources" => once(&mut limited_sources, r.list(Reader::id)),
        "always_supplied_in" => once(&mut always_supplied_in, r.list(Reader::id)),
        "always_supplied" => once(&mut always_supplied, r.bool()),
        "trace_through" => once(
            &mut trace_through,
            match r.unit_variant()? {
                "Friendly" => Some(TraceThrough::Friendly),
                "OwnFaction" => Some(TraceThrough::OwnFaction),
                "NotEnemy" => Some(TraceThrough::NotEnemy),
                _ => None,
            },
        ),
        "by_sea" => once(&mut by_sea, r.bool()),
        "ports_in" => once(&mut ports_in, r.list(Reader::id)),
        "ports_not_in" => once(&mut ports_not_in, r.list(Reader::id)),
        _ => None,
    })?;
    Some(SupplyRule {
        factions: factions?,
        uses_sources_of: uses_sources_of.unwrap_or_default(),
        limited_sources: limited_sources.unwrap_or_default(),
        always_supplied_in: always_supplied_in.unwrap_or_default(),
        always_supplied: always_supplied.unwrap_or_default(),
        trace_through: trace_through.unwrap_or_default(),
        by_sea: by_sea.unwrap_or(true),
        ports_in: ports_in.unwrap_or_default(),
        ports_not_in: ports_not_in.unwrap_or_default(),
    })
}

fn sea_supply(r: &mut Reader<'_>) -> Option<SeaSupply> {
    let mut max_ports = None;
    r.record(|r, field| match field {
        "max_ports" => once(&mut max_ports, r.option(Reader::u32)),
        _ => None,
    })?;
    Some(SeaSupply {
        max_ports: max_ports.flatten(),
    })
}

fn unit_flag(r: &mut Reader<'_>) -> Option<UnitFlag> {
    let (mut id, mut description, mut only_in) = (None, None, None);
    let (mut always_supplied, mut always_supplied_in) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "description" => once(&mut description, r.string()),
        "only_in" => once(&mut only_in, r.list(Reader::id)),
        "always_supplied" => once(&mut always_supplied, r.bool()),
        "always_supplied_in" => once(&mut always_supplied_in, r.list(Reader::id)),
        _ => None,
    })?;
    Some(UnitFlag {
        id: id?,
        description: description.unwrap_or_default(),
        only_in: only_in.unwrap_or_default(),
        always_supplied: always_supplied.unwrap_or_default(),
        always_supplied_in: always_supplied_in.unwrap_or_default(),
    })
}

fn deck(r: &mut Reader<'_>) -> Option<Deck> {
    let (mut id, mut owner, mut groups) = (None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "owner" => once(&mut owner, r.option(Reader::id)),
        "groups" => once(&mut groups, r.list(deck_group)),
        _ => None,
    })?;
    Some(Deck {
        id: id?,
        owner: owner.flatten(),
        groups: groups?,
    })
}

fn deck_group(r: &mut Reader<'_>) -> Option<DeckGroup> {
    let (mut id, mut count) = (None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "count" => once(&mut count, r.u32()),
        _ => None,
    })?;
    Some(DeckGroup {
        id: id?,
        count: count?,
    })
}

fn track(r: &mut Reader<'_>) -> Option<Track> {
    let (mut id, mut min, mut max, mut attrs) = (None, None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "min" => once(&mut min, r.i32()),
        "max" => once(&mut max, r.i32()),
        "attrs" => once(&mut attrs, r.attrs()),
        _ => None,
    })?;
    Some(Track {
        id: id?,
        min: min?,
        max: max?,
        attrs: attrs.unwrap_or_default(),
    })
}

fn marker_kind(r: &mut Reader<'_>) -> Option<MarkerKind> {
    let mut attrs = None;
    let (mut id, mut per_side, mut port_for) = (None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "per_side" => once(&mut per_side, r.bool()),
        "port_for" => once(&mut port_for, r.list(Reader::id)),
        "attrs" => once(&mut attrs, r.attrs()),
        _ => None,
    })?;
    Some(MarkerKind {
        id: id?,
        per_side: per_side.unwrap_or_default(),
        port_for: port_for.unwrap_or_default(),
        attrs: attrs.unwrap_or_default(),
    })
}

fn allow(r: &mut Reader<'_>) -> Option<Allow> {
    let (mut rule, mut reason) = (None, None);
    r.record(|r, field| match field {
        "rule" => once(&mut rule, r.string()),
        "reason" => once(&mut reason, r.string()),
        _ => None,
    })?;
    Some(Allow {
        rule: rule?,
        reason: reason?,
    })
}

/// An attribute's declaration; its enums are read by name.
fn attr_decl(r: &mut Reader<'_>) -> Option<AttrDecl> {
    let (mut id, mut on, mut kind, mut of, mut values) = (None, None, None, None, None);
    let (mut min, mut max, mut list, mut default, mut description) = (None, None, None, None, None);
    let mut keys = None;
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "on" => once(&mut on, r.list(|r| holder(r.unit_variant()?))),
        "type" => once(&mut kind, attr_kind(r.unit_variant()?)),
        "of" => once(&mut of, r.option(|r| ref_kind(r.unit_variant()?))),
        "values" => once(&mut values, r.list(Reader::id)),
        "min" => once(&mut min, r.option(Reader::f64)),
        "max" => once(&mut max, r.option(Reader::f64)),
        "list" => once(&mut list, r.bool()),
        "keys" => once(&mut keys, r.option(|r| ref_kind(r.unit_variant()?))),
        "default" => once(&mut default, r.option(Reader::attr_value)),
        "description" => once(&mut description, r.string()),
        _ => None,
    })?;
    Some(AttrDecl {
        id: id?,
        on: on?,
        kind: kind?,
        of: of.flatten(),
        values: values.unwrap_or_default(),
        min: min.flatten(),
        max: max.flatten(),
        list: list.unwrap_or_default(),
        keys: keys.flatten(),
        default: default.flatten(),
        description: description.unwrap_or_default(),
    })
}

fn holder(name: &str) -> Option<Holder> {
    Holder::ALL.into_iter().find(|h| format!("{h:?}") == name)
}

fn attr_kind(name: &str) -> Option<AttrKind> {
    Some(match name {
        "Bool" => AttrKind::Bool,
        "Int" => AttrKind::Int,
        "Number" => AttrKind::Number,
        "Text" => AttrKind::Text,
        "OneOf" => AttrKind::OneOf,
        "Ref" => AttrKind::Ref,
        _ => return None,
    })
}

fn ref_kind(name: &str) -> Option<RefKind> {
    RefKind::ALL.into_iter().find(|k| format!("{k:?}") == name)
}
