//! `map.ron` by hand: hundreds to thousands of spaces and links.

use super::reader::{Reader, once};
use crate::model::{Backdrop, Condition, Link, MapFile, PortLimit, Space, Under};

pub fn map_file(text: &str) -> Option<MapFile> {
    let (mut backdrop, mut spaces, mut links) = (None, None, None);
    Reader::file(text, |r, field| match field {
        "backdrop" => once(&mut backdrop, r.option(self::backdrop)),
        "spaces" => once(&mut spaces, r.long_list(space)),
        "links" => once(&mut links, r.long_list(link)),
        _ => None,
    })?;
    Some(MapFile {
        backdrop: backdrop.flatten(),
        spaces: spaces?,
        links: links?,
    })
}

fn backdrop(r: &mut Reader<'_>) -> Option<Backdrop> {
    let (mut image, mut width, mut height) = (None, None, None);
    r.record(|r, field| match field {
        "image" => once(&mut image, r.string()),
        "width" => once(&mut width, r.u32()),
        "height" => once(&mut height, r.u32()),
        _ => None,
    })?;
    Some(Backdrop {
        image: image?,
        width: width?,
        height: height?,
    })
}

fn space(r: &mut Reader<'_>) -> Option<Space> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut id, mut x, mut y, mut kind) = (None, None, None, None);
    let (mut terrain, mut areas, mut control, mut vp, mut fort) = (None, None, None, None, None);
    let (mut port, mut capital_of, mut sources, mut source_while, mut port_limits) =
        (None, None, None, None, None);
    r.record(|r, field| match field {
        "id" => once(&mut id, r.id()),
        "x" => once(&mut x, r.f32()),
        "y" => once(&mut y, r.f32()),
        "kind" => once(&mut kind, r.id()),
        "terrain" => once(&mut terrain, r.option(Reader::id)),
        "areas" => once(&mut areas, r.short_list(Reader::id)),
        "control" => once(&mut control, r.option(Reader::id)),
        "vp" => once(&mut vp, r.u32()),
        "fort" => once(&mut fort, r.option(Reader::u32)),
        "port" => once(&mut port, r.bool()),
        "capital_of" => once(&mut capital_of, r.option(Reader::id)),
        "supply_source_for" => once(&mut sources, r.short_list(Reader::id)),
        "source_while" => once(&mut source_while, r.short_list(condition)),
        "port_limits" => once(&mut port_limits, r.short_list(port_limit)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Space {
        id: id?,
        x: x?,
        y: y?,
        kind: kind?,
        terrain: terrain.flatten(),
        areas: areas.unwrap_or_default(),
        control: control.flatten(),
        vp: vp.unwrap_or_default(),
        fort: fort.flatten(),
        port: port.unwrap_or_default(),
        capital_of: capital_of.flatten(),
        supply_source_for: sources.unwrap_or_default(),
        source_while: source_while.unwrap_or_default(),
        port_limits: port_limits.unwrap_or_default(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}

fn link(r: &mut Reader<'_>) -> Option<Link> {
    let (mut attrs, mut rulesets, mut under) = (None, None, None);
    let (mut a, mut b, mut kind, mut one_way) = (None, None, None, None);
    let (mut only_for, mut supply_for, mut only_units, mut only_while) = (None, None, None, None);
    r.record(|r, field| match field {
        "a" => once(&mut a, r.id()),
        "b" => once(&mut b, r.id()),
        "kind" => once(&mut kind, r.id()),
        "one_way" => once(&mut one_way, r.bool()),
        "only_for" => once(&mut only_for, r.short_list(Reader::id)),
        "supply_for" => once(&mut supply_for, r.short_list(Reader::id)),
        "only_units" => once(&mut only_units, r.short_list(Reader::id)),
        "only_while" => once(&mut only_while, r.short_list(condition)),
        "attrs" => once(&mut attrs, r.attrs()),
        "rulesets" => once(&mut rulesets, r.short_list(Reader::id)),
        "under" => once(&mut under, r.sorted_map(Reader::attrs).map(Under::new)),
        _ => None,
    })?;
    Some(Link {
        a: a?,
        b: b?,
        kind: kind?,
        one_way: one_way.unwrap_or_default(),
        only_for: only_for.unwrap_or_default(),
        supply_for: supply_for.unwrap_or_default(),
        only_units: only_units.unwrap_or_default(),
        only_while: only_while.unwrap_or_default(),
        attrs: attrs.unwrap_or_default(),
        rulesets: rulesets.unwrap_or_default(),
        under: under.unwrap_or_default(),
    })
}

fn port_limit(r: &mut Reader<'_>) -> Option<PortLimit> {
    let (mut users, mut only_while) = (None, None);
    r.record(|r, field| match field {
        "users" => once(&mut users, r.id()),
        "only_while" => once(&mut only_while, r.short_list(condition)),
        _ => None,
    })?;
    Some(PortLimit {
        users: users?,
        only_while: only_while.unwrap_or_default(),
    })
}

/// `AtWar("x")`, `Neutral("x")`, or `Controls`, `Marked` or `Unmarked` with their fields.
fn condition(r: &mut Reader<'_>) -> Option<Condition> {
    let name = r.variant()?;
    match name {
        "AtWar" | "Neutral" => {
            let id = r.id()?;
            r.open(b')')?;
            Some(if name == "AtWar" {
                Condition::AtWar(id)
            } else {
                Condition::Neutral(id)
            })
        }
        "Controls" | "Marked" | "Unmarked" => {
            let first = if name == "Controls" { "by" } else { "kind" };
            let (mut a, mut space) = (None, None);
            r.fields(|r, field| match field {
                _ if field == first => once(&mut a, r.id()),
                "space" => once(&mut space, r.id()),
                _ => None,
            })?;
            let (a, space) = (a?, space?);
            Some(match name {
                "Controls" => Condition::Controls { by: a, space },
                "Marked" => Condition::Marked { kind: a, space },
                _ => Condition::Unmarked { kind: a, space },
            })
        }
        _ => None,
    }
}
