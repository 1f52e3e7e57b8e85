//! The ids named by attribute values (`Ref` attributes, game.ron `attributes`) and by the
//! declarations' defaults.

use crate::analysis::carriers::{carriers, declared};
use crate::analysis::ids::{IdTable, Ids};
use crate::load::GameFolder;
use crate::model::{AttrDecl, AttrKind, AttrValue, RefKind};

use super::target::{Target, Visit};

pub fn attrs(folder: &GameFolder, ids: &Ids<'_>, refs: &mut impl Visit) {
    let Some(g) = &folder.game else { return };
    let game = &g.value;
    if !game.attributes.iter().any(|d| d.kind == AttrKind::Ref) {
        return;
    }
    for (i, d) in game.attributes.iter().enumerate() {
        if let (Some(table), Some(v)) = (table(d, ids), &d.default) {
            let at = format!("/attributes/{i}/default");
            each_id(v, &at, &mut |id, p| {
                refs.visit(Target::Id(table), id, &|| g.at(&p));
            });
        }
    }
    for c in carriers(folder) {
        for (key, value) in c.attrs {
            let Some(table) = declared(game, c.holder, key).and_then(|d| table(d, ids)) else {
                continue;
            };
            each_id(value, &c.value_pointer(key), &mut |id, p| {
                refs.visit(Target::Id(table), id, &|| c.src.at(&p));
            });
        }
    }
}

/// The ids a `Ref` attribute's values must name.
fn table<'i, 'a>(d: &AttrDecl, ids: &'i Ids<'a>) -> Option<&'i IdTable<'a>> {
    if d.kind != AttrKind::Ref {
        return None;
    }
    Some(match d.of? {
        RefKind::Space => &ids.spaces,
        RefKind::Unit => &ids.units,
        RefKind::Card => &ids.cards,
        RefKind::Faction => &ids.factions,
        RefKind::Side => &ids.sides,
        RefKind::Area => &ids.areas,
        RefKind::Deck => &ids.decks,
        RefKind::MarkerKind => &ids.marker_kinds,
        RefKind::Terrain => &ids.terrains,
        RefKind::UnitKind => &ids.unit_kinds,
        RefKind::LocationKind => &ids.location_kinds,
        RefKind::LinkKind => &ids.link_kinds,
        RefKind::Track => &ids.tracks,
        RefKind::UnitFlag => &ids.unit_flags,
    })
}

/// Each text of a value (or of its list) with its pointer; values of the wrong type are
/// A002's.
fn each_id(value: &AttrValue, pointer: &str, f: &mut impl FnMut(&str, String)) {
    match value {
        AttrValue::Text(t) => f(t, pointer.to_owned()),
        AttrValue::List(items) => {
            for (i, v) in items.iter().enumerate() {
                if let AttrValue::Text(t) = v {
                    f(t, format!("{pointer}/{i}"));
                }
            }
        }
        _ => {}
    }
}
